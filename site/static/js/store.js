// What the page keeps in IndexedDB, through idb-keyval, in the database and object store database.js names.
//
// Keys and values:
//   "current"     the record of the game on screen, as the bridge built it (krig.webapp.records: version, id,
//                 game, settings, board, log, comeback, savedAt), with the page's latest settings. Stored as it
//                 is: the page reads only its board and settings, to draw them before Python is ready, and hands
//                 the rest back to the bridge.
//   "claim"       {tab}: the page that plays the stored game. A page claims it when it takes the game (at start-up
//                 or "Play here instead"), and marks the page that had it as lost, unless no other page is open.
//   ["lost", tab] when that page claimed or took the game: the page `tab` has lost it. Every write of the record
//                 begins by adding the writing page's own mark, which fails if the mark is there: the late write of a
//                 page that lost the game fails whole, in IndexedDB itself. The latest MARKS_KEPT marks are kept.
//   "preferences" {keep: false} once the visitor turns "Keep my game on this device" off (absent = keep).
//   "history"     the finished games for the statistics page, newest last, as the bridge built them. A finished
//                 game's entry is added in the transaction that stores its last record (saving.js).
//   "replaced"    the record of an unfinished game that a new deal or an import replaced, kept for "Back to your
//                 game" until a round of the new game is played (back.js).
//   "persistence" {asked: true, granted} once the page has asked the browser to keep its data for good
//                 (persistence.js): it never asks again.
// Every write is one IndexedDB transaction, begun when it is asked for: IndexedDB runs the read-write transactions
// on a store one at a time, in the order they were begun, so the writes land in the order of the changes they keep.
// Every transaction but the claim, reads too, makes its requests in the task that begins it and is committed then
// where the browser can (`commitNow`): it never waits for this page to answer IndexedDB. A write begun behind a
// transaction that waits for a busy page (one that has just drawn a round) dies with the page if it is left in
// that moment (Chromium; benchmarks/queued_writes.py).
//
// localStorage "krig-has-save" is "1" from the first save of this page's code until the game is deleted: a hint,
// read synchronously at start-up, that IndexedDB may hold a game worth waiting for. It never holds game data.

import { createStore, promisifyRequest } from "../vendor/idb-keyval.js";
import { DATABASE, STORE } from "./database.js";

// How long IndexedDB may take to open before saving counts as off. A blocked or broken database (some private
// modes) can leave the open request pending forever; a healthy one opens in milliseconds. Once it is open, its
// answers are waited for however long a busy device takes: a slow answer is not a broken storage.
const OPEN_TIMEOUT_MS = 4000;

const SAVE_HINT = "krig-has-save";

let store = null;
let hinted = false; // this page has set the hint already
let history; // the finished games as stored, once this page has claimed the game: it alone adds to them
let probed = false;
let committedAtOnce = false; // whether writes commit at once: only where a failed request still aborts them
const TAB = Math.random().toString(36).slice(2) + Date.now().toString(36); // this page's name in "claim"
// ["lost", tab]: the page `tab` has lost the game to a later claim; at most MARKS_KEPT of them are kept
const lost = (tab) => ["lost", tab];
const allMarks = () => IDBKeyRange.bound(["lost"], ["lost", []]);
const MARKS_KEPT = 100;

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
      if (typeof indexedDB !== "undefined") store = createStore(DATABASE, STORE);
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
  const opened = (mode, callback) => s(mode, (saves) => {
    clearTimeout(timer);
    return callback(saves);
  });
  try {
    return await Promise.race([using(opened), stuck]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** Commit `transaction` now that its requests are made, where the browser has `commit()`. */
function commitNow(transaction) {
  if (typeof transaction.commit === "function") transaction.commit();
}

/** Put `value` under `key`, or delete the key when `value` is undefined; nothing without IndexedDB. */
function change(key, value) {
  const s = open();
  if (!s) return Promise.resolve();
  return s("readwrite", (saves) => {
    if (value === undefined) saves.delete(key);
    else saves.put(value, key);
    commitNow(saves.transaction);
    return promisifyRequest(saves.transaction);
  });
}

/**
 * The values of `keys` read in one transaction committed at once, or null when IndexedDB does not work here. They
 * are there once the reads are answered: the page does not wait for the transaction to complete.
 */
function read(keys) {
  return inTime((s) => s("readonly", (saves) => {
    const requests = keys.map((key) => saves.get(key));
    commitNow(saves.transaction);
    return Promise.all(requests.map(promisifyRequest));
  }));
}

/**
 * What the page needs at start-up, read in one transaction: {storage, keep, record, replaced}. `storage` is false
 * when IndexedDB does not work here (it may be blocked, e.g. in some private modes); `keep` says whether the
 * visitor wants the game kept (the default); `record` is the stored record or null, and a record that is not even
 * an object is returned as is, for the damaged notice; `replaced` is the game kept for "Back to your game", or null.
 */
export async function loadStart() {
  const reading = read(["preferences", "current", "replaced"]);
  probeOnce();
  const values = await reading;
  if (!values) return { storage: false, keep: true, record: null, replaced: null };
  const [preferences, record, replaced] = values;
  return { storage: true, keep: !(preferences && preferences.keep === false), record: record ?? null,
    replaced: replaced ?? null };
}

/**
 * Claim the stored game for this page: from now on the writes of any other page are refused. `alone`: no other
 * page is open on the game (Web Locks say so), so none can write late. Resolves to {record}, the record stored at
 * that moment (read in the same transaction, null when there is none), which is newer than the one read at
 * start-up if another page's write landed in between; or null without storage.
 */
export function claim({ alone = false } = {}) {
  probeOnce();
  return inTime((s) => s("readwrite", (saves) => {
    const claimed = saves.get("claim");
    const times = saves.getAll(allMarks());
    const marked = saves.getAllKeys(allMarks());
    const record = saves.get("current");
    const games = saves.get("history");
    marked.onsuccess = () => {
      const owner = claimed.result;
      if (alone) saves.delete(allMarks());
      else {
        if (owner && owner.tab !== TAB) saves.put(Date.now(), lost(owner.tab));
        for (const key of oldestMarks(marked.result, times.result)) saves.delete(key);
      }
      saves.delete(lost(TAB));
      saves.put({ tab: TAB }, "claim");
    };
    return promisifyRequest(saves.transaction).then(() => {
      history = games.result ?? [];
      return { record: record.result ?? null };
    });
  }));
}

/**
 * Find out, once, before the page's first write, whether its writes can be committed at once: begun at start-up
 * beside the first read (or before the first claim), its transaction runs before the claim's, and so has its
 * answer before any write of the record is asked for.
 */
function probeOnce() {
  const s = open();
  if (probed || !s) return;
  probed = true;
  failedRequestAborts(s).then((yes) => { committedAtOnce = yes; }, () => {}); // a database that cannot open
}

/**
 * Whether a transaction committed at once still aborts when one of its requests fails (Chromium's does; Firefox's
 * commits its other requests): an `add` of the key "probe" that fails, as a lost page's mark does, after a put of
 * it, which stays only where the answer is no.
 */
function failedRequestAborts(s) {
  return new Promise((resolve) => {
    s("readwrite", (saves) => {
      const transaction = saves.transaction;
      if (typeof transaction.commit !== "function") return resolve(false);
      saves.put(true, "probe");
      saves.add(true, "probe").onerror = () => {};
      transaction.commit();
      transaction.oncomplete = () => {
        change("probe", undefined).catch(() => {});
        resolve(false);
      };
      // by the failed add, not by a full disk
      transaction.onabort = () => resolve(Boolean(transaction.error) && transaction.error.name === "ConstraintError");
    }).catch(() => resolve(false));
  });
}

/** The keys of the marks beyond the latest MARKS_KEPT (`keys` and `times` as stored, in the same order). */
function oldestMarks(keys, times) {
  const order = keys.map((key, index) => [times[index], key]).sort((a, b) => b[0] - a[0]);
  return order.slice(MARKS_KEPT - 1).map(([, key]) => key);
}

/** The finished games as this page last read or stored them, once it has claimed the game (undefined before). */
export function claimedHistory() {
  return history;
}

/**
 * Store `record` (null: none) and, with `finished`, the finished games that function makes of the stored ones
 * (null: they stay), in one transaction whose requests are all made at once: a page left or reloaded in the same
 * instant keeps them. Its first request adds this page's mark, which exists only if another page has claimed the
 * game since this one did: then that request fails, and with it the whole transaction, before anything is written
 * (ClaimLost). The history is the one this page knows: read when it claimed the game, and written since by this
 * page alone, since any other page's write fails in the same way. `answered()` is called once a page that leaves
 * can no longer lose the write: at once where it is committed at once, else when its requests are answered (then
 * it commits without the page), or when it fails.
 */
export function saveGame(record, finished = null, answered = () => {}) {
  const s = open();
  if (!s) {
    answered();
    return Promise.resolve();
  }
  return s("readwrite", (saves) => new Promise((resolve, reject) => {
    // committed now, not once its requests are answered: a page left at once keeps it
    const committed = committedAtOnce && !(finished && history === undefined);
    const transaction = saves.transaction;
    let failure = null; // a request that could not even be made (e.g. the storage is full)
    let games = null;
    const check = saves.add(true, lost(TAB));
    check.onerror = () => {
      if (check.error && check.error.name === "ConstraintError") failure = new ClaimLost();
    };
    transaction.addEventListener("abort", answered);
    try {
      let latest = saves.delete(lost(TAB));
      if (record) latest = saves.put(record, "current");
      if (finished && history !== undefined) {
        games = finished(history);
        if (games) latest = saves.put(games, "history");
      } else if (finished) {
        const stored = saves.get("history"); // not known (the claim could not read it): read in this transaction
        stored.onsuccess = () => {
          try {
            games = finished(stored.result);
            if (games) saves.put(games, "history");
          } catch (error) {
            failure = error;
            transaction.abort();
          }
        };
      }
      if (committed) transaction.commit();
      else latest.addEventListener("success", answered);
    } catch (error) {
      failure = error;
      transaction.abort();
    }
    if (committed && !failure) answered();
    transaction.oncomplete = () => {
      if (games) history = games;
      resolve();
    };
    transaction.onabort = () => reject(failure ?? transaction.error);
  })).then(() => {
    if (record) hint(true);
  });
}

export async function deleteGame() {
  await change("current", undefined);
  hint(false);
}

export function setKeep(keep) {
  return change("preferences", keep ? undefined : { keep: false });
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
export function saveReplaced(record) {
  return change("replaced", record ?? undefined);
}

/** What the browser answered when asked to keep the site's data for good, or null when it was never asked. */
export async function loadPersistence() {
  const values = await read(["persistence"]);
  return values ? (values[0] ?? null) : null;
}

export function savePersistence(answer) {
  return change("persistence", answer);
}
