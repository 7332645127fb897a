// The rest of the game page's start-up, once the stored board is drawn (restore.js) and the engine answers:
// restore the record or deal a first game, and wire every control and key.

import { engineFailed } from "./answers.js";
import { toggleAutoplay } from "./autoplay.js";
import { goBack } from "./back.js";
import { estimateLater } from "./chances.js";
import { keyAction } from "./keys.js";
import { registerServiceWorkerWhenIdle } from "./offline.js";
import { showPersistence } from "./persistence.js";
import { loadPictures, preloadCards } from "./pictures.js";
import { ERRORS, SETTINGS } from "./facts.js";
import { engineLoaded, refetchOnce } from "./refetch.js";
import { state, update, useEngine } from "./page.js";
import { finish, flip, newGame, resume } from "./play.js";
import { replayKey, watchLinked, wireReplay } from "./replay.js";
import { deleteSave, persistGame, setKeep, settingsChanged, updateHistory } from "./saving.js";
import { controlsOf, readSettings, showOffered } from "./settings.js";
import { wakeSound } from "./sound.js";
import { acted, answeredLate, controls, elsewhere, progressed, started } from "./state.js";
import { text } from "./strings.js";
import { controlsWired, holdOnce } from "./restore.js";
import { newer } from "./stored.js";
import { wireTable } from "./table.js";
import { takeOver } from "./tabs.js";
import { exportDamaged, exportGame, importFile, share } from "./transfer.js";

const $ = (id) => document.getElementById(id);

/**
 * `drawing` resolves to the stored record once its board is drawn; `engine` is {engine, loading} from
 * game.js.
 */
export async function start(drawing, engine) {
  try {
    const { engine: ready, loading } = engine;
    showProgress(ready);
    wire();
    controlsWired();
    loadPictures(); // beside the engine's start: the cards are then drawn from memory
    const record = await drawing;
    try {
      await loading;
    } catch (error) {
      // files of an older deploy in the HTTP cache: fetched again once, and the page reloads
      if (error && error.kind === ERRORS.load && (await refetchOnce(new URL("./worker.js", import.meta.url)))) return;
      engineFailed(error);
      // a start that took too long goes on if the engine answers after all
      if (error && error.kind === ERRORS.timeout) {
        ready.answered.then(() => update(answeredLate)).then(() => goOn(ready, record)).catch(engineFailed);
      }
      return;
    }
    await goOn(ready, record);
  } catch (error) {
    engineFailed(error);
  } finally {
    // The service worker registers only after the start-up (engine-ready, or the engine failed), when idle.
    registerServiceWorkerWhenIdle(new URL("../sw.js", import.meta.url));
  }
}

/** The start-up once the engine has answered: the stored game, or a first one, and every control wired. */
async function goOn(ready, record) {
  engineLoaded();
  useEngine(ready);
  $("engine-progress").value = 100;
  update(progressed, 100);
  // With storage, the stored game is shared by every tab: only the tab that holds it plays and saves
  const held = state.saving === "unavailable" || (await holdOnce());
  const claimed = held && held !== true ? await held.claimed : undefined;
  if (!held) update(elsewhere);
  else if (newer(claimed, record)) await resume(claimed, { drawn: false });
  else await resume(record);
  update(started);
  if (location.hash === NEW_GAME) await newGameFromShortcut();
  // a shortcut taken while the app is open may only change the fragment
  addEventListener("hashchange", () => location.hash === NEW_GAME && newGameFromShortcut());
  showPersistence();
  updateHistory();
  preloadCards(); // in idle moments: the first sight of each card costs no flip
  await watchLinked(); // ?replay=<id>: a finished game from the statistics page, watched over the game
}

/** The engine's progress in the state too, for the table's words once the rounds known ahead are spent. */
function showProgress(ready) {
  const bar = ready.onProgress; // game.js's, the progress bar's
  ready.onProgress = (value) => {
    bar(value);
    update(progressed, value);
  };
  update(progressed, $("engine-progress").value);
}

/**
 * The install's "New game" shortcut opens index.html#new-game: a new game is dealt over the one on screen, which
 * is offered back, and Flip has the focus. The fragment goes, so that a reload does not deal again, and so does the
 * browser's scroll to the element of that name (the New game button).
 */
async function newGameFromShortcut() {
  history.replaceState(null, "", location.pathname + location.search);
  if (state.mode !== "playing" && state.mode !== "over") return; // a damaged save, or a game held by another tab
  await newGame();
  window.scrollTo(0, 0);
  $("flip").focus();
}

// Space and Enter flip wherever focus is but where they have a meaning of their own (a slider has none)
const FIELDS = "input:not([type=range]), select, textarea, button, summary, a, [contenteditable]";
const TYPING = "input, select, textarea, [contenteditable]"; // they move with the arrows, Home and End themselves
// the shortcut letters work everywhere but where letters are typed (a select finds its options by them)
const TEXT = "input:not([type=range], [type=checkbox], [type=radio], [type=file]), select, textarea, [contenteditable]";
// the install's "New game" shortcut (manifest.webmanifest)
const NEW_GAME = "#new-game";

function onKey(event) {
  const target = event.target instanceof Element ? event.target : null;
  const replaying = state.mode === "replay";
  const { action, prevent } = keyAction({
    key: event.key, repeat: event.repeat, defaultPrevented: event.defaultPrevented, altKey: event.altKey,
    ctrlKey: event.ctrlKey, metaKey: event.metaKey, inField: Boolean(target && target.closest(FIELDS)), replaying,
    inTyping: Boolean(target && target.closest(TYPING)), inText: Boolean(target && target.closest(TEXT)),
  }, { autoplay: ["a", text("key_autoplay", "a")], new: ["n", text("key_new", "n")] });
  if (prevent) event.preventDefault(); // no page scroll on Space
  if (replaying) replayKey(action);
  else if (action === "flip" && controls(state).flip) flip(); // as Flip: a press before it takes one is no flip
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
  $("back-to-game").addEventListener("click", () => goBack());
  $("saving").addEventListener("toggle", () => showPersistence()); // the space used, as it is now
  wireReplay();
  wireTable();
  // every setting is stored at once; the deal's apply to the next game, and "New game" says so (table.js); the
  // others go to the bridge too, for its record; a slider takes effect while it moves
  for (const setting of SETTINGS) {
    for (const control of controlsOf(setting)) {
      control.addEventListener("change", () => {
        readSettings();
        if (setting.deal) {
          showOffered();
          persistGame();
        } else settingsChanged();
      });
      if (setting.kind === "range") control.addEventListener("input", readSettings);
    }
  }
  document.addEventListener("keydown", onKey);
  // Back or Forward to this page from the browser's back/forward cache (Safari's, Firefox's): it comes back as it
  // was left, and another page may have claimed the game and stored another since. Start again, from what is
  // stored now.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) location.reload();
  });
  // a press or a key may well be a flip: the estimate makes way at once and waits for the next pause; and the
  // first one lets the page sound
  for (const type of ["pointerdown", "keydown"]) {
    document.addEventListener(type, estimateLater, { capture: true, passive: true });
    document.addEventListener(type, wakeSound, { capture: true, passive: true });
    document.addEventListener(type, () => update(acted), { capture: true, passive: true, once: true });
  }
}

