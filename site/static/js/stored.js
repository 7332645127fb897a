// What the page reads itself from a stored record, before Python is ready: the board to draw at once and the
// settings to put back. Everything else in a record is the bridge's (krig.webapp.records) and is handed to it
// as it is. Pure functions of plain data; `choices` is what the page's form offers (settings.js).

/** A stored board checked just enough that drawing it cannot throw, nor name a picture that is not a card. */
export function validBoard(board, choices, cards) {
  if (!board || typeof board !== "object") return false;
  const n = board.players;
  return choices.players.includes(n) && Array.isArray(board.counts) && board.counts.length === n &&
    board.counts.every((c) => Number.isInteger(c) && c >= 0 && c <= cards.length) &&
    Array.isArray(board.cards) && board.cards.length === n &&
    board.cards.every((seat) => validSeatCards(seat, cards));
}

/** One seat's cards of a stored board: lists of card codes or nulls. */
function validSeatCards(seat, cards) {
  if (seat === null) return true;
  if (!seat || typeof seat !== "object") return false;
  return ["up", "down", "last"].every((key) => seat[key] === null || seat[key] === undefined ||
    (Array.isArray(seat[key]) && seat[key].every((code) => code === null || cards.includes(code))));
}

/** The settings of a stored record that the form offers ({players?, order?, speed?, animation?, sound?}). */
export function storedSettings(settings, choices) {
  if (!settings || typeof settings !== "object") return {};
  const valid = {
    players: choices.players.includes(settings.players),
    order: choices.orders.includes(settings.order),
    speed: Number.isInteger(settings.speed) && settings.speed >= choices.speeds[0] &&
      settings.speed <= choices.speeds[1],
    animation: choices.animations.includes(settings.animation),
    sound: typeof settings.sound === "boolean", // a checkbox: on or off
  };
  return Object.fromEntries(Object.keys(valid).filter((key) => valid[key]).map((key) => [key, settings[key]]));
}

/**
 * Why a stored record (`file` false) or an imported file was refused, in the page's words for the kind of refusal
 * the bridge gives (krig.Refusal, as the error's `code`), through `say(key)`. The bridge's English detail is for
 * the console and the exported file, never for the sentence.
 */
export function refusal(error, say, file = false) {
  if (error.code === "newer") return say("save_newer");
  if (error.code === "too-big") return say("save_too_big");
  return say(file && error.code === "not-a-save" ? "not_json" : "save_damaged");
}
