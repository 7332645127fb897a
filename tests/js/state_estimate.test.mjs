// What the win-chance bars show, in the page's state (site/static/js/state.js): always the round on screen's own
// estimate, or none, and never another game's.

import assert from "node:assert/strict";
import { test } from "node:test";

import * as page from "../../site/static/js/state.js";

const board = (round, over = false) => ({ players: 2, counts: [26, 26], round, over });
const record = (round, over = false) => ({ version: 3, game: { rounds: 3 }, board: board(round, over), log: [] });
const estimate = (round) => ({ round, chances: [0.6, 0.4] });
/** A game dealt or loaded, at round `round`, as answers.js puts it on screen. */
const dealt = (state, round = 0, over = false) => page.onTable(page.dealt(state), record(round, over));
const playing = (round = 3) => dealt(page.started(page.initial), round);
const NONE = { game: null, round: null, carried: null, current: false, settled: false };

test("a page shows no estimate until a game is dealt, and counts the games dealt or loaded", () => {
  assert.deepEqual(page.initial.estimate, NONE);
  assert.equal(page.initial.games, 0);
  assert.equal(playing().games, 1);
  assert.equal(dealt(playing()).games, 2, "a new game is another one");
  assert.deepEqual(page.roundToEstimate(playing()).estimate, NONE, "a round without one waits for it");
});

test("the bridge's estimate of a round is shown with it, and stays the round's until the next round", () => {
  const state = page.roundToEstimate(playing(3), estimate(3));
  assert.deepEqual(state.estimate, { game: 1, round: 3, carried: null, current: true, settled: false });
  const again = page.roundToEstimate(state);
  assert.deepEqual(again.estimate, state.estimate, "the same round drawn again keeps its estimate");
  const next = page.roundToEstimate(page.onTable(state, record(4)));
  assert.deepEqual(next.estimate, NONE, "the next round has none yet: the bars never show another round's");
});

test("the worker's estimate is the round's, and the rounds ahead settle it until the next round", () => {
  const waiting = page.roundToEstimate(playing(3));
  const made = page.estimated(waiting, estimate(3));
  assert.deepEqual(made.estimate, { game: 1, round: 3, carried: null, current: true, settled: false });
  const settled = page.estimatesSettled(made);
  assert.equal(settled.estimate.settled, true);
  assert.deepEqual(page.roundToEstimate(settled).estimate, made.estimate,
    "a round drawn again works out its rounds ahead again");
});

test("another game at the same round does not keep the last game's estimate", () => {
  const state = page.estimated(page.roundToEstimate(playing(3)), estimate(3));
  assert.deepEqual(page.roundToEstimate(dealt(state, 3)).estimate, NONE);
});

test("a game that is over, or not played here, shows no estimate", () => {
  const state = page.estimated(page.roundToEstimate(playing(3)), estimate(3));
  assert.deepEqual(page.roundToEstimate(page.onTable(state, record(3, true)), null).estimate, NONE);
  assert.deepEqual(page.roundToEstimate(page.takenOver(state)).estimate, NONE);
});

test("a record's estimate of a round drawn before the engine is ready is the engine's game's at that round", () => {
  const early = page.estimateCarried(page.initial, estimate(4));
  assert.deepEqual(early.estimate, { game: null, round: 4, carried: 4, current: false, settled: false });
  const handedOver = page.roundToEstimate(dealt(early, 4));
  assert.deepEqual(handedOver.estimate, { game: 1, round: 4, carried: null, current: true, settled: false });
  assert.deepEqual(page.roundToEstimate(dealt(early, 5)).estimate, NONE, "the engine's game at another round");
  assert.deepEqual(page.estimateCarried(early, null).estimate, NONE, "a round drawn ahead without one");
});
