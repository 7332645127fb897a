// The statistics page's "Your games": the visitor's finished games (from IndexedDB, never sent anywhere), their
// figures and the latest ones to watch again. stats.js starts it beside the simulator.

import { replayLink, upToDate, watchable } from "./history.js";
import { loadHistory } from "./store.js";
import { format, num, plural, text } from "./strings.js";

const $ = (id) => document.getElementById(id);
const root = document.documentElement;

/** A seat's name: "You", or "CPU 2". */
export function seatName(seat) {
  return seat === 0 ? text("you", "You") : format(text("cpu", "CPU %(number)s"), { number: num(seat) });
}

/** `ready` resolves to the started engine, which brings games stored by an older site up to date. */
export async function showHistory(ready) {
  const { storage, games: stored } = await loadHistory();
  $("storage-off").hidden = storage; // no IndexedDB here: nothing was kept, and the simulator still works
  const games = await upToDate(stored, async (request) => (await ready).request(request));
  if (!games.length) return;
  const rounds = games.map((game) => Number(game.rounds) || 0);
  const won = games.filter((game) => game.result === "win" && game.winner === 0);
  // a game you won after holding fewer cards than you were dealt (krig.webapp.history.comeback), else null
  const comebacks = games.map((game) => game.comeback).filter(Number.isInteger);
  const figures = {
    played: num(games.length),
    won: num(won.length),
    drawn: num(games.filter((game) => game.result === "draw").length),
    repeated: num(games.filter((game) => game.result === "repetition").length),
    average: num(Math.round(rounds.reduce((a, b) => a + b, 0) / rounds.length)),
    longest: num(Math.max(...rounds)),
    comeback: comebacks.length ? num(Math.min(...comebacks)) : "",
  };
  document.querySelector("[data-stat=comeback]").parentElement.hidden = !comebacks.length; // only after a comeback
  for (const [name, value] of Object.entries(figures)) {
    document.querySelector(`[data-stat=${name}]`).textContent = value;
  }
  $("history-empty").hidden = true;
  $("history").hidden = false;
  showLatest(games);
}

/** How a finished game ended, from the visitor's side. */
function ending(game) {
  if (game.result === "draw") return text("drawn");
  if (game.result === "repetition") return text("repeated");
  return game.winner === 0 ? text("won_you") : format(text("won_by"), { name: seatName(game.winner) });
}

/**
 * When a game ended, in the page's language: its date and time of day, in one part or two. The catalog says how
 * the language writes a time ("clock"): as the browser's usual short time, or with the language's own words for
 * the part of the day, where the usual one would show a Latin AM or PM (Bengali: ১১:৫৮ রাত্রি).
 */
function endedAt(date) {
  const lang = root.lang || "en";
  if (text("clock") !== "day-period") {
    return [new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(date)];
  }
  return [new Intl.DateTimeFormat(lang, { dateStyle: "medium" }).format(date),
    new Intl.DateTimeFormat(lang, { hour: "numeric", minute: "2-digit", dayPeriod: "short" }).format(date)];
}

/** The latest finished games that can be watched again, newest first, each with its "Watch again" link. */
function showLatest(games) {
  const latest = watchable(games);
  if (!latest.length) return;
  const parts = new Intl.ListFormat(root.lang || "en", { style: "short", type: "unit" });
  $("games").replaceChildren(...latest.map((game, index) => {
    const what = document.createElement("span");
    what.id = `game-${index}`;
    what.textContent = parts.format([...endedAt(new Date(game.endedAt)), plural("players", game.players),
      ending(game), plural("rounds", game.rounds)]);
    const link = document.createElement("a");
    link.href = replayLink(game, location.href);
    link.dataset.testid = "replay";
    link.setAttribute("aria-describedby", what.id); // which game: every link says "Watch again"
    link.textContent = text("watch");
    const item = document.createElement("li");
    item.append(what, " ", link);
    return item;
  }));
  $("latest").hidden = false;
}
