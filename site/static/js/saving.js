// Keeping the game on this device: the record the bridge built after every round, the finished games for the
// statistics page, and the "Keep my game" and "Delete saved game" choices. Writes wait for each other in one
// queue, so they land in the order the rounds were played.

import { note } from "./announce.js";
import { engine, state, update } from "./page.js";
import { askToKeep } from "./persistence.js";
import { canSave, forgotDamaged, isPassive, kept, recorded } from "./state.js";
import * as store from "./store.js";
import { text } from "./strings.js";

const $ = (id) => document.getElementById(id);

let queue = Promise.resolve();

/** Every write asked for so far is done. */
export function written() {
  return queue;
}

function saveFailed(failed) {
  $("save-failed").hidden = !failed;
}

/** Store the record on screen, if the visitor keeps it and this tab owns it. One IndexedDB write per call. */
export function persistGame() {
  if (!canSave(state)) return queue;
  const { record } = state;
  queue = queue.then(async () => {
    if (isPassive(state)) return; // another tab took the game over while this save waited: never overwrite it
    try {
      await store.saveGame(record); // the whole record in one transaction: a crash keeps the last one whole
      saveFailed(false);
      $("board").dataset.savedRound = String(record.board.round);
      askToKeep(); // once, after the visitor's first action
    } catch {
      saveFailed(true); // e.g. the storage is full; the next round's save tries again with everything
    }
  });
  return queue;
}

/** Keep a finished game (the bridge's entry) for the statistics page: the bridge says what the history keeps. */
export function keepFinished(entry) {
  if (state.saving !== "on") return;
  queue = queue.then(async () => {
    try {
      const { games } = await store.loadHistory();
      await store.saveHistory((await engine.request({ type: "history", entries: games, add: entry })).entries);
    } catch {
      // the statistics page only misses this game
    }
  });
}

/**
 * Keep `record`, an unfinished game a new deal replaces, for "Back to your game" (null forgets it), in the queue
 * of writes: it is stored before the new game's record.
 */
export function keepReplaced(record) {
  if (state.saving !== "on" || isPassive(state)) return queue;
  queue = queue.then(() => store.saveReplaced(record).catch(() => {})); // without it, Back works until a reload
  return queue;
}

/** The settings changed: the bridge puts them in the record, which is stored (if it is to be). */
export async function settingsChanged() {
  if (!state.record) return; // no game yet: the bridge gets the settings with the first one
  try {
    update(recorded, (await engine.request({ type: "settings", settings: state.settings })).record);
  } catch {
    return; // the next round's record holds them
  }
  persistGame();
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
      await queue;
      await store.deleteGame();
      await store.saveReplaced(null);
      delete $("board").dataset.savedRound;
      note(text("saving_stopped"));
    }
  } catch {
    saveFailed(true);
  }
}

/** "Delete saved game": the stored record goes (a damaged one too, with its notice); the game on screen stays. */
export async function deleteSave() {
  if (state.saving === "unavailable") return;
  try {
    await queue;
    await store.deleteGame();
    await store.saveReplaced(null);
    delete $("board").dataset.savedRound;
    update(forgotDamaged);
    note(text("deleted"));
  } catch {
    saveFailed(true);
  }
}
