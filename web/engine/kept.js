// What the engine keeps in the browser's storage: its memory snapshot (SNAPSHOTS: this build's
// only); the unpacked copies of the files that come packed (COPIES: this build's only), for the next
// start, which then neither downloads nor unpacks them; and the build's files in the offline cache
// as they come, so that the service worker's install does not download them again.  Shared by the
// engine's worker (worker.js) and the worker that unpacks the core apart from it (unpack_worker.js);
// the page's tests use it too, to give a new browser profile what a first visit kept.
import { BUILD } from "../config.js";
import { unxz } from "./unxz.js";

const COPIES = "pento.runtime";
// The snapshot is a file in the origin's private file system (a folder SNAPSHOTS, the file named by
// the build), which the engine's worker reads in one go through a synchronous handle: some 10 MB
// that Cache Storage handed over in chunks, each waiting for the worker's thread, busy starting the
// runtime meanwhile (a return visit some 0.05 s later; docs/benchmarks.md).  Where a browser has no
// such file system (some private windows), or cannot write a file there whole, Cache Storage keeps
// it as an earlier release did.
// Not "pento-..." like the offline cache, whose service worker deletes every such cache but its own.
const SNAPSHOTS = "pento.engine";
const SNAPSHOT_NAME = `engine-snapshot-${BUILD}`;
const SNAPSHOT_KEY = new URL(`../../${SNAPSHOT_NAME}`, import.meta.url).href; // the site's root, in Cache Storage

/** Whether this browser writes such files whole (a writable stream, and a file renamed once
 * written): where it does not, the snapshot stays in Cache Storage, for keeping and finding alike. */
const FILED =
  typeof FileSystemFileHandle !== "undefined" && "createWritable" in FileSystemFileHandle.prototype && "move" in FileSystemFileHandle.prototype;

/** The folder of snapshots in this origin's private file system, or null where there is none.
 * @returns {Promise<FileSystemDirectoryHandle | null>} */
async function snapshotFolder() {
  if (!FILED) return null;
  try {
    return await (await navigator.storage.getDirectory()).getDirectoryHandle(SNAPSHOTS, { create: true });
  } catch {
    return null;
  }
}

/** The bytes of ``file``: in one read through a synchronous handle where this is a worker, else
 * (the page, or a browser that lets one engine only hold such a handle) as a File.
 * @param {FileSystemFileHandle} file
 * @returns {Promise<Uint8Array<ArrayBuffer>>} */
async function readWhole(file) {
  /** @type {{ createSyncAccessHandle?: (options: { mode: string }) => Promise<{ getSize(): number, read(into: Uint8Array, at: { at: number }): number, close(): void }> }} */
  const syncable = /** @type {any} */ (file);
  if (syncable.createSyncAccessHandle) {
    try {
      const access = await syncable.createSyncAccessHandle({ mode: "read-only" });
      try {
        const bytes = new Uint8Array(access.getSize());
        if (access.read(bytes, { at: 0 }) === bytes.length) return bytes;
      } finally {
        access.close();
      }
    } catch {
      // held by another engine where handles are exclusive: read as a File below
    }
  }
  return new Uint8Array(await (await file.getFile()).arrayBuffer());
}

/** This build's stored snapshot's bytes (packed: snapshot_pack.js), or null (none, another build's,
 * or storage closed to this page).
 * @returns {Promise<Uint8Array<ArrayBuffer> | null>} */
export async function findSnapshot() {
  try {
    const folder = await snapshotFolder();
    if (folder) {
      const file = await folder.getFileHandle(SNAPSHOT_NAME).catch(() => null);
      return file && (await readWhole(file));
    }
    const stored = await (await caches.open(SNAPSHOTS)).match(SNAPSHOT_KEY);
    return stored ? new Uint8Array(await stored.arrayBuffer()) : null;
  } catch {
    return null; // blocked storage (some embedded frames): a full boot, which keeps one if it can
  }
}

/** Keep ``packed`` (a snapshot packed by snapshot_pack.js) as this build's snapshot and drop every
 * other build's; true once kept.  Failing quietly: storage full or blocked means full boots.
 * @param {Uint8Array<ArrayBuffer>} packed
 * @returns {Promise<boolean>} */
export async function keepSnapshot(packed) {
  try {
    const folder = await snapshotFolder();
    if (folder) {
      // written under another name, and given its own once whole: a start that comes meanwhile
      // finds none (a file being written is there from the start, empty), never half of one
      const part = await folder.getFileHandle(`${SNAPSHOT_NAME}.part`, { create: true });
      const out = await part.createWritable();
      await out.write(packed);
      await out.close();
      await folder.removeEntry(SNAPSHOT_NAME).catch(() => {}); // one that Pyodide refused, say
      await /** @type {{ move(name: string): Promise<void> }} */ (/** @type {unknown} */ (part)).move(SNAPSHOT_NAME);
      const others = [];
      for await (const [name] of /** @type {any} */ (folder).entries()) if (!name.startsWith(SNAPSHOT_NAME)) others.push(name);
      for (const name of others) await folder.removeEntry(name).catch(() => {}); // another build's, or gone already
      await caches.delete(SNAPSHOTS).catch(() => {}); // where an earlier release kept them
      return true;
    }
    const cache = await caches.open(SNAPSHOTS);
    await cache.put(SNAPSHOT_KEY, new Response(packed, { headers: { "Content-Type": "application/octet-stream" } }));
    for (const old of await cache.keys()) if (old.url !== SNAPSHOT_KEY) await cache.delete(old);
    return true;
  } catch {
    return false; // nothing kept: the next engine boots in full
  }
}

/** Forget this build's snapshot (one Pyodide refused, or a damaged one). */
export async function forgetSnapshot() {
  try {
    await (await snapshotFolder())?.removeEntry(SNAPSHOT_NAME);
  } catch {
    // none there: nothing to forget
  }
  try {
    await (await caches.open(SNAPSHOTS)).delete(SNAPSHOT_KEY);
  } catch {
    // storage closed to this page: there was nothing to forget
  }
}

/** The key of a file's unpacked copy: this build's only (a new build's runtime may differ).
 * @param {string} url */
const copyKey = (url) => `${url}?unpacked=${BUILD}`;

/** The unpacked copy of ``url`` an earlier start kept, or null (none, or storage closed).
 * @param {string} url
 * @returns {Promise<Response | null>} */
export async function readCopy(url) {
  try {
    return (await (await caches.open(COPIES)).match(copyKey(url))) || null;
  } catch {
    return null;
  }
}

/** Keep ``response`` as the unpacked copy of ``url``, and drop other builds' copies.  Failing
 * quietly: with no room, or storage closed, the next start downloads and unpacks again.
 * @param {string} url
 * @param {Response} response */
export async function keepCopy(url, response) {
  try {
    const cache = await caches.open(COPIES);
    await cache.put(copyKey(url), response);
    for (const old of await cache.keys()) if (!old.url.endsWith(`?unpacked=${BUILD}`)) await cache.delete(old);
  } catch {
    // nothing kept: the next start unpacks again, as this one did
  }
}

/** Forget every unpacked copy (a start that took one failed: the next downloads and unpacks
 * again, and keeps new ones). */
export async function forgetCopies() {
  try {
    await caches.delete(COPIES);
  } catch {
    // storage closed to this page: there was nothing to forget
  }
}

/** ``body``, packed with xz, unpacked by ``unpacker`` (unxz.wasm compiled) as it streams in, and
 * its unpacked copy kept for ``url`` (:func:`keepCopy`) at the same time: the unpacked file as a
 * response of ``type``; the keeping, which settles once the copy is stored or refused; and whether
 * the file came whole (false: the download failed, was cut short or damaged on its way).
 * @param {string} url
 * @param {ReadableStream<Uint8Array>} body
 * @param {WebAssembly.Module} unpacker
 * @param {string} type
 * @returns {Promise<{ unpacked: Response, copying: Promise<void>, whole: Promise<boolean> }>} */
export async function unpackKeepingCopy(url, body, unpacker, type) {
  const { readable, writable } = new TransformStream();
  const whole = body
    .pipeThrough(await unxz(unpacker))
    .pipeTo(writable)
    .then(
      () => true,
      () => false,
    );
  const [mine, theirs] = readable.tee();
  const headers = { "Content-Type": type };
  return { unpacked: new Response(theirs, { headers }), copying: keepCopy(url, new Response(mine, { headers })), whole };
}

/** Put a copy of ``response`` in this build's offline cache under ``url`` unless it holds it
 * already; settles either way (no room, or storage closed: the service worker fetches it, as before).
 * @param {string} url
 * @param {Response} response
 * @returns {Promise<unknown>} */
export function keepOffline(url, response) {
  const copy = response.clone();
  return (
    caches
      .open(`pento-${BUILD}`)
      // kept already (a later visit): the copy is let go, not held in memory unread
      .then(async (cache) => ((await cache.match(url)) ? copy.body?.cancel() : cache.put(url, copy)))
      .catch(() => {})
  );
}
