// Watching a game again ("Watch again", or index.html?replay=<id> from the statistics page). The bridge replays the
// game from its deal in the engine, beside the current game, and answers with the board of the round asked for and
// the log's lines as the game showed them; this module only draws them. Nothing of a replay is stored, and when it
// ends the game is drawn again as it was, with its own log lines.

import { announcedNow, announceLatest, note, tell } from "./announce.js";
import { engineFailed } from "./answers.js";
import { every } from "./autoplay.js";
import { render } from "./board.js";
import { EMPTY_BOARD, FATAL, REQUESTS } from "./facts.js";
import { forgetChances } from "./chances.js";
import { gameToWatch, linkedReplay } from "./history.js";
import { addLine, putGameLinesBack, setGameLinesAside, showLines } from "./log.js";
import { engine, listen, state, update } from "./page.js";
import { settingsChanged } from "./saving.js";
import {
  canReplay, linkRefused, replayClosed, replayControls, replayOpened, replayPlaying, replayShown, replayWanted,
} from "./state.js";
import * as store from "./store.js";
import { asciiDigits, format, num, text } from "./strings.js";

const $ = (id) => document.getElementById(id);

let opened = 0; // the replay on screen: an answer for an earlier one is dropped
let asking = null; // the requests in flight, one at a time, each for the latest round wanted

/** Watch `game` (an engine save) again from its deal. `refused(error)` hears why the bridge would not. */
export async function watch(game, refused = () => note(text("request_refused"))) {
  if (!engine || !canReplay(state)) return false;
  let answer;
  try {
    answer = await engine.request({ type: REQUESTS.replay, game });
  } catch (error) {
    if (!error || FATAL.includes(error.kind)) engineFailed(error);
    else refused(error);
    return false;
  }
  if (!canReplay(state)) return false; // another tab took the game, or the engine broke, meanwhile
  opened += 1;
  if (state.mode !== "replay") setGameLinesAside();
  update(replayOpened, answer);
  forgetChances();
  draw(answer);
  $("replay-play").focus();
  return true;
}

/** A link from the statistics page asks to watch one of the latest finished games again. */
export async function watchLinked() {
  const linked = linkedReplay(location.search);
  if (!linked) return;
  history.replaceState(null, "", location.pathname + location.hash);
  const badLink = (reason) => update(linkRefused, reason);
  if (linked.bad) return badLink(text("replay_bad_link"));
  const game = gameToWatch((await store.loadHistory()).games, linked.id);
  if (!game) return badLink(text("replay_unknown"));
  await watch(game, () => badLink(text("replay_damaged")));
}

/** What the live region says of the round shown: that it is a replay, where, and the round's own sentence. */
function sentence({ round, rounds, board }) {
  if (round === 0) return format(text("replay_dealt"), { last: num(rounds) });
  return format(text("replay_round"), { number: num(round), last: num(rounds),
    sentence: board.announce || board.status || "" });
}

/** Draw a replay answer: the round's board, its sentence (during play, the latest only) and the log's lines. */
function draw(answer) {
  const playing = state.replay.playing; // a round that ends the play is still one of the play's
  update(replayShown, answer);
  const said = sentence(answer);
  // the deal has no round's sentence of its own: the status line says what to do
  const status = answer.round === 0 ? text("replay_start") : answer.board.status;
  render({ ...answer.board, status, announce: said }, { announce: !playing });
  if (playing) announceLatest(said);
  else announcedNow();
  if (answer.line) addLine(answer.line);
  if (answer.lines) showLines(answer.lines);
}

/** Ask the bridge for the round wanted until it is the one shown; steps and jumps in the meantime add up. */
function follow() {
  asking ??= ask().finally(() => {
    asking = null;
  });
  return asking;
}

async function ask() {
  const mine = opened;
  try {
    while (mine === opened && state.mode === "replay" && state.replay.wanted !== state.replay.round) {
      const answer = await engine.request({ type: REQUESTS.watch, round: state.replay.wanted });
      if (mine === opened && state.mode === "replay") draw(answer);
    }
  } catch (error) {
    if (!error || FATAL.includes(error.kind)) engineFailed(error);
    else leave(text("request_refused"));
  }
}

/** Show round `round` of the replay (the nearest one the game has). */
function goTo(round) {
  update(replayWanted, round);
  follow();
}

/** A key of the replay (keys.js): "back", "forward", "first", "last" or "play". */
export function replayKey(action) {
  if (state.mode !== "replay") return;
  const { wanted, rounds, playing } = state.replay;
  const to = { back: wanted - 1, forward: wanted + 1, first: 0, last: rounds }[action];
  if (to !== undefined) goTo(to);
  else if (action === "play") update(replayPlaying, !playing);
}

/** "Back to my game": the replay ends, and the game is drawn as it was; `message` says why, if not asked for. */
export function leave(message = null) {
  if (state.mode !== "replay") return;
  update(replayClosed);
  tell(message || format(text("replay_left"), { number: num(state.board ? state.board.round : 0) }));
  const next = [$("watch"), $("flip")].find((button) => !button.disabled && !button.hidden);
  if (next) next.focus();
}

function jumpTyped(event) {
  event.preventDefault();
  const input = $("replay-to");
  const typed = asciiDigits(input.value.trim()); // ১২ typed on the Bengali page is 12
  const { rounds } = state.replay;
  if (!/^[0-9]{1,8}$/.test(typed) || Number(typed) > rounds) {
    input.setCustomValidity(format(text("replay_bad_round"), { last: num(rounds) }));
    input.reportValidity();
    return;
  }
  input.setCustomValidity("");
  goTo(Number(typed));
}

/** The replay's controls, and the end screen's "Watch again". */
export function wireReplay() {
  $("watch").addEventListener("click", () => state.record && watch(state.record.game));
  $("replay-back").addEventListener("click", () => replayKey("back"));
  $("replay-forward").addEventListener("click", () => replayKey("forward"));
  $("replay-play").addEventListener("click", () => replayKey("play"));
  $("replay-range").addEventListener("input", (event) => goTo(Number(event.target.value)));
  $("replay-jump").addEventListener("submit", jumpTyped);
  $("replay-to").addEventListener("input", (event) => event.target.setCustomValidity(""));
  $("replay-leave").addEventListener("click", () => leave());
}

/** The replay bar follows the state: shown in the replay mode, with the round, the range and the play button. */
function showReplay(now, before) {
  for (const [id, enabled] of Object.entries(replayControls(now))) $(id).disabled = !enabled;
  const replay = now.mode === "replay" ? now.replay : null;
  $("replay").hidden = replay === null;
  $("again").hidden = $("watch").hidden = replay !== null; // a replay's last round shows the end, not its buttons
  if (replay) {
    const at = (round) => format(text("replay_position"), { number: num(round), last: num(replay.rounds) });
    $("replay").dataset.round = String(replay.round); // ASCII, for scripts and tests
    $("replay-position").textContent = at(replay.round);
    const range = $("replay-range");
    range.max = String(replay.rounds);
    range.value = String(replay.wanted);
    range.setAttribute("aria-valuetext", at(replay.wanted));
    const play = $("replay-play");
    play.setAttribute("aria-pressed", String(replay.playing));
    play.textContent = replay.playing ? play.dataset.labelPause : play.dataset.labelPlay;
  } else if (before.mode === "replay") {
    putGameLinesBack(); // the replay ended (asked for, another tab, a failure): the game as it was
    render(now.board || EMPTY_BOARD, { announce: false });
    forgetChances();
    if (before.replay.retimed) settingsChanged(); // the speed or the animation changed during the replay
  }
}

listen(showReplay);

// A replay plays on at the auto-play speeds: one round on whenever the round wanted is on screen.
every((now) => now.mode === "replay" && now.replay.playing, async () => {
  if (state.replay.wanted === state.replay.round) update(replayWanted, state.replay.round + 1);
  await follow();
});
