// Krig's service worker: every file of the site is cached on install, so after one visit every page, in
// every language, works offline, game engine included.
//
// build.py replaces the placeholder below with {"version": "<content hash>", "files": [paths from the root]}.
// A new build has a new version, hence a new cache; the new worker waits (no automatic skipWaiting, so an
// open game is never swapped under the player) until a page asks for it with {type: "skip-waiting"}.

const PRECACHE = "__PRECACHE__";
const CACHE = `krig-${PRECACHE.version}`;
const ROOT = new URL("./", self.location).href;
const SNAPSHOT_CACHE = "krig-snapshot"; // filled by js/worker.js; it checks the snapshot's own version itself

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache" revalidates every file with the server: a file the page has just downloaded costs a 304, not a
    // second download, and a new version still never stores an older copy of a file.
    await cache.addAll(PRECACHE.files.map((file) => new Request(ROOT + file, { cache: "no-cache" })));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith("krig-") && name !== CACHE && name !== SNAPSHOT_CACHE)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

/** The cached answer for a request, trying "<folder>/index.html" for a folder and ignoring ?query on pages. */
async function cached(request) {
  const cache = await caches.open(CACHE);
  const page = request.mode === "navigate";
  let hit = await cache.match(request, { ignoreSearch: page });
  if (!hit && page) {
    const url = new URL(request.url);
    if (url.pathname.endsWith("/")) {
      url.pathname += "index.html";
      hit = await cache.match(url.href, { ignoreSearch: true });
    }
  }
  return hit;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(ROOT)) return; // not ours: the browser handles it
  event.respondWith((async () => (await cached(request)) || fetch(request))());
});
