// The game page's state: one `mode` and the few data the page holds, as plain data, with the pure functions
// that move it on (as in boardgame.io, each takes the state and returns the next one). The controls, the
// notices and <html data-engine> are derived from it in one place (page.js); nothing else keeps a flag. It is
// longer than a module should be because every transition of the page is here, beside the others it must agree with.
//
// Modes:
//   loading     the engine loads (the saved board may be on screen already), then the first game comes
//   idle        the engine is ready and holds no game: a damaged save waits for a decision
//   playing     a game is on screen and goes on
//   over        the game on screen has ended
//   elsewhere   another tab held the game when this one opened: paused here, with "Play here instead"
//   taken-over  another tab took the game from this one: paused here, with "Play here instead"
//   replay      a game is watched again ("Watch again"): `replay` says which round is shown, the game waits as it was
//   failed      the engine could not load, or broke: nothing can be played
//
// Transitions between modes (each one a function below):
//   loading  → playing or over (shown), idle (refused, or started without a game), elsewhere, failed
//   loading  → loading with a record whose rounds ahead flips draw (playingAhead, then drawnEarly per flip); once
//                 they are spent, a flip is kept for the engine (flipKept), up to WAIT_LIMIT
//   idle, playing, over ("live") → playing or over (shown: a new game, a round, an import), idle (refused: the
//                 record stored by another tab, after taking over), taken-over, failed
//   elsewhere, taken-over → the mode of the game held (tookOver), failed
//   failed for a start that took too long → loading, when the engine answers after all (answeredLate)
//   idle, playing, over, elsewhere, taken-over → replay (replayOpened) → the mode it came from (replayClosed),
//     taken-over, failed
//
// The data beside the mode:
//   busy      a request that changes the game is in flight (one at a time: no double flips)
//   autoplay  auto-play is on (only while playing)
//   saving    "on", "off" (the visitor turned "Keep my game" off) or "unavailable" (no storage here)
//   settings  the settings form's values, one per setting of the table (facts.js SETTINGS)
//   board     what is on screen: a stored board before Python is ready, then the bridge's
//   record    the bridge's latest record (krig.webapp.records), which the page stores as it is
//   next      the round the next flip plays, as the bridge worked it out ahead ({board, line}), or null: a flip
//             draws it at once, while the bridge plays it, and that answer's record is the one stored. While
//             loading, the next of the record's rounds ahead (its `ahead`): flips draw them before Python is
//             ready, the record counts them (`played`), and the engine replays them when it is ready
//   waiting   the flips kept while the rounds known ahead are spent and the engine loads, or while the earlier
//             ones are played (at most WAIT_LIMIT): once the engine is ready they are played one at a time, each
//             after the motion of the one before (play.js), never in a burst
//   progress  how far the engine has loaded, 0 to 100 (the worker's reports)
//   damaged   a stored record the bridge refused, kept for "Export the damaged save" until a new game
//   badLink   why the page's link (a shared deal, a game to watch again) was refused, in words; null once a
//             game is dealt or loaded after it
//   failure   why the engine failed: a kind of error of facts.js FATAL ("timeout", "load"…) or another
//   replay    in the replay mode: {round, rounds, board, wanted, playing, back, retimed}: the round shown of the
//             game's rounds and its board (the bridge's), the round asked for (a step or a jump the bridge has not
//             shown yet), whether it plays on by itself at the auto-play speed, the mode to go back to, and whether
//             the settings changed meanwhile (the speed, the animation: the record learns them once it ends)
//   replaced  the record of an unfinished game that a new deal or an import replaced: offered back ("Back to your
//             game") until the next round of the new game is played
//   unsaved   the last write failed (the storage may be full): {entry}, the history entry of a game that ended
//             and is not stored yet, or null; every write carries that entry until one lands, then this is null
//   games     how many games this page has dealt or loaded: the number of the one on screen
//   estimate  what the win-chance bars show: {game, round} of the estimate on them (`game` a number of `games`;
//             null for none, or for one a record carried for a round drawn before the engine was ready, whose
//             round is `carried` until the engine's game is on screen), whether it is the round on screen's own
//             (`current`), and whether every round the worker knows ahead has its estimate too (`settled`)
//   acted     the visitor has pressed or typed something on this page (the browser lets it sound, and it may ask
//             to keep the site's storage)
//   asked     this page has asked the browser to keep the site's storage, or found its answer stored: never again

export const initial = Object.freeze({
  mode: "loading",
  busy: false,
  autoplay: false,
  saving: "on",
  settings: null,
  board: null,
  record: null,
  next: null,
  waiting: 0,
  progress: 0,
  damaged: null,
  badLink: null,
  failure: null,
  replay: null,
  replaced: null,
  unsaved: null,
  games: 0,
  estimate: Object.freeze({ game: null, round: null, carried: null, current: false, settled: false }),
  acted: false,
  asked: false,
});

const LIVE = ["idle", "playing", "over"];
const PASSIVE = ["elsewhere", "taken-over"];

/** Whether another tab plays the game: this one neither plays nor saves. */
export function isPassive(state) {
  return PASSIVE.includes(state.mode);
}

/** Whether a record holds a game worth a way back: at least one round played, and not over. */
export function unfinished(record) {
  const board = record && typeof record === "object" ? record.board : null;
  return Boolean(board && typeof board === "object" && !board.over && Number(board.round) >= 1);
}

/** The mode of the game the page holds, once nothing else is in the way. */
function gameMode(state) {
  if (!state.record) return "idle";
  return state.record.board.over ? "over" : "playing";
}

// Transitions

/** IndexedDB answered at start-up: whether the game can be kept here, and the stored board drawn (or null). */
export function opened(state, { storage, keep, board }) {
  return { ...state, saving: storage ? (keep ? "on" : "off") : "unavailable", board };
}

/** The settings form was read: a replay on screen notes it, for the record once the replay ends. */
export function settingsRead(state, settings) {
  const replay = state.mode === "replay" ? { ...state.replay, retimed: true } : state.replay;
  return { ...state, settings, replay };
}

/** The visitor pressed or typed something, for the first time or again. */
export function acted(state) {
  return state.acted ? state : { ...state, acted: true };
}

/** The browser is asked to keep the site's storage (persistence.js), once a page. */
export function askedToKeep(state) {
  return { ...state, asked: true };
}

/** A game was dealt or loaded: the one on screen is a new one, and a refused link's words are old news. */
export function dealt(state) {
  return { ...state, games: state.games + 1, badLink: null };
}

/** The page's link was refused (`why`, in words): the page went on without it. */
export function linkRefused(state, why) {
  return { ...state, badLink: why };
}

/** A request that changes the game was sent (`asking`), or its answer or refusal came (`answered`). */
export function asking(state) {
  return { ...state, busy: true };
}

export function answered(state) {
  return { ...state, busy: false };
}

/**
 * The bridge answered with a game: its record is the one to draw and store, and `next` (or null) the round after
 * it. A paused tab stays paused.
 */
export function onTable(state, record, next = null) {
  const mode = isPassive(state) || state.mode === "failed" ? state.mode : record.board.over ? "over" : "playing";
  return { ...state, mode, record, next, board: record.board, damaged: null,
    autoplay: state.autoplay && mode === "playing" };
}

/**
 * A flip drew the next round at once: it is on screen, and the bridge is asked to play it. The record counts it
 * (`played`, of its rounds ahead, the first of which is `next`), so that it is stored before the bridge answers.
 */
export function drawnAhead(state) {
  if (!state.next) return state;
  const played = state.record ? (state.record.played ?? 0) : 0;
  const counted = state.record && Array.isArray(state.record.ahead) && state.record.ahead.length > played;
  const record = counted ? { ...state.record, played: played + 1 } : state.record;
  return { ...state, record, board: state.next.board, next: null };
}

/**
 * Before the engine is ready: a record with rounds worked out ahead (a stored one, or a first visit's opening),
 * `known` ({board, next}, stored.js's roundsAhead) the round on screen and the next one. Flips draw them.
 */
export function playingAhead(state, record, { board, next }) {
  return state.mode === "loading" && !state.busy ? { ...state, record, board, next } : state;
}

/** A flip before the engine is ready drew the next round ahead: the record counts it, for the engine to replay. */
export function drawnEarly(state) {
  if (!drawsNow(state)) return state;
  const played = (state.record.played ?? 0) + 1;
  return { ...state, record: { ...state.record, played }, board: state.next.board,
    next: state.record.ahead[played] ?? null };
}

/** Whether a round worked out ahead is left to draw before the engine is ready: Flip and auto-play take a press. */
export function early(state) {
  return state.mode === "loading" && state.next !== null && state.record !== null;
}

/**
 * Whether a flip draws that round now. Not once the game is being handed to the engine (a request in flight
 * while it loads): the record that request carries is the one on screen when it was sent, and its answer puts that
 * record's board back, so a round drawn meanwhile would vanish. Such a flip waits for the answer, and the engine
 * plays it.
 */
export function drawsNow(state) {
  return early(state) && !state.busy;
}

/** How many flips are kept at most while the engine loads: a press beyond them does nothing. */
export const WAIT_LIMIT = 20;

/** Whether the rounds worked out ahead have all been drawn and the engine is not ready: the next ones wait. */
export function spent(state) {
  return state.mode === "loading" && state.next === null && state.record !== null;
}

/**
 * A flip while the rounds ahead are spent, or while the flips kept earlier wait to be played: kept, to be played
 * once the engine is ready (at most WAIT_LIMIT of them).
 */
export function flipKept(state) {
  if (!spent(state) && state.waiting === 0) return state;
  return state.waiting >= WAIT_LIMIT ? state : { ...state, waiting: state.waiting + 1 };
}

/** One of the flips kept is played now (or none is left to play: the game is over, or another is on screen). */
export function keptPlayed(state, all = false) {
  if (state.waiting === 0) return state;
  return { ...state, waiting: all ? 0 : state.waiting - 1 };
}

/** The worker said how far the engine has loaded (0 to 100). */
export function progressed(state, value) {
  const progress = Math.min(100, Math.max(state.progress, Number(value) || 0));
  return progress === state.progress ? state : { ...state, progress };
}

/** The bridge answered with the same game in a new record (the settings changed): nothing to draw. */
export function recorded(state, record) {
  return { ...state, record };
}

/** The bridge refused the stored record: no game, and the record is kept as it was for the damaged notice. */
export function refused(state, stored) {
  return { ...state, mode: "idle", record: null, next: null, board: null, damaged: stored, autoplay: false,
    waiting: 0, replaced: null };
}

/** The damaged record is gone (deleted): its notice goes with it. */
export function forgotDamaged(state) {
  return { ...state, damaged: null };
}

/** Start-up is over: a page still loading (no game could be dealt) is ready, without a game. */
export function started(state) {
  return state.mode === "loading" ? { ...state, mode: "idle" } : state;
}

/** Another tab held the game when this one started. */
export function elsewhere(state) {
  return { ...state, mode: "elsewhere", autoplay: false };
}

/** Another tab took the game from this one (a replay on screen goes too). */
export function takenOver(state) {
  return { ...state, mode: "taken-over", autoplay: false, replay: null };
}

/** This tab holds the game again ("Play here instead"). */
export function tookOver(state) {
  return isPassive(state) ? { ...state, mode: gameMode(state) } : state;
}

/** The engine could not load, or broke. */
export function failed(state, failure) {
  return { ...state, mode: "failed", autoplay: false, failure: failure || null, replay: null, waiting: 0 };
}

/**
 * The engine answered after all, after the page had said that it took too long to start (a slow device is no
 * broken one): the start-up goes on where it stopped.
 */
export function answeredLate(state) {
  return state.mode === "failed" ? { ...state, mode: "loading", failure: null } : state;
}

/** Auto-play on or off; it can only be on while a game is played. */
export function autoplaying(state, on) {
  return { ...state, autoplay: Boolean(on) && (state.mode === "playing" || early(state)) };
}

/** "Keep my game on this device" turned on or off (nothing changes where there is no storage). */
export function kept(state, keep) {
  return state.saving === "unavailable" ? state : { ...state, saving: keep ? "on" : "off" };
}

/** A write failed: what it carried of a finished game (`entry`, or null) is owed to the next one. */
export function saveFailed(state, entry) {
  return { ...state, unsaved: { entry: entry ?? (state.unsaved ? state.unsaved.entry : null) } };
}

/** A write landed, with `entry` (or null): nothing is owed any more, unless a finished game it did not carry. */
export function saveLanded(state, entry) {
  if (state.unsaved === null) return state;
  return state.unsaved.entry === null || state.unsaved.entry === entry ? { ...state, unsaved: null } : state;
}

/** The bridge began a replay ({round, rounds, board}): it is on screen, and the game waits beneath it as it is. */
export function replayOpened(state, { round, rounds, board }) {
  if (!canReplay(state)) return state;
  const again = state.mode === "replay";
  return { ...state, mode: "replay", autoplay: false, replay: { round, rounds, board, wanted: round, playing: false,
    back: again ? state.replay.back : state.mode, retimed: again && state.replay.retimed } };
}

/** The visitor asks for a round of the replay (a step, a jump): the nearest one the game has. */
export function replayWanted(state, round) {
  if (state.mode !== "replay" || !Number.isFinite(round)) return state;
  const wanted = Math.min(Math.max(0, Math.round(round)), state.replay.rounds);
  return wanted === state.replay.wanted ? state : { ...state, replay: { ...state.replay, wanted } };
}

/** The bridge showed a round of the replay ({round, board}); at the last round it stops playing. */
export function replayShown(state, { round, board }) {
  if (state.mode !== "replay") return state;
  const playing = state.replay.playing && round < state.replay.rounds;
  return { ...state, replay: { ...state.replay, round, board, playing } };
}

/** The replay plays on by itself, or pauses; from the last round there is nothing to play. */
export function replayPlaying(state, on) {
  if (state.mode !== "replay") return state;
  const playing = Boolean(on) && state.replay.wanted < state.replay.rounds;
  return playing === state.replay.playing ? state : { ...state, replay: { ...state.replay, playing } };
}

/**
 * The game a new deal replaced, as stored (`old`), read at start-up: offered back if this page saves, and if it is
 * unfinished and not the game of `shown`, the record on screen (a Back whose record was stored but not yet
 * forgotten leaves the same game in both keys).
 */
export function replacedRead(state, old, shown) {
  if (state.saving !== "on" || !shown || !unfinished(old)) return state;
  return JSON.stringify(old.game) === JSON.stringify(shown.game) ? state : { ...state, replaced: old };
}

/** A new deal or an import replaced the unfinished game of `record`: it is offered back. */
export function replacing(state, record) {
  return { ...state, replaced: record };
}

/** The new game is kept (a round of it was played), or the replaced one is back: no more way back. */
export function keptNew(state) {
  return state.replaced === null ? state : { ...state, replaced: null };
}

/** "Back to my game": the replay goes, and the page is in the mode it was in before it. */
export function replayClosed(state) {
  return state.mode === "replay" ? { ...state, mode: state.replay.back, replay: null } : state;
}

/**
 * Before the engine is ready, a round drawn ahead: the bars show the estimate its record carried (`estimate`,
 * {round, …}, or none), which stays the engine's game's once it is on screen at that round.
 */
export function estimateCarried(state, estimate) {
  const round = estimate ? estimate.round : null;
  return { ...state, estimate: { game: null, round, carried: round, current: false, settled: false } };
}

/**
 * With the engine, a new round is on screen: the bars show `own`, its estimate the bridge knows already, or the
 * one they show if it is this round's, else none (the page says it is being worked out, or the game is not
 * played). Nothing is settled for the new round.
 */
export function roundToEstimate(state, own = null) {
  const playing = state.mode === "playing";
  const { board, games } = state;
  let { game, round, carried } = state.estimate;
  if (carried !== null && playing && board.round === carried) game = games; // the handover of a round drawn ahead
  if (own) {
    return { ...state, estimate: { game: games, round: own.round, carried: null, current: true, settled: false } };
  }
  const current = playing && game === games && round === board.round;
  return { ...state, estimate: current ? { game, round, carried: null, current, settled: false }
    : { game: null, round: null, carried: null, current: false, settled: false } };
}

/** The worker made the estimate of round `round` of the game on screen: the bars show it. */
export function estimated(state, { round }) {
  return { ...state, estimate: { ...state.estimate, game: state.games, round, current: true } };
}

/** Every round the worker knows ahead has its estimate too: nothing is left to work out until the next round. */
export function estimatesSettled(state) {
  return { ...state, estimate: { ...state.estimate, settled: true } };
}

// What the state allows and shows

/** Whether a game can be watched again now: the engine is ready and no request that changes the game is out. */
export function canReplay(state) {
  return !state.busy && [...LIVE, ...PASSIVE, "replay"].includes(state.mode);
}

/** Whether a request that changes the game may be sent now (start-up sends them while still loading). */
export function canAsk(state) {
  return !state.busy && (state.mode === "loading" || LIVE.includes(state.mode));
}

/** Whether the record on screen is to be stored: saving on, this tab's game, no damaged record to keep. */
export function canSave(state) {
  return state.saving === "on" && state.record !== null && state.damaged === null && !isPassive(state) &&
    state.mode !== "failed";
}

/** Which controls are enabled; `engine` is every control marked data-needs-engine. */
export function controls(state) {
  const live = LIVE.includes(state.mode);
  const playable = state.mode === "playing";
  // before the engine is ready: flips draw the rounds known ahead; auto-play can be paused while it waits
  const beforeEngine = early(state) || (state.mode === "loading" && state.autoplay);
  const hasGame = live && state.record !== null;
  return {
    engine: live,
    flip: playable || early(state) || spent(state), // beyond the rounds ahead a flip is kept for the engine
    autoplay: playable || beforeEngine,
    finish: playable,
    share: hasGame,
    export: hasGame,
    import: live,
  };
}

/**
 * Whether the form's deal settings (`deal`: players, order, face-down cards, house rules…, by the settings table's
 * names) differ from `dealt`, those of the game on screen (null: none): they apply to the next game only.
 */
export function dealDiffers(deal, dealt) {
  if (!deal || !dealt) return false;
  return Object.keys(deal).some((name) => deal[name] !== dealt[name]);
}

/** Which controls of a replay are enabled, by element id, and the end screen's "Watch again" (`watch`). */
export function replayControls(state) {
  const replay = state.mode === "replay" ? state.replay : null;
  const on = replay !== null;
  return {
    watch: state.mode === "over" && state.record !== null && !state.busy,
    "replay-back": on && replay.wanted > 0,
    "replay-play": on && (replay.playing || replay.wanted < replay.rounds),
    "replay-forward": on && replay.wanted < replay.rounds,
    "replay-range": on,
    "replay-to": on,
    "replay-go": on,
    "replay-leave": on,
  };
}

/** Which of the notices that follow the state are shown, by element id. */
export function notices(state) {
  return {
    "engine-loading": state.mode === "loading",
    "engine-failed": state.mode === "failed",
    "storage-off": state.saving === "unavailable",
    "save-damaged": state.damaged !== null && state.mode !== "replay",
    "bad-link": state.badLink !== null,
    "other-tab": state.mode === "elsewhere",
    "taken-over": state.mode === "taken-over",
    // shown with the stored board, before the engine is ready (its button waits for it): the table never moves
    "back-notice": state.replaced !== null && (LIVE.includes(state.mode) || state.mode === "loading"),
    "save-failed": state.unsaved !== null && state.unsaved.entry === null,
    "result-unsaved": state.unsaved !== null && state.unsaved.entry !== null,
  };
}

/** <html data-engine>: "loading" until start-up is over, then "ready" (a flip is possible) or "failed". */
export function engineState(state) {
  if (state.mode === "failed") return "failed";
  return state.mode === "loading" ? "loading" : "ready";
}
