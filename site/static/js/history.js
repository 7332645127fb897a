// The finished games kept for the statistics page, in the shape the bridge gives them (krig.webapp.records):
// games stored by an older site go to the bridge to be brought up to date, never read here. The latest keep their
// game (an engine save), to watch again; a link names one by when it ended: index.html?replay=<endedAt>.

import { HISTORY_VERSION } from "./facts.js";

/**
 * `games` as the current version's entries. `ask` sends a request to the engine; if it cannot answer, the
 * games are returned as they are.
 */
export async function upToDate(games, ask, version = HISTORY_VERSION) {
  if (games.every((game) => game && game.version === version)) return games;
  try {
    return (await ask({ type: "history", entries: games })).entries;
  } catch {
    return games;
  }
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
