// The game-length histogram's bins (site/static/js/bins.js): round widths, every game counted once, a tail bin.

import assert from "node:assert/strict";
import { test } from "node:test";

import { lengthBins, MOST_BINS } from "../../site/static/js/bins.js";

/** Lengths spread evenly from `low` to `high`, `n` of them. */
const spread = (low, high, n) => Array.from({ length: n }, (_, i) => low + Math.round(((high - low) * i) / (n - 1)));

test("games up to about 1,500 rounds get bins of 150 rounds, and the longest a tail bin", () => {
  const rounds = [...spread(40, 1540, 992), ...spread(1600, 4000, 8)];
  const bins = lengthBins(rounds);
  assert.deepEqual(bins.slice(0, 2).map(({ low, high }) => [low, high]), [[0, 149], [150, 299]]);
  assert.equal(bins.length, MOST_BINS + 1);
  const tail = bins.at(-1);
  assert.deepEqual([tail.low, tail.high], [1500, null]);
  assert.equal(tail.count, rounds.filter((length) => length >= 1500).length);
});

test("every game is counted in exactly one bin, and the bins follow each other without a gap", () => {
  for (const rounds of [[1], [7, 7, 7], spread(1, 999, 500), spread(30, 12000, 2000), [0, 5000], [0]]) {
    const bins = lengthBins(rounds);
    assert.equal(bins.reduce((sum, bin) => sum + bin.count, 0), rounds.length);
    assert.equal(bins[0].low, 0);
    bins.slice(1).forEach((bin, i) => assert.equal(bin.low, bins[i].high + 1));
    const regular = bins.slice(0, -1);
    assert.ok(regular.length <= MOST_BINS && regular.every((bin) => bin.high !== null));
    assert.ok(new Set(regular.map((bin) => bin.high - bin.low)).size <= 1); // one width
  }
});

test("bin widths are round numbers", () => {
  for (const rounds of [spread(1, 999, 500), spread(100, 700, 300), spread(20, 2600, 900), [3, 4, 9, 30]]) {
    const [first] = lengthBins(rounds);
    assert.ok([1, 2, 5, 10, 20, 25, 50, 100, 150, 200, 250, 500, 1000].includes(first.high + 1), String(first.high));
  }
});

test("the tail bin always holds the longest games, at least one in a hundred", () => {
  for (const rounds of [spread(10, 900, 100), spread(1, 5000, 1000), [12]]) {
    const tail = lengthBins(rounds).at(-1);
    assert.equal(tail.high, null);
    assert.ok(tail.count >= rounds.length / 100);
    assert.ok(tail.low <= Math.max(...rounds));
  }
});
