// The engine worker: Pyodide runs the pure-Python rules engine here, off the page's main thread.
//
// Protocol (plain JSON-safe messages, see engine.js for the page side):
//   page → worker  {id, type, ...fields}          e.g. {id: 3, type: "flip"}
//   worker → page  {id, ok: true, ...answer}      e.g. {id: 3, ok: true, view: {...}}
//                  {id, ok: false, error: {kind, message}}
//                  {type: "progress", value: 0..100}   while Python loads (no id)
//                  {type: "fatal", error: {kind, message}}  the engine broke outside any request (no id)
//                  {type: "snapshot-stored"}  the warm-start snapshot is cached for the next visit (no id)
// The first request must be {type: "init", lang, warm}: it loads Pyodide and our "krig" wheel (or restores the
// cached snapshot), imports krig.webapp.bridge and chooses the language; it answers {ok, start: "fresh"|"snapshot",
// timings: [{name, start, end}]}, the worker's own start-up steps in ms since the epoch (performance.timeOrigin
// + performance.now(), so the page can place them on its own timeline). Every other request is handed to
// bridge.handle() as JSON text
// and its JSON text answer is parsed back, so no Python proxy ever leaves this file.

import { loadPyodide } from "../pyodide/pyodide.mjs";

const PYODIDE = new URL("../pyodide/", import.meta.url).href;
const LOCK = PYODIDE + "pyodide-lock.json";
// A memory snapshot of a Python with the engine and every catalog already imported (made by the build). It is
// too big to precache, so after a visit that was served by the service worker ("warm"), it is fetched once in
// the background into its own cache; later visits restore it in a fraction of a second. It is bound to this
// Pyodide build and this wheel, hence the cache key below; any failure falls back to a normal start.
const SNAPSHOT = new URL("../snapshot/krig.snapshot", import.meta.url).href;
const SNAPSHOT_CACHE = "krig-snapshot";

let handle = null; // bridge.handle, once Python is ready
let starting = null; // the promise of the first init
let quiet = false; // while trying the snapshot, a stray rejection is not fatal: the normal start follows
const timings = []; // the start-up steps, for the init answer

/** Run `work` (sync or async) and note how long it took as the step `name`. */
async function timed(name, work) {
  const start = performance.timeOrigin + performance.now();
  try {
    return await work();
  } finally {
    timings.push({ name, start, end: performance.timeOrigin + performance.now() });
  }
}

function progress(value) {
  self.postMessage({ type: "progress", value });
}

/** The snapshot's cache key: its URL plus what it is bound to (the runtime version and our wheel's hash). */
function snapshotKey(lock) {
  const wheel = lock.packages && lock.packages.krig;
  return wheel ? `${SNAPSHOT}?pyodide=${lock.info.version}&krig=${wheel.sha256}` : null;
}

/**
 * The snapshot an earlier visit cached (keepSnapshot keeps one at most): {key, bytes}, or null. Its bytes are
 * read at once, while the lock file that says whether its key is still the right one is on its way.
 */
async function cachedSnapshot() {
  if (typeof caches === "undefined") return null;
  const cache = await caches.open(SNAPSHOT_CACHE);
  const [request] = await cache.keys();
  if (!request) return null;
  const bytes = timed("snapshot read", async () => new Uint8Array(await (await cache.match(request)).arrayBuffer()));
  bytes.catch(() => {}); // a stale snapshot's bytes are never awaited; a failed read falls back in fromSnapshot
  return { key: request.url, bytes };
}

/** Restore Python from the snapshot's bytes (a promise: Pyodide fetches its wasm meanwhile), or null. */
async function fromSnapshot(bytes, lock) {
  quiet = true;
  try {
    return await loadPyodide({ indexURL: PYODIDE, packageBaseUrl: PYODIDE, lockFileContents: lock,
      _loadSnapshot: bytes });
  } catch {
    await caches.delete(SNAPSHOT_CACHE); // a snapshot that does not restore is never tried again
    return null;
  } finally {
    quiet = false;
  }
}

/** Fetch the snapshot for the next visit, once, quietly (never while offline: that would only log errors). */
async function keepSnapshot(key) {
  if (!navigator.onLine) return;
  const cache = await caches.open(SNAPSHOT_CACHE);
  if (await cache.match(key)) return;
  const response = await fetch(SNAPSHOT);
  if (!response.ok) return;
  for (const old of await cache.keys()) await cache.delete(old);
  await cache.put(key, response);
  self.postMessage({ type: "snapshot-stored" });
}

async function start(lang, warm) {
  progress(5);
  // the lock file (fetched once, for the key and for Pyodide) and the cached snapshot, side by side
  const lock = timed("lock file", async () => (await fetch(LOCK)).json());
  const [cached, key] = await Promise.all([
    cachedSnapshot().catch(() => null),
    lock.then((contents) => (typeof caches === "undefined" ? null : snapshotKey(contents))).catch(() => null),
  ]);
  let pyodide = null;
  if (cached && key && cached.key === key) {
    pyodide = await timed("python restored", () => fromSnapshot(cached.bytes, lock).catch(() => null));
  }
  const how = pyodide ? "snapshot" : "fresh";
  if (!pyodide) {
    pyodide = await timed("python started", () =>
      loadPyodide({ indexURL: PYODIDE, packageBaseUrl: PYODIDE, lockFileContents: lock, packages: ["krig"] }));
  }
  progress(85);
  handle = await timed("bridge imported", () => pyodide.pyimport("krig.webapp.bridge").handle);
  progress(95);
  if (how === "fresh" && warm && key) setTimeout(() => keepSnapshot(key).catch(() => {}), 1000);
  const answer = await timed("language chosen", () => ask({ type: "init", lang }));
  return { ...answer, start: how, timings };
}

function ask(request) {
  let text;
  try {
    text = JSON.stringify(request);
  } catch (error) {
    // e.g. a tampered save holding a BigInt or a cycle: refused like any malformed request, not a crash
    return { ok: false, error: { kind: "request", message: `not JSON: ${describe(error)}` } };
  }
  return JSON.parse(handle(text));
}

function describe(error) {
  return error && error.message ? String(error.message) : String(error);
}

// Pyodide can lose a failed download in a promise nobody awaits (e.g. the wasm file cannot be fetched), and
// loadPyodide then never settles. Report it to the page at once instead of leaving an uncaught error.
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  if (quiet) return;
  self.postMessage({ type: "fatal", error: { kind: handle ? "internal" : "load", message: describe(event.reason) } });
});

self.addEventListener("message", async (event) => {
  const request = event.data || {};
  const { id } = request;
  let answer;
  try {
    if (request.type === "init") {
      starting ??= start(String(request.lang || "en"), Boolean(request.warm));
      answer = await starting;
    } else if (!handle) {
      answer = { ok: false, error: { kind: "not-ready", message: "the engine is not loaded yet" } };
    } else {
      answer = ask(request);
    }
  } catch (error) {
    answer = { ok: false, error: { kind: request.type === "init" ? "load" : "internal", message: describe(error) } };
  }
  self.postMessage({ ...answer, id });
});
