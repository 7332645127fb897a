// The game page: owns the DOM, talks to the engine worker (engine.js) and keeps the game in IndexedDB
// (store.js). It never decides a rule: every round, count and sentence comes from the worker's view.
//
// Start-up order, so that nobody stares at nothing:
//   1. read the saved game from IndexedDB and draw its board at once → performance.mark("board-restored")
//      (when a localStorage hint says there is no save, the empty board on screen is the board: the mark
//      takes the time it was shown, and Python does not wait for IndexedDB);
//   2. start the worker (Pyodide loads in the background, #engine-progress shows how far);
//   3. when the engine answers: restore the save (or start a new game), enable the controls,
//      <html data-engine="ready"> → performance.mark("engine-ready").
// If the engine cannot load (no WebAssembly, files missing, offline on a first visit, 30 s timeout),
// #engine-failed says so and the rest of the page keeps working.

import { boardFromView, preloadCards, render, renderChances, validBoard } from "./board.js";
import { Engine } from "./engine.js";
import { registerServiceWorkerWhenIdle } from "./offline.js";
import * as store from "./store.js";
import { text } from "./strings.js";

const $ = (id) => document.getElementById(id);
const root = document.documentElement;
const lang = root.lang || "en";

/** Milliseconds between auto-play rounds, by the speed slider's value (1 slow … 5 fast). */
const SPEED_DELAY = { 1: 1400, 2: 800, 3: 450, 4: 180, 5: 20 };
const MAX_IMPORT_BYTES = 64 * 1024;
const MAX_LOG = 200; // game log entries kept with the save: the latest rounds
const CHANCE_ROLLOUTS = 500; // rollouts behind each estimate of the win chances
const CHANCE_CHUNK = 20; // rollouts per request, a few ms of Python: a flip never waits for more than one
const CHANCE_PAUSE = 700; // ms without a flip, key or click before an estimate starts
const ANIMATIONS = ["normal", "fast", "none"];
const ANNOUNCE_GAP = 2500; // ms: during auto-play, screen readers hear at most one round this often, the latest
const MAX_SEED = Number.MAX_SAFE_INTEGER; // seeds travel as JSON numbers, which are exact up to 2**53 - 1

const state = {
  engine: null,
  ready: false, // the engine answers
  hasGame: false, // the worker holds a game
  busy: false, // a request that changes the game is in flight: one at a time, no double flips
  board: null, // what is on screen (board.js)
  save: null, // the engine's to_dict() of the game on screen
  settings: { players: 2, order: "shuffled", speed: 3, animation: "normal" },
  keep: true, // "Keep my game on this device"
  storage: true, // IndexedDB works here
  damaged: null, // a saved record that could not be loaded, kept untouched until a new game replaces it
  passive: false, // another tab took this game over
  autoplay: false,
  autoTimer: null,
  games: 0, // games started or loaded on this page, shown as <div id=board data-game-id> for tests
  announceTimer: null, // the next announcement during auto-play
  announcedAt: 0,
  chanceRun: 0, // the estimate in progress; a newer round, a flip or a click stops it before its next chunk
  chanceTimer: null, // the pause before the next estimate starts
  chanceShown: false, // the bars on screen hold the estimate for the round on screen
  low: null, // the fewest cards seat 0 held in this game (for the statistics page's "comeback")
  log: [], // the game log's entries (plain data, told in the page's language by the worker), kept with the save
  saving: Promise.resolve(),
};

// Settings and controls

function readSettings() {
  const players = Number($("players").value);
  const order = document.querySelector("input[name=order]:checked")?.value || "shuffled";
  const speed = Number($("speed").value) || 3;
  const animation = ANIMATIONS.includes($("animation").value) ? $("animation").value : "normal";
  state.settings = { players, order, speed, animation };
  root.classList.toggle("no-animation", animation === "none");
  root.classList.toggle("fast-animation", animation === "fast");
}

function applySettings(settings) {
  if (!settings || typeof settings !== "object") return;
  if ([2, 3, 4].includes(settings.players)) $("players").value = String(settings.players);
  if (settings.order === "played" || settings.order === "shuffled") {
    document.querySelector(`input[name=order][value=${settings.order}]`).checked = true;
  }
  if (Number.isInteger(settings.speed) && settings.speed >= 1 && settings.speed <= 5) {
    $("speed").value = String(settings.speed);
  }
  if (ANIMATIONS.includes(settings.animation)) $("animation").value = settings.animation;
  readSettings();
}

/** Enable exactly the controls that make sense now. */
function updateControls() {
  const live = state.ready && !state.passive;
  const playable = live && state.hasGame && !(state.board && state.board.over);
  for (const element of document.querySelectorAll("[data-needs-engine]")) element.disabled = !live;
  $("flip").disabled = !playable;
  $("autoplay").disabled = !playable;
  $("finish").disabled = !playable;
  $("share").disabled = !(live && state.hasGame);
  $("export").disabled = !(live && state.hasGame);
  $("import").disabled = !live;
  $("flip").setAttribute("aria-busy", String(state.busy));
}

function setAutoplay(on) {
  const paused = state.autoplay && !on;
  state.autoplay = on;
  const button = $("autoplay");
  button.setAttribute("aria-pressed", String(on));
  button.textContent = on ? button.dataset.labelPause : button.dataset.labelPlay;
  clearTimeout(state.autoTimer);
  if (on) state.autoTimer = setTimeout(autoStep, 0);
  if (paused) estimateLater(); // auto-play too fast for an estimate: make one once play has paused
}

async function autoStep() {
  if (!state.autoplay) return;
  if (!state.busy) await flip();
  if (!state.autoplay) return;
  if (!state.hasGame || state.board?.over || !state.ready || state.passive) {
    setAutoplay(false);
    return;
  }
  state.autoTimer = setTimeout(autoStep, SPEED_DELAY[state.settings.speed] ?? 450);
}

/** During auto-play, announce only the latest round, at most once every ANNOUNCE_GAP ms: no flood. */
function announceLatest(sentence) {
  clearTimeout(state.announceTimer);
  const wait = state.announcedAt + ANNOUNCE_GAP - Date.now();
  state.announceTimer = setTimeout(() => {
    state.announcedAt = Date.now();
    $("status").querySelector(".full").textContent = sentence;
  }, Math.max(0, wait));
}

function note(message) {
  // A short confirmation (saving on/off, deleted, imported…) in the status line, which is announced.
  const status = $("status");
  status.querySelector(".short").textContent = message;
  status.querySelector(".full").textContent = message;
}

function show(element, visible = true) {
  $(element).hidden = !visible;
}

// Showing a view

/** Put a view from the worker on screen; `fresh` for a round just played, and save it. */
function showView(view, { fresh = false, persist = true, log = true, loaded = false } = {}) {
  if (loaded) $("board").dataset.gameId = String(++state.games);
  const wasOver = Boolean(state.board && state.board.over) && state.hasGame;
  state.board = boardFromView(view, state.board, lang);
  state.save = view.save;
  state.hasGame = true;
  const mine = view.seats[0].count;
  state.low = state.low === null ? mine : Math.min(state.low, mine);
  if (Number.isInteger(view.low)) state.low = Math.min(state.low, view.low); // the rounds "finish" played
  render(state.board, { fresh: fresh && state.settings.animation !== "none", announce: !state.autoplay });
  if (state.autoplay) announceLatest(state.board.announce);
  else clearTimeout(state.announceTimer); // this round was announced by render: no older one after it
  if (log && view.log) addLog(view.log);
  updateControls();
  if (view.over && !wasOver && persist) recordFinished(view);
  if (view.over) setAutoplay(false);
  if (persist) persistGame(); // queued behind earlier saves; the next round need not wait for the disk
  state.chanceShown = false;
  renderChances(null, 4); // the old estimate no longer holds
  estimateLater();
}

/**
 * Stop the win-chance estimate in progress (it sends no further chunk) and start it again after CHANCE_PAUSE
 * ms without a flip, key or click, so that an estimate never delays a flip. Called for every round shown and
 * whenever the visitor is about to act.
 */
function estimateLater() {
  const run = ++state.chanceRun;
  clearTimeout(state.chanceTimer);
  if (!state.hasGame || !state.board || state.board.over || state.chanceShown) return;
  state.chanceTimer = setTimeout(() => estimateChances(run), CHANCE_PAUSE);
}

/**
 * Estimate each seat's chance of winning from the round on screen: Monte Carlo rollouts in the worker,
 * CHANCE_CHUNK at a time. The worker keeps the running totals of the position, so a stopped estimate goes on
 * where it was at the next pause; the bars are drawn once, when CHANCE_ROLLOUTS are done.
 */
async function estimateChances(run) {
  if (run !== state.chanceRun || !state.board) return;
  const { round, players } = state.board;
  try {
    for (let answer = { done: 0 }; answer.done < CHANCE_ROLLOUTS;) {
      if (run !== state.chanceRun || state.passive || !state.ready) return; // a flip is coming, or another tab
      answer = await state.engine.request({ type: "chances", rollouts: CHANCE_CHUNK });
      if (run !== state.chanceRun || answer.round !== round) return;
      if (answer.done >= CHANCE_ROLLOUTS) {
        state.chanceShown = true;
        renderChances(answer, players);
      }
    }
  } catch {
    // an estimate is a nicety: without it the game goes on
  }
}

/** One line of the game log ({entry, label, text, wars} from the worker); rounds with wars stand out. */
function logItem(line) {
  const item = document.createElement("li");
  item.value = line.entry.round;
  const label = document.createElement("strong");
  label.textContent = line.label;
  item.append(label, " ", line.text);
  if (line.wars) {
    item.classList.add("war");
    const tag = document.createElement("span");
    tag.className = "war-tag";
    tag.textContent = line.wars;
    item.append(" ", tag);
  }
  return item;
}

function addLog(line) {
  state.log = [...state.log, line.entry].slice(-MAX_LOG);
  const list = $("log-list");
  list.prepend(logItem(line)); // newest first
  while (list.children.length > MAX_LOG) list.lastElementChild.remove();
}

function clearLog() {
  state.log = [];
  $("log-list").replaceChildren();
}

/** Show a saved log (the record's entries), told by the worker in this page's language. */
async function showLog(entries) {
  clearLog();
  if (!Array.isArray(entries) || !entries.length) return;
  try {
    const { lines } = await state.engine.request({ type: "log", entries: entries.slice(-MAX_LOG) });
    state.log = lines.map((line) => line.entry);
    $("log-list").replaceChildren(...lines.reverse().map(logItem));
  } catch {
    // the log is a nicety: the game goes on without it
  }
}

// Saving

/** Save the game on screen, if the visitor keeps it and this tab owns it. One IndexedDB write per call. */
function persistGame() {
  if (!state.keep || !state.storage || state.damaged || state.passive || !state.save) return state.saving;
  const record = {
    game: state.save,
    settings: state.settings,
    board: { ...state.board, low: state.low },
    log: state.log,
  };
  const round = state.board.round;
  state.saving = state.saving.then(async () => {
    if (state.passive) return; // another tab took the game over while this save waited: never overwrite it
    try {
      await store.saveGame(record); // the whole record in one transaction: a crash keeps the last one whole
      show("save-failed", false);
      $("board").dataset.savedRound = String(round);
    } catch {
      show("save-failed", true); // e.g. the storage is full; the next round's save tries again with everything
    }
  });
  return state.saving;
}

function recordFinished(view) {
  if (!state.keep || !state.storage) return;
  store.addHistory({
    players: view.players,
    result: view.result,
    winner: view.game_winner,
    rounds: view.round,
    low: state.low,
    endedAt: Date.now(),
  }).catch(() => {});
}

async function setKeep(keep) {
  state.keep = keep;
  if (!state.storage) return;
  try {
    await store.setKeep(keep);
    if (keep) {
      await persistGame();
      note(text("saving_started"));
    } else {
      await state.saving;
      await store.deleteGame();
      delete $("board").dataset.savedRound;
      note(text("saving_stopped"));
    }
  } catch {
    show("save-failed", true);
  }
}

async function deleteSave() {
  if (!state.storage) return;
  try {
    await state.saving;
    await store.deleteGame();
    delete $("board").dataset.savedRound;
    if (state.damaged) {
      state.damaged = null;
      show("save-damaged", false);
    }
    note(text("deleted"));
  } catch {
    show("save-failed", true);
  }
}

// Engine requests that change the game

async function run(request, options) {
  if (state.busy || !state.ready || state.passive) return false;
  state.busy = true;
  updateControls();
  try {
    const answer = await state.engine.request(request);
    showView(answer.view, options);
    return true;
  } catch (error) {
    handleError(error);
    return false;
  } finally {
    state.busy = false;
    updateControls();
  }
}

async function flip() {
  if (!state.hasGame || state.board?.over) return;
  estimateLater(); // no further chunk of the estimate: the flip goes next in the worker's queue
  await run({ type: "flip" }, { fresh: true });
}

async function finish() {
  if (!state.hasGame || state.board?.over) return;
  setAutoplay(false);
  await run({ type: "finish" });
}

/** A new game with the form's settings (or `deal`, from a shared link). */
async function newGame(deal = null) {
  setAutoplay(false);
  readSettings();
  const seedInput = $("seed");
  let seed = deal ? deal.seed : seedInput.value.trim();
  if (!deal && seed !== "" && !validSeed(seed)) {
    seedInput.setCustomValidity(text("bad_seed_input", "A seed is a whole number from 0 to 9007199254740991."));
    seedInput.reportValidity();
    return;
  }
  seedInput.setCustomValidity("");
  const players = deal ? deal.players : state.settings.players;
  const order = deal ? deal.order : state.settings.order;
  if (deal) applySettings({ ...state.settings, players, order });
  const previous = { board: state.board, low: state.low, damaged: state.damaged };
  state.board = null; // a new deal shows no old cards
  state.low = null;
  state.damaged = null; // starting a new game replaces a damaged save, as its notice says
  const ok = await run({ type: "new", players, order, seed: seed === "" ? null : Number(seed) },
    { log: false, loaded: true });
  if (ok) {
    clearLog();
    show("save-damaged", false);
    show("import-failed", false);
  } else {
    Object.assign(state, previous);
  }
}

function validSeed(seed) {
  return /^[0-9]{1,16}$/.test(seed) && Number(seed) <= MAX_SEED;
}

/** Why a save or file was refused: the page's own words for what a person can act on, else the engine's. */
function refusal(error) {
  if (error.code === "newer") return text("save_newer");
  if (error.code === "too-big") return text("save_too_big");
  return error.message || text("not_json");
}

function handleError(error) {
  if (error && (error.kind === "timeout" || error.kind === "load" || error.kind === "unsupported")) {
    engineFailed(error);
    return;
  }
  // A request the engine refused (it should not happen from this page): say so plainly and go on.
  note(error && error.message ? error.message : String(error));
}

// Start-up

function engineFailed(error) {
  state.ready = false;
  setAutoplay(false);
  root.dataset.engine = "failed";
  show("engine-loading", false);
  const notice = $("engine-failed");
  if (error && error.kind === "timeout" && !notice.querySelector(".reason")) {
    const reason = document.createElement("p");
    reason.className = "reason";
    reason.textContent = text("engine_failed_timeout");
    notice.append(reason);
  }
  notice.hidden = false;
  updateControls();
}

/** The deal asked for by a shared link (?players=3&seed=12&order=played), null if none, or {error}. */
function linkedDeal() {
  const params = new URLSearchParams(location.search);
  if (!params.has("players") && !params.has("seed") && !params.has("order")) return null;
  const players = Number(params.get("players") || "2");
  const seed = params.get("seed") || "";
  const order = params.get("order") || "shuffled";
  if (![2, 3, 4].includes(players)) return { error: text("bad_players") };
  if (!validSeed(seed)) return { error: text("bad_seed") };
  if (order !== "shuffled" && order !== "played") return { error: text("bad_order") };
  return { players, seed: Number(seed), order };
}

function forgetLink() {
  history.replaceState(null, "", location.pathname + location.hash);
}

/**
 * Read the save before Python is ready, and draw it at once. `emptyAt` is set when the page, told by the save
 * hint that there is no save, went on with the empty board already on screen at that time: if IndexedDB indeed
 * holds no game, that is when the board was restored.
 */
async function restoreBoard(emptyAt = null) {
  let record = null;
  ({ storage: state.storage, keep: state.keep, record } = await store.loadStart()); // one transaction
  $("keep").checked = state.keep;
  if (!state.storage) show("storage-off", true);
  if (record && typeof record === "object" && validBoard(record.board)) {
    applySettings(record.settings);
    state.board = record.board;
    state.low = Number.isInteger(record.board.low) ? record.board.low : null;
    if (record.board.lang !== lang) {
      state.board = { ...record.board, status: "", announce: "" }; // the sentence was in another language
    }
    render(state.board, { announce: false }); // this round was announced when it was played
    emptyAt = null;
  }
  performance.mark("board-restored", emptyAt === null ? undefined : { startTime: emptyAt });
  return record;
}

/** With the engine ready: load the saved game, or follow a shared link, or deal a first game. */
async function resume(record) {
  const deal = linkedDeal();
  if (deal && deal.error) {
    $("bad-link-text").textContent = deal.error;
    show("bad-link", true);
    forgetLink();
  } else if (deal) {
    forgetLink();
    await newGame(deal);
    return;
  }
  if (record !== null && record !== undefined) {
    try {
      // the whole record as stored: the worker updates an old one and checks its game
      const answer = await state.engine.request({ type: "restore", record });
      showView(answer.view, { persist: false, log: false, loaded: true });
      await showLog(record.log);
      return;
    } catch (error) {
      if (error.kind !== "damaged" && error.kind !== "request") throw error;
      state.damaged = record; // kept untouched, for "Export the damaged save", until a new game replaces it
      state.board = null;
      $("save-damaged-reason").textContent = refusal(error);
      show("save-damaged", true);
      return;
    }
  }
  await newGame();
}

async function start() {
  // motion off for those who ask their system for less of it (the CSS stops it too); a saved choice wins later
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) $("animation").value = "none";
  readSettings();
  wire();
  root.dataset.engine = "loading";
  // The worker starts once the board is drawn: Python's start would only slow the drawing down. With no save
  // (the hint says so) the empty board on screen is the board, so Python starts at once, beside IndexedDB.
  const waitForSave = store.maybeSaved();
  const restoring = restoreBoard(waitForSave ? null : performance.now());
  if (waitForSave) await restoring;
  const progress = $("engine-progress");
  state.engine = new Engine(lang, (value) => {
    progress.value = Math.max(progress.value, value);
  });
  const loading = state.engine.start();
  loading.catch(() => {}); // handled below, after the board is drawn
  const record = await restoring;
  try {
    await loading;
    state.ready = true;
    progress.value = 100;
    // With storage, the saved game is shared by every tab: only the tab that holds it plays and saves
    if (!state.storage || (await holdGame())) await resume(record);
    else openElsewhere();
  } catch (error) {
    engineFailed(error);
    return;
  }
  show("engine-loading", false);
  updateControls();
  root.dataset.engine = "ready";
  performance.mark("engine-ready");
  preloadCards(); // in idle moments: the first sight of each card costs no flip
}

// One tab at a time: the saved game belongs to the tab holding the "krig-game" Web Lock. A tab opened while
// another holds it pauses and offers "Play here instead", which steals the lock; the tab it was stolen from
// pauses in turn and offers to take the game back. A paused tab never writes the save.

const GAME_LOCK = "krig-game";

/** Hold the game's lock while this page lives; resolves false if another tab holds it (unless `steal`). */
function holdGame(steal = false) {
  if (!navigator.locks) return Promise.resolve(true); // no Web Locks here: nothing to coordinate with
  return new Promise((resolve) => {
    let held = false;
    navigator.locks.request(GAME_LOCK, steal ? { steal: true } : { ifAvailable: true }, (lock) => {
      held = Boolean(lock);
      resolve(held);
      return held ? new Promise(() => {}) : undefined; // never released by this page; closing it releases it
    }).catch(() => {
      if (held) takenOver(); // another tab stole the lock: the game is played there now
      else resolve(true); // the lock could not be asked for at all: play, as without Web Locks
    });
  });
}

/** This tab opened while another tab plays the game: pause here and say so. */
function openElsewhere() {
  state.passive = true;
  show("other-tab", true);
  updateControls();
}

/** Another tab took the game over: stop playing and saving here. */
function takenOver() {
  setAutoplay(false);
  state.passive = true;
  show("taken-over", true);
  updateControls();
}

/** "Play here instead": take the game from the other tab and carry on from its latest save. */
async function takeOver() {
  show("other-tab", false);
  show("taken-over", false);
  await holdGame(true);
  await state.saving; // nothing of this tab's is still being written (a paused tab skips its writes)
  state.passive = false;
  let record = null;
  try {
    record = state.keep && state.storage ? await store.loadGame() : null;
  } catch {
    record = null;
  }
  if (record || !state.hasGame) {
    state.damaged = null;
    show("save-damaged", false);
    if (record && validBoard(record.board)) state.board = record.board; // the last round's cards, as shown there
    await resume(record);
  }
  updateControls();
}

// Export and import

function download(name, data) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

async function importFile(file) {
  show("import-failed", false);
  const fail = (reason) => {
    $("import-failed-reason").textContent = reason;
    show("import-failed", true);
  };
  if (!file) return;
  if (file.size > MAX_IMPORT_BYTES) return fail(text("file_too_big"));
  let data;
  try {
    data = JSON.parse(await file.text());
  } catch {
    return fail(text("not_json"));
  }
  if (state.busy || !state.ready || state.passive) return;
  state.busy = true;
  try {
    // an exported game or a whole saved record: the worker tells them apart and checks them like a save
    const answer = await state.engine.request({ type: "restore", record: data });
    setAutoplay(false);
    state.board = null;
    state.low = null;
    state.damaged = null;
    show("save-damaged", false);
    clearLog();
    showView(answer.view, { log: false, loaded: true });
    note(text("imported"));
  } catch (error) {
    fail(refusal(error));
  } finally {
    state.busy = false;
    updateControls();
  }
}

async function share() {
  if (!state.save) return;
  const url = new URL(location.pathname, location.href);
  const deal = { players: String(state.save.players), seed: String(state.save.seed) };
  if (state.save.order !== "shuffled") deal.order = state.save.order; // the default order needs no mention
  url.search = new URLSearchParams(deal).toString();
  const input = $("share-url");
  input.value = url.href;
  show("share-result", true);
  input.focus();
  input.select();
  try {
    await navigator.clipboard.writeText(url.href);
    note(text("copied"));
  } catch {
    // no clipboard permission: the link is selected in the field for copying by hand
  }
}

// Events

const FIELDS = "input, select, textarea, button, summary, a, label, [contenteditable]";

/** Whether `key` is the shortcut whose letter the page's language gives as `name` (A and N always work too). */
function shortcut(key, name, latin) {
  const letter = key.toLocaleLowerCase();
  return letter === latin || letter === text(name, latin).toLocaleLowerCase();
}

function onKey(event) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target instanceof Element ? event.target : null;
  if (target && target.closest(FIELDS)) return; // let form fields and buttons react themselves
  const key = event.key;
  if (key === " " || key === "Enter") {
    event.preventDefault(); // no page scroll on Space
    if (!event.repeat) flip(); // holding the key down does not machine-gun rounds
  } else if (shortcut(key, "key_autoplay", "a") && !event.repeat) {
    if (!$("autoplay").disabled) setAutoplay(!state.autoplay);
  } else if (shortcut(key, "key_new", "n") && !event.repeat) {
    if (state.ready && !state.passive) newGame();
  }
}

function wire() {
  $("setup").addEventListener("submit", (event) => {
    event.preventDefault();
    newGame();
  });
  $("seed").addEventListener("input", () => $("seed").setCustomValidity(""));
  $("again").addEventListener("click", () => newGame());
  $("damaged-new").addEventListener("click", () => newGame());
  $("damaged-export").addEventListener("click", () => download("krig-damaged-save.json", state.damaged));
  $("flip").addEventListener("click", () => flip());
  $("autoplay").addEventListener("click", () => setAutoplay(!state.autoplay));
  $("finish").addEventListener("click", () => finish());
  $("share").addEventListener("click", () => share());
  $("export").addEventListener("click", () => state.save && download(`krig-round-${state.save.rounds}.json`,
    state.save));
  $("import").addEventListener("change", (event) => {
    importFile(event.target.files[0]);
    event.target.value = "";
  });
  $("keep").addEventListener("change", (event) => setKeep(event.target.checked));
  $("delete-save").addEventListener("click", () => deleteSave());
  $("take-over").addEventListener("click", () => takeOver());
  $("take-back").addEventListener("click", () => takeOver());
  for (const id of ["speed", "animation"]) {
    $(id).addEventListener("change", () => {
      readSettings();
      persistGame();
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
