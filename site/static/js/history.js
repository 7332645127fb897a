// The finished games kept for the statistics page, in the shape the bridge gives them (krig.webapp.history):
// games stored by an older site go to the bridge to be brought up to date, never read here. The latest keep their
// game (an engine save), to watch again; a link names one by when it ended: index.html?replay=<endedAt>.

import { HISTORY_LIMIT, HISTORY_VERSION, REPLAYS_KEPT, REQUESTS } from "./facts.js";

/**
 * `games` as the current version's entries. `ask` sends a request to the engine; if it cannot answer, the
 * games are returned as they are. An entry of a newer site (after a downgrade) stays as it is, for that site.
 */
export async function upToDate(games, ask, version = HISTORY_VERSION) {
  if (games.every((game) => game && Number.isInteger(game.version) && game.version >= version)) return games;
  try {
    return (await ask({ type: REQUESTS.history, entries: games })).entries;
  } catch {
    return games;
  }
}

/**
 * The finished games to store once `entry`, a game that has just ended, is added to `games` (as stored), or null
 * when they hold it already (the same game id). This mirrors krig.webapp.history.kept_history for that one
 * entry, because it runs inside the IndexedDB transaction that stores the game's last record, where no request
 * to the worker can be waited for: the latest `limit` games are kept, and only the latest `replays` keep their
 * game. Entries of other versions are left as they are, for the bridge to bring up to date when the statistics
 * page reads them.
 */
export function withFinished(games, entry, limit = HISTORY_LIMIT, replays = REPLAYS_KEPT, version = HISTORY_VERSION) {
  const stored = Array.isArray(games) ? games : [];
  if (stored.some((game) => game && idOf(game) === entry.id)) return null;
  const kept = [...stored, entry].slice(-limit);
  const figuresOnly = kept.length - replays;
  return kept.map((game, index) => {
    if (index >= figuresOnly || !game || game.version !== version || !("game" in game)) return game;
    const { game: _, ...figures } = game;
    return figures;
  });
}

/** A stored entry's game id; an older site's entry has none, and is named as
 * krig.webapp.history.name_the_finished_game does. */
function idOf(game) {
  return game.id ?? `saved-${game.endedAt}`;
}

/** The finished games that can be watched again, newest first: those that keep their game and say when they ended. */
export function watchable(games) {
  return games.filter((entry) => entry && Number.isInteger(entry.endedAt) && typeof entry.game === "object" &&
    entry.game !== null).reverse();
}

/** The link, from the page at `href`, that watches the finished game `entry` again on the game page. */
export function replayLink(entry, href) {
  return new URL(`index.html?replay=${encodeURIComponent(entry.endedAt)}`, href).href;
}

/**
 * The game a link asks to watch again (`search` is "?replay=1712345678901"): {id}, null when it asks for none, or
 * {bad: true} when it does not say which game.
 */
export function linkedReplay(search) {
  const params = new URLSearchParams(search);
  if (!params.has("replay")) return null;
  const id = params.get("replay");
  return /^[0-9]{1,16}$/.test(id) ? { id: Number(id) } : { bad: true };
}

/** The engine save of the finished game that ended at `id`, or null when it is not kept to watch again. */
export function gameToWatch(games, id) {
  const entry = watchable(games).find((game) => game.endedAt === id);
  return entry ? entry.game : null;
}
