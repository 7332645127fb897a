// The keyboard (site/static/js/keys.js): which key asks for what.

import assert from "node:assert/strict";
import { test } from "node:test";

import { keyAction } from "../../site/static/js/keys.js";

const RUSSIAN = { autoplay: ["a", "а"], new: ["n", "н"] }; // Cyrillic а and н beside the Latin letters
const press = (key, more = {}) => keyAction({ key, ...more }, RUSSIAN);

test("Space and Enter flip, once per press, and Space never scrolls", () => {
  assert.deepEqual(press(" "), { action: "flip", prevent: true });
  assert.deepEqual(press("Enter"), { action: "flip", prevent: true });
  assert.deepEqual(press(" ", { repeat: true }), { action: null, prevent: true });
});

test("the shortcut letters work in the page's language, the Latin ones too, in either case", () => {
  for (const key of ["a", "A", "а", "А"]) assert.equal(press(key).action, "autoplay", key);
  for (const key of ["n", "N", "н", "Н"]) assert.equal(press(key).action, "new", key);
  assert.equal(press("a", { repeat: true }).action, null);
  assert.equal(press("x").action, null);
});

test("keys for a form field, with a modifier, or already handled are left alone", () => {
  for (const more of [{ inField: true }, { ctrlKey: true }, { altKey: true }, { metaKey: true },
    { defaultPrevented: true }]) {
    assert.deepEqual(press(" ", more), { action: null, prevent: false }, JSON.stringify(more));
    assert.equal(press("n", more).action, null);
  }
});
