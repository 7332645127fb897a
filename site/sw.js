// Krig's service worker: every file of the site is cached on install, so after one visit every page, in
// every language, works offline, game engine included.
//
// build.py replaces the placeholder below with {"version": "<content hash>", "files": [paths from the root],
// "versioned": [those of the files whose address changes with their content]}.
// A new build has a new version, hence a new cache; the new worker waits (no automatic skipWaiting, so an
// open game is never swapped under the player) until a page asks for it with {type: "skip-waiting"}.

const PRECACHE = "__PRECACHE__";
const CACHE = `krig-${PRECACHE.version}`;
const ROOT = new URL("./", self.location).href;
const PRECACHED = new Set(PRECACHE.files.map((file) => ROOT + file));
// A versioned file is the same wherever the browser holds a copy of it, so its copy in the HTTP cache is never
// revalidated. That matters for the WebAssembly module: Chromium keeps the code it compiled from the HTTP cache's
// copy beside that copy, and no longer finds it once the copy has been revalidated. From the precache, Python's
// 9.6 MB module would be compiled again at every visit, and run slower until it is.
const VERSIONED = new Set(PRECACHE.versioned.map((file) => ROOT + file));
// Only Chromium is served better so: Firefox ESR started Python about 100 ms later from the HTTP cache's copy, and
// WebKitGTK downloads a file asked for "only-if-cached" (docs/performance.md, "The compiled wasm kept across visits").
const COMPILED_KEPT = Boolean(self.navigator.userAgentData?.brands?.some(({ brand }) => brand === "Chromium"));
const SNAPSHOT_CACHE = "krig-snapshot"; // filled by js/worker.js; it checks the snapshot's own version itself

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache" revalidates every other file with the server: a file the page has just downloaded costs a 304,
    // not a second download, and a new version still never stores an older copy of a file. Every file is fetched
    // before any is stored, so that a failed install stores nothing, as cache.addAll() would.
    const requests = PRECACHE.files.map((file) => new Request(ROOT + file,
      { cache: VERSIONED.has(ROOT + file) ? "default" : "no-cache" }));
    const answers = await Promise.all(requests.map(plainAnswer));
    await Promise.all(requests.map((request, i) => cache.put(request, answers[i])));
  })());
});

/**
 * The server's answer, as a plain response. A host may answer a page's address with a redirect (Cloudflare Pages
 * sends en/index.html on to en/), and the browser refuses a redirected response as the answer to a navigation.
 */
async function plainAnswer(request) {
  const response = await fetch(request);
  if (!response.ok) throw new Error(`${request.url}: HTTP ${response.status}`);
  if (!response.redirected) return response;
  return new Response(response.body, { status: response.status, statusText: response.statusText,
    headers: response.headers });
}

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

/**
 * The address of the cached copy of a request, or null when the precache has none. A page is matched without its
 * ?query, and may be asked for by its folder (en/ for en/index.html) or, as some hosts give its address, without
 * ".html" (en/stats for en/stats.html).
 */
function precached(request) {
  const url = new URL(request.url);
  url.hash = "";
  if (request.mode !== "navigate") return PRECACHED.has(url.href) ? url.href : null;
  url.search = "";
  const page = url.href + (url.pathname.endsWith("/") ? "index.html" : ".html");
  return [url.href, page].find((address) => PRECACHED.has(address)) ?? null;
}

/**
 * The cached copy, or the network's answer where the cache has lost it. Never a rejected promise, which browsers
 * report as the worker's own failure: a request that neither can answer gets a network error. Firefox names the
 * worker even so, as it does for any answer that the page cancels before its body has all come, a cached one
 * included (docs/site.md, "What Firefox says of the answers").
 */
async function answer(request, address) {
  try {
    return (await (await caches.open(CACHE)).match(address)) || (await fetch(request));
  } catch {
    return Response.error();
  }
}

/**
 * A versioned WebAssembly module: the HTTP cache's copy, passed through unchanged, so that Chromium finds the code it
 * compiled from it; or, where the HTTP cache holds none (or the browser knows no "only-if-cached"), the precache's.
 * "only-if-cached" never asks the network.
 */
async function compiled(request, address) {
  try {
    const kept = await fetch(new Request(address, { cache: "only-if-cached", mode: "same-origin" }));
    if (kept.ok) return kept;
  } catch {
    // not in the HTTP cache
  }
  return answer(request, address);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const address = request.method === "GET" ? precached(request) : null;
  // What the precache lacks (another origin, a first visit's openings, an unknown address) is not ours to answer:
  // the browser asks the network itself, and a failure is its own plain failed load.
  if (address && COMPILED_KEPT && VERSIONED.has(address) && address.endsWith(".wasm")) {
    event.respondWith(compiled(request, address));
  } else if (address) event.respondWith(answer(request, address));
});
