// Deals in links: the deal a shared link asks for, and the link that deals a game again. Pure functions of
// plain data; `choices` is what the page's form offers: {players: [2, 3, 4], orders: ["shuffled", "played"]},
// the first of each being the default; `say(key)` is the page's string for `key` (strings.js's text).

const MAX_SEED = Number.MAX_SAFE_INTEGER; // seeds travel as JSON numbers, which are exact up to 2**53 - 1

/** Whether `seed` (text) is a seed: a whole number from 0 to MAX_SEED. */
export function validSeed(seed) {
  return /^[0-9]{1,16}$/.test(seed) && Number(seed) <= MAX_SEED;
}

/**
 * The deal a shared link asks for (`search` is "?players=3&seed=12&order=played"): {players, seed, order},
 * null when it asks for none, or {error} saying what is wrong.
 */
export function linkedDeal(search, choices, say) {
  const params = new URLSearchParams(search);
  if (!params.has("players") && !params.has("seed") && !params.has("order")) return null;
  const players = Number(params.get("players") || choices.players[0]);
  const seed = params.get("seed") || "";
  const order = params.get("order") || choices.orders[0];
  if (!choices.players.includes(players)) return { error: say("bad_players") };
  if (!validSeed(seed)) return { error: say("bad_seed") };
  if (!choices.orders.includes(order)) return { error: say("bad_order") };
  return { players, seed: Number(seed), order };
}

/** The link on the page at `href` that deals `game` (an engine save) again; the default order needs no mention. */
export function dealLink(game, href, choices) {
  const url = new URL(new URL(href).pathname, href);
  const deal = { players: String(game.players), seed: String(game.seed) };
  if (game.order !== choices.orders[0]) deal.order = game.order;
  url.search = new URLSearchParams(deal).toString();
  return url.href;
}
