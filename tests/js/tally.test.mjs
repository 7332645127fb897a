// The simulator's sums (site/static/js/tally.js): batches added up, and the numbers of face-down cards compared.

import assert from "node:assert/strict";
import { test } from "node:test";

import { added, average, batchSize, comparison, noGames, secondsLeft } from "../../site/static/js/tally.js";

test("batches add up to the games of the whole run, in their order", () => {
  const first = { rounds: [100, 300], wins: [1, 0, 0], draws: 1, repetitions: 0 };
  const second = { rounds: [50], wins: [0, 0, 1], draws: 0, repetitions: 0 };
  const start = noGames(3);
  const totals = added(added(start, first), second);
  assert.deepEqual(totals, { rounds: [100, 300, 50], wins: [1, 0, 1], draws: 1, repetitions: 0 });
  assert.deepEqual(start, noGames(3)); // nothing counted changes what came before
});

test("the average length is in whole rounds", () => {
  assert.equal(average([100, 301]), 201);
  assert.equal(average([7]), 7);
});

test("each run gets a row: its games, their average length, draws, repetitions and each seat's wins", () => {
  const runs = [
    { face_down: 1, house: [], totals: { rounds: [400, 500, 300, 400], wins: [1, 2], draws: 1, repetitions: 0 } },
    { face_down: 1, house: ["peace"], totals: { rounds: [300, 200, 300, 400], wins: [3, 0], draws: 0,
      repetitions: 1 } },
    { face_down: 3, house: [], totals: noGames(2) }, // cancelled before it played a game: no row
  ];
  assert.deepEqual(comparison(runs), [
    { face_down: 1, house: [], games: 4, average: 400, draws: 1, share: 0.25, repetitions: 0, repeated: 0,
      wins: [0.25, 0.5] },
    { face_down: 1, house: ["peace"], games: 4, average: 300, draws: 0, share: 0, repetitions: 1, repeated: 0.25,
      wins: [0.75, 0] },
  ]);
});

test("a batch takes about a fifth of a second at the rate seen, and never plays more games than are left", () => {
  assert.equal(batchSize(0, 100000), 50, "the first batch is small: the rate is not known yet");
  assert.equal(batchSize(2500, 100000), 500);
  assert.equal(batchSize(100, 100000), 50, "at least 50");
  assert.equal(batchSize(1e6, 100000), 10000, "at most what the bridge takes");
  assert.equal(batchSize(2500, 120), 120);
});

test("the seconds left are whole, at least one until the end, and unknown before the first batch", () => {
  assert.equal(secondsLeft(5000, 1000), 4);
  assert.equal(secondsLeft(5001, 1000), 5);
  assert.equal(secondsLeft(1000.5, 1000), 1);
  assert.equal(secondsLeft(900, 1000), 1, "a run late on its estimate still says a second, never 0 or less");
  assert.equal(secondsLeft(null, 1000), null);
});
