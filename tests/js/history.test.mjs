// The finished games for the statistics page (site/static/js/history.js): old entries go to the bridge.

import assert from "node:assert/strict";
import { test } from "node:test";

import { upToDate } from "../../site/static/js/history.js";

const current = { version: 1, players: 2, result: "win", winner: 0, rounds: 80, comeback: 4, endedAt: 0 };
const old = { players: 2, result: "win", winner: 0, rounds: 80, low: 4, endedAt: 0 };

test("current games are shown as they are, without asking the engine", async () => {
  const ask = () => assert.fail("the engine was asked");
  assert.deepEqual(await upToDate([current, current], ask, 1), [current, current]);
  assert.deepEqual(await upToDate([], ask, 1), []);
});

test("games stored by an older site are brought up to date by the bridge", async () => {
  const asked = [];
  const ask = async (request) => {
    asked.push(request);
    return { ok: true, entries: [current, current] };
  };
  assert.deepEqual(await upToDate([old, current], ask, 1), [current, current]);
  assert.deepEqual(asked, [{ type: "history", entries: [old, current] }]);
});

test("without an engine, the games are shown as they are stored", async () => {
  const ask = async () => {
    throw new Error("the engine could not be loaded");
  };
  assert.deepEqual(await upToDate([old], ask, 1), [old]);
});
