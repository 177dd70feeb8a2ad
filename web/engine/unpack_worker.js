// The core's download, unpacked apart from the engine (worker.js).  On a first visit the core comes
// in while Python starts, which holds the engine's thread: unpacked there, its bytes waited some
// 0.1 s for Python to be up (a phone at 8 Mbit/s, docs/benchmarks.md).  The engine starts this
// worker early and tells it when to fetch; it unpacks on its own thread, keeps what the engine
// would keep (the packed file in the offline cache, the unpacked copy) and hands the bytes over.
// It compiles no WebAssembly (a host's policy for the page's scripts may forbid it): the engine
// hands it the unpacker, compiled.
//
// In, once: {url, packed, type, offline, unpacker}: the file's address, its packed file's address,
// its content type, whether the packed file goes into the offline cache, and unxz.wasm compiled.
// Out, once: {ok: true, bytes} (an ArrayBuffer, handed over) or {ok: false, message}; then this
// worker ends itself, once its copy is kept.
import { keepOffline, unpackKeepingCopy } from "./kept.js";

self.onmessage = async (event) => {
  const { url, packed, type, offline, unpacker } = event.data;
  /** @type {Promise<unknown> | null} */
  let copying = null;
  try {
    const response = await fetch(packed);
    if (!response.ok || !response.body) throw new Error(`could not fetch ${packed} (HTTP ${response.status})`);
    const kept = offline ? keepOffline(packed, response) : null;
    const unpacking = await unpackKeepingCopy(url, response.body, unpacker, type);
    copying = unpacking.copying;
    const bytes = await unpacking.unpacked.arrayBuffer();
    await kept; // in the offline cache before the engine says it is ready, as its own downloads are
    postMessage({ ok: true, bytes }, [bytes]);
  } catch (err) {
    postMessage({ ok: false, message: String(err instanceof Error ? err.message : err) });
  }
  await copying;
  self.close();
};
