// What the page reads itself from a stored record, before Python is ready: the board to draw at once and the
// settings to put back. Everything else in a record is the bridge's (krig.webapp.records) and is handed to it
// as it is. Pure functions of plain data; `choices` is what the page's form offers (settings.js, deal.js).

import { accepts, clashes, offered, setting } from "./deal.js";
import { REFUSALS } from "./facts.js";

/** A stored board checked just enough that drawing it cannot throw, nor name a picture that is not a card. */
export function validBoard(board, choices, cards) {
  if (!board || typeof board !== "object") return false;
  const n = board.players;
  return accepts(setting(choices, "players"), n) && Array.isArray(board.counts) && board.counts.length === n &&
    board.counts.every((c) => Number.isInteger(c) && c >= 0 && c <= cards.length) &&
    Array.isArray(board.cards) && board.cards.length === n &&
    board.cards.every((seat) => validSeatCards(seat, cards, Math.max(...setting(choices, "face_down").values))) &&
    validDeal(board.deal, choices);
}

/**
 * A board's deal ({seed, ...deal settings}, which the board's variant and house rules are said from): a seed, and
 * each deal setting at a value of the table. A board stored before boards carried their deal has none: it waits
 * for the bridge, which gives it one.
 */
function validDeal(deal, choices) {
  return Boolean(deal) && typeof deal === "object" && Number.isInteger(deal.seed) && deal.seed >= 0 &&
    choices.settings.filter((one) => one.deal).every((one) => accepts(one, deal[one.name]));
}

/**
 * The rounds a record (a stored one, or a first visit's opening) carries ahead, as the bridge worked them out,
 * for the page to draw before Python is ready: {board, next}, the round on screen (the record's `played` of its
 * `ahead` drawn already) and the next one ({board, line}, or null). Null when there are none to draw here: none
 * kept, another language's sentences, a game over, or a shape that cannot be drawn.
 */
export function roundsAhead(record, choices, cards, lang) {
  if (!record || typeof record !== "object" || !Array.isArray(record.ahead) || !record.board) return null;
  const played = record.played ?? 0;
  if (!Number.isInteger(played) || played < 0 || played > record.ahead.length) return null;
  // a round drawn as it is played needs its wars, which a record stored before boards carried them lacks
  const drawable = (board) => validBoard(board, choices, cards) && board.lang === lang && board.over === false &&
    Number.isInteger(board.wars);
  const valid = record.ahead.every((step) => step && typeof step === "object" && drawable(step.board) &&
    step.line && typeof step.line === "object" && typeof step.line.text === "string");
  if (!valid || !drawable(record.board)) return null;
  return { board: played ? record.ahead[played - 1].board : record.board, next: record.ahead[played] ?? null };
}

/**
 * Whether `latest`, the record stored when this tab claimed the game, is newer than `read`, the one it read at
 * start-up (another page's write landed in between); `latest` undefined is not known.
 */
export function newer(latest, read) {
  if (latest === undefined || latest === read) return false;
  const time = (record) =>
    (record && typeof record === "object" && Number.isFinite(record.savedAt) ? record.savedAt : -1);
  return latest !== null && time(latest) > time(read);
}

/**
 * The win chances the bridge worked out ahead for the round on screen of a record drawn before Python is ready
 * (`board`: the record's own, or that of the `played`-th of its rounds ahead): {chances, draw, repetition,
 * repeats, done, round}, as the bridge's `chances` answers them. Null when the record has none for that round
 * (one stored before they were kept, or before the page had the time to ask for them) or they cannot be drawn.
 */
export function chancesAhead(record, board) {
  if (!record || typeof record !== "object" || !board) return null;
  const played = record.played ?? 0;
  return chancesOf(played ? (Array.isArray(record.ahead) ? record.ahead[played - 1]?.chances : null) : record.chances,
    board);
}

/** `known`, an estimate the bridge worked out (a record's or a round's worked out ahead), if it is valid and is
 * of the round of `board`; else null. */
export function chancesOf(known, board) {
  const share = (value) => typeof value === "number" && value >= 0 && value <= 1;
  const valid = Boolean(known) && typeof known === "object" && Array.isArray(known.chances) &&
    known.chances.length === board.players && known.chances.every(share) && share(known.draw) &&
    share(known.repetition) && typeof known.repeats === "boolean" && known.round === board.round;
  return valid ? known : null;
}

/**
 * One seat's cards of a stored board: per step a card code or null; for the face-down cards and a short player's
 * last ones, a list of at most `most` codes (a board stored before the variant holds a code or null there too).
 */
function validSeatCards(seat, cards, most) {
  if (seat === null) return true;
  if (!seat || typeof seat !== "object") return false;
  const card = (code) => code === null || cards.includes(code);
  const several = (step) => card(step) || (Array.isArray(step) && step.length <= most && step.every(card));
  return ["up", "down", "last"].every((key) => seat[key] === null || seat[key] === undefined ||
    (Array.isArray(seat[key]) && seat[key].every(key === "up" ? card : several)));
}

/**
 * The settings of a stored record that the form offers, by the table: another language's letters, which this page
 * does not offer, are not. Of an order and a number of face-down cards that the site does not offer together, the
 * number is kept and the order is the default one, which goes with every number. Of two settings that do not go
 * together, the one the table lists first is kept on.
 */
export function storedSettings(settings, choices) {
  if (!settings || typeof settings !== "object") return {};
  const kept = Object.fromEntries(choices.settings.filter((one) => accepts(one, settings[one.name]))
    .map(({ name }) => [name, settings[name]]));
  if ("order" in kept && "face_down" in kept && !offered(choices, kept.order, kept.face_down)) {
    kept.order = setting(choices, "order").default;
  }
  for (const one of choices.settings) {
    if (kept[one.name] === true && clashes(kept, choices)) {
      for (const other of one.excludes ?? []) if (other in kept) kept[other] = setting(choices, other).default;
    }
  }
  return kept;
}

/**
 * Why a stored record (`file` false) or an imported file was refused, in the page's words for the kind of refusal
 * the bridge gives (the error's `code`, one of REFUSALS), through `say(key)`. The bridge's English detail is for
 * the console and the exported file, never for the sentence.
 */
export function refusal(error, say, file = false) {
  if (error.code === REFUSALS.newer) return say("save_newer");
  if (error.code === REFUSALS["too-big"]) return say("save_too_big");
  if (error.code === REFUSALS.unoffered) return say("save_unoffered");
  if (file && error.code === REFUSALS["not-a-save"]) return say("not_json");
  return say("save_damaged");
}
