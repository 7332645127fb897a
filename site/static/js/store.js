// What the page keeps in IndexedDB, through idb-keyval: database "krig", object store "saves".
//
// Keys and values:
//   "current"     the record of the game on screen, as the bridge built it (krig.webapp.records: version, game,
//                 settings, board, log, comeback, savedAt). Stored as it is: the page reads only its board and
//                 settings, to draw them before Python is ready, and hands the rest back to the bridge.
//   "preferences" {keep: false} once the visitor turns "Keep my game on this device" off (absent = keep).
//   "history"     the finished games for the statistics page, newest last, as the bridge built them.
//   "replaced"    the record of an unfinished game that a new deal or an import replaced, kept for "Back to your
//                 game" until a round of the new game is played (back.js).
//   "persistence" {asked: true, granted} once the page has asked the browser to keep its data for good
//                 (persistence.js): it never asks again.
// Every write is one idb-keyval call, i.e. one IndexedDB transaction.
//
// localStorage "krig-has-save" is "1" from the first save of this page's code until the game is deleted: a hint,
// read synchronously at start-up, that IndexedDB may hold a game worth waiting for. It never holds game data.

import { createStore, del, get, getMany, set } from "../vendor/idb-keyval.js";

// How long IndexedDB may take to open before saving counts as off. A blocked or broken database (some private
// modes) can leave the open request pending forever; a healthy one opens in milliseconds.
const OPEN_TIMEOUT_MS = 4000;

const SAVE_HINT = "krig-has-save";

let store = null;
let hinted = false; // this page has set the hint already

/** The object store, or null when this browser has no usable IndexedDB (then nothing is saved). */
function open() {
  if (store === null) {
    try {
      // reading `indexedDB` itself may throw (a SecurityError for opaque origins and some privacy settings)
      if (typeof indexedDB !== "undefined") store = createStore("krig", "saves");
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

/** The values of `keys` read in one transaction, or null when IndexedDB does not work here. */
async function read(keys) {
  const s = open();
  if (!s) return null;
  let timer;
  const stuck = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), OPEN_TIMEOUT_MS);
  });
  try {
    return await Promise.race([getMany(keys, s), stuck]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What the page needs at start-up, read in one transaction: {storage, keep, record}. `storage` is false when
 * IndexedDB does not work here (it may be blocked, e.g. in some private modes); `keep` says whether the visitor
 * wants the game kept (the default); `record` is the stored record or null, and a record that is not even an
 * object is returned as is, for the damaged notice.
 */
export async function loadStart() {
  const values = await read(["preferences", "current"]);
  if (!values) return { storage: false, keep: true, record: null };
  const [preferences, record] = values;
  return { storage: true, keep: !(preferences && preferences.keep === false), record: record ?? null };
}

/** The stored record, or null. A record that is not even an object is returned as is, for the damaged notice. */
export async function loadGame() {
  const s = open();
  return s ? ((await get("current", s)) ?? null) : null;
}

/** Store the record the bridge built, as it is. */
export async function saveGame(record) {
  const s = open();
  if (!s) return;
  await set("current", record, s);
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

/** The finished games as stored: {storage, games}, `storage` false when IndexedDB does not work here. */
export async function loadHistory() {
  const values = await read(["history"]);
  return { storage: values !== null, games: values && Array.isArray(values[0]) ? values[0] : [] };
}

export async function saveHistory(games) {
  const s = open();
  if (s) await set("history", games, s);
}

/** The record kept for "Back to your game", or null. */
export async function loadReplaced() {
  const values = await read(["replaced"]);
  return values ? (values[0] ?? null) : null;
}

/** Keep `record` for "Back to your game"; null forgets it. */
export async function saveReplaced(record) {
  const s = open();
  if (!s) return;
  if (record === null) await del("replaced", s);
  else await set("replaced", record, s);
}

/** What the browser answered when asked to keep the site's data for good, or null when it was never asked. */
export async function loadPersistence() {
  const values = await read(["persistence"]);
  return values ? (values[0] ?? null) : null;
}

export async function savePersistence(answer) {
  const s = open();
  if (s) await set("persistence", answer, s);
}
