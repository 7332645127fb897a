// The facts the page needs before Python is ready, read from the page's JSON block #krig-facts, which build.py
// writes from the Python that owns each fact (krig.webapp.facts). The page keeps no copy of its own.

function read() {
  try {
    return JSON.parse(globalThis.document?.getElementById("krig-facts")?.textContent ?? "{}");
  } catch {
    return {}; // a broken block must not stop the page; without the facts nothing is drawn from storage
  }
}

const facts = read();

/** Each name of the list `names` under itself, if it is a list. */
function named(names) {
  return Object.freeze(Object.fromEntries((Array.isArray(names) ? names : []).map((name) => [name, name])));
}

/**
 * The settings, the one table (krig.webapp.settings), as this page offers them: [{name, kind ("choice", "range" or
 * "toggle"), values (a range's lowest and highest), default, deal (it deals the next game), link (a deal setting's
 * name in a shared link)}]. The build renders the form from it; the page reads, stores and wires the form by it.
 */
export const SETTINGS = Array.isArray(facts.settings) ? facts.settings : [];
/**
 * The milliseconds between two rounds of auto-play, and of a replay that plays on, at each step of the speed
 * slider ({1: 1400, … 5: 60}; krig.webapp.settings.PACE, whose steps are the slider's range).
 */
export const PACE = facts.pace && typeof facts.pace === "object" ? facts.pace : {};
/** The card codes ("2C" … "AS", and the jokers "BJ" and "RJ" of the house rule R14): the card pictures there are. */
export const CARDS = Array.isArray(facts.cards) ? facts.cards : [];
/** How many game log entries are kept and shown: the latest rounds. */
export const LOG_LIMIT = facts.log_limit;
/** The version of a finished game's entry; an older entry goes to the bridge to be brought up to date. */
export const HISTORY_VERSION = facts.history_version;
/** How many finished games are kept (the latest), and how many of them keep their game, to watch again. */
export const HISTORY_LIMIT = facts.history_limit;
export const REPLAYS_KEPT = facts.replays_kept;
/** The pairs [order, face-down cards] the site does not offer together (krig.webapp.variants). */
export const UNOFFERED = Array.isArray(facts.unoffered) ? facts.unoffered : [];
/**
 * What each deck changes, so that faces.js finds its pictures (krig.webapp.decks): {letters: {name: [ranks]},
 * deck: {name: [suits]}}.
 */
export const DECKS = facts.decks && typeof facts.decks === "object" ? facts.decks : { letters: {}, deck: {} };
/** The fields of a board that are sentences, in the board's `lang` (krig.webapp.drawn.SENTENCES). */
export const SENTENCES = Object.freeze(Array.isArray(facts.sentences) ? facts.sentences : []);
/** The board of a page without a game (krig.webapp.facts.empty_board): the table as the page first draws it. */
export const EMPTY_BOARD = Object.freeze(facts.empty_board ?? { players: 0, counts: [], cards: [] });
/** The rollouts of a whole estimate of the win chances (krig.webapp.estimate): the bars show no fewer. */
export const ESTIMATE_ROLLOUTS = facts.estimate_rollouts;
/** The largest file the page hands the bridge to import: the bridge's limit on a request. */
export const IMPORT_LIMIT = facts.import_limit;
/**
 * The request types the bridge answers (krig.webapp.session.HANDLERS), each under its own name
 * (`REQUESTS.flip` is "flip"): the page names every request it sends by them.
 */
export const REQUESTS = named(facts.requests);
/**
 * The kinds of error the page is told of, the bridge's, the worker's and its own (krig.webapp.failures.Failure),
 * each under its own name (`ERRORS.load` is "load", `ERRORS["not-ready"]` "not-ready"), and those after which the
 * engine cannot go on (`FATAL`).
 */
export const ERRORS = named(facts.errors);
export const FATAL = Object.freeze(Array.isArray(facts.fatal) ? facts.fatal : []);
/**
 * The codes of the refusals the page says in its own words (krig.webapp.failures.REFUSALS: why a save was refused,
 * krig.Refusal, and a variant not offered), each under its own name (`REFUSALS["too-big"]` is "too-big").
 */
export const REFUSALS = named(facts.refusals);
