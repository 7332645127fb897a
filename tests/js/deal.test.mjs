// Deals in links (site/static/js/deal.js): what a shared link asks for, and the link that deals a game again.

import assert from "node:assert/strict";
import { test } from "node:test";

import { CHOICES } from "./choices.mjs";

import { dealLink, linkedDeal, offered, validSeed } from "../../site/static/js/deal.js";

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
    { players: 3, seed: 12, order: "played", face_down: 1 });
  assert.deepEqual(linkedDeal("?seed=5", CHOICES, say), { players: 2, seed: 5, order: "shuffled", face_down: 1 });
  assert.deepEqual(linkedDeal("?players=4&seed=8&down=3", CHOICES, say),
    { players: 4, seed: 8, order: "shuffled", face_down: 3 });
  assert.deepEqual(linkedDeal("?seed=8&order=played&down=3", CHOICES, say),
    { players: 2, seed: 8, order: "played", face_down: 3 });
});

test("two face-down cards go with the shuffled order only", () => {
  assert.equal(offered(CHOICES, "played", 2), false);
  for (const [order, faceDown] of [["shuffled", 1], ["shuffled", 2], ["shuffled", 3], ["played", 1], ["played", 3]]) {
    assert.equal(offered(CHOICES, order, faceDown), true, `${order} ${faceDown}`);
  }
  assert.equal(offered({ ...CHOICES, unoffered: [] }, "played", 2), true); // the pairs are the facts', not a rule here
});

test("a bad link names what is wrong", () => {
  const cases = {
    "?players=9&seed=1": "bad_players",
    "?players=abc&seed=1": "bad_players",
    "?players=3": "bad_seed",
    "?seed=%3Cscript%3Ealert(1)%3C/script%3E": "bad_seed",
    [`?seed=${"9".repeat(5000)}`]: "bad_seed",
    "?players=2&seed=5&order=sideways": "bad_order",
    "?players=2&seed=5&down=4": "bad_face_down",
    "?players=2&seed=5&down=0": "bad_face_down",
    "?players=2&seed=5&down=two": "bad_face_down",
    "?players=2&seed=5&down=2.0": "bad_face_down",
    "?players=2&seed=5&down=%202": "bad_face_down",
    "?down=3": "bad_seed",
    "?players=2&seed=5&order=played&down=2": "unoffered_link",
    "?seed=6&down=2&order=played": "unoffered_link",
  };
  for (const [search, key] of Object.entries(cases)) {
    assert.deepEqual(linkedDeal(search, CHOICES, say), { error: `<${key}>` }, search);
  }
});

test("the link of a game deals it again, and mentions the order and the face-down cards only off the default", () => {
  const href = "http://127.0.0.1:8000/fr/index.html?players=2&seed=1#log";
  const played = dealLink({ players: 3, seed: 4321, order: "played", rounds: 7 }, href, CHOICES);
  assert.equal(played, "http://127.0.0.1:8000/fr/index.html?players=3&seed=4321&order=played");
  assert.deepEqual(linkedDeal(new URL(played).search, CHOICES, say),
    { players: 3, seed: 4321, order: "played", face_down: 1 });
  const shuffled = dealLink({ players: 2, seed: 7, order: "shuffled", face_down: 1 }, href, CHOICES);
  assert.equal(new URL(shuffled).search, "?players=2&seed=7");
  const traditional = dealLink({ players: 4, seed: 7, order: "played", face_down: 3 }, href, CHOICES);
  assert.equal(new URL(traditional).search, "?players=4&seed=7&order=played&down=3");
  assert.deepEqual(linkedDeal(new URL(traditional).search, CHOICES, say),
    { players: 4, seed: 7, order: "played", face_down: 3 });
});
