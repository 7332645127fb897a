// The engine worker: Pyodide runs the pure-Python rules engine here, off the page's main thread.
//
// Protocol (plain JSON-safe messages, see engine.js for the page side):
//   page → worker  {id, type, ...fields}          e.g. {id: 3, type: "flip"}
//   worker → page  {id, ok: true, ...answer}      e.g. {id: 3, ok: true, view: {...}}
//                  {id, ok: false, error: {kind, message}}
//                  {type: "progress", value: 0..100}   while Python loads (no id)
//                  {type: "fatal", error: {kind, message}}  the engine broke outside any request (no id)
// The first request must be {type: "init", lang}: it loads Pyodide and our "krig" wheel, imports
// webapp.bridge and chooses the language. Every other request is handed to bridge.handle() as JSON text
// and its JSON text answer is parsed back, so no Python proxy ever leaves this file.

import { loadPyodide } from "../pyodide/pyodide.mjs";

const PYODIDE = new URL("../pyodide/", import.meta.url).href;

let handle = null; // bridge.handle, once Python is ready
let starting = null; // the promise of the first init

function progress(value) {
  self.postMessage({ type: "progress", value });
}

async function start(lang) {
  progress(5);
  const pyodide = await loadPyodide({
    indexURL: PYODIDE,
    lockFileURL: PYODIDE + "pyodide-lock.json",
    packages: ["krig"],
    // Pyodide prints "Loading krig" and similar; the page does not need them in its console.
    stdout: () => {},
  });
  progress(85);
  const bridge = pyodide.pyimport("webapp.bridge");
  handle = bridge.handle;
  progress(95);
  return ask({ type: "init", lang });
}

function ask(request) {
  return JSON.parse(handle(JSON.stringify(request)));
}

function describe(error) {
  return error && error.message ? String(error.message) : String(error);
}

// Pyodide can lose a failed download in a promise nobody awaits (e.g. the wasm file cannot be fetched), and
// loadPyodide then never settles. Report it to the page at once instead of leaving an uncaught error.
self.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  self.postMessage({ type: "fatal", error: { kind: handle ? "internal" : "load", message: describe(event.reason) } });
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
      answer = { ok: false, error: { kind: "not-ready", message: "the engine is not loaded yet" } };
    } else {
      answer = ask(request);
    }
  } catch (error) {
    answer = { ok: false, error: { kind: request.type === "init" ? "load" : "internal", message: describe(error) } };
  }
  self.postMessage({ ...answer, id });
});
