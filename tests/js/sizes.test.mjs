// Sizes in bytes in the page's language (site/static/js/strings.js's bytes), for "Saving and privacy".

import assert from "node:assert/strict";
import { test } from "node:test";

import { bytes } from "../../site/static/js/strings.js";

test("a size is said in the largest unit it reaches, with one decimal below ten", () => {
  assert.equal(bytes(512, "en"), new Intl.NumberFormat("en", { style: "unit", unit: "byte", unitDisplay: "short" })
    .format(512));
  assert.match(bytes(12_345, "en"), /^12 kB$/);
  assert.match(bytes(3_456_789, "en"), /^3\.5 MB$/);
  assert.match(bytes(2_000_000_000, "en"), /^2 GB$/);
});

test("a size is written with the language's own digits and separators", () => {
  assert.match(bytes(3_456_789, "fr"), /^3,5\sMo$/);
  assert.match(bytes(12_345, "bn"), /^১২/);
});
