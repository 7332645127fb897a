// What the page reads itself from a stored record before Python is ready (site/static/js/stored.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import "./page_facts.mjs";
import { CHOICES } from "./choices.mjs";

import { refusal, storedSettings, validBoard } from "../../site/static/js/stored.js";

const CARDS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"].flatMap((rank) =>
  ["C", "D", "H", "S"].map((suit) => rank + suit));
const DEAL = { seed: 12, players: 3, order: "shuffled", face_down: 1, peace: false, jokers: false, only_tied: false };
const BOARD = {
  players: 3, counts: [18, 15, 18], out: [false, false, false], pile: 3, table: 0, round: 5, winner: 1,
  cards: [{ up: ["4D"], down: [null], last: [null] }, { up: ["AS"], down: [null], last: [null] },
    { up: ["9D"], down: [null], last: [null] }],
  set_aside: true, status: "CPU 1 wins 3 cards.", announce: "", over: false, deal: DEAL, result_text: "", lang: "en",
};

test("a stored board is drawn when its seats and cards are sound", () => {
  assert.equal(validBoard(BOARD, CHOICES, CARDS), true);
  assert.equal(validBoard({ ...BOARD, cards: [null, { up: null, down: null, last: null }, {}] }, CHOICES, CARDS),
    true);
});

test("a stored board shows every face-down card of a war step", () => {
  const war = {
    ...BOARD, deal: { ...DEAL, face_down: 3 }, cards: [
      { up: ["9C", "KD"], down: [[], ["2C", "3C", "4C"]], last: [[], []] },
      { up: ["9D", null], down: [[], []], last: [[], ["5H", "6H"]] },
      { up: ["9H", "2S"], down: [[], ["7C", "8C", "10C"]], last: [[], []] },
    ],
  };
  assert.equal(validBoard(war, CHOICES, CARDS), true);
  const seat = war.cards[0];
  assert.equal(validBoard({ ...war, deal: { ...DEAL, face_down: 5 }, cards: [
    { ...seat, down: [[], ["2C", "3C", "4C", "5C", "6C"]] }, ...war.cards.slice(1)] }, CHOICES, CARDS), true,
  "five face down (R16)");
  for (const down of [[[], ["2C", "3C", "4C", "5C", "6C", "7C"]], [[], ["<img>"]], [[], [["2C"]]], [[], "../evil"]]) {
    assert.equal(validBoard({ ...war, cards: [{ ...seat, down }, ...war.cards.slice(1)] }, CHOICES, CARDS), false,
      JSON.stringify(down));
  }
  const listedUp = { ...seat, up: [["9C"], "KD"] }; // only the face-down and last cards come as lists
  assert.equal(validBoard({ ...war, cards: [listedUp, ...war.cards.slice(1)] }, CHOICES, CARDS), false);
});

test("a stored board says its deal by the table: its seed, and each deal setting at a value the table has", () => {
  assert.equal(validBoard({ ...BOARD, deal: { ...DEAL, order: "played", face_down: 3, peace: true } }, CHOICES,
    CARDS), true);
  const wrong = [{ face_down: 0 }, { face_down: 6 }, { face_down: "3" }, { face_down: null }, { face_down: 2.5 },
    { order: "random" }, { players: 5 }, { peace: 1 }, { only_tied: undefined }, { seed: -1 }, { seed: "12" },
    { seed: undefined }];
  for (const change of wrong) {
    assert.equal(validBoard({ ...BOARD, deal: { ...DEAL, ...change } }, CHOICES, CARDS), false, JSON.stringify(change));
  }
  for (const deal of [undefined, null, "peace", []]) {
    assert.equal(validBoard({ ...BOARD, deal }, CHOICES, CARDS), false, JSON.stringify(deal));
  }
});

test("a board stored before boards carried their deal is not drawn before Python, which gives it one", () => {
  const { deal, ...old } = BOARD;
  assert.equal(deal, DEAL);
  assert.equal(validBoard({ ...old, face_down: 1, house: [] }, CHOICES, CARDS), false);
  assert.equal(validBoard(old, CHOICES, CARDS), false);
});

test("a stored board that could break the drawing, or name another picture, is not drawn", () => {
  const broken = [
    null, "board", [], {}, { ...BOARD, players: 5 }, { ...BOARD, players: "3" },
    { ...BOARD, counts: [18, 15] }, { ...BOARD, counts: [18, 15, 53] }, { ...BOARD, counts: [18, 15, -1] },
    { ...BOARD, counts: [18, 15, 1.5] }, { ...BOARD, cards: BOARD.cards.slice(1) },
    { ...BOARD, cards: [...BOARD.cards.slice(1), { up: ["11H"] }] },
    { ...BOARD, cards: [...BOARD.cards.slice(1), { up: ["../../evil"] }] },
    { ...BOARD, cards: [...BOARD.cards.slice(1), { up: "AS" }] },
    { ...BOARD, cards: [...BOARD.cards.slice(1), "AS"] },
  ];
  for (const board of broken) assert.equal(validBoard(board, CHOICES, CARDS), false, JSON.stringify(board));
});

test("the settings of a stored record that the form offers are put back, and only those", () => {
  const all = { players: 4, order: "played", speed: 5, animation: "none" };
  assert.deepEqual(storedSettings(all, CHOICES), all);
  assert.deepEqual(storedSettings({ ...all, face_down: 3 }, CHOICES), { ...all, face_down: 3 });
  for (const faceDown of [0, 6, "3", null, 1.5]) {
    assert.deepEqual(storedSettings({ ...all, face_down: faceDown }, CHOICES), all, String(faceDown));
  }
  assert.deepEqual(storedSettings({ players: 9, order: "sideways", speed: 6, animation: "slow" }, CHOICES), {});
  assert.deepEqual(storedSettings({ players: "3", speed: 2.5, animation: "fast", junk: 1 }, CHOICES),
    { animation: "fast" });
  for (const settings of [null, "fast", 3, []]) assert.deepEqual(storedSettings(settings, CHOICES), {});
});

test("the house rules of a stored record are put back, and of Peace and Jokers (R17) only Peace", () => {
  assert.deepEqual(storedSettings({ peace: true, only_tied: true }, CHOICES), { peace: true, only_tied: true });
  assert.deepEqual(storedSettings({ peace: true, jokers: true }, CHOICES), { peace: true, jokers: false });
  assert.deepEqual(storedSettings({ jokers: "1" }, CHOICES), {}, "a toggle is on or off");
});

test("the sound setting of a stored record is put back when it is on or off, and nothing else is taken for it", () => {
  assert.deepEqual(storedSettings({ sound: false }, CHOICES), { sound: false });
  assert.deepEqual(storedSettings({ animation: "fast", sound: true }, CHOICES), { animation: "fast", sound: true });
  assert.deepEqual(storedSettings({ stop_war: true }, CHOICES), { stop_war: true });
  assert.deepEqual(storedSettings({ stop_war: "yes" }, CHOICES), {}, "a checkbox is on or off");
  for (const sound of ["false", 0, 1, null, {}]) assert.deepEqual(storedSettings({ sound }, CHOICES), {});
  assert.deepEqual(storedSettings({ players: 2 }, CHOICES), { players: 2 }); // an older record: the form's default
});

test("the deck of a stored record is put back when the form offers it, and another language's letters are not", () => {
  const deck = { deck: "four-colour", letters: "fr" };
  assert.deepEqual(storedSettings({ ...deck, sound: true }, CHOICES), { ...deck, sound: true });
  assert.deepEqual(storedSettings({ deck: "four-colour", letters: "ru" }, CHOICES), { deck: "four-colour" });
  // a page whose language has no letters of its own
  const english = { ...CHOICES, settings: CHOICES.settings.map((one) =>
    (one.name === "letters" ? { ...one, values: ["international"] } : one)) };
  assert.deepEqual(storedSettings(deck, english), { deck: "four-colour" });
  for (const bad of ["Standard", "six-colour", "__proto__", "constructor", null, 4, ["standard"], {}]) {
    assert.deepEqual(storedSettings({ deck: bad, letters: bad }, CHOICES), {}, String(bad));
  }
});

test("of two face-down cards with the played order, the cards are kept and the order goes back to the default", () => {
  assert.deepEqual(storedSettings({ players: 2, order: "played", face_down: 2 }, CHOICES),
    { players: 2, order: "shuffled", face_down: 2 });
  assert.deepEqual(storedSettings({ order: "played", face_down: 3 }, CHOICES), { order: "played", face_down: 3 });
  assert.deepEqual(storedSettings({ order: "shuffled", face_down: 2 }, CHOICES), { order: "shuffled", face_down: 2 });
});

test("every kind of refusal is said in the page's words, never in the bridge's English", () => {
  const say = (key) => `<${key}>`;
  assert.equal(refusal({ kind: "damaged", code: "newer", message: "record version 9" }, say), "<save_newer>");
  assert.equal(refusal({ kind: "request", code: "too-big", message: "too large" }, say), "<save_too_big>");
  assert.equal(refusal({ kind: "damaged", code: "not-a-save", message: "a list" }, say, true), "<not_json>");
  assert.equal(refusal({ kind: "damaged", code: "not-a-save", message: "a list" }, say), "<save_damaged>");
  assert.equal(refusal({ kind: "damaged", code: "damaged", message: "hands: duplicated card" }, say),
    "<save_damaged>");
  assert.equal(refusal({ kind: "damaged", message: "no code from an older worker" }, say), "<save_damaged>");
  for (const file of [false, true]) {
    assert.equal(refusal({ kind: "request", code: "unoffered", message: "2 cards face down" }, say, file),
      "<save_unoffered>");
  }
});
