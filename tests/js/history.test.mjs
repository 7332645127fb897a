// The finished games for the statistics page (site/static/js/history.js): old entries go to the bridge.

import assert from "node:assert/strict";
import { test } from "node:test";

import "./page_facts.mjs";
import {
  gameToWatch, linkedReplay, replayLink, upToDate, watchable, withFinished,
} from "../../site/static/js/history.js";

const current = { version: 1, players: 2, result: "win", winner: 0, rounds: 80, comeback: 4, endedAt: 0 };
const old = { players: 2, result: "win", winner: 0, rounds: 80, low: 4, endedAt: 0 };

test("current games are shown as they are, without asking the engine", async () => {
  const ask = () => assert.fail("the engine was asked");
  assert.deepEqual(await upToDate([current, current], ask, 1), [current, current]);
  assert.deepEqual(await upToDate([], ask, 1), []);
});

test("a newer site's games are left as they are, without asking the engine", async () => {
  const newer = { ...current, version: 2 };
  const ask = () => assert.fail("the engine was asked");
  const games = [current, newer];
  assert.equal(await upToDate(games, ask, 1), games);
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

const kept = (endedAt) => ({ ...current, version: 2, endedAt, game: { version: 2, rounds: 80 } });
const figures = (endedAt) => ({ ...current, version: 2, endedAt });

test("the games that keep their game can be watched again, newest first", () => {
  const games = [figures(1), kept(2), null, "junk", kept(3), { ...kept(4), game: null }, { ...kept(5), endedAt: "5" }];
  assert.deepEqual(watchable(games).map((game) => game.endedAt), [3, 2]);
  assert.equal(games.length, 7, "the stored list is left as it is");
  assert.deepEqual(gameToWatch(games, 2), kept(2).game);
  assert.equal(gameToWatch(games, 1), null, "an entry with its figures alone cannot be watched");
  assert.equal(gameToWatch(games, 99), null);
});

test("a link names the game to watch again by when it ended", () => {
  const href = replayLink(kept(1712345678901), "https://krig.example/fr/stats.html");
  assert.equal(href, "https://krig.example/fr/index.html?replay=1712345678901");
  assert.deepEqual(linkedReplay(new URL(href).search), { id: 1712345678901 });
  assert.equal(linkedReplay("?players=3&seed=4"), null);
  assert.equal(linkedReplay(""), null);
  for (const bad of ["?replay=", "?replay=abc", "?replay=-4", "?replay=1.5", "?replay=12345678901234567"]) {
    assert.deepEqual(linkedReplay(bad), { bad: true }, bad);
  }
});

test("a finished game is added once, after the others, whatever the stored history holds", () => {
  const ended = (id) => ({ version: 3, id, rounds: 80, game: { seed: id } });
  assert.deepEqual(withFinished([ended("a")], ended("b"), 10, 5, 3), [ended("a"), ended("b")]);
  assert.equal(withFinished([ended("a"), ended("b")], ended("a"), 10, 5, 3), null); // the same game: no write
  assert.deepEqual(withFinished(undefined, ended("a"), 10, 5, 3), [ended("a")]);
  assert.deepEqual(withFinished("junk", ended("a"), 10, 5, 3), [ended("a")]);
});

test("the latest games are kept, and only the latest keep their game", () => {
  const ended = (id) => ({ version: 3, id, rounds: 80, game: { seed: id } });
  const figures = (id) => ({ version: 3, id, rounds: 80 });
  const kept = withFinished(["a", "b", "c"].map(ended), ended("d"), 3, 2, 3);
  assert.deepEqual(kept, [figures("b"), ended("c"), ended("d")]);
  const older = { version: 2, endedAt: 1, game: {} }; // the bridge brings it up to date, as it is until then
  assert.deepEqual(withFinished([older, ended("c")], ended("d"), 3, 1, 3), [older, figures("c"), ended("d")]);
});
