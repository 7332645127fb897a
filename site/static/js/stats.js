// The statistics page: the visitor's own finished games (from IndexedDB, never sent anywhere) and a
// simulator that lets the engine play thousands of games in the worker, batch by batch, with 1, 2 or 3 cards
// face down in each war, or the same deals with each of them, compared.

import { barChart } from "./charts.js";
import { Engine } from "./engine.js";
import { replayLink, upToDate, watchable } from "./history.js";
import { registerServiceWorker } from "./offline.js";
import { loadHistory } from "./store.js";
import { format, num, percent, plural, text } from "./strings.js";
import { added, average, comparison, noGames } from "./tally.js";

const $ = (id) => document.getElementById(id);
const root = document.documentElement;
const BATCH = 1000; // games per request: small enough to show progress and to cancel between batches
const BINS = 12;

// Your games

/** `ready` resolves to the started engine, which brings games stored by an older site up to date. */
async function showHistory(ready) {
  const { storage, games: stored } = await loadHistory();
  $("storage-off").hidden = storage; // no IndexedDB here: nothing was kept, and the simulator still works
  const games = await upToDate(stored, async (request) => (await ready).request(request));
  if (!games.length) return;
  const rounds = games.map((game) => Number(game.rounds) || 0);
  const won = games.filter((game) => game.result === "win" && game.winner === 0);
  const comebacks = won.map((game) => game.comeback).filter((comeback) => Number.isInteger(comeback));
  const figures = {
    played: num(games.length),
    won: num(won.length),
    drawn: num(games.filter((game) => game.result === "draw").length),
    repeated: num(games.filter((game) => game.result === "repetition").length),
    average: num(Math.round(rounds.reduce((a, b) => a + b, 0) / rounds.length)),
    longest: num(Math.max(...rounds)),
    comeback: comebacks.length ? num(Math.min(...comebacks)) : "–",
  };
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

/** The latest finished games that can be watched again, newest first, each with its "Watch again" link. */
function showLatest(games) {
  const latest = watchable(games);
  if (!latest.length) return;
  const when = new Intl.DateTimeFormat(root.lang || "en", { dateStyle: "medium", timeStyle: "short" });
  const parts = new Intl.ListFormat(root.lang || "en", { style: "short", type: "unit" });
  $("games").replaceChildren(...latest.map((game, index) => {
    const what = document.createElement("span");
    what.id = `game-${index}`;
    what.textContent = parts.format([when.format(new Date(game.endedAt)), plural("players", game.players),
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

// Simulator

const sim = { engine: null, running: false, cancelled: false };

function seatName(seat) {
  return seat === 0 ? text("you", "You") : format(text("cpu", "CPU %(number)s"), { number: num(seat) });
}

/** The summary of a run, one sentence per count, so that each count takes its own plural form. */
function summary({ rounds, draws, repetitions }, cancelled) {
  const games = rounds.length;
  return [
    plural(cancelled ? "cancelled" : "simulated", games),
    plural("average", average(rounds)),
    plural("longest", Math.max(...rounds)),
    plural("draws", draws),
    plural("repetitions", repetitions),
  ].join(" ");
}

function showResults(totals, cancelled) {
  const { rounds, wins } = totals;
  const games = rounds.length;
  $("compare").hidden = true;
  if (!games) {
    $("sim-summary").textContent = cancelled ? plural("cancelled", 0) : "";
    return;
  }
  const longest = Math.max(...rounds);
  $("sim-summary").textContent = summary(totals, cancelled);

  // Lengths: BINS equal bins up to the 99th percentile, so one freak game does not squash the chart.
  const sorted = [...rounds].sort((a, b) => a - b);
  const top = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))];
  const width = Math.max(1, Math.ceil((top + 1) / BINS));
  const counts = new Array(BINS).fill(0);
  for (const length of rounds) counts[Math.min(BINS - 1, Math.floor(length / width))] += 1;
  const rows = counts.map((count, bin) => {
    const low = bin * width;
    const high = bin === BINS - 1 ? longest : (bin + 1) * width - 1;
    return {
      value: count, low, high, label: `${num(low)}–${num(high)}`, shown: num(count),
      text: plural("bar_lengths", count, { low: num(low), high: num(high) }),
    };
  });
  const peak = rows.reduce((best, row) => (row.value > best.value ? row : best), rows[0]);
  barChart($("lengths-chart"), rows, text("lengths_title"),
    format(text("lengths_alt"), { low: num(peak.low), high: num(peak.high) }));
  $("lengths-figure").hidden = false;

  const seats = wins.map((count, seat) => {
    const share = percent(count / games);
    return { value: count, label: seatName(seat), shown: share,
      text: format(text("bar_seat"), { name: seatName(seat), percent: share }) };
  });
  const best = seats.reduce((top, row) => (row.value > top.value ? row : top), seats[0]);
  barChart($("seats-chart"), seats, text("seats_title"), best.text);
  $("seats-figure").hidden = false;
}

/** The same deals with each number of face-down cards: a table row each, for the runs that played any game. */
function showComparison(runs, cancelled) {
  const rows = comparison(runs);
  const games = rows.reduce((sum, row) => sum + row.games, 0);
  const told = cancelled || !rows.length ? plural("cancelled", games) : plural("compared", rows[0].games);
  $("sim-summary").textContent = told;
  $("compare-rows").replaceChildren(...rows.map((row) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = num(row.face_down);
    const cells = [num(row.games), num(row.average), `${num(row.draws)} (${percent(row.share, 2)})`];
    tr.append(th, ...cells.map((value) => Object.assign(document.createElement("td"), { textContent: value })));
    tr.dataset.faceDown = String(row.face_down); // ASCII, for scripts and tests
    tr.dataset.average = String(row.average);
    return tr;
  }));
  $("compare").hidden = !rows.length;
  $("lengths-figure").hidden = true;
  $("seats-figure").hidden = true;
}

/** `variants`: the numbers of face-down cards to play the same deals with, one after the other. */
async function simulate(players, games, variants) {
  sim.running = true;
  sim.cancelled = false;
  $("sim-run").disabled = true;
  $("sim-cancel").hidden = false;
  const progress = $("sim-progress");
  progress.hidden = false;
  progress.value = 0;
  const runs = variants.map((faceDown) => ({ face_down: faceDown, totals: noGames(players) }));
  const seed = Math.floor(Math.random() * 2 ** 40);
  const started = performance.now();
  try {
    let done = 0;
    for (const run of runs) {
      for (let batch = 0; run.totals.rounds.length < games && !sim.cancelled; batch++) {
        const size = Math.min(BATCH, games - run.totals.rounds.length);
        const request = { type: "simulate", players, games: size, seed: seed + batch, face_down: run.face_down };
        run.totals = added(run.totals, await sim.engine.request(request)); // the same seeds: the same deals
        done += size;
        progress.value = Math.round((100 * done) / (games * runs.length));
      }
    }
    if (runs.length === 1) showResults(runs[0].totals, sim.cancelled);
    else showComparison(runs, sim.cancelled);
    $("sim-summary").dataset.ms = String(Math.round(performance.now() - started)); // how long the run took
    $("sim-summary").dataset.games = String(done);
  } catch (error) {
    console.warn("simulation stopped:", error); // the detail is for developers; the visitor gets a sentence
    $("sim-summary").textContent = text("sim_failed");
    if (sim.engine.dead) restartEngine(); // a broken worker cannot be used again: the next run gets a new one
  } finally {
    sim.running = false;
    $("sim-run").disabled = !sim.engine;
    $("sim-cancel").hidden = true;
    progress.hidden = true;
  }
}

function newEngine() {
  const engine = new Engine(root.lang || "en", (value) => {
    $("engine-progress").value = Math.max($("engine-progress").value, value);
  });
  return { engine, loading: engine.start() };
}

/** The engine broke during a simulation: a new worker, and Run once it is ready. */
async function restartEngine() {
  sim.engine = null;
  const { engine, loading } = newEngine();
  try {
    await loading;
  } catch {
    root.dataset.engine = "failed";
    $("engine-failed").hidden = false;
    return;
  }
  sim.engine = engine;
  $("sim-run").disabled = sim.running;
}

async function start() {
  registerServiceWorker(new URL("../sw.js", import.meta.url));
  const { engine, loading } = newEngine();
  const ready = loading.then(() => engine);
  ready.catch(() => {}); // a failed start is shown below; the history is then shown as it is stored
  showHistory(ready);
  $("sim-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (sim.running || !sim.engine) return;
    const choice = $("sim-face-down");
    const every = [...choice.options].map((option) => option.value).filter((value) => value !== "all");
    const variants = (choice.value === "all" ? every : [choice.value]).map(Number);
    simulate(Number($("sim-players").value), Number($("sim-games").value), variants);
  });
  $("sim-cancel").addEventListener("click", () => {
    sim.cancelled = true;
  });
  root.dataset.engine = "loading";
  try {
    await loading;
  } catch {
    root.dataset.engine = "failed";
    $("engine-loading").hidden = true;
    $("engine-failed").hidden = false;
    return;
  }
  sim.engine = engine;
  $("engine-loading").hidden = true;
  $("sim-run").disabled = false;
  root.dataset.engine = "ready";
  performance.mark("engine-ready");
}

start();
