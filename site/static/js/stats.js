// The statistics page: the visitor's own finished games (from IndexedDB, never sent anywhere) and a
// simulator that lets the engine play thousands of games in the worker, batch by batch.

import { barChart } from "./charts.js";
import { Engine } from "./engine.js";
import { upToDate } from "./history.js";
import { registerServiceWorker } from "./offline.js";
import { loadHistory } from "./store.js";
import { format, num, text } from "./strings.js";

const $ = (id) => document.getElementById(id);
const root = document.documentElement;
const BATCH = 1000; // games per request: small enough to show progress and to cancel between batches
const BINS = 12;

// Your games

function percentOf(part, whole) {
  return whole ? Math.round((100 * part) / whole) : 0;
}

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
}

// Simulator

const sim = { engine: null, running: false, cancelled: false };

function seatName(seat) {
  return seat === 0 ? text("you", "You") : format(text("cpu", "CPU %(number)s"), { number: num(seat) });
}

function showResults(totals) {
  const { rounds, wins, draws, repetitions } = totals;
  const games = rounds.length;
  if (!games) return;
  const average = Math.round(rounds.reduce((a, b) => a + b, 0) / games);
  const longest = Math.max(...rounds);
  $("sim-summary").textContent = format(text("summary"), {
    games: num(games), average: num(average), longest: num(longest), draws: num(draws),
    repetitions: num(repetitions),
  });

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
      text: format(text("bar_lengths"), { low: num(low), high: num(high), games: num(count) }),
    };
  });
  const peak = rows.reduce((best, row) => (row.value > best.value ? row : best), rows[0]);
  barChart($("lengths-chart"), rows, text("lengths_title"),
    format(text("lengths_alt"), { low: num(peak.low), high: num(peak.high) }));
  $("lengths-figure").hidden = false;

  const seats = wins.map((count, seat) => {
    const percent = `${num(percentOf(count, games))}%`;
    return { value: count, label: seatName(seat), shown: percent,
      text: format(text("bar_seat"), { name: seatName(seat), percent }) };
  });
  const best = seats.reduce((top, row) => (row.value > top.value ? row : top), seats[0]);
  barChart($("seats-chart"), seats, text("seats_title"), best.text);
  $("seats-figure").hidden = false;
}

async function simulate(players, games) {
  sim.running = true;
  sim.cancelled = false;
  $("sim-run").disabled = true;
  $("sim-cancel").hidden = false;
  const progress = $("sim-progress");
  progress.hidden = false;
  progress.value = 0;
  const totals = { rounds: [], wins: new Array(players).fill(0), draws: 0, repetitions: 0 };
  const seed = Math.floor(Math.random() * 2 ** 40);
  const started = performance.now();
  try {
    for (let done = 0, batch = 0; done < games && !sim.cancelled; batch++) {
      const size = Math.min(BATCH, games - done);
      const answer = await sim.engine.request({ type: "simulate", players, games: size, seed: seed + batch });
      totals.rounds.push(...answer.rounds);
      answer.wins.forEach((count, seat) => { totals.wins[seat] += count; });
      totals.draws += answer.draws;
      totals.repetitions += answer.repetitions;
      done += size;
      progress.value = Math.round((100 * done) / games);
    }
    showResults(totals);
    $("sim-summary").dataset.ms = String(Math.round(performance.now() - started)); // how long the run took
    $("sim-summary").dataset.games = String(totals.rounds.length);
    if (sim.cancelled) {
      $("sim-summary").textContent = `${format(text("cancelled"), { games: num(totals.rounds.length) })} ${
        $("sim-summary").textContent}`;
    }
  } catch (error) {
    $("sim-summary").textContent = error && error.message ? error.message : String(error);
  } finally {
    sim.running = false;
    $("sim-run").disabled = false;
    $("sim-cancel").hidden = true;
    progress.hidden = true;
  }
}

async function start() {
  registerServiceWorker(new URL("../sw.js", import.meta.url));
  const engine = new Engine(root.lang || "en", (value) => {
    $("engine-progress").value = Math.max($("engine-progress").value, value);
  });
  const loading = engine.start();
  const ready = loading.then(() => engine);
  ready.catch(() => {}); // a failed start is shown below; the history is then shown as it is stored
  showHistory(ready);
  $("sim-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if (!sim.running && sim.engine) simulate(Number($("sim-players").value), Number($("sim-games").value));
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
