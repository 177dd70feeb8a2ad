// Offline support: after the first visit every file of this build is cached,
// so the game opens and plays without a network. build.py writes the list of
// files and the build id into the copy of this file at the site's root.
const BUILD = "__BUILD__";
/** @type {string[]} */
const ASSETS = ["__ASSETS__"];
const CACHE = `pento-${BUILD}`;
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener("install", (event) => {
  // what the page's engine has already put in this build's cache (worker.js) is not fetched again
  event.waitUntil(
    caches
      .open(CACHE)
      .then(async (cache) => {
        const have = new Set((await cache.keys()).map((request) => request.url));
        await cache.addAll(ASSETS.filter((asset) => !have.has(new URL(asset, sw.location.href).href)));
      })
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("pento-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

/** Where a class server answers (pento_class, at the site's own address): never from a cache. */
const API = new URL("api/", sw.location.href).pathname;

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== sw.location.origin) return;
  // A class server's replies are a lesson's live state, some for one bearer's eyes only, and its
  // stream of changes never ends: they go to the network untouched (the page says when there is
  // none), never into this cache.
  if (url.pathname.startsWith(API) || request.headers.has("Authorization")) return;
  // Network first (a fresh build wins), the cache when offline.
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true }).then((hit) => hit || Response.error())),
  );
});
