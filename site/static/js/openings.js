// A first visit's opening: a deal of the default game and its first rounds, as the bridge answered them when the
// site was built (krig.webapp.openings), so that the first game plays at once while Python loads. When the worker
// is ready it replays the rounds drawn and checks them (play.js's resume).

const POOL = "__OPENINGS__"; // how many openings build.py wrote
const FOLDER = new URL("../openings/", import.meta.url);

/** One opening drawn at random (its record, in the page's language), or null if none can be had. */
export async function fetchOpening(lang, pick = Math.random()) {
  if (typeof POOL !== "number" || POOL < 1) return null;
  const number = Math.min(POOL - 1, Math.floor(pick * POOL));
  try {
    const response = await fetch(new URL(`${number}.${lang}.json`, FOLDER));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return await response.json();
  } catch {
    return null; // the first game then waits for the engine, as any other does
  }
}
