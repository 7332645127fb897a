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

test("keys with a modifier, or already handled, are left alone", () => {
  for (const more of [{ ctrlKey: true }, { altKey: true }, { metaKey: true }, { defaultPrevented: true }]) {
    assert.deepEqual(press(" ", more), { action: null, prevent: false }, JSON.stringify(more));
    assert.equal(press("n", more).action, null);
  }
});

test("a button or a checkbox takes Space and Enter itself, but the letters still work there", () => {
  for (const key of [" ", "Enter"]) assert.deepEqual(press(key, { inField: true }), { action: null, prevent: false });
  assert.equal(press("n", { inField: true }).action, "new");
  assert.equal(press("а", { inField: true }).action, "autoplay");
});

test("in a field that takes letters, the letters are typed, not shortcuts", () => {
  for (const key of ["n", "н", "a"]) assert.equal(press(key, { inField: true, inText: true }).action, null, key);
});

test("during a replay the keys step through it, go to its ends, and play or pause it", () => {
  const replaying = { replaying: true };
  for (const key of [" ", "Enter", "ArrowRight"]) {
    assert.deepEqual(press(key, replaying), { action: "forward", prevent: true }, key);
  }
  assert.deepEqual(press("ArrowLeft", replaying), { action: "back", prevent: true });
  assert.deepEqual(press("Home", replaying), { action: "first", prevent: true });
  assert.deepEqual(press("End", replaying), { action: "last", prevent: true });
  assert.equal(press("ArrowRight", { ...replaying, repeat: true }).action, "forward", "holding an arrow scrubs");
  for (const key of ["a", "А"]) assert.equal(press(key, replaying).action, "play", key);
  assert.equal(press("n", replaying).action, null, "no new game from a replay");
  assert.equal(press("ArrowLeft", { ...replaying, inField: true }).action, "back", "on the replay's buttons too");
  assert.equal(press(" ", { ...replaying, inField: true }).action, null, "a button takes its Space itself");
  assert.equal(press("End", { ...replaying, inField: true, inTyping: true }).action, null, "the range moves itself");
});

test("the arrows, Home and End are left alone outside a replay", () => {
  for (const key of ["ArrowLeft", "ArrowRight", "Home", "End"]) {
    assert.deepEqual(press(key), { action: null, prevent: false }, key);
  }
});
