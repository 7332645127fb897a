// The rounds drawn before Python is ready: which a record carries (stored.js) and how flips move through them
// (state.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { autoplaying, controls, drawnEarly, initial, onTable, playingAhead, spent } from "../../site/static/js/state.js";
import { chancesAhead, roundsAhead } from "../../site/static/js/stored.js";
import { CHOICES } from "./choices.mjs";

const CARDS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"].flatMap((rank) =>
  ["C", "D", "H", "S"].map((suit) => rank + suit));
const board = (round, lang = "en") => ({ players: 2, counts: [26 - round, 26 + round], out: [false, false],
  cards: [{ up: ["2C"], down: [[]], last: [[]] }, { up: ["3C"], down: [[]], last: [[]] }], pile: 2, table: 0,
  round, winner: 1, wars: 0, set_aside: false, status: `round ${round}`, announce: "", over: false,
  deal: { seed: 7, players: 2, order: "shuffled", face_down: 1, peace: false, jokers: false, only_tied: false },
  result_text: "", lang });
const step = (round) => ({ board: board(round), line: { entry: { round }, label: `R${round}`, text: "t", wars: "" } });
const RECORD = { version: 3, game: {}, settings: {}, board: board(0), log: [], ahead: [step(1), step(2), step(3)] };

test("a record's rounds ahead are drawn from the one its flips reached", () => {
  assert.deepEqual(roundsAhead(RECORD, CHOICES, CARDS, "en"), { board: board(0), next: step(1) });
  assert.deepEqual(roundsAhead({ ...RECORD, played: 2 }, CHOICES, CARDS, "en"), { board: board(2), next: step(3) });
  assert.deepEqual(roundsAhead({ ...RECORD, played: 3 }, CHOICES, CARDS, "en"), { board: board(3), next: null });
});

test("no round is drawn ahead from an old record (one without rounds ahead, or whose boards do not say their wars), " +
  "another language's, or a shape that cannot be drawn", () => {
  const { ahead, ...old } = RECORD;
  assert.equal(ahead.length, 3);
  for (const record of [old, { ...RECORD, played: 4 }, { ...RECORD, played: "1" }, { ...RECORD, ahead: [null] },
    { ...RECORD, ahead: [{ board: { ...board(1), counts: [1] }, line: step(1).line }] },
    { ...RECORD, ahead: [{ board: { ...board(1), wars: undefined }, line: step(1).line }] }]) {
    assert.equal(roundsAhead(record, CHOICES, CARDS, "en"), null);
  }
  assert.equal(roundsAhead(RECORD, CHOICES, CARDS, "fr"), null);
});

test("flips before the engine draw the rounds ahead one by one, counted in the record, then are kept", () => {
  let state = playingAhead(initial, RECORD, roundsAhead(RECORD, CHOICES, CARDS, "en"));
  assert.equal(controls(state).flip, true);
  assert.equal(controls(state).finish, false);
  state = autoplaying(state, true);
  for (const round of [1, 2, 3]) state = drawnEarly(state);
  assert.equal(state.record.played, 3);
  assert.deepEqual(state.board, board(3));
  assert.equal(spent(state), true);
  assert.equal(controls(state).flip, true); // the next one is kept for the engine
  assert.equal(controls(state).autoplay, true); // auto-play can still be paused
  assert.equal(drawnEarly(state), state);
  state = onTable(state, { ...RECORD, board: board(3) }, step(4));
  assert.equal(state.mode, "playing");
  assert.equal(state.autoplay, true);
});

const made = (round) => ({ chances: [0.25, 0.7], draw: 0.05, repetition: 0, repeats: false, done: 500, round });

test("a round drawn ahead shows the chances its record carries for it, and none from an older record", () => {
  const record = { ...RECORD, chances: made(0),
    ahead: RECORD.ahead.map((s) => ({ ...s, chances: made(s.board.round) })) };
  assert.deepEqual(chancesAhead(record, board(0)), made(0));
  assert.deepEqual(chancesAhead({ ...record, played: 2 }, board(2)), made(2));
  assert.equal(chancesAhead(RECORD, board(0)), null); // stored before chances were kept
  assert.equal(chancesAhead({ ...RECORD, played: 1 }, board(1)), null);
  assert.equal(chancesAhead(null, board(0)), null);
  for (const chances of [made(1), { ...made(0), chances: [0.5] }, { ...made(0), draw: "0" },
    { ...made(0), chances: [2, 0] }, { ...made(0), repeats: undefined }, "junk"]) {
    assert.equal(chancesAhead({ ...record, chances }, board(0)), null);
  }
});
