// What the engine keeps in the browser's Cache Storage besides its snapshot: the unpacked copies of
// the files that come packed (COPIES: this build's only), for the next start, which then neither
// downloads nor unpacks them; and the build's files in the offline cache as they come, so that the
// service worker's install does not download them again.  Shared by the engine's worker
// (worker.js) and the worker that unpacks the core apart from it (unpack_worker.js).
import { BUILD } from "../config.js";
import { unxz } from "./unxz.js";

const COPIES = "pento.runtime";

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

/** ``body``, packed with xz, unpacked by ``unpacker`` (unxz.wasm compiled) as it streams in, and
 * its unpacked copy kept for ``url`` (:func:`keepCopy`) at the same time: the unpacked file as a
 * response of ``type``, and the keeping, which settles once the copy is stored or refused.
 * @param {string} url
 * @param {ReadableStream<Uint8Array>} body
 * @param {WebAssembly.Module} unpacker
 * @param {string} type
 * @returns {Promise<{ unpacked: Response, copying: Promise<void> }>} */
export async function unpackKeepingCopy(url, body, unpacker, type) {
  const [mine, theirs] = body.pipeThrough(await unxz(unpacker)).tee();
  const headers = { "Content-Type": type };
  return { unpacked: new Response(theirs, { headers }), copying: keepCopy(url, new Response(mine, { headers })) };
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
