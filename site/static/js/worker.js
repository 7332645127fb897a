// The engine worker: Pyodide runs the pure-Python rules engine here, off the page's main thread.
//
// Protocol (plain JSON-safe messages, see engine.js for the page side):
//   page → worker  {id, type, ...fields}          e.g. {id: 3, type: "flip"}
//   worker → page  {id, ok: true, ...answer}      e.g. {id: 3, ok: true, record: {...}, line: {...}, next: {...}}
//                  {id, ok: false, error: {kind, message}}
//                  {type: "progress", value: 0..100, step}  while Python loads: the bytes downloaded, then
//                                                 each step (no id); the page counts silence, not time
//                  {type: "fatal", error: {kind, message}}  the engine broke outside any request (no id)
//                  {type: "snapshot-stored", timings}  Python's memory is cached: the next start restores it
//                  {type: "snapshot-failed", reason}  it could not be made or stored; this build will not retry
//                  {type: "stdlib-fallback", module}  the trimmed standard library lacked a module (no id)
// The first request must be {type: "init", lang}: it restores Python from the memory snapshot an earlier visit
// stored, or else starts Pyodide with the trimmed standard library and installs our "krig" wheel; it imports
// krig.webapp.bridge and chooses the language; it answers {ok, start: "fresh"|"snapshot", snapshot, timings:
// [{name, start, end}]}: `snapshot` is "restored", "pending" (this fresh start will make one when idle) or "off"
// (no usable Cache Storage, or this build's snapshot already failed here), and `timings` are the worker's own
// start-up steps in ms since the epoch (performance.timeOrigin + performance.now(), so the page can place them
// on its own timeline). Every other request is handed to bridge.handle() as JSON text and its JSON text answer
// is parsed back, so no Python proxy ever leaves this file.
//
// It is one file, over 300 lines, on purpose: the build writes into it what it ships and binds the memory
// snapshot to its bytes (sitebuild/runtime.py), and a worker module of its own would need both too.

// The Pyodide runtime lives in a folder named by its version, which build.py writes in for the placeholder.
import { loadPyodide } from "../pyodide/__PYODIDE_VERSION__/pyodide.mjs";

// What this build ships, written in by build.py: the trimmed standard library's file name, the identity of
// everything a memory snapshot is bound to (the Pyodide build, our wheel, that library, this file), the
// bytes a fresh start downloads, for the progress, and the kinds of error (krig.webapp.failures.Failure).
const BUILD = "__BUILD__";
const ERRORS = Object.fromEntries(BUILD.errors.map((kind) => [kind, kind])); // ERRORS.load is "load"
const PYODIDE = new URL("../pyodide/", import.meta.url).href; // our lock file, wheel and trimmed standard library
const RUNTIME = new URL("../pyodide/__PYODIDE_VERSION__/", import.meta.url).href;
const LOCK = PYODIDE + "pyodide-lock.json";
const STDLIB = PYODIDE + BUILD.stdlib;
const WHOLE_STDLIB = RUNTIME + "python_stdlib.zip"; // fetched only if a module is missing (_stdlib_fallback.py)
// The memory snapshot of a Python with the engine, the bridge and every catalog imported. The worker makes it
// itself when idle after a fresh start (nothing is downloaded for it) and keeps one, under a key that names
// what it is bound to. A marker under the same key says that this build's snapshot could not be made or
// stored, so that a failing device does not pay for it again on every visit.
const SNAPSHOT_CACHE = "krig-snapshot";
const SNAPSHOT_KEY = new URL(`snapshot?build=${BUILD.snapshot}`, PYODIDE).href;
const SNAPSHOT_FAILED = `${SNAPSHOT_KEY}&failed`;
const SNAPSHOT_IDLE_MS = 1500; // no request for this long: a good moment to copy 31 MB of memory
// A snapshot is all of Python's memory, and about 60 % of its 4 KB pages are zeros: the cache keeps the others,
// after a header [magic, length, count] and the page numbers, so a start reads about 12 MB, not 31 MB.
const PAGE = 4096;
const SPARSE_MAGIC = 0x4b524731; // "KRG1"

let handle = null; // bridge.handle, once Python is ready
let starting = null; // the promise of the first init
let quiet = false; // while trying the snapshot, a stray rejection is not fatal: the normal start follows
let snapshotTimer = null; // armed after a fresh start that may make the snapshot, pushed back by the visitor's requests
let snapshotWork = null; // what the timer runs
let fellBack = false; // the whole standard library was needed: its files are not in a snapshot
const timings = []; // the start-up steps, for the init answer

/** Run `work` (sync or async) and note how long it took as the step `name`; report it as progress `value`. */
async function timed(name, work, value) {
  const start = performance.timeOrigin + performance.now();
  try {
    return await work();
  } finally {
    timings.push({ name, start, end: performance.timeOrigin + performance.now() });
    if (value !== undefined) progress(value, name);
  }
}

function progress(value, step) {
  self.postMessage({ type: "progress", value: Math.round(value), step });
}

// Download progress. Pyodide fetches its wasm and the standard library itself, so the worker counts the bytes
// of every response from the Pyodide folder as they stream in (the fresh start's 5 % to 75 %), and tells the
// page at most every 100 ms: on a slow network the bar moves, and the page never mistakes it for a hang. It
// reads a clone: the response itself reaches Pyodide untouched, so Chromium still caches the compiled wasm.
let downloaded = 0;
let lastProgress = 0; // performance.now() of the last download progress sent
const plainFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const response = await plainFetch(input, init);
  const url = String(input instanceof Request ? input.url : input);
  if (response.ok && response.body && url.startsWith(PYODIDE)) count(response.clone().body).catch(() => {});
  return response;
};

async function count(body) {
  const reader = body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    downloaded += chunk.value.byteLength;
    const now = performance.now();
    if (now - lastProgress > 100) {
      lastProgress = now;
      progress(5 + 70 * Math.min(1, downloaded / BUILD.download), "download");
    }
  }
}

// Cache Storage, where the snapshot lives, may be missing (no `caches`), forbidden (the getter or open() throws
// a SecurityError), full, or broken. Every one of those only means a normal start: none is an engine failure.

/** The open snapshot cache, or null if this browser will not give one. */
async function snapshotCache() {
  try {
    return typeof caches === "undefined" ? null : await caches.open(SNAPSHOT_CACHE);
  } catch {
    return null;
  }
}

/**
 * This build's snapshot, or null if there is none to try: {bytes}, a promise of its bytes, read while Pyodide
 * fetches its wasm.
 */
async function cachedSnapshot(cache) {
  try {
    const stored = await cache.match(SNAPSHOT_KEY);
    if (!stored) return null;
    return { bytes: timed("snapshot read", async () => unpack(await stored.arrayBuffer()), 40) };
  } catch {
    return null;
  }
}

/** Whether to make a snapshot after this fresh start: none stored yet, and no failure marked for this build. */
async function snapshotWanted(cache) {
  try {
    const keys = (await cache.keys()).map((request) => request.url);
    for (const key of keys) if (!key.startsWith(SNAPSHOT_KEY)) await cache.delete(key); // another build's
    return !keys.includes(SNAPSHOT_KEY) && !keys.includes(SNAPSHOT_FAILED);
  } catch {
    return false;
  }
}

/** Restore Python from the snapshot's bytes, or null: the snapshot is dropped, and this build makes no other. */
async function fromSnapshot(cache, bytes) {
  quiet = true;
  try {
    return await loadPyodide({ indexURL: RUNTIME, lockFileContents: fetchLock(), stdLibURL: STDLIB,
      stderr, _loadSnapshot: bytes });
  } catch (error) {
    console.warn(`krig: the memory snapshot did not restore (${describe(error)}); starting Python normally`);
    await markFailed(cache);
    return null;
  } finally {
    quiet = false;
  }
}

let lock = null;
function fetchLock() {
  lock ??= timed("lock file", async () => (await fetch(LOCK)).json());
  return lock;
}

/** Our wheel's bytes, as the lock file names it, checked against its sha256 by the browser. */
async function fetchWheel() {
  const { file_name: name, sha256 } = (await fetchLock()).packages.krig;
  const integrity = `sha256-${btoa(String.fromCharCode(...sha256.match(/../g).map((hex) => parseInt(hex, 16))))}`;
  const response = await fetch(PYODIDE + name, { integrity });
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The import fallback's download (site/stdlib/_stdlib_fallback.py calls it from Python, which must block): a
// synchronous request, allowed in workers, and no attempt at all while the browser knows it is offline.
self.krigDownloadSync = (url) => {
  if (!navigator.onLine) throw new Error("the device is offline");
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`HTTP status ${request.status}`);
  return new Uint8Array(request.response);
};

// Python's stderr: the console, and a word to the page when the import fallback had to act.
let fallbackNotice = null; // the line's prefix, as _stdlib_fallback.py owns it
function stderr(line) {
  console.warn(line);
  if (fallbackNotice && line.startsWith(fallbackNotice)) {
    fellBack = true;
    self.postMessage({ type: "stdlib-fallback", module: line.slice(fallbackNotice.length).trim() });
  }
}

/** Start Python fresh: the runtime and the trimmed standard library, our wheel beside them, then the bridge. */
async function freshStart(makeSnapshot) {
  const wheel = fetchWheel();
  wheel.catch(() => {}); // awaited below; a failure there is the start's failure
  const pyodide = await timed("python started", () => loadPyodide({ indexURL: RUNTIME,
    lockFileContents: fetchLock(), stdLibURL: STDLIB, stderr, _makeSnapshot: makeSnapshot }), 80);
  const bytes = await wheel;
  await timed("wheel installed", () => pyodide.unpackArchive(bytes, "wheel",
    { extractDir: pyodide.runPython("import site; site.getsitepackages()[0]") }), 85);
  return pyodide;
}

async function start(lang) {
  progress(2, "worker");
  fetchLock().catch(() => {}); // on its way at once; whoever needs it awaits it
  const cache = await snapshotCache();
  const cached = cache && (await cachedSnapshot(cache));
  let pyodide = cached && (await timed("python restored", () => fromSnapshot(cache, cached.bytes), 85));
  const how = pyodide ? "snapshot" : "fresh";
  const makeSnapshot = !pyodide && Boolean(cache) && (await snapshotWanted(cache));
  pyodide ??= await freshStart(makeSnapshot);
  const fallback = pyodide.pyimport("_stdlib_fallback");
  fallbackNotice = fallback.NOTICE;
  fallback.install(WHOLE_STDLIB).destroy();
  fallback.destroy();
  handle = await timed("bridge imported", () => {
    const bridge = pyodide.pyimport("krig.webapp.bridge");
    if (makeSnapshot) pyodide.pyimport("krig.webapp.narrate").preload(); // a snapshot holds memory, not files
    return bridge.handle;
  }, 92);
  const answer = await timed("language chosen", () => ask({ type: "init", lang }), 95);
  if (makeSnapshot) {
    snapshotWork = () => keepSnapshot(pyodide, cache);
    snapshotTimer = setTimeout(snapshotWork, SNAPSHOT_IDLE_MS);
  }
  const snapshot = how === "snapshot" ? "restored" : makeSnapshot ? "pending" : "off";
  return { ...answer, start: how, snapshot, timings: [...timings] };
}

/** This build's snapshot cannot be had on this device: drop it, and do not try again until the next build. */
async function markFailed(cache) {
  await cache.delete(SNAPSHOT_KEY).catch(() => {});
  await cache.put(SNAPSHOT_FAILED, new Response("")).catch(() => {});
}

/** Once the worker is idle: copy Python's memory into the cache for the next start (or mark that it failed). */
async function keepSnapshot(pyodide, cache) {
  snapshotTimer = null;
  const from = timings.length;
  try {
    // modules imported from the whole standard library would find its file missing after a restore
    if (fellBack) throw new Error("the trimmed standard library lacked a module");
    const bytes = await timed("snapshot made", () => pyodide.makeMemorySnapshot());
    await timed("snapshot stored", () => cache.put(SNAPSHOT_KEY, new Response(pack(bytes))));
    self.postMessage({ type: "snapshot-stored", timings: timings.slice(from) });
  } catch (error) {
    self.postMessage({ type: "snapshot-failed", reason: describe(error) });
    await markFailed(cache);
  }
}

/** The snapshot's bytes without their zero pages (see PAGE), as a Blob for the cache. */
function pack(bytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  const kept = [];
  for (let page = 0, word = 0; word < words.length; page += 1, word += PAGE / 4) {
    const end = Math.min(words.length, word + PAGE / 4);
    for (let i = word; i < end; i += 1) {
      if (words[i] !== 0) {
        kept.push(page);
        break;
      }
    }
  }
  const pages = kept.map((page) => bytes.subarray(page * PAGE, (page + 1) * PAGE));
  return new Blob([new Uint32Array([SPARSE_MAGIC, bytes.byteLength, kept.length]), new Uint32Array(kept), ...pages]);
}

/** The snapshot's bytes again, from what pack() stored; a cache entry of any other form is refused. */
function unpack(buffer) {
  const [magic, length, count] = new Uint32Array(buffer, 0, 3);
  if (magic !== SPARSE_MAGIC || buffer.byteLength < 12 + 4 * count) throw new Error("not a Krig snapshot");
  const pages = new Uint32Array(buffer, 12, count);
  const data = new Uint8Array(buffer, 12 + 4 * count);
  const bytes = new Uint8Array(length);
  pages.forEach((page, i) => bytes.set(data.subarray(i * PAGE, i * PAGE + Math.min(PAGE, length - page * PAGE)),
    page * PAGE));
  return bytes;
}

function ask(request) {
  let text;
  try {
    text = JSON.stringify(request);
  } catch (error) {
    // e.g. a tampered save holding a BigInt or a cycle: refused like any malformed request, not a crash
    return { ok: false, error: { kind: ERRORS.request, message: `not JSON: ${describe(error)}` } };
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
  const kind = handle ? ERRORS.internal : ERRORS.load;
  self.postMessage({ type: "fatal", error: { kind, message: describe(event.reason) } });
});

self.addEventListener("message", async (event) => {
  const request = event.data || {};
  const { id } = request;
  let answer;
  try {
    if (request.type === "init") {
      starting ??= start(String(request.lang || "en"));
      answer = await starting;
    } else if (!handle) {
      answer = { ok: false, error: { kind: ERRORS["not-ready"], message: "the engine is not loaded yet" } };
    } else {
      answer = ask(request);
      // a request of the visitor's: the snapshot waits for the next quiet moment. The win chances asked for in the
      // page's idle time do not count, or a slow device working out the rounds ahead would never make it.
      if (snapshotTimer !== null && request.type !== "chances") {
        clearTimeout(snapshotTimer);
        snapshotTimer = setTimeout(snapshotWork, SNAPSHOT_IDLE_MS);
      }
    }
  } catch (error) {
    const kind = request.type === "init" ? ERRORS.load : ERRORS.internal;
    answer = { ok: false, error: { kind, message: describe(error) } };
  }
  self.postMessage({ ...answer, id });
});
