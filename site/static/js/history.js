// The finished games kept for the statistics page, in the shape the bridge gives them (krig.webapp.records):
// games stored by an older site go to the bridge to be brought up to date, never read here.

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
