// The win chances under each seat: Monte Carlo rollouts in the worker, a chunk at a time, started only after a
// pause so that an estimate never delays a flip. In the same idle time the worker works out the estimates of the
// rounds it knows ahead, which a record carries: a round drawn ahead shows its own, before Python is ready too.
// A round whose estimate is not made yet says so ("…"): the bars never show another round's.

import { renderChances, WORKING } from "./board.js";
import { ESTIMATE_ROLLOUTS, REQUESTS } from "./facts.js";
import { engine, state, update } from "./page.js";
import { estimateCarried, estimated, estimatesSettled, roundToEstimate } from "./state.js";
import { chancesAhead, chancesOf } from "./stored.js";

const CHANCE_CHUNK = 20; // rollouts per request, a few ms of Python: a flip never waits for more than one
const CHANCE_PAUSE = 700; // ms without a flip, key or click before an estimate starts

let run = 0; // the estimate in progress; a newer round, a flip or a click stops it before its next chunk
let timer = null; // the pause before the next estimate starts

/**
 * Stop the estimate in progress (it sends no further chunk) and start it again after CHANCE_PAUSE ms without a
 * flip, key or click. Called for every round drawn and whenever the visitor is about to act.
 */
export function estimateLater() {
  const mine = ++run;
  clearTimeout(timer);
  if (state.mode !== "playing" || (state.estimate.current && state.estimate.settled)) return;
  timer = setTimeout(() => estimate(mine), CHANCE_PAUSE);
}

/**
 * A new round is on screen: the old estimate no longer holds, and is never shown with it. The round's own is shown
 * when the bridge knows it already (`known`: that of a round it worked out ahead, or the record's), else the bars
 * say it is being worked out until it is; a game that is not played has none. Before Python is ready, a round
 * drawn ahead shows the estimate the record carries for it, if any.
 */
export function forgetChances(known = null) {
  if (state.mode === "loading") {
    showChancesAhead();
    return;
  }
  const { board } = state;
  const playing = state.mode === "playing";
  const own = playing ? chancesOf(known, board) ?? chancesOf(state.record?.chances, board) : null;
  update(roundToEstimate, own);
  if (own) renderChances(own, board.players);
  else if (!state.estimate.current) renderChances(playing ? WORKING : null, playing ? board.players : 4);
  estimateLater();
}

/** Before Python is ready: the estimate the record on screen carries for the round drawn, or no bars. */
export function showChancesAhead() {
  const known = chancesAhead(state.record, state.board);
  update(estimateCarried, known);
  renderChances(known, known ? state.board.players : 4);
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
    for (let answer = { done: state.estimate.current ? ESTIMATE_ROLLOUTS : 0 }; answer.done < ESTIMATE_ROLLOUTS;) {
      if (mine !== run || state.mode !== "playing") return; // a flip is coming, or another tab plays
      answer = await engine.request({ type: REQUESTS.chances, rollouts: CHANCE_CHUNK });
      if (mine !== run || answer.round !== round) return;
      if (answer.done >= ESTIMATE_ROLLOUTS) {
        update(estimated, answer);
        renderChances(answer, players);
      }
    }
    for (let left = 1; left > 0;) {
      if (mine !== run || state.mode !== "playing") return;
      ({ ahead: left } = await engine.request({ type: REQUESTS.chances, rollouts: CHANCE_CHUNK, ahead: true }));
    }
    if (mine === run) update(estimatesSettled);
  } catch {
    // an estimate is a nicety: without it the game goes on
  }
}
