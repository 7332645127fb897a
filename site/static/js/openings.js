// A first visit's opening: a deal of the default game and its first rounds, as the bridge answered them when the
// site was built (krig.webapp.openings), so that the first game plays at once while Python loads. When the worker
// is ready it replays the rounds drawn and checks them (play.js's resume). The boards are the same in every
// language, so an opening is two small files: its boards, and its sentences in the page's language.

const POOL = "__OPENINGS__"; // how many openings build.py wrote
const FOLDER = new URL("../openings/", import.meta.url);

async function json(name) {
  const response = await fetch(new URL(name, FOLDER));
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  return response.json();
}

/** One opening drawn at random ({deal, record}, the record in the page's language), or null if none can be had. */
export async function fetchOpening(lang, pick = Math.random()) {
  if (typeof POOL !== "number" || POOL < 1) return null;
  const number = Math.min(POOL - 1, Math.floor(pick * POOL));
  try {
    const [shared, said] = await Promise.all([json(`${number}.json`), json(`${number}.${lang}.json`)]);
    return joinOpening(shared, said);
  } catch {
    return null; // the first game then waits for the engine, as any other does
  }
}

/**
 * An opening's record with its sentences and its rounds' win chances put back, exactly as the bridge answered it
 * (krig.webapp.openings.join): {deal, record}. Each round's chances are kept as [...per seat, draw, repetition].
 */
export function joinOpening(shared, said) {
  const board = (plain, [status, announce, resultText]) =>
    ({ ...plain, status, announce, result_text: resultText, lang: said.lang });
  const known = (step, rest) => {
    if (!Array.isArray(step.chances)) return rest;
    const [draw, repetition] = step.chances.slice(-2);
    return { ...rest, chances: { chances: step.chances.slice(0, -2), draw, repetition, ...shared.estimate,
      round: rest.board.round } };
  };
  const ahead = shared.record.ahead.map((step, index) => {
    const words = said.ahead[index];
    return known(step, { board: board(step.board, words),
      line: { entry: step.line.entry, label: words[3], text: words[4], wars: words[5] } });
  });
  const record = known(shared.record, { ...shared.record, board: board(shared.record.board, said.board), ahead });
  return { deal: shared.deal, record };
}
