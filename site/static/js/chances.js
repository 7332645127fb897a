// The win chances under each seat: Monte Carlo rollouts in the worker, a chunk at a time, started only after a
// pause so that an estimate never delays a flip.

import { renderChances } from "./board.js";
import { engine, state } from "./page.js";

const CHANCE_ROLLOUTS = 500; // rollouts behind each estimate of the win chances
const CHANCE_CHUNK = 20; // rollouts per request, a few ms of Python: a flip never waits for more than one
const CHANCE_PAUSE = 700; // ms without a flip, key or click before an estimate starts

let run = 0; // the estimate in progress; a newer round, a flip or a click stops it before its next chunk
let timer = null; // the pause before the next estimate starts
let shown = false; // the bars on screen hold the estimate for the round on screen

/**
 * Stop the estimate in progress (it sends no further chunk) and start it again after CHANCE_PAUSE ms without a
 * flip, key or click. Called for every round shown and whenever the visitor is about to act.
 */
export function estimateLater() {
  const mine = ++run;
  clearTimeout(timer);
  if (state.mode !== "playing" || shown) return;
  timer = setTimeout(() => estimate(mine), CHANCE_PAUSE);
}

/**
 * A new round is on screen: the old estimate no longer holds. It stays on screen until the new one replaces it,
 * so that the bars do not blank out on every flip, unless the game on screen is another one or is over.
 */
export function forgetChances() {
  shown = false;
  if (state.mode !== "playing" || gameOnScreen() !== estimated) renderChances(null, 4);
  estimateLater();
}

let estimated = null; // the game whose estimate is on screen (the board's data-game-id)

function gameOnScreen() {
  return document.getElementById("board").dataset.gameId;
}

/**
 * Estimate each seat's chance of winning from the round on screen. The worker keeps the running totals of the
 * position, so a stopped estimate goes on where it was at the next pause; the bars are drawn once, when
 * CHANCE_ROLLOUTS are done.
 */
async function estimate(mine) {
  if (mine !== run || state.mode !== "playing") return;
  const { round, players } = state.board;
  try {
    for (let answer = { done: 0 }; answer.done < CHANCE_ROLLOUTS;) {
      if (mine !== run || state.mode !== "playing") return; // a flip is coming, or another tab plays
      answer = await engine.request({ type: "chances", rollouts: CHANCE_CHUNK });
      if (mine !== run || answer.round !== round) return;
      if (answer.done >= CHANCE_ROLLOUTS) {
        shown = true;
        estimated = gameOnScreen();
        renderChances(answer, players);
      }
    }
  } catch {
    // an estimate is a nicety: without it the game goes on
  }
}
