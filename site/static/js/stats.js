// The statistics page: the visitor's own finished games (games.js) and a simulator that lets the engine play
// thousands of games in the worker, batch by batch, with any number of cards face down in each war and any house
// rules of the settings table, or the same deals with each number of face-down cards, and with and without the
// house rules chosen, compared. While a run goes, the last run's results are hidden, and the progress says the
// games done and the time left, at least twice a second.

import { lengthBins } from "./bins.js";
import { barChart } from "./charts.js";
import { Engine } from "./engine.js";
import { ERRORS, REQUESTS, SETTINGS } from "./facts.js";
import { seatName, showHistory } from "./games.js";
import { registerServiceWorker } from "./offline.js";
import { format, list, num, percent, plural, text } from "./strings.js";
import { added, average, batchSize, comparison, noGames, secondsLeft } from "./tally.js";

const $ = (id) => document.getElementById(id);
const root = document.documentElement;
const TICK = 250; // ms: how often the time left is said again between two batches

const sim = { engine: null, running: false, cancelled: false };
/** The house rules' toggles of the settings table, each with its checkbox ("only_tied": #sim-only-tied). */
const HOUSE = SETTINGS.filter((one) => one.house)
  .map((one) => ({ ...one, box: () => $(`sim-${one.name.replaceAll("_", "-")}`) }));

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

  // Lengths: bins of a round width up to the 99th percentile, so one freak game does not squash the chart, and
  // the longer games in a tail bin, drawn hatched and said in the note under the chart
  const rows = lengthBins(rounds).map(({ low, high, count }) => {
    const tail = high === null;
    const label = tail ? plural("tail", low) : `${num(low)}–${num(high)}`;
    return {
      value: count, low, high: tail ? longest : high, label, shown: num(count), apart: tail,
      text: tail ? format(text("bar_tail"), { range: label, total: plural("games", count) })
        : plural("bar_lengths", count, { low: num(low), high: num(high) }),
    };
  });
  const tail = rows.find((row) => row.apart);
  $("lengths-note").hidden = !tail;
  $("lengths-note").textContent = tail ? plural("tail_note", tail.low) : "";
  const peak = rows.reduce((best, row) => (row.value > best.value ? row : best), rows[0]);
  $("lengths-figure").hidden = false; // shown first: the chart is drawn at the width it has on screen
  barChart($("lengths-chart"), rows, text("lengths_title"),
    format(text("lengths_alt"), { low: num(peak.low), high: num(peak.high) }));

  const seats = wins.map((count, seat) => {
    const share = percent(count / games);
    return { value: count, label: seatName(seat), shown: share,
      text: format(text("bar_seat"), { name: seatName(seat), percent: share }) };
  });
  const best = seats.reduce((top, row) => (row.value > top.value ? row : top), seats[0]);
  $("seats-figure").hidden = false;
  barChart($("seats-chart"), seats, text("seats_title"), best.text);
}

/** The house rules of a run, named: "Peace and Jokers", or none. */
function named(house) {
  return house.length ? list(house.map((name) => text(`house_${name}`, name))) : text("house_none");
}

/**
 * The same deals with each number of face-down cards, and with and without the house rules chosen: a table row
 * each, for the runs that played any game.
 */
function showComparison(runs, cancelled) {
  const rows = comparison(runs);
  const games = rows.reduce((sum, row) => sum + row.games, 0);
  const compared = runs.some((run) => run.house.length) ? "compared_rules" : "compared";
  const told = cancelled || !rows.length ? plural("cancelled", games) : plural(compared, rows[0].games);
  $("sim-summary").textContent = told;
  $("compare-rows").replaceChildren(...rows.map((row) => {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = num(row.face_down);
    const wins = row.wins.map((share, seat) => `${seatName(seat)} ${percent(share)}`).join(" · ");
    const cells = [named(row.house), num(row.games), num(row.average), `${num(row.draws)} (${percent(row.share, 2)})`,
      `${num(row.repetitions)} (${percent(row.repeated, 2)})`, wins];
    tr.append(th, ...cells.map((value) => Object.assign(document.createElement("td"), { textContent: value })));
    tr.dataset.faceDown = String(row.face_down); // ASCII, for scripts and tests
    tr.dataset.house = row.house.join(" ");
    tr.dataset.average = String(row.average);
    return tr;
  }));
  $("compare").hidden = !rows.length;
  $("lengths-figure").hidden = true;
  $("seats-figure").hidden = true;
}

/** The last run's results go while a new one runs: nothing on screen is of another run. */
function hideResults() {
  for (const id of ["lengths-figure", "seats-figure", "compare"]) $(id).hidden = true;
  const told = $("sim-summary");
  told.textContent = "";
  delete told.dataset.games;
  delete told.dataset.ms;
}

/** The games done of `total`, and the seconds left (`left`, null before the first batch says how fast). */
function showProgress(done, total, left) {
  const progress = $("sim-progress");
  progress.max = total;
  progress.value = done;
  const status = $("sim-status");
  status.textContent = [plural("progress", total, { done: num(done) }), left === null ? "" : plural("left", left)]
    .join(" ").trim();
  status.dataset.done = String(done); // ASCII, for scripts and tests
}

/**
 * `variants`: what to play the same deals with, one after the other: {face_down, house}, its number of face-down
 * cards and the names of its house rules.
 */
async function simulate(players, games, variants) {
  sim.running = true;
  sim.cancelled = false;
  $("sim-run").disabled = true;
  $("sim-cancel").hidden = false;
  hideResults();
  const total = games * variants.length;
  $("sim-progress").hidden = false;
  $("sim-status").hidden = false;
  showProgress(0, total, null);
  const runs = variants.map((variant) => ({ ...variant, totals: noGames(players) }));
  const seed = Math.floor(Math.random() * 2 ** 40);
  const started = performance.now();
  let done = 0;
  let rate = 0; // games per second so far
  let end = null; // when the run should end, at that rate
  const tick = setInterval(() => showProgress(done, total, secondsLeft(end, performance.now())), TICK);
  try {
    for (const run of runs) {
      while (run.totals.rounds.length < games && !sim.cancelled) {
        const first = run.totals.rounds.length; // game `first` of the seed: every run plays the same deals
        const size = batchSize(rate, games - first);
        const request = { type: REQUESTS.simulate, players, games: size, seed, first, face_down: run.face_down,
          ...Object.fromEntries(HOUSE.map((one) => [one.name, run.house.includes(one.house)])) };
        run.totals = added(run.totals, await sim.engine.request(request));
        done += size;
        const now = performance.now();
        rate = (1000 * done) / Math.max(1, now - started);
        end = now + (1000 * (total - done)) / rate;
        showProgress(done, total, secondsLeft(end, now));
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
    clearInterval(tick);
    sim.running = false;
    $("sim-run").disabled = !sim.engine;
    $("sim-cancel").hidden = true;
    $("sim-progress").hidden = true;
    $("sim-status").hidden = true;
  }
}

/**
 * A new engine: {engine, loading}, `loading` the promise of its first answer. A start that took too long is said
 * (#engine-failed), and goes on if the engine answers after all.
 */
function newEngine() {
  const engine = new Engine(root.lang || "en", (value) => {
    $("engine-progress").value = Math.max($("engine-progress").value, value);
  });
  const loading = engine.start().catch((error) => {
    if (error?.kind !== ERRORS.timeout) throw error;
    engineFailed();
    return engine.answered.then((answer) => {
      root.dataset.engine = "loading";
      $("engine-failed").hidden = true;
      return answer;
    });
  });
  return { engine, loading };
}

/** The engine could not start, or took too long (`newEngine`): said, with nothing to run. */
function engineFailed() {
  root.dataset.engine = "failed";
  $("engine-loading").hidden = true;
  $("engine-failed").hidden = false;
}

/** The engine broke during a simulation: a new worker, and Run once it is ready. */
async function restartEngine() {
  sim.engine = null;
  const { engine, loading } = newEngine();
  try {
    await loading;
  } catch {
    engineFailed();
    return;
  }
  sim.engine = engine;
  root.dataset.engine = "ready";
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
    const house = HOUSE.filter((one) => one.box().checked).map((one) => one.house);
    const variants = (choice.value === "all" ? every : [choice.value]).map(Number).flatMap((faceDown) =>
      [{ face_down: faceDown, house: [] }, ...(house.length ? [{ face_down: faceDown, house }] : [])]);
    simulate(Number($("sim-players").value), Number($("sim-games").value), variants);
  });
  // a house rule greys out those it does not go with (the table's `excludes`)
  const checked = (name) => HOUSE.some((one) => one.name === name && one.box().checked);
  for (const one of HOUSE) {
    one.box().addEventListener("change", () => {
      for (const each of HOUSE) each.box().disabled = (each.excludes ?? []).some(checked);
    });
  }
  $("sim-cancel").addEventListener("click", () => {
    sim.cancelled = true;
  });
  root.dataset.engine = "loading";
  try {
    await loading;
  } catch {
    engineFailed();
    return;
  }
  sim.engine = engine;
  $("engine-loading").hidden = true;
  $("sim-run").disabled = false;
  root.dataset.engine = "ready";
  performance.mark("engine-ready");
}

start();
