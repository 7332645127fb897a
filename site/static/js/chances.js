// The win chances under each seat: Monte Carlo rollouts in the worker, a chunk at a time, started only after a
// pause so that an estimate never delays a flip. In the same idle time the worker works out the estimates of the
// rounds it knows ahead, which a record carries: before Python is ready, a round drawn ahead shows its own.

import { renderChances } from "./board.js";
import { ESTIMATE_ROLLOUTS } from "./facts.js";
import { engine, state } from "./page.js";
import { chancesAhead } from "./stored.js";

const CHANCE_CHUNK = 20; // rollouts per request, a few ms of Python: a flip never waits for more than one
const CHANCE_PAUSE = 700; // ms without a flip, key or click before an estimate starts

let run = 0; // the estimate in progress; a newer round, a flip or a click stops it before its next chunk
let timer = null; // the pause before the next estimate starts
let shown = false; // the bars on screen hold the estimate for the round on screen
let settled = false; // and every round the worker knows ahead has its estimate too
let aheadRound = null; // the round whose estimate, worked out ahead, the bars show, drawn before Python was ready

/**
 * Stop the estimate in progress (it sends no further chunk) and start it again after CHANCE_PAUSE ms without a
 * flip, key or click. Called for every round shown and whenever the visitor is about to act.
 */
export function estimateLater() {
  const mine = ++run;
  clearTimeout(timer);
  if (state.mode !== "playing" || (shown && settled)) return;
  timer = setTimeout(() => estimate(mine), CHANCE_PAUSE);
}

/**
 * A new round is on screen: the old estimate no longer holds. It stays on screen until the new one replaces it,
 * so that the bars do not blank out on every flip, unless the game on screen is another one or is over. Before
 * Python is ready, a round drawn ahead shows the estimate the record carries for it, if any.
 */
export function forgetChances() {
  shown = false;
  settled = false;
  if (state.mode === "loading") {
    showChancesAhead();
    return;
  }
  // at the handover, the engine's game at the round drawn ahead: the bars already show its estimate
  if (aheadRound !== null && state.mode === "playing" && state.board.round === aheadRound) estimated = gameOnScreen();
  aheadRound = null;
  if (state.mode !== "playing" || gameOnScreen() !== estimated) renderChances(null, 4);
  estimateLater();
}

/** Before Python is ready: the estimate the record on screen carries for the round drawn, or no bars. */
export function showChancesAhead() {
  const known = chancesAhead(state.record, state.board);
  aheadRound = known && known.round;
  renderChances(known, known ? state.board.players : 4);
}

let estimated = null; // the game whose estimate is on screen (the board's data-game-id)

function gameOnScreen() {
  return document.getElementById("board").dataset.gameId;
}

/**
 * Estimate each seat's chance of winning from the round on screen. The worker keeps the running totals of the
 * position, so a stopped estimate goes on where it was at the next pause; the bars are drawn once, when
 * ESTIMATE_ROLLOUTS are done (at once when the worker made the estimate ahead). Then the rounds ahead get theirs,
 * chunk by chunk too, until a flip or a click stops them.
 */
async function estimate(mine) {
  if (mine !== run || state.mode !== "playing") return;
  const { round, players } = state.board;
  try {
    for (let answer = { done: shown ? ESTIMATE_ROLLOUTS : 0 }; answer.done < ESTIMATE_ROLLOUTS;) {
      if (mine !== run || state.mode !== "playing") return; // a flip is coming, or another tab plays
      answer = await engine.request({ type: "chances", rollouts: CHANCE_CHUNK });
      if (mine !== run || answer.round !== round) return;
      if (answer.done >= ESTIMATE_ROLLOUTS) {
        shown = true;
        estimated = gameOnScreen();
        renderChances(answer, players);
      }
    }
    for (let left = 1; left > 0;) {
      if (mine !== run || state.mode !== "playing") return;
      ({ ahead: left } = await engine.request({ type: "chances", rollouts: CHANCE_CHUNK, ahead: true }));
    }
    if (mine === run) settled = true;
  } catch {
    // an estimate is a nicety: without it the game goes on
  }
}
