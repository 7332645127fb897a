// The game page's state and its transitions (site/static/js/state.js): plain data in, plain data out.

import assert from "node:assert/strict";
import { test } from "node:test";

import * as page from "../../site/static/js/state.js";

const board = (over = false) => ({ players: 2, counts: [26, 26], round: 3, over });
const record = (over = false) => ({ version: 3, game: { rounds: 3 }, board: board(over), log: [] });

/** The state after `steps`, each a transition with its arguments, from the initial state. */
function after(...steps) {
  return steps.reduce((state, [transition, ...args]) => transition(state, ...args), page.initial);
}

const playing = () => after([page.opened, { storage: true, keep: true, board: null }], [page.shown, record()]);

test("a page starts loading, with every control off and the loading notice shown", () => {
  assert.equal(page.initial.mode, "loading");
  assert.ok(Object.isFrozen(page.initial));
  assert.deepEqual(Object.values(page.controls(page.initial)), [false, false, false, false, false, false, false]);
  assert.equal(page.notices(page.initial)["engine-loading"], true);
  assert.equal(page.engineState(page.initial), "loading");
});

test("storage found at start-up decides whether the game is saved", () => {
  const on = { storage: true, keep: true, board: board() };
  assert.equal(after([page.opened, on]).saving, "on");
  assert.deepEqual(after([page.opened, on]).board, board());
  assert.equal(after([page.opened, { ...on, keep: false }]).saving, "off");
  const none = after([page.opened, { storage: false, keep: true, board: null }]);
  assert.equal(none.saving, "unavailable");
  assert.equal(page.notices(none)["storage-off"], true);
  assert.equal(page.kept(none, true), none, "nothing to turn on without storage");
  assert.equal(page.kept(page.kept(playing(), false), true).saving, "on");
});

test("a shown record makes the game playable, ready and saved", () => {
  const state = playing();
  assert.equal(state.mode, "playing");
  assert.equal(state.board, state.record.board);
  assert.deepEqual(page.controls(state),
    { engine: true, flip: true, autoplay: true, finish: true, share: true, export: true, import: true });
  assert.equal(page.engineState(state), "ready");
  assert.equal(page.canSave(state), true);
  assert.equal(page.canSave(page.kept(state, false)), false);
});

test("the last round ends the game and auto-play, and a new game plays again", () => {
  const auto = page.autoplaying(playing(), true);
  assert.equal(auto.autoplay, true);
  const over = page.shown(auto, record(true));
  assert.equal(over.mode, "over");
  assert.equal(over.autoplay, false);
  const controls = page.controls(over);
  assert.equal(controls.flip || controls.autoplay || controls.finish, false);
  assert.equal(controls.engine && controls.share && controls.export && controls.import, true);
  assert.equal(page.autoplaying(over, true).autoplay, false, "no auto-play without a game to play");
  assert.equal(page.shown(over, record()).mode, "playing");
});

test("one request at a time", () => {
  const busy = page.asking(playing());
  assert.equal(page.canAsk(busy), false);
  assert.equal(page.canAsk(page.answered(busy)), true);
  assert.equal(page.canAsk(page.initial), true, "start-up asks while loading");
});

test("a refused record leaves no game, keeps the record and is not overwritten", () => {
  const stored = { version: 2, game: "broken" };
  const state = page.refused(after([page.opened, { storage: true, keep: true, board: board() }]), stored);
  assert.equal(state.mode, "idle");
  assert.equal(state.damaged, stored);
  assert.equal(state.board, null);
  assert.equal(page.notices(state)["save-damaged"], true);
  assert.equal(page.engineState(state), "ready");
  const controls = page.controls(state);
  assert.equal(controls.flip || controls.share || controls.export, false);
  assert.equal(controls.engine && controls.import, true);
  assert.equal(page.canSave(state), false);
  assert.equal(page.notices(page.forgotDamaged(state))["save-damaged"], false);
  const dealt = page.shown(state, record());
  assert.equal(dealt.damaged, null, "a new game replaces the damaged record");
  assert.equal(page.canSave(dealt), true);
});

test("a tab opened while another plays waits, and takes over with its game's mode", () => {
  const waiting = page.started(page.elsewhere(after([page.opened, { storage: true, keep: true, board: board() }])));
  assert.equal(waiting.mode, "elsewhere");
  assert.equal(page.engineState(waiting), "ready");
  assert.equal(page.notices(waiting)["other-tab"], true);
  assert.equal(page.controls(waiting).engine, false);
  assert.equal(page.canAsk(waiting), false);
  assert.equal(page.tookOver(waiting).mode, "idle", "no game yet: the stored one is restored next");
  const own = playing();
  assert.equal(page.tookOver(own), own, "a tab that plays has nothing to take over");
});

test("a tab whose game is taken over stops playing and saving, and takes it back", () => {
  const taken = page.takenOver(page.autoplaying(playing(), true));
  assert.equal(taken.mode, "taken-over");
  assert.equal(taken.autoplay, false);
  assert.equal(page.notices(taken)["taken-over"], true);
  assert.equal(page.canSave(taken), false);
  assert.equal(page.controls(taken).flip, false);
  const late = page.shown(taken, record());
  assert.equal(late.mode, "taken-over", "a round in flight when the game was taken shows, paused");
  assert.equal(page.tookOver(taken).mode, "playing");
  assert.equal(page.tookOver(page.takenOver(page.shown(playing(), record(true)))).mode, "over");
});

test("a failed engine stops everything and says why", () => {
  const state = page.failed(page.autoplaying(playing(), true), "timeout");
  assert.equal(state.mode, "failed");
  assert.equal(state.failure, "timeout");
  assert.equal(state.autoplay, false);
  assert.equal(page.engineState(state), "failed");
  assert.equal(page.notices(state)["engine-failed"], true);
  assert.equal(page.notices(state)["engine-loading"], false);
  assert.equal(page.canAsk(state), false);
  assert.equal(Object.values(page.controls(state)).some(Boolean), false);
  assert.equal(page.failed(page.initial).failure, null);
});

test("start-up without a game ends ready, and never undoes a game", () => {
  assert.equal(page.started(page.initial).mode, "idle");
  const state = playing();
  assert.equal(page.started(state), state);
});

test("settings and a new record of the same game change nothing else", () => {
  const state = playing();
  const settings = { players: 3, order: "played", speed: 5, animation: "none" };
  assert.deepEqual(page.settingsRead(state, settings), { ...state, settings });
  const again = { ...record(), settings };
  assert.deepEqual(page.recorded(state, again), { ...state, record: again });
});
