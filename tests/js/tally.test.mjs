// The simulator's sums (site/static/js/tally.js): batches added up, and the numbers of face-down cards compared.

import assert from "node:assert/strict";
import { test } from "node:test";

import { added, average, comparison, noGames } from "../../site/static/js/tally.js";

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

test("each number of face-down cards gets a row of its games, their average length and their draws", () => {
  const runs = [
    { face_down: 1, totals: { ...noGames(2), rounds: [400, 500, 300, 400], draws: 1 } },
    { face_down: 2, totals: { ...noGames(2), rounds: [300, 200, 300, 400], draws: 0 } },
    { face_down: 3, totals: noGames(2) }, // cancelled before it played a game: no row
  ];
  assert.deepEqual(comparison(runs), [
    { face_down: 1, games: 4, average: 400, draws: 1, share: 0.25 },
    { face_down: 2, games: 4, average: 300, draws: 0, share: 0 },
  ]);
});
