// Keeping the game on this device: the record the bridge built after every round, with the finished game's entry
// for the statistics page in the same write, and the "Keep my game" and "Delete saved game" choices. Each write
// is one IndexedDB transaction begun at once, with what the page holds at that moment (store.js): so they land in
// the order of the changes, and a reload right after a change keeps it.

import { note } from "./announce.js";
import { REQUESTS } from "./facts.js";
import { engine, state, update } from "./page.js";
import { upToDate, withFinished } from "./history.js";
import { askToKeep } from "./persistence.js";
import { canSave, forgotDamaged, isPassive, kept, recorded, saveFailed, saveLanded, takenOver } from "./state.js";
import * as store from "./store.js";
import { text } from "./strings.js";

const $ = (id) => document.getElementById(id);

// After a write that failed, the next one is tried this much later, if no round has tried it since
const RETRY_MS = 5000;

let last = Promise.resolve();
let retry = null; // the timer of that next try

/** Every write asked for so far is done. */
export function written() {
  return last;
}

/**
 * A write was refused, or failed: another page has the game now, or the storage is full. Then what it carried of
 * a finished game (`entry`) is owed, and the record on screen is written again later with it, if no round has
 * written it by then.
 */
function refused(error, entry = null) {
  if (error instanceof store.ClaimLost) {
    update(takenOver); // the game is played in another tab now
    return;
  }
  update(saveFailed, entry);
  clearTimeout(retry);
  retry = setTimeout(tryAgain, RETRY_MS);
}

function tryAgain() {
  if (!state.unsaved) return;
  if (canSave(state)) persistGame();
  else keepFinished(null);
}

/**
 * Store the record on screen with the page's settings, if the visitor keeps it and this tab owns it, and with
 * `finished`, the bridge's entry of the game that has just ended, add that game to the history in the same
 * transaction (a game already there is not added twice). `answerFollows`: the bridge's record of the same round
 * is on its way, and stored next. `kept()` is called once a page that leaves can no longer lose the write (at
 * once when nothing is written): a round drawn then is a round kept.
 */
export function persistGame(finished = null, { answerFollows = false, kept = () => {} } = {}) {
  if (!canSave(state)) {
    kept();
    return last;
  }
  const record = { ...state.record, settings: state.settings };
  const round = state.board.round; // the record's own, or that of the last of its rounds ahead drawn
  return write(record, finished, () => {
    // a round drawn ahead once the engine is ready: <div id=board data-saved-round> waits for the bridge's record;
    // a game dealt since is not the one stored
    if (!answerFollows && state.record && state.record.id === record.id) markSaved(round);
    askToKeep(); // once, after the visitor's first action
  }, kept);
}

/** The record of round `round` is stored: <div id=board data-saved-round>, which tests wait for. */
export function markSaved(round) {
  $("board").dataset.savedRound = String(round);
}

/** No record of the game on screen is stored yet (a game just dealt or loaded), or none is any more. */
export function unmarkSaved() {
  delete $("board").dataset.savedRound;
}

/** Add the finished game of the bridge's entry to the history, unless it is there already (an older site's, or a
 * crash's game that ended before its entry was stored). */
export function keepFinished(finished) {
  if (state.saving !== "on" || isPassive(state)) return last;
  return write(null, finished, () => {});
}

/**
 * Store `record` (or null) with the finished game `finished` (or null), and any finished game still owed. `kept()`
 * is called once, when a page that leaves can no longer lose the write (store.js), or when it fails.
 */
function write(record, finished, done, kept = () => {}) {
  const entry = finished ?? (state.unsaved ? state.unsaved.entry : null);
  let told = false;
  const tell = () => {
    if (!told) kept();
    told = true;
  };
  last = store.saveGame(record, entry && ((games) => withFinished(games, entry)), tell).then(() => {
    tell();
    update(saveLanded, entry);
    if (!state.unsaved) clearTimeout(retry);
    done();
  }, (error) => {
    tell();
    refused(error, entry);
  });
  return last;
}

/**
 * Once the engine is ready: finished games stored by an older site are brought up to date by the bridge and stored
 * so, once, for the statistics page to read them without the engine. Not if a game was added to them since.
 */
export async function updateHistory() {
  const stored = store.claimedHistory();
  if (state.saving !== "on" || isPassive(state) || !stored) return;
  const games = await upToDate(stored, (request) => engine.request(request));
  if (games === stored) return;
  last = store.saveGame(null, (now) => (now === stored ? games : null)).catch(() => {}); // else at the next visit
}

/**
 * Keep `record`, an unfinished game a new deal replaces, for "Back to your game" (null forgets it): begun before the
 * new game's record is, it is stored first.
 */
export function keepReplaced(record) {
  if (state.saving !== "on" || isPassive(state)) return last;
  last = store.saveReplaced(record).catch(() => {}); // without it, Back works until a reload
  return last;
}

/**
 * The settings changed: stored at once with the record, then handed to the bridge, which puts them in the
 * records it builds from now on.
 */
export async function settingsChanged() {
  if (!state.record) return; // no game yet: the bridge gets the settings with the first one
  persistGame();
  try {
    update(recorded, (await engine.request({ type: REQUESTS.settings, settings: state.settings })).record);
  } catch {
    // every record the page stores carries its settings anyway
  }
}

/** "Keep my game on this device" turned on (the game is stored at once) or off (the stored game is deleted). */
export async function setKeep(keep) {
  update(kept, keep);
  if (state.saving === "unavailable") return;
  try {
    await store.setKeep(keep);
    if (keep) {
      await persistGame();
      note(text("saving_started"));
    } else {
      await written();
      await store.deleteGame();
      await store.saveReplaced(null);
      unmarkSaved();
      note(text("saving_stopped"));
    }
  } catch {
    update(saveFailed, null);
  }
}

/** "Delete saved game": the stored record goes (a damaged one too, with its notice); the game on screen stays. */
export async function deleteSave() {
  if (state.saving === "unavailable") return;
  try {
    await written();
    await store.deleteGame();
    await store.saveReplaced(null);
    unmarkSaved();
    update(forgotDamaged);
    note(text("deleted"));
  } catch {
    update(saveFailed, null);
  }
}
