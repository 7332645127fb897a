// The pace of auto-play and of a replay that plays on: the time between two rounds, by the speed slider.

/** Milliseconds between auto-play rounds, by the speed slider's value (1 slow … 5 fast): each step about twice
 * as fast as the one before. */
const SPEED_DELAY = { 1: 1400, 2: 700, 3: 350, 4: 150, 5: 60 };

/** The time between two rounds at the speed `speed`. */
export function roundGap(speed) {
  return SPEED_DELAY[speed] ?? SPEED_DELAY[3];
}
