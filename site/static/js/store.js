// The saved game, kept in IndexedDB through idb-keyval: database "krig", object store "saves".
//
// Keys and values (see the README's "Saving" section):
//   "current"     {version: 2, game: <engine to_dict()>, settings: {players, order, speed, animation},
//                  board: {counts, cards, pile, table, round, set_aside, status, winner, over, result_text, low},
//                  log: [game log entries, at most 200], savedAt: <ms since 1970>}
//                 Version 1 had no log. The page never reads an old record itself: the worker's bridge brings
//                 it up to date (site/webapp/records.py) before the engine checks its game.
//   "preferences" {keep: false} once the visitor turns "Keep my game on this device" off (absent = keep).
//   "history"     [{players, result, winner, rounds, low, endedAt}, ...] finished games for the statistics page
//                 (at most HISTORY_LIMIT, newest last).
// Every write is one idb-keyval call, i.e. one IndexedDB transaction.
//
// localStorage "krig-has-save" is "1" from the first save of this page's code until the game is deleted: a hint,
// read synchronously at start-up, that IndexedDB may hold a game worth waiting for. It never holds game data.

import { createStore, del, get, getMany, set, update } from "../vendor/idb-keyval.js";

export const RECORD_VERSION = 2;
const HISTORY_LIMIT = 1000;
// How long IndexedDB may take to open before saving counts as off. A blocked or broken database (some private
// modes) can leave the open request pending forever; a healthy one opens in milliseconds.
const OPEN_TIMEOUT_MS = 4000;

const SAVE_HINT = "krig-has-save";

let store = null;
let hinted = false; // this page has set the hint already

/** The object store, or null when this browser has no usable IndexedDB (then nothing is saved). */
function open() {
  if (store === null && typeof indexedDB !== "undefined") {
    try {
      store = createStore("krig", "saves");
    } catch {
      store = null;
    }
  }
  return store;
}

/** Whether a saved game may exist (the hint above); true when localStorage cannot tell. */
export function maybeSaved() {
  try {
    return localStorage.getItem(SAVE_HINT) === "1";
  } catch {
    return true;
  }
}

function hint(saved) {
  try {
    if (saved && !hinted) localStorage.setItem(SAVE_HINT, "1");
    if (!saved) localStorage.removeItem(SAVE_HINT);
    hinted = saved;
  } catch {
    // no localStorage: start-up simply waits for IndexedDB
  }
}

/**
 * What the page needs at start-up, read in one transaction: {storage, keep, record}. `storage` is false when
 * IndexedDB does not work here (it may be blocked, e.g. in some private modes); `keep` says whether the visitor
 * wants the game kept (the default); `record` is the saved record or null, and a record that is not even an
 * object is returned as is, for the damaged notice.
 */
export async function loadStart() {
  const s = open();
  if (!s) return { storage: false, keep: true, record: null };
  let timer;
  const stuck = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), OPEN_TIMEOUT_MS);
  });
  try {
    const values = await Promise.race([getMany(["preferences", "current"], s), stuck]);
    if (!values) return { storage: false, keep: true, record: null };
    const [preferences, record] = values;
    return { storage: true, keep: !(preferences && preferences.keep === false), record: record ?? null };
  } catch {
    return { storage: false, keep: true, record: null };
  } finally {
    clearTimeout(timer);
  }
}

/** The saved record, or null. A record that is not even an object is returned as is, for the damaged notice. */
export async function loadGame() {
  const s = open();
  return s ? ((await get("current", s)) ?? null) : null;
}

export async function saveGame(record) {
  const s = open();
  if (!s) return;
  await set("current", { log: [], ...record, version: RECORD_VERSION, savedAt: Date.now() }, s);
  hint(true);
}

export async function deleteGame() {
  const s = open();
  if (s) await del("current", s);
  hint(false);
}

export async function setKeep(keep) {
  const s = open();
  if (!s) return;
  if (keep) await del("preferences", s);
  else await set("preferences", { keep: false }, s);
}

/** Add one finished game to the history shown on the statistics page. */
export async function addHistory(entry) {
  const s = open();
  if (!s) return;
  await update("history", (list) => [...(Array.isArray(list) ? list : []), entry].slice(-HISTORY_LIMIT), s);
}

export async function loadHistory() {
  const s = open();
  const list = s ? await get("history", s) : null;
  return Array.isArray(list) ? list : [];
}
