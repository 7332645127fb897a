// Deals in links (site/static/js/deal.js): what a shared link asks for, and the link that deals a game again.

import assert from "node:assert/strict";
import { test } from "node:test";

import { dealLink, linkedDeal, validSeed } from "../../site/static/js/deal.js";

const CHOICES = { players: [2, 3, 4], orders: ["shuffled", "played"] };
const say = (key) => `<${key}>`;

test("a seed is a whole number from 0 to 2**53 - 1, written in ASCII digits", () => {
  for (const seed of ["0", "42", "9007199254740991"]) assert.equal(validSeed(seed), true, seed);
  for (const seed of ["", "-1", "1.5", "1e3", " 7", "9007199254740992", "12345678901234567", "০১", "<script>"]) {
    assert.equal(validSeed(seed), false, seed);
  }
});

test("a page without deal parameters asks for no deal", () => {
  assert.equal(linkedDeal("", CHOICES, say), null);
  assert.equal(linkedDeal("?lang=fr", CHOICES, say), null);
});

test("a link's deal, with the defaults for what it leaves out", () => {
  assert.deepEqual(linkedDeal("?players=3&seed=12&order=played", CHOICES, say),
    { players: 3, seed: 12, order: "played" });
  assert.deepEqual(linkedDeal("?seed=5", CHOICES, say), { players: 2, seed: 5, order: "shuffled" });
});

test("a bad link names what is wrong", () => {
  const cases = {
    "?players=9&seed=1": "bad_players",
    "?players=abc&seed=1": "bad_players",
    "?players=3": "bad_seed",
    "?seed=%3Cscript%3Ealert(1)%3C/script%3E": "bad_seed",
    [`?seed=${"9".repeat(5000)}`]: "bad_seed",
    "?players=2&seed=5&order=sideways": "bad_order",
  };
  for (const [search, key] of Object.entries(cases)) {
    assert.deepEqual(linkedDeal(search, CHOICES, say), { error: `<${key}>` }, search);
  }
});

test("the link of a game deals it again, and mentions the order only when it is not the default", () => {
  const href = "http://127.0.0.1:8000/fr/index.html?players=2&seed=1#log";
  const played = dealLink({ players: 3, seed: 4321, order: "played", rounds: 7 }, href, CHOICES);
  assert.equal(played, "http://127.0.0.1:8000/fr/index.html?players=3&seed=4321&order=played");
  assert.deepEqual(linkedDeal(new URL(played).search, CHOICES, say), { players: 3, seed: 4321, order: "played" });
  const shuffled = dealLink({ players: 2, seed: 7, order: "shuffled" }, href, CHOICES);
  assert.equal(new URL(shuffled).search, "?players=2&seed=7");
});
