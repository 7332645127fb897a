// The game page: owns the DOM, talks to the engine worker (engine.js) and keeps the bridge's record in
// IndexedDB (store.js). It never decides a rule: every round, count and sentence comes from the bridge.
// This module starts the page and wires its controls; state.js says what the page is doing.
//
// Start-up order, so that nobody stares at nothing:
//   1. read the stored record from IndexedDB and draw its board at once → performance.mark("board-restored")
//      (when a localStorage hint says there is no save, the empty board on screen is the board: the mark
//      takes the time it was shown, and Python does not wait for IndexedDB);
//   2. start the worker (Pyodide loads in the background, #engine-progress shows how far);
//   3. when the engine answers: restore the record (or start a new game), which enables the controls,
//      <html data-engine="ready"> → performance.mark("engine-ready").
// If the engine cannot load (no WebAssembly, files missing, offline on a first visit, 30 s timeout),
// #engine-failed says so and the rest of the page keeps working.

import { toggleAutoplay } from "./autoplay.js";
import { preloadCards, render } from "./board.js";
import { estimateLater } from "./chances.js";
import { Engine } from "./engine.js";
import { CARDS } from "./facts.js";
import { keyAction } from "./keys.js";
import { registerServiceWorkerWhenIdle } from "./offline.js";
import { state, update, useEngine } from "./page.js";
import { engineFailed, finish, flip, newGame, resume } from "./play.js";
import { replayKey, watchLinked, wireReplay } from "./replay.js";
import { deleteSave, setKeep, settingsChanged } from "./saving.js";
import { applySettings, choices, readSettings } from "./settings.js";
import { controls, elsewhere, opened, started } from "./state.js";
import { validBoard } from "./stored.js";
import * as store from "./store.js";
import { text } from "./strings.js";
import { holdGame, takeOver } from "./tabs.js";
import { exportDamaged, exportGame, importFile, share } from "./transfer.js";

const $ = (id) => document.getElementById(id);
const lang = document.documentElement.lang || "en";

/**
 * Read the stored record before Python is ready, and draw its board at once. `emptyAt` is set when the page,
 * told by the save hint that there is no save, went on with the empty board already on screen at that time: if
 * IndexedDB indeed holds no game, that is when the board was restored.
 */
async function restoreBoard(emptyAt = null) {
  const { storage, keep, record } = await store.loadStart(); // one transaction
  $("keep").checked = keep;
  let board = null;
  if (record && typeof record === "object" && validBoard(record.board, choices(), CARDS)) {
    applySettings(record.settings);
    // a sentence in another language is not shown; this round was announced when it was played
    board = record.board.lang === lang ? record.board : { ...record.board, status: "", announce: "" };
    render(board, { announce: false });
    emptyAt = null;
  }
  update(opened, { storage, keep, board });
  performance.mark("board-restored", emptyAt === null ? undefined : { startTime: emptyAt });
  return record;
}

async function start() {
  // motion off for those who ask their system for less of it (the CSS stops it too); a saved choice wins later
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) $("animation").value = "none";
  readSettings(); // the first change of the state, which shows it
  wire();
  // The worker starts once the board is drawn: Python's start would only slow the drawing down. With no save
  // (the hint says so) the empty board on screen is the board, so Python starts at once, beside IndexedDB.
  const waitForSave = store.maybeSaved();
  const restoring = restoreBoard(waitForSave ? null : performance.now());
  if (waitForSave) await restoring;
  const progress = $("engine-progress");
  const engine = new Engine(lang, (value) => {
    progress.value = Math.max(progress.value, value);
  });
  const loading = engine.start();
  loading.catch(() => {}); // handled below, after the board is drawn
  const record = await restoring;
  try {
    await loading;
  } catch (error) {
    engineFailed(error);
    return;
  }
  useEngine(engine);
  progress.value = 100;
  // With storage, the stored game is shared by every tab: only the tab that holds it plays and saves
  if (state.saving === "unavailable" || (await holdGame())) await resume(record);
  else update(elsewhere);
  update(started);
  preloadCards(); // in idle moments: the first sight of each card costs no flip
  await watchLinked(); // ?replay=<id>: a finished game from the statistics page, watched over the game
}

const FIELDS = "input, select, textarea, button, summary, a, label, [contenteditable]";
const TYPING = "input, select, textarea, [contenteditable]"; // they move with the arrows, Home and End themselves

function onKey(event) {
  const target = event.target instanceof Element ? event.target : null;
  const replaying = state.mode === "replay";
  const { action, prevent } = keyAction({
    key: event.key, repeat: event.repeat, defaultPrevented: event.defaultPrevented, altKey: event.altKey,
    ctrlKey: event.ctrlKey, metaKey: event.metaKey, inField: Boolean(target && target.closest(FIELDS)), replaying,
    inTyping: Boolean(target && target.closest(TYPING)),
  }, { autoplay: ["a", text("key_autoplay", "a")], new: ["n", text("key_new", "n")] });
  if (prevent) event.preventDefault(); // no page scroll on Space
  if (replaying) replayKey(action);
  else if (action === "flip") flip();
  else if (action === "autoplay" && controls(state).autoplay) toggleAutoplay();
  else if (action === "new" && controls(state).engine) newGame();
}

function wire() {
  $("setup").addEventListener("submit", (event) => {
    event.preventDefault();
    newGame();
  });
  $("seed").addEventListener("input", () => $("seed").setCustomValidity(""));
  $("again").addEventListener("click", () => newGame());
  $("damaged-new").addEventListener("click", () => newGame());
  $("damaged-export").addEventListener("click", exportDamaged);
  $("flip").addEventListener("click", () => flip());
  $("autoplay").addEventListener("click", toggleAutoplay);
  $("finish").addEventListener("click", () => finish());
  $("share").addEventListener("click", () => share());
  $("export").addEventListener("click", exportGame);
  $("import").addEventListener("change", (event) => {
    importFile(event.target.files[0]);
    event.target.value = "";
  });
  $("keep").addEventListener("change", (event) => setKeep(event.target.checked));
  $("delete-save").addEventListener("click", () => deleteSave());
  $("take-over").addEventListener("click", () => takeOver());
  $("take-back").addEventListener("click", () => takeOver());
  wireReplay();
  for (const id of ["speed", "animation"]) {
    $(id).addEventListener("change", () => {
      readSettings();
      settingsChanged();
    });
  }
  $("speed").addEventListener("input", readSettings);
  document.addEventListener("keydown", onKey);
  // a press or a key may well be a flip: the estimate makes way at once and waits for the next pause
  document.addEventListener("pointerdown", estimateLater, { capture: true, passive: true });
  document.addEventListener("keydown", estimateLater, { capture: true, passive: true });
}

// The service worker registers only after the start-up (engine-ready, or the engine failed), when idle.
start().catch((error) => engineFailed(error))
  .finally(() => registerServiceWorkerWhenIdle(new URL("../sw.js", import.meta.url)));
