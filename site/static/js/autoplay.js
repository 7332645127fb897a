// Auto-play: a flip every so often, by the speed slider, for as long as the state says auto-play is on. Every
// way it ends (Pause, the game's end, a new game, another tab, a failure) is a change of the state. A replay
// plays at the same speeds (`every`).

import { estimateLater } from "./chances.js";
import { roundCue } from "./cues.js";
import { PACE } from "./facts.js";
import { listen, state, update } from "./page.js";
import { flip, handedOver } from "./play.js";
import { autoplaying, spent } from "./state.js";

export function toggleAutoplay() {
  update(autoplaying, !state.autoplay);
}

/**
 * Run `step()` at once, and again every so often by the speed slider, from when `on(state)` turns true until it
 * turns false, which calls `stopped()`. A step of an earlier run never goes on into a later one.
 */
export function every(on, step, stopped = () => {}) {
  let run = 0;
  let timer = null;
  async function next(mine) {
    if (mine !== run) return;
    await step();
    if (mine !== run || !on(state)) return;
    timer = setTimeout(() => next(mine), PACE[state.settings.speed]);
  }
  listen((now, before) => {
    if (on(now) === on(before)) return;
    clearTimeout(timer);
    const mine = ++run;
    if (on(now)) timer = setTimeout(() => next(mine), 0);
    else stopped();
  });
}

every((now) => now.autoplay, async () => {
  // beyond the rounds known ahead auto-play waits for the engine, and it leaves the flips kept meanwhile to play
  if (spent(state)) await handedOver;
  else if (!state.busy && state.waiting === 0) await flip();
  // the end of the game stops it, and so does a war for those who stop at each war (the setting "stop_war")
  const war = state.settings.stop_war && state.board && roundCue(state.board) === "war";
  if ((!["playing", "loading"].includes(state.mode) || war) && state.autoplay) update(autoplaying, false);
}, estimateLater); // auto-play too fast for an estimate: make one once play has paused
