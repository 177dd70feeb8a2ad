// Offline support: after the first visit every file of this build is cached,
// so the game opens and plays without a network. build.py writes the list of
// files and the build id into the copy of this file at the site's root.
const BUILD = "__BUILD__";
/** @type {string[]} */
const ASSETS = ["__ASSETS__"];
const CACHE = `pento-${BUILD}`;
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

// This build's own files, by address (their search part aside: a static host ignores it too), and
// the page itself among them.
const OWN = new Set(ASSETS.map((asset) => new URL(asset, sw.location.href).href));
const PAGE = new Set(["./", "index.html"].map((asset) => new URL(asset, sw.location.href).href));

/** The routes this build's files take without this worker running: Chromium's static routing
 * (InstallEvent.addRoutes) serves each from this build's cache straight away, where the fetch
 * handler below would first have to be started and asked (some 30 ms a module, and a return visit's
 * page asks for some 45 at once; a worker's own imports still reach the handler).  The page itself
 * stays with the handler (its address carries a link's query), as does anything asked for with a
 * query of its own; a file the cache has lost comes from the network. */
function routes() {
  return [...OWN]
    .filter((url) => !PAGE.has(url))
    .map((url) => {
      const { protocol, hostname, port, pathname } = new URL(url);
      const urlPattern = { protocol: protocol.slice(0, -1), hostname, port, pathname, search: "", hash: "*" };
      return { condition: { urlPattern, requestMethod: "GET" }, source: { cacheName: CACHE } };
    });
}

sw.addEventListener("install", (event) => {
  // where the browser has no static routing, or refuses these routes, the fetch handler serves all
  const install = /** @type {ExtendableEvent & {addRoutes?: (rules: object[]) => Promise<void>}} */ (event);
  try {
    if (install.addRoutes) event.waitUntil(install.addRoutes(routes()).catch(() => {}));
  } catch {
    /* the fetch handler serves them */
  }
  // What the page's engine has already put in this build's cache (worker.js) is not fetched again.
  // The page is: a new service worker of the same build means the host itself changed (a class
  // server marks the page it serves, and its copy of this file), and the page must come from it.
  event.waitUntil(
    caches
      .open(CACHE)
      .then(async (cache) => {
        const have = new Set((await cache.keys()).map((request) => request.url));
        await cache.addAll([...OWN].filter((url) => PAGE.has(url) || !have.has(url)));
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
  const own = url.origin + url.pathname;
  if (OWN.has(own)) {
    // This build's files never change under its name (a new build is a new cache, found by the
    // browser's check of this file, and the page says so): from the cache at once, so that a return
    // visit waits for no network, however slow the school's, and its modules come as fast as
    // without this worker (docs/benchmarks.md); from the network where the cache lost one.
    event.respondWith(
      caches
        .open(CACHE)
        .then((cache) => cache.match(own))
        .then((hit) => hit || fetchAndKeep(request, own))
        .catch(() => Response.error()),
    );
    return;
  }
  // Anything else (three.js, jsQR, a class server's redirects): the network first, the cache offline.
  const offline = () => caches.match(request, { ignoreSearch: true }).then((hit) => hit || Response.error());
  event.respondWith(fetchAndKeep(request).catch(offline));
});

/** ``request`` from the network, kept in this build's cache (under ``key``, where the cache is read
 * by another key than the request's own) when it came whole.
 * @param {Request} request @param {Request | string} [key] */
function fetchAndKeep(request, key = request) {
  return fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(key, copy));
    }
    return response;
  });
}
