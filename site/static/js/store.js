// What the page keeps in IndexedDB, through idb-keyval: database "krig", object store "saves".
//
// Keys and values:
//   "current"     the record of the game on screen, as the bridge built it (krig.webapp.records: version, id,
//                 game, settings, board, log, comeback, savedAt), with the page's latest settings. Stored as it
//                 is: the page reads only its board and settings, to draw them before Python is ready, and hands
//                 the rest back to the bridge.
//   "claim"       {tab}: the page that plays the stored game. A page claims it when it takes the game (at start-up
//                 or "Play here instead"), and every write of the record checks, in its own transaction, that the
//                 claim is still its own: the late write of a page that lost the game is refused.
//   "preferences" {keep: false} once the visitor turns "Keep my game on this device" off (absent = keep).
//   "history"     the finished games for the statistics page, newest last, as the bridge built them. A finished
//                 game's entry is added in the transaction that stores its last record (saving.js).
//   "replaced"    the record of an unfinished game that a new deal or an import replaced, kept for "Back to your
//                 game" until a round of the new game is played (back.js).
//   "persistence" {asked: true, granted} once the page has asked the browser to keep its data for good
//                 (persistence.js): it never asks again.
// Every write is one IndexedDB transaction, begun when it is asked for: IndexedDB runs the transactions of a page in
// the order they were begun, so the writes land in the order of the changes they keep.
//
// localStorage "krig-has-save" is "1" from the first save of this page's code until the game is deleted: a hint,
// read synchronously at start-up, that IndexedDB may hold a game worth waiting for. It never holds game data.

import { createStore, del, getMany, promisifyRequest, set } from "../vendor/idb-keyval.js";

// How long IndexedDB may take to open before saving counts as off. A blocked or broken database (some private
// modes) can leave the open request pending forever; a healthy one opens in milliseconds.
const OPEN_TIMEOUT_MS = 4000;

const SAVE_HINT = "krig-has-save";

let store = null;
let hinted = false; // this page has set the hint already
let history; // the finished games as stored, once this page has claimed the game: it alone adds to them
const TAB = Math.random().toString(36).slice(2) + Date.now().toString(36); // this page's name in "claim"

/** A write refused because another page has claimed the game since this one did. */
export class ClaimLost extends Error {
  constructor() {
    super("another page plays the stored game now");
    this.name = "ClaimLost";
  }
}

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

/** What `using(store)` resolves to, or null when IndexedDB does not work here (none, broken, or stuck opening). */
async function inTime(using) {
  const s = open();
  if (!s) return null;
  let timer;
  const stuck = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), OPEN_TIMEOUT_MS);
  });
  try {
    return await Promise.race([using(s), stuck]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The values of `keys` read in one transaction, or null when IndexedDB does not work here. */
function read(keys) {
  return inTime((s) => getMany(keys, s));
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

/**
 * Claim the stored game for this page: from now on the writes of any other page are refused. Resolves to
 * {record}, the record stored at that moment (read in the same transaction, null when there is none), which is
 * newer than the one read at start-up if another page's write landed in between; or null without storage.
 */
export function claim() {
  return inTime((s) => s("readwrite", (saves) => {
    saves.put({ tab: TAB }, "claim");
    const record = promisifyRequest(saves.get("current"));
    const games = promisifyRequest(saves.get("history"));
    return promisifyRequest(saves.transaction).then(async () => {
      history = (await games) ?? [];
      return { record: (await record) ?? null };
    });
  }));
}

/**
 * Nothing more to ask in `transaction`: it commits now, not once its requests are answered, so a page left at once
 * (a reload, a link followed) keeps the write instead of aborting it with the page.
 */
function commit(transaction) {
  if (typeof transaction.commit === "function") transaction.commit();
}

/**
 * Store `record` (null: none) and, with `finished`, the finished games that function makes of the stored ones
 * (null: they stay), in one transaction. Its writes are made at once and it commits at once, so that a page left
 * or reloaded in the same instant keeps them: the history is the one this page knows (read when it claimed the
 * game, kept since), read in the transaction only when it does not know it. The same transaction reads the
 * claim and the values it replaces: if another page has claimed the game since, they are put back at once and
 * the write is refused (ClaimLost).
 */
export function saveGame(record, finished = null) {
  const s = open();
  if (!s) return Promise.resolve();
  return s("readwrite", (saves) => new Promise((resolve, reject) => {
    const transaction = saves.transaction;
    let failure = null; // a request that could not even be made (e.g. the storage is full)
    let games = null;
    const claimed = saves.get("claim");
    const before = record ? saves.get("current") : null;
    const historyBefore = finished ? saves.get("history") : null;
    try {
      if (record) saves.put(record, "current");
      if (finished && history !== undefined) {
        games = finished(history);
        if (games) saves.put(games, "history");
        commit(transaction);
      } else if (finished) {
        historyBefore.onsuccess = () => { // not known yet: read, then written, in this transaction
          try {
            games = claimed.result && claimed.result.tab !== TAB ? null : finished(historyBefore.result);
            if (games) saves.put(games, "history");
          } catch (error) {
            failure = error;
            transaction.abort();
          }
        };
      } else {
        commit(transaction);
      }
    } catch (error) {
      failure = error;
      transaction.abort();
    }
    transaction.oncomplete = () => {
      const owner = claimed.result;
      if (!owner || owner.tab === TAB) {
        if (games) history = games;
        resolve();
        return;
      }
      const undo = [];
      if (before) undo.push(["current", before.result]);
      if (games) undo.push(["history", historyBefore.result]);
      putBack(s, undo).finally(() => reject(new ClaimLost()));
    };
    transaction.onabort = transaction.onerror = () => reject(failure ?? transaction.error);
  })).then(() => {
    if (record) hint(true);
  });
}

/** Put `values` ([key, value or undefined]) back as they were, in one transaction. */
function putBack(s, values) {
  return s("readwrite", (saves) => {
    for (const [key, value] of values) {
      if (value === undefined) saves.delete(key);
      else saves.put(value, key);
    }
    return promisifyRequest(saves.transaction);
  });
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
