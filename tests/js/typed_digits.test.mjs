// Typed input accepts the page language's own digits: ১২৩ in the Bengali seed box means 123.
// Run with `node --test tests/js/` (tests/site/test_page_scripts_in_node.py runs it under pytest).
import assert from "node:assert/strict";
import { test } from "node:test";

import { asciiDigits, localeDigits } from "../../site/static/js/strings.js";

test("each language's digits come from Intl", () => {
  assert.equal(localeDigits("bn"), "০১২৩৪৫৬৭৮৯");
  for (const lang of ["en", "ru", "sw", "fr", "id"]) assert.equal(localeDigits(lang), "0123456789");
});

test("Bengali digits typed on the Bengali page read as ASCII digits", () => {
  assert.equal(asciiDigits("১২৩", "bn"), "123");
  assert.equal(asciiDigits("৯০০৭১৯৯২৫৪৭৪০৯৯১", "bn"), "9007199254740991");
  assert.equal(asciiDigits("১2৩", "bn"), "123"); // a mix of both keyboards
  assert.equal(asciiDigits("0123456789", "bn"), "0123456789");
});

test("anything else is kept as typed, for the seed check to refuse", () => {
  assert.equal(asciiDigits("১২a", "bn"), "12a");
  assert.equal(asciiDigits("-৫", "bn"), "-5");
  assert.equal(asciiDigits("১২৩", "en"), "১২৩"); // only the page's own digits are read
  assert.equal(asciiDigits("", "bn"), "");
});
