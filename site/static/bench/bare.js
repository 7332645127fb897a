// The yardstick of benchmarks/site.py: load Pyodide from the site's own files, and nothing else.
//
//   bare.html                  await loadPyodide() and report when it resolved
//   bare.html?engine=1         also load our "krig" wheel from ../pyodide/pyodide-lock.json and time
//     &games=N&repeats=R       engine.simulate(2, N, seed=0) R times (defaults 1000 and 5); then
//                              window.__simulate(N) plays one more run on demand
//
// The result goes to window.__bare (for Playwright) and into <pre id="out"> (for people), and
// <html data-state> becomes "ready" or "failed". Times are milliseconds since navigation start.

// build.py writes the runtime's version in for the placeholder, as for js/worker.js.
import { loadPyodide } from "../pyodide/__PYODIDE_VERSION__/pyodide.mjs";

const TIMEOUT_MS = 60000; // loadPyodide never settles if wasm cannot be compiled: fail loudly instead
const params = new URLSearchParams(location.search);
const indexURL = new URL("../pyodide/__PYODIDE_VERSION__/", import.meta.url).href;
const LOCK = new URL("../pyodide/pyodide-lock.json", import.meta.url).href; // not the runtime's: ours, with our wheel

function publish(result) {
  window.__bare = result;
  document.getElementById("out").textContent = JSON.stringify(result, null, 2);
  document.documentElement.dataset.state = result.error ? "failed" : "ready";
}

function withTimeout(promise) {
  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), TIMEOUT_MS));
  return Promise.race([promise, timeout]);
}

/** Play engine.simulate(2, games, seed=0) once; the sum of the game lengths costs next to nothing. */
function simulateOnce(pyodide, games) {
  const t0 = performance.now();
  const rounds = pyodide.runPython(`sum(simulate(2, ${Number(games)}, seed=0).rounds)`);
  const seconds = (performance.now() - t0) / 1000;
  return { rounds, seconds, rate: rounds / seconds, wasmBytes: pyodide._module.HEAP8.length };
}

async function main() {
  const engine = params.get("engine") === "1";
  const options = { indexURL, lockFileURL: LOCK, stdout: () => {} };
  if (engine) options.packages = ["krig"];

  const started = performance.now();
  const pyodide = await withTimeout(loadPyodide(options));
  const ready = performance.now();
  performance.mark("pyodide-ready");

  const result = {
    started, // when this module began to run
    ready, // when loadPyodide() resolved
    wasmBytes: pyodide._module.HEAP8.length, // the wasm linear memory
    jsHeapBytes: performance.memory ? performance.memory.usedJSHeapSize : null, // Chromium only
    pyodide: pyodide.version,
    python: pyodide.runPython("import sys; sys.version.split()[0]"),
  };
  if (engine) {
    const games = Number(params.get("games")) || 1000;
    const repeats = params.has("repeats") ? Number(params.get("repeats")) : 5;
    pyodide.runPython("from krig import simulate");
    window.__simulate = (n) => simulateOnce(pyodide, n); // for benchmarks/site.py, one run at a time
    result.games = games;
    result.simulate = Array.from({ length: repeats }, () => simulateOnce(pyodide, games));
    result.wasmBytes = pyodide._module.HEAP8.length; // after the games, with the engine loaded
  }
  publish(result);
}

main().catch((error) => publish({ error: String(error && error.message ? error.message : error) }));
