// What the rounds sound like, and the thinning of sounds in fast auto-play (site/static/js/cues.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { ask, due, PRIORITY, quiet, roundCue, SOUND_GAP } from "../../site/static/js/cues.js";

// Boards in the bridge's shape (krig.webapp.table): per seat the round's cards per step, and the round's wars
const seat = (...up) => ({ up, down: up.map((_, step) => (step ? "2C" : null)), last: up.map(() => null) });
const BOARD = { players: 2, cards: [seat("9H"), seat("KS")], winner: 1, wars: 0, over: false };
const WAR = { ...BOARD, cards: [seat("KH", "4D"), seat("KS", "QC")], winner: 1, wars: 1 };

test("a round the visitor takes sounds as a pile, one a computer player takes as a flip", () => {
  assert.equal(roundCue(BOARD), "flip");
  assert.equal(roundCue({ ...BOARD, winner: 0 }), "pile");
  assert.equal(roundCue({ ...BOARD, winner: null }), "flip");
});

test("a round the board says went to war sounds as a war, whoever wins it", () => {
  assert.equal(roundCue(WAR), "war");
  assert.equal(roundCue({ ...WAR, winner: 0 }), "war");
  assert.equal(roundCue({ ...WAR, wars: 2 }), "war");
  assert.equal(roundCue({ ...WAR, wars: 0 }), "flip", "the board's wars say it, not the shape of its cards");
});

test("the end of a game sounds as won when the finished game's winner is the visitor, else as over", () => {
  const over = { ...WAR, over: true };
  assert.equal(roundCue(over, { result: "win", winner: 0 }), "won");
  assert.equal(roundCue(over, { result: "win", winner: 1 }), "over");
  assert.equal(roundCue({ ...over, winner: 0 }, { result: "repetition", winner: null }), "over");
  assert.equal(roundCue({ ...over, winner: 0 }, { result: "draw", winner: null }), "over");
  assert.equal(roundCue(over), "over");
});

test("the end outranks a war, a war a pile, a pile a flip", () => {
  assert.ok(PRIORITY.won === PRIORITY.over && PRIORITY.over > PRIORITY.war);
  assert.ok(PRIORITY.war > PRIORITY.pile && PRIORITY.pile > PRIORITY.flip);
});

/** The sounds heard for cues asked for at the given times, with the waiting cue played when each gap ends. */
function heard(asked) {
  let thinning = quiet;
  const played = [];
  for (const [at, cue] of asked) {
    while (thinning.waiting && thinning.playedAt + SOUND_GAP <= at) {
      const gapEnd = thinning.playedAt + SOUND_GAP;
      thinning = due(thinning, gapEnd);
      played.push([gapEnd, thinning.play]);
    }
    thinning = ask(thinning, cue, at);
    if (thinning.play) played.push([at, thinning.play]);
  }
  if (thinning.waiting) played.push([thinning.playedAt + SOUND_GAP, due(thinning, Infinity).play]);
  return played;
}

test("cues further apart than the gap all play at once", () => {
  const slow = [[0, "flip"], [SOUND_GAP, "pile"], [3 * SOUND_GAP, "war"], [5 * SOUND_GAP, "over"]];
  assert.deepEqual(heard(slow), slow);
});

test("cues closer than the gap thin out to one per gap, the most important of those asked for winning", () => {
  const step = SOUND_GAP / 10; // fast auto-play: ten rounds per gap
  const fast = Array.from({ length: 30 }, (_, round) => [round * step, round === 14 ? "war" : "flip"]);
  const played = heard(fast);
  // the war of round 14 is heard at the end of the gap it came in, in place of the flips around it
  assert.deepEqual(played.map(([, cue]) => cue), ["flip", "flip", "war", "flip"]);
  assert.deepEqual(played.map(([at]) => at), [0, SOUND_GAP, 2 * SOUND_GAP, 3 * SOUND_GAP]);
  for (let i = 1; i < played.length; i++) assert.ok(played[i][0] - played[i - 1][0] >= SOUND_GAP);
});

test("a waiting cue gives way to one as important or more, and never to a less important one", () => {
  let thinning = ask(quiet, "flip", 0);
  thinning = ask(thinning, "war", 10);
  thinning = ask(thinning, "pile", 20);
  assert.deepEqual(thinning, { playedAt: 0, waiting: "war", play: null });
  thinning = ask(thinning, "war", 30);
  assert.equal(thinning.waiting, "war");
  assert.equal(ask(thinning, "over", 40).waiting, "over");
});

test("the end of a game is heard even in the busiest auto-play, after the gap", () => {
  const played = heard([[0, "war"], [5, "flip"], [10, "won"], [15, "pile"]]);
  assert.deepEqual(played, [[0, "war"], [SOUND_GAP, "won"]]);
});

test("when the gap ends with nothing waiting, nothing plays and the last sound's time stays", () => {
  const thinning = ask(quiet, "flip", 0);
  assert.deepEqual(due(thinning, SOUND_GAP), { playedAt: 0, waiting: null, play: null });
});
