// The game page's state and its transitions (site/static/js/state.js): plain data in, plain data out.
// Over 300 lines, as state.js is: every transition, beside the others it must agree with.

import assert from "node:assert/strict";
import { test } from "node:test";

import * as page from "../../site/static/js/state.js";

const board = (over = false) => ({ players: 2, counts: [26, 26], round: 3, over });
const record = (over = false) => ({ version: 3, game: { rounds: 3 }, board: board(over), log: [] });

/** The state after `steps`, each a transition with its arguments, from the initial state. */
function after(...steps) {
  return steps.reduce((state, [transition, ...args]) => transition(state, ...args), page.initial);
}

const playing = () => after([page.opened, { storage: true, keep: true, board: null }], [page.onTable, record()]);

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

test("a flip draws the round the bridge worked out ahead, and the record stored at once counts it", () => {
  const next = { board: { ...board(), round: 4 }, line: { label: "Round 4" } };
  const ahead = { ...record(), ahead: [next, { board: { ...board(), round: 5 } }] };
  const dealt = page.onTable(playing(), ahead, next);
  assert.equal(dealt.next, next);
  const drawn = page.drawnAhead(dealt);
  assert.equal(drawn.board, next.board, "the next round is on screen at once");
  assert.equal(drawn.next, null, "and is drawn only once");
  assert.deepEqual(drawn.record, { ...ahead, played: 1 }, "the record counts it, to be stored before the answer");
  assert.equal(page.drawnAhead(drawn), drawn, "nothing to draw ahead: nothing changes");
  const bare = page.drawnAhead(page.onTable(playing(), record(), next));
  assert.equal(bare.record.played, undefined, "a record without rounds ahead cannot count one");
  assert.equal(page.onTable(drawn, record()).next, null, "an answer without a next round leaves none");
  assert.equal(page.refused(dealt, {}).next, null);
});

test("beyond the rounds known ahead before the engine is ready, flips are kept, at most WAIT_LIMIT", () => {
  const next = { board: { ...board(), round: 4 }, line: { label: "Round 4" } };
  const ahead = { ...record(), ahead: [next] };
  const loading = after([page.opened, { storage: true, keep: true, board: null }],
    [page.playingAhead, ahead, { board: ahead.board, next }]);
  assert.equal(page.spent(loading), false, "a round ahead is left");
  assert.equal(page.flipKept(loading), loading, "and a flip draws it: nothing is kept");
  const spent = page.drawnEarly(loading);
  assert.equal(spent.next, null);
  assert.equal(page.spent(spent), true, "the rounds ahead are spent, the engine is not ready");
  assert.equal(page.controls(spent).flip, true, "Flip still takes a press");
  const full = Array.from({ length: page.WAIT_LIMIT + 3 }).reduce((state) => page.flipKept(state), spent);
  assert.equal(full.waiting, page.WAIT_LIMIT, "the queue is bounded");
  const ready = page.onTable(page.progressed(full, 100), { ...ahead, board: { ...next.board } });
  assert.equal(page.spent(ready), false);
  assert.equal(ready.waiting, page.WAIT_LIMIT, "the flips kept outlast the handover");
  assert.equal(page.flipKept(ready).waiting, page.WAIT_LIMIT, "a press while they are played joins them");
  assert.equal(page.keptPlayed(ready).waiting, page.WAIT_LIMIT - 1);
  assert.equal(page.keptPlayed(ready, true).waiting, 0, "a game that ends drops the rest");
  assert.equal(page.failed(full).waiting, 0);
  assert.equal(page.flipKept(playing()).waiting, 0, "a live game keeps no flip");
});

test("a flip while the game is handed to the engine draws nothing: the engine plays it once it has answered", () => {
  const next = { board: { ...board(), round: 4 }, line: { label: "Round 4" } };
  const ahead = { ...record(), ahead: [next] };
  const loading = after([page.opened, { storage: true, keep: true, board: null }],
    [page.playingAhead, ahead, { board: ahead.board, next }]);
  assert.equal(page.drawsNow(loading), true);
  const handing = page.asking(loading); // the restore of the record on screen is in flight
  assert.equal(page.drawsNow(handing), false, "its answer would put round 3 back over a round 4 drawn now");
  assert.equal(page.drawnEarly(handing), handing, "nothing is drawn");
  assert.equal(page.controls(handing).flip, true, "Flip still takes the press, for the engine");
  assert.equal(page.drawsNow(page.answered(handing)), true);
});

test("the engine's progress only grows, up to 100", () => {
  const state = page.progressed(page.initial, 40);
  assert.equal(state.progress, 40);
  assert.equal(page.progressed(state, 20), state);
  assert.equal(page.progressed(state, 250).progress, 100);
});

test("the last round ends the game and auto-play, and a new game plays again", () => {
  const auto = page.autoplaying(playing(), true);
  assert.equal(auto.autoplay, true);
  const over = page.onTable(auto, record(true));
  assert.equal(over.mode, "over");
  assert.equal(over.autoplay, false);
  const controls = page.controls(over);
  assert.equal(controls.flip || controls.autoplay || controls.finish, false);
  assert.equal(controls.engine && controls.share && controls.export && controls.import, true);
  assert.equal(page.autoplaying(over, true).autoplay, false, "no auto-play without a game to play");
  assert.equal(page.onTable(over, record()).mode, "playing");
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
  const dealt = page.onTable(state, record());
  assert.equal(dealt.damaged, null, "a new game replaces the damaged record");
  assert.equal(page.canSave(dealt), true);
});

test("a refused link is said over the game the page went on with, until the next game is dealt or loaded", () => {
  const refused = page.linkRefused(after([page.dealt], [page.onTable, record()]), "Choose 2, 3 or 4.");
  assert.equal(page.notices(refused)["bad-link"], true);
  assert.equal(refused.badLink, "Choose 2, 3 or 4.");
  assert.equal(page.notices(page.onTable(refused, record()))["bad-link"], true, "a round played keeps it");
  const next = page.dealt(refused);
  assert.equal(next.badLink, null);
  assert.equal(page.notices(next)["bad-link"], false);
  assert.equal(page.notices(page.initial)["bad-link"], false);
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
  const late = page.onTable(taken, record());
  assert.equal(late.mode, "taken-over", "a round in flight when the game was taken shows, paused");
  assert.equal(page.tookOver(taken).mode, "playing");
  assert.equal(page.tookOver(page.takenOver(page.onTable(playing(), record(true)))).mode, "over");
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

test("an engine that answers after the page said it took too long goes on loading, with nothing said", () => {
  const late = page.answeredLate(page.failed(page.initial, "timeout"));
  assert.equal(late.mode, "loading");
  assert.equal(late.failure, null);
  assert.equal(page.engineState(late), "loading");
  assert.equal(page.notices(late)["engine-failed"], false);
  assert.equal(page.started(late).mode, "idle");
  assert.equal(page.answeredLate(playing()).mode, "playing");
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

// Replays: a finished game watched again over the game, which waits as it was

const over = () => page.onTable(playing(), record(true));
const answer = (round, rounds = 40) => ({ round, rounds, board: { ...board(round === rounds), round } });
const watching = (from = over()) => page.replayOpened(from, answer(0));

test("the end screen can watch the game again, and the replay shows its deal with only its own controls", () => {
  assert.equal(page.replayControls(over()).watch, true);
  assert.equal(page.replayControls(playing()).watch, false, "only a finished game is watched again");
  assert.equal(page.replayControls(page.asking(over())).watch, false);
  const game = over();
  const state = watching(game);
  assert.equal(state.mode, "replay");
  assert.deepEqual(state.replay, { round: 0, rounds: 40, board: answer(0).board, wanted: 0, playing: false,
    back: "over", retimed: false });
  assert.equal(state.record, game.record, "the game's record stays as it is");
  assert.equal(state.board, game.board, "and so does its board");
  assert.equal(Object.values(page.controls(state)).some(Boolean), false, "no control of the game works");
  assert.equal(page.canAsk(state), false, "no request that changes the game");
  assert.deepEqual(page.replayControls(state), { watch: false, "replay-back": false, "replay-play": true,
    "replay-forward": true, "replay-range": true, "replay-to": true, "replay-go": true, "replay-leave": true });
  assert.equal(page.engineState(state), "ready");
  assert.equal(page.autoplaying(state, true).autoplay, false, "the game's auto-play stays off");
});

test("a replay goes to the round asked for, the nearest one the game has", () => {
  const state = watching();
  assert.equal(page.replayWanted(state, 12).replay.wanted, 12);
  assert.equal(page.replayWanted(state, 12).replay.round, 0, "shown once the bridge answers");
  assert.equal(page.replayWanted(state, -3).replay.wanted, 0);
  assert.equal(page.replayWanted(state, 99).replay.wanted, 40);
  assert.equal(page.replayWanted(state, 7.6).replay.wanted, 8);
  assert.equal(page.replayWanted(state, Number("x")), state, "not a round: nothing changes");
  assert.equal(page.replayWanted(state, 0), state);
  const game = over();
  assert.equal(page.replayWanted(game, 3), game, "no replay: nothing to go to");
  const shown = page.replayShown(page.replayWanted(state, 12), answer(12));
  assert.deepEqual([shown.replay.round, shown.replay.wanted, shown.replay.board], [12, 12, answer(12).board]);
  assert.deepEqual(page.replayControls(shown)["replay-back"], true);
  const end = page.replayShown(page.replayWanted(state, 40), answer(40));
  assert.equal(page.replayControls(end)["replay-forward"], false);
  assert.equal(page.replayControls(end)["replay-play"], false, "nothing left to play");
});

test("a replay plays on until its last round, and pauses", () => {
  const state = page.replayPlaying(watching(), true);
  assert.equal(state.replay.playing, true);
  assert.equal(page.replayControls(state)["replay-play"], true, "to pause it");
  assert.equal(page.replayPlaying(state, false).replay.playing, false);
  assert.equal(page.replayShown(state, answer(39)).replay.playing, true);
  assert.equal(page.replayShown(state, answer(40)).replay.playing, false, "the last round stops it");
  const end = page.replayShown(page.replayWanted(watching(), 40), answer(40));
  assert.equal(page.replayPlaying(end, true), end, "from the last round there is nothing to play");
  const game = over();
  assert.equal(page.replayPlaying(game, true), game, "no replay: nothing to play");
});

test("leaving a replay brings back the mode it came from, and the game as it was", () => {
  for (const from of [over(), playing(), page.elsewhere(over()), page.takenOver(playing())]) {
    const back = page.replayClosed(page.replayShown(page.replayWanted(watching(from), 9), answer(9)));
    assert.deepEqual(back, { ...from, autoplay: false }, from.mode);
  }
  const state = over();
  assert.equal(page.replayClosed(state), state, "no replay: nothing to leave");
});

test("a replay notes settings changed while it is on screen, for the record once it ends, and forgets none", () => {
  const settings = { speed: 5, animation: "none" };
  const moved = page.settingsRead(watching(), settings);
  assert.deepEqual([moved.settings, moved.replay.retimed], [settings, true]);
  assert.equal(page.replayShown(page.replayWanted(moved, 3), answer(3)).replay.retimed, true, "a step keeps it");
  assert.equal(page.replayOpened(moved, answer(0)).replay.retimed, true, "and so does another replay over it");
  assert.equal(page.replayOpened(page.settingsRead(over(), settings), answer(0)).replay.retimed, false,
    "settings read before the replay are the record's already");
  assert.equal(page.replayClosed(moved).replay, null);
  assert.equal(page.settingsRead(over(), settings).replay, null, "no replay: nothing to note");
});

test("the visitor's first press or key is noted once, and stays", () => {
  assert.equal(page.initial.acted, false, "the page has not been touched yet");
  const touched = page.acted(page.initial);
  assert.equal(touched.acted, true);
  assert.equal(page.acted(touched), touched, "another press changes nothing");
  assert.equal(page.failed(page.onTable(touched, record()), "load").acted, true);
});

test("the browser is asked to keep the storage once a page, and a new game or a failure does not forget it", () => {
  assert.equal(page.initial.asked, false);
  const asked = page.askedToKeep(page.acted(page.initial));
  assert.equal(asked.asked, true);
  assert.equal(page.failed(page.onTable(asked, record()), "load").asked, true);
});

test("a replay ends when another tab takes the game or the engine fails, and needs a working engine", () => {
  const taken = page.takenOver(page.replayPlaying(watching(), true));
  assert.deepEqual([taken.mode, taken.replay], ["taken-over", null]);
  const broken = page.failed(watching(), "load");
  assert.deepEqual([broken.mode, broken.replay], ["failed", null]);
  assert.equal(page.canReplay(page.initial), false, "the engine is still loading");
  assert.equal(page.canReplay(broken), false);
  assert.equal(page.canReplay(page.asking(over())), false, "a request that changes the game is out");
  assert.equal(page.replayOpened(broken, answer(0)), broken);
  for (const from of [over(), playing(), page.elsewhere(over()), page.started(page.initial)]) {
    assert.equal(page.canReplay(from), true, from.mode);
  }
  const again = page.replayOpened(page.replayShown(page.replayWanted(watching(), 5), answer(5)), answer(0, 12));
  assert.deepEqual([again.replay.round, again.replay.rounds, again.replay.back], [0, 12, "over"],
    "another replay replaces the one on screen, and goes back to the same game");
});

test("a damaged save's notice waits while a replay is on screen", () => {
  const damaged = page.refused(page.started(page.initial), { version: 2 });
  assert.equal(page.notices(watching(damaged))["save-damaged"], false);
  assert.equal(page.notices(page.replayClosed(watching(damaged)))["save-damaged"], true);
});

test("the deal's settings differ from the game on screen until a new game uses them", () => {
  const game = { players: 2, order: "shuffled", face_down: 1, peace: false };
  const form = { players: 2, order: "shuffled", face_down: 1, peace: false };
  assert.equal(page.dealDiffers(form, game), false);
  assert.equal(page.dealDiffers({ ...form, players: 4 }, game), true);
  assert.equal(page.dealDiffers({ ...form, order: "played" }, game), true);
  assert.equal(page.dealDiffers({ ...form, face_down: 3 }, game), true);
  assert.equal(page.dealDiffers({ ...form, peace: true }, game), true);
  assert.equal(page.dealDiffers(form, null), false, "no game on screen: nothing to differ from");
});

test("a failed write shows its notice, and a finished game it carried is owed until a write carries it", () => {
  const entry = { id: "g1" };
  const failed = page.saveFailed(playing(), null);
  assert.deepEqual([page.notices(failed)["save-failed"], page.notices(failed)["result-unsaved"]], [true, false]);
  assert.equal(page.saveLanded(failed, null).unsaved, null);
  const owing = page.saveFailed(page.saveFailed(playing(), entry), null);
  assert.equal(owing.unsaved.entry, entry, "a later failure without the game still owes it");
  assert.deepEqual([page.notices(owing)["save-failed"], page.notices(owing)["result-unsaved"]], [false, true]);
  assert.equal(page.saveLanded(owing, null), owing, "a write begun before the failure did not carry it");
  assert.equal(page.saveLanded(owing, entry).unsaved, null);
  const calm = playing();
  assert.equal(page.saveLanded(calm, null), calm, "nothing owed: the same state");
});

test("the game a new deal replaced is offered back with the stored board, before the engine is ready", () => {
  const onScreen = { ...record(), game: { rounds: 1 } };
  const restored = after([page.opened, { storage: true, keep: true, board: board() }]);
  const offered = page.replacedRead(restored, record(), onScreen);
  assert.deepEqual(offered.replaced, record());
  assert.equal(offered.mode, "loading");
  assert.equal(page.notices(offered)["back-notice"], true, "shown with the board: the table never moves");
  assert.equal(page.controls(offered).engine, false, "its button waits for the engine");
  assert.equal(page.replacedRead(restored, record(), record()), restored, "the same game in both keys");
  assert.equal(page.replacedRead(restored, record(true), onScreen), restored, "a finished game is not offered");
  assert.equal(page.replacedRead(restored, null, onScreen), restored);
  const off = after([page.opened, { storage: true, keep: false, board: board() }]);
  assert.equal(page.replacedRead(off, record(), onScreen), off, "not kept: nothing to offer");
  assert.equal(page.refused(offered, "junk").replaced, null, "a damaged save takes the offer with it");
  assert.equal(page.notices(page.elsewhere(offered))["back-notice"], false, "another tab plays the game");
});
