// Deals in links (site/static/js/deal.js): what a shared link asks for, and the link that deals a game again.

import assert from "node:assert/strict";
import { test } from "node:test";

import { CHOICES } from "./choices.mjs";

import { clashes, dealLink, dealOf, excluded, linkedDeal, offered, validSeed } from "../../site/static/js/deal.js";

const say = (key) => `<${key}>`;
const STANDARD = { peace: false, jokers: false, only_tied: false }; // no house rule (R13–R15)

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
    { players: 3, seed: 12, order: "played", face_down: 1, ...STANDARD });
  assert.deepEqual(linkedDeal("?seed=5", CHOICES, say),
    { players: 2, seed: 5, order: "shuffled", face_down: 1, ...STANDARD });
  assert.deepEqual(linkedDeal("?players=4&seed=8&down=3", CHOICES, say),
    { players: 4, seed: 8, order: "shuffled", face_down: 3, ...STANDARD });
  assert.deepEqual(linkedDeal("?seed=8&order=played&down=5", CHOICES, say),
    { players: 2, seed: 8, order: "played", face_down: 5, ...STANDARD });
});

test("a link deals the house rules it turns on with 1, and a 0 or nothing leaves them off", () => {
  assert.deepEqual(linkedDeal("?players=3&seed=4&peace=1&only-tied=1", CHOICES, say),
    { players: 3, seed: 4, order: "shuffled", face_down: 1, peace: true, jokers: false, only_tied: true });
  assert.deepEqual(linkedDeal("?seed=4&jokers=1&peace=0", CHOICES, say),
    { players: 2, seed: 4, order: "shuffled", face_down: 1, peace: false, jokers: true, only_tied: false });
  assert.deepEqual(linkedDeal("?peace=1", CHOICES, say), { error: "<bad_seed>" }, "a house rule asks for a deal");
});

test("two and four face-down cards go with the shuffled order only", () => {
  assert.equal(offered(CHOICES, "played", 2), false);
  assert.equal(offered(CHOICES, "played", 4), false);
  for (const [order, faceDown] of [["shuffled", 1], ["shuffled", 2], ["shuffled", 4], ["played", 3], ["played", 5]]) {
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
    "?players=2&seed=5&down=6": "bad_face_down",
    "?players=2&seed=5&down=0": "bad_face_down",
    "?players=2&seed=5&down=two": "bad_face_down",
    "?players=2&seed=5&down=2.0": "bad_face_down",
    "?players=2&seed=5&down=%202": "bad_face_down",
    "?down=3": "bad_seed",
    "?players=2&seed=5&order=played&down=2": "unoffered_link",
    "?seed=6&down=2&order=played": "unoffered_link",
    "?seed=6&down=4&order=played": "unoffered_link",
    "?seed=6&peace=yes": "bad_house",
    "?seed=6&jokers=true": "bad_house",
    "?seed=6&only-tied=2": "bad_house",
    "?seed=6&peace=1&jokers=1": "clash_link",
  };
  for (const [search, key] of Object.entries(cases)) {
    assert.deepEqual(linkedDeal(search, CHOICES, say), { error: `<${key}>` }, search);
  }
});

test("the link of a game deals it again, and mentions the order and the face-down cards only off the default", () => {
  const href = "http://127.0.0.1:8000/fr/index.html?players=2&seed=1#log";
  const deal = { seed: 4321, players: 3, order: "played", face_down: 1, ...STANDARD };
  const played = dealLink(deal, href, CHOICES);
  assert.equal(played, "http://127.0.0.1:8000/fr/index.html?players=3&seed=4321&order=played");
  assert.deepEqual(linkedDeal(new URL(played).search, CHOICES, say), deal);
  const shuffled = dealLink({ ...deal, seed: 7, players: 2, order: "shuffled" }, href, CHOICES);
  assert.equal(new URL(shuffled).search, "?players=2&seed=7");
  const traditional = { ...deal, seed: 7, players: 4, face_down: 3 };
  assert.equal(new URL(dealLink(traditional, href, CHOICES)).search, "?players=4&seed=7&order=played&down=3");
  assert.deepEqual(linkedDeal(new URL(dealLink(traditional, href, CHOICES)).search, CHOICES, say), traditional);
});

test("the link of a game with house rules deals them again: the link turns each on", () => {
  const href = "http://127.0.0.1:8000/en/index.html";
  const deal = { seed: 9, players: 3, order: "shuffled", face_down: 5, peace: false, jokers: true, only_tied: true };
  const link = dealLink(deal, href, CHOICES);
  assert.equal(new URL(link).search, "?players=3&seed=9&down=5&jokers=1&only-tied=1");
  assert.deepEqual(linkedDeal(new URL(link).search, CHOICES, say), deal);
});

test("the deal settings of the page's settings are read by the table", () => {
  const settings = { players: 4, order: "shuffled", face_down: 2, ...STANDARD, peace: true, speed: 3, sound: false };
  assert.deepEqual(dealOf(settings, CHOICES),
    { players: 4, order: "shuffled", face_down: 2, ...STANDARD, peace: true });
});

test("Peace and Jokers clash (R17), as the table says; every other pair of house rules goes together", () => {
  assert.equal(clashes({ peace: true, jokers: true }, CHOICES), true);
  for (const deal of [{ peace: true, only_tied: true }, { jokers: true, only_tied: true }, { peace: true }, {}]) {
    assert.equal(clashes(deal, CHOICES), false, JSON.stringify(deal));
  }
  const [peace, jokers] = ["peace", "jokers"].map((name) => CHOICES.settings.find((one) => one.name === name));
  assert.equal(excluded(peace, (name) => name === "jokers"), true, "Jokers on greys out Peace");
  assert.equal(excluded(jokers, (name) => name === "only_tied"), false, "Only the tied goes with Jokers");
});
