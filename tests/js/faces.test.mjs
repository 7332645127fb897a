// Which picture shows a card in the deck chosen (site/static/js/faces.js). tests/site/test_decks.py checks that it
// agrees with the Python rule the pictures were built by, on every card of every deck.

import assert from "node:assert/strict";
import { test } from "node:test";

import { picture } from "../../site/static/js/faces.js";

// as krig.webapp.facts hands them over
const DECKS = { letters: { fr: ["J", "K", "Q"], ru: ["A", "J", "K", "Q"] }, deck: { "four-colour": ["C", "D"] } };
const STANDARD = { letters: "international", deck: "standard" };

test("the standard deck's pictures are at the top, as every deck's cards that it does not change", () => {
  assert.equal(picture("KH", STANDARD, DECKS), "KH.svg");
  assert.equal(picture("10C", { letters: "fr", deck: "standard" }, DECKS), "10C.svg");
  assert.equal(picture("AS", { letters: "fr", deck: "four-colour" }, DECKS), "AS.svg"); // A stays, spades black
  assert.equal(picture("QH", { letters: "international", deck: "four-colour" }, DECKS), "QH.svg");
});

test("a card whose letter or colour the deck changes is in the folder of the choices that change it", () => {
  assert.equal(picture("KH", { letters: "fr", deck: "standard" }, DECKS), "fr/KH.svg");
  assert.equal(picture("AS", { letters: "ru", deck: "standard" }, DECKS), "ru/AS.svg");
  assert.equal(picture("2D", { letters: "ru", deck: "four-colour" }, DECKS), "four-colour/2D.svg");
  assert.equal(picture("JC", { letters: "fr", deck: "four-colour" }, DECKS), "fr-four-colour/JC.svg");
  assert.equal(picture("AD", { letters: "ru", deck: "four-colour" }, DECKS), "ru-four-colour/AD.svg");
});

test("a choice the facts do not know, or none, changes nothing and never names another folder", () => {
  for (const name of [undefined, null, "", "de", "__proto__", "constructor", "toString", "../.."]) {
    assert.equal(picture("KD", { letters: name, deck: name }, DECKS), "KD.svg", String(name));
  }
  assert.equal(picture("KD", { letters: "fr", deck: "four-colour" }, { letters: {}, deck: {} }), "KD.svg");
});
