// Auto-play: a flip every so often, by the speed slider, for as long as the state says auto-play is on. Every
// way it ends (Pause, the game's end, a new game, another tab, a failure) is a change of the state.

import { estimateLater } from "./chances.js";
import { listen, state, update } from "./page.js";
import { flip } from "./play.js";
import { autoplaying } from "./state.js";

/** Milliseconds between auto-play rounds, by the speed slider's value (1 slow … 5 fast). */
const SPEED_DELAY = { 1: 1400, 2: 800, 3: 450, 4: 180, 5: 20 };

let run = 0; // the auto-play in progress: a step of an earlier one stops
let timer = null;

export function toggleAutoplay() {
  update(autoplaying, !state.autoplay);
}

async function step(mine) {
  if (mine !== run) return;
  if (!state.busy) await flip();
  if (mine !== run) return;
  if (state.mode !== "playing") {
    update(autoplaying, false);
    return;
  }
  timer = setTimeout(() => step(mine), SPEED_DELAY[state.settings.speed] ?? 450);
}

listen((now, before) => {
  if (now.autoplay === before.autoplay) return;
  clearTimeout(timer);
  const mine = ++run;
  if (now.autoplay) timer = setTimeout(() => step(mine), 0);
  else estimateLater(); // auto-play too fast for an estimate: make one once play has paused
});
