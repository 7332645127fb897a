// Deals in links: the deal a shared link asks for, and the link that deals a game again. Pure functions of
// plain data; `choices` is what the page's form offers: {players: [2, 3, 4], orders: ["shuffled", "played"],
// face_down: [1, 2, 3], unoffered: [["played", 2]]}, the first of each list being the default, `unoffered` the
// pairs of order and face-down cards the site leaves out (Python's krig.webapp.variants, through facts.js);
// `say(key)` is the page's string for `key` (strings.js's text).

const MAX_SEED = Number.MAX_SAFE_INTEGER; // seeds travel as JSON numbers, which are exact up to 2**53 - 1

/** Whether `seed` (text) is a seed: a whole number from 0 to MAX_SEED. */
export function validSeed(seed) {
  return /^[0-9]{1,16}$/.test(seed) && Number(seed) <= MAX_SEED;
}

/** Whether the site offers games in `order` with `faceDown` cards face down. */
export function offered(choices, order, faceDown) {
  return !choices.unoffered.some((pair) => pair[0] === order && pair[1] === faceDown);
}

/**
 * The deal a shared link asks for (`search` is "?players=3&seed=12&order=played&down=3"): {players, seed, order,
 * face_down}, null when it asks for none, or {error} saying what is wrong.
 */
export function linkedDeal(search, choices, say) {
  const params = new URLSearchParams(search);
  if (!["players", "seed", "order", "down"].some((name) => params.has(name))) return null;
  const players = Number(params.get("players") || choices.players[0]);
  const seed = params.get("seed") || "";
  const order = params.get("order") || choices.orders[0];
  const down = params.get("down") || String(choices.face_down[0]);
  const faceDown = /^[0-9]$/.test(down) ? Number(down) : NaN;
  if (!choices.players.includes(players)) return { error: say("bad_players") };
  if (!validSeed(seed)) return { error: say("bad_seed") };
  if (!choices.orders.includes(order)) return { error: say("bad_order") };
  if (!choices.face_down.includes(faceDown)) return { error: say("bad_face_down") };
  if (!offered(choices, order, faceDown)) return { error: say("unoffered_link") };
  return { players, seed: Number(seed), order, face_down: faceDown };
}

/**
 * The link on the page at `href` that deals `game` (an engine save) again; the default order and number of
 * face-down cards need no mention.
 */
export function dealLink(game, href, choices) {
  const url = new URL(new URL(href).pathname, href);
  const deal = { players: String(game.players), seed: String(game.seed) };
  if (game.order !== choices.orders[0]) deal.order = game.order;
  const faceDown = game.face_down ?? choices.face_down[0]; // a save of before the variant: the seeds' one card
  if (faceDown !== choices.face_down[0]) deal.down = String(faceDown);
  url.search = new URLSearchParams(deal).toString();
  return url.href;
}
