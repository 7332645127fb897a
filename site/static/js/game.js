// The game page: owns the DOM, talks to the engine worker (engine.js) and keeps the bridge's record in
// IndexedDB (store.js). It never decides a rule: every round, count and sentence comes from the bridge.
// state.js says what the page is doing; docs/site.md lists the modules.
//
// This entry module is loaded async, so that it runs as soon as it is fetched, while the page is still being parsed
// and laid out; the build bundles it with every module it imports, statically or with import() (sitebuild/
// bundles.py), so that it is one file to fetch, and import() says only what runs later:
//   1. it starts the worker (Pyodide loads in the background, on its own thread; #engine-progress shows how far)
//      and opens IndexedDB at once;
//   2. once the page is parsed, it notes when the empty board was on screen and loads restore.js, which draws
//      the stored board → performance.mark("board-restored") (when a localStorage hint says there is no save,
//      the empty board on screen is the board: the mark takes the time it was shown);
//   2b. flips draw at once the rounds the stored record knows ahead, or on a first visit those of an opening of
//      the pool (openings.js, fetched right after the worker is started) → performance.mark("flip-ready");
//   3. start.js, loaded then, restores the record (or deals a first game) once the engine answers, which
//      enables the controls: <html data-engine="ready"> → performance.mark("engine-ready").
// If the engine cannot load (no WebAssembly, files missing, offline on a first visit, 40 s without a word from
// the worker), #engine-failed says so and the rest of the page keeps working; after those 40 s, an engine that
// answers after all takes the start-up on (start.js).

import { Engine } from "./engine.js";
import { lockGame } from "./lock.js";
import { fetchOpening } from "./openings.js";
import { loadStart, maybeSaved } from "./store.js";

const lang = document.documentElement.lang || "en";

/** Start the worker and Python: {engine, loading}, `loading` the promise of its first answer. */
function startEngine() {
  const engine = new Engine(lang, (value) => {
    const progress = document.getElementById("engine-progress"); // not parsed yet at the very start
    if (progress) progress.value = Math.max(progress.value, value);
  });
  const loading = engine.start();
  loading.catch(() => {}); // handled by start.js, after the board is drawn
  return { engine, loading };
}

const started = startEngine();
const opening = loadStart(); // one transaction: the preferences and the stored record
lockGame(); // asked for now, beside IndexedDB: the first flip waits for this tab to hold the game
// a first visit's first game is an opening of the pool, played while Python loads (a link needs the engine)
const first = !maybeSaved() && !location.search ? fetchOpening(lang) : null;
const parsed = document.readyState !== "loading" ? Promise.resolve()
  : new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }));
const drawing = parsed.then(() => {
  const emptyAt = maybeSaved() ? null : performance.now();
  return import("./restore.js").then(({ restoreBoard }) => restoreBoard(opening, emptyAt, first));
});
parsed.then(() => import("./start.js")).then(({ start }) => start(drawing, started));
