// The game page: owns the DOM, talks to the engine worker (engine.js) and keeps the bridge's record in
// IndexedDB (store.js). It never decides a rule: every round, count and sentence comes from the bridge.
// state.js says what the page is doing; docs/site.md lists the modules.
//
// This first module is kept small so that it runs as soon as the page is parsed, before the rest has loaded:
//   1. it notes when the empty board was on screen, opens IndexedDB, and loads restore.js, which draws the
//      stored board at once → performance.mark("board-restored") (when a localStorage hint says there is no
//      save, the empty board on screen is the board: the mark takes the time it was shown);
//   2. it starts the worker at once, beside the board's drawing (Pyodide loads in the background, on its own
//      thread; #engine-progress shows how far);
//   3. start.js, loaded meanwhile, restores the record (or deals a first game) once the engine answers, which
//      enables the controls: <html data-engine="ready"> → performance.mark("engine-ready").
// If the engine cannot load (no WebAssembly, files missing, offline on a first visit, 30 s timeout),
// #engine-failed says so and the rest of the page keeps working.

import { Engine } from "./engine.js";
import { loadStart, maybeSaved } from "./store.js";

const lang = document.documentElement.lang || "en";

/** Start the worker and Python: {engine, loading}, `loading` the promise of its first answer. */
function startEngine() {
  const progress = document.getElementById("engine-progress");
  const engine = new Engine(lang, (value) => {
    progress.value = Math.max(progress.value, value);
  });
  const loading = engine.start();
  loading.catch(() => {}); // handled by start.js, after the board is drawn
  return { engine, loading };
}

const emptyAt = maybeSaved() ? null : performance.now();
const opening = loadStart(); // one transaction: the preferences and the stored record
const drawing = import("./restore.js").then(({ restoreBoard }) => restoreBoard(opening, emptyAt));
const started = startEngine();
import("./start.js").then(({ start }) => start(drawing, started));
