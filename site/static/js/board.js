// Drawing the card table from plain data, with the card pictures of pictures.js. Nothing here knows a rule: the
// bridge's board says it all.
//
// A board is what the bridge hands over in its record, and what the stored record keeps for a fast first paint
// (krig.webapp.table says what it holds): {players, counts, out, cards, pile, table, round, winner, wars,
// set_aside, status, announce, over, deal, result_text, lang}.

import { SETTINGS } from "./facts.js";
import { cardImage } from "./pictures.js";
import { format, list, num, percent, plural, text } from "./strings.js";

/** A seat's cards of one step, as a list: a board stored before the variant holds one code or null there. */
function listed(cards) {
  if (Array.isArray(cards)) return cards;
  return cards ? [cards] : [];
}

/** The images of one seat's cards this round: battle card, then per war step its backs and a face. */
function seatCards(cards) {
  const images = [];
  if (!cards || !Array.isArray(cards.up)) return images;
  cards.up.forEach((up, step) => {
    // the face-down war cards, then an eliminated player's last cards, unseen
    const backs = [...listed(cards.down && cards.down[step]), ...listed(cards.last && cards.last[step])];
    images.push(...backs.map(() => [null, step]));
    if (up) images.push([up, step]);
  });
  return images.map(([code, step], index) => cardImage(code, index, step));
}

function setNumber(element, n) {
  element.dataset.count = String(n); // plain ASCII digits for scripts and tests
  return () => showNumber(element, n);
}

function showNumber(element, n) {
  const shown = element.querySelector(".n");
  if (shown) shown.textContent = num(n); // the language's digits for people
}

// The motion of a round (Web Animations API, transform and opacity only): the times of its parts, in ms at the
// "normal" animation; "fast" halves them.
const TIMES = { turn: 260, stagger: 80, war: 650, lay: 220, frame: 220 };
// {timer, settle, animations, chances}: the round in motion, and the visible changes it holds back (the win
// chances that came during the motion, drawn after it)
let settling = null;
const settled = []; // the promises of motionOver() that wait for the round in motion

/** The time scale of a round's motion by the animation setting: null (nothing moves) for "none" and for those
 * whose system asks for less motion. */
export function motionOf(animation) {
  if (animation === "none" || matchMedia("(prefers-reduced-motion: reduce)").matches) return null;
  return animation === "fast" ? 0.5 : 1;
}

/** Finish the motion on screen at once (a press, the next round, another board): everything shows its end. */
function finishMotion() {
  if (!settling) return;
  const { timer, settle, animations, chances } = settling;
  settling = null;
  clearTimeout(timer);
  for (const animation of animations) animation.finish();
  settle();
  if (chances) chances();
  for (const resolve of settled.splice(0)) resolve();
}

/** Resolves once the round on screen has ended its motion: at once when nothing moves. */
export function motionOver() {
  return settling ? new Promise((resolve) => { settled.push(resolve); }) : Promise.resolve();
}

/** When the parts of the motion of a round of `steps` steps at `scale` begin, and when it ends (ms). */
function timeline(steps, players, scale) {
  const t = Object.fromEntries(Object.entries(TIMES).map(([name, ms]) => [name, ms * scale]));
  const starts = [0];
  const wars = [];
  for (let step = 1; step < steps; step++) {
    const warAt = starts[step - 1] + t.turn + t.stagger * (players - 1);
    wars.push(warAt);
    starts.push(warAt + t.war + t.lay);
  }
  const turned = starts[steps - 1] + t.turn + t.stagger * (players - 1);
  return { t, starts, wars, turned, end: turned + t.frame };
}

const center = (rect) => [rect.left + rect.width / 2, rect.top + rect.height / 2];

/**
 * Play the round of `board` on screen, then `settle()` (the counts, the pile and the sentence). Each card comes
 * off its seat's stack: a face-up card is turned over in its seat's place, a war's face-down cards are laid while
 * "War!" holds, and the round's winner is framed. The battle then stays where it was played until the next round,
 * as a reload draws it.
 */
function move(board, scale, budget, settle) {
  const root = document.getElementById("board");
  const seats = [...Array(board.players).keys()].map((seat) => document.getElementById(`seat-${seat}`));
  const steps = board.wars + 1;
  const winner = board.winner === null || board.winner === undefined ? null : seats[board.winner];
  const plan = timeline(steps, board.players, scale);
  if (plan.end > budget) return settle(); // rounds come faster than their motion: skipped, not restarted
  const { t } = plan;
  // where everything is once the round is drawn, before any motion moves it
  const images = seats.map((seat) => [...seat.querySelectorAll(".cards img")]);
  const stacks = seats.map((seat) => center(seat.querySelector(".stack").getBoundingClientRect()));
  const places = images.map((list) => list.map((img) => center(img.getBoundingClientRect())));
  const animations = [];
  const animate = (element, keyframes, options) => {
    animations.push(element.animate(keyframes, { easing: "ease-out", ...options }));
  };
  images.forEach((list, seat) => list.forEach((img, index) => {
    const step = Number(img.dataset.step);
    const [x, y] = places[seat][index];
    const [sx, sy] = stacks[seat];
    const off = `translate(${sx - x}px, ${sy - y}px)`; // on the seat's stack
    if (img.classList.contains("back")) {
      // a war's face-down card, laid from the seat's stack while "War!" holds
      animate(img, [{ transform: off, opacity: 0 }, { opacity: 1, offset: 0.2 }, { transform: "none", opacity: 1 }],
        { duration: t.lay, delay: plan.wars[step - 1] + t.war * 0.45 + t.stagger * seat, fill: "backwards" });
    } else {
      // a face-up card, taken off the seat's stack and turned over, in the order of the seats
      animate(img, [{ transform: `${off} perspective(40rem) rotateY(-90deg)`, opacity: 0 },
        { opacity: 1, offset: 0.15 }, { transform: "none", opacity: 1 }],
      { duration: t.turn, delay: plan.starts[step] + t.stagger * seat, fill: "backwards" });
    }
  }));
  const war = document.getElementById("war-mark");
  for (const at of plan.wars) {
    animate(war, [{ opacity: 0, transform: "translate(-50%, -50%) scale(0.6)" },
      { opacity: 1, transform: "translate(-50%, -50%) scale(1.1)", offset: 0.2 },
      { opacity: 1, transform: "translate(-50%, -50%) scale(1)", offset: 0.85 },
      { opacity: 0, transform: "translate(-50%, -50%) scale(1)" }], { duration: t.war + t.lay, delay: at });
  }
  if (winner !== null) {
    animate(winner, [{ opacity: 0 }, { opacity: 1 }],
      { duration: t.frame, delay: plan.turned, fill: "backwards", pseudoElement: "::after" });
  }
  root.dataset.motion = "on"; // for tests and the CSS: a round is in motion, and the last round's sentence unseen
  settling = {
    animations,
    chances: null,
    settle: () => {
      delete root.dataset.motion;
      settle();
    },
    timer: setTimeout(finishMotion, plan.end),
  };
}

/**
 * Draw `board` into the page. `fresh` is a round just played: with `motion` (a time scale: 1 at the "normal"
 * animation, null for none) its cards come off the stacks and are turned, a war is laid and the winner is framed,
 * and only then do the counts, "Out", the pile, the sentence and the live region's sentence change on screen (the
 * last round's sentence is unseen meanwhile); if that takes longer than `budget` ms (the time until the next round
 * in auto-play), nothing moves. The round's cards stay where they were played until the next round is drawn. The
 * data attributes and the round number change at once.
 */
export function render(board, { fresh = false, announce = true, motion = null, budget = Infinity } = {}) {
  finishMotion();
  const root = document.getElementById("board");
  if (root.dataset.players !== String(board.players)) root.dataset.players = String(board.players); // CSS reads it
  root.dataset.round = String(board.round || 0); // ASCII, for scripts and tests
  const shows = []; // what changes on screen once the round's motion is over
  for (let seat = 0; seat < 4; seat++) {
    const element = document.getElementById(`seat-${seat}`);
    const used = seat < board.players;
    element.hidden = !used;
    if (!used) continue;
    const count = board.counts[seat];
    shows.push(setNumber(element, count), () => {
      element.querySelector(".stack").style.setProperty("--depth", String(Math.ceil(count / 13)));
    });
    const out = Boolean(board.out && board.out[seat]);
    shows.push(() => {
      element.classList.toggle("out", out);
      element.querySelector(".out-label").hidden = !out;
    });
    element.classList.toggle("winner", board.winner === seat);
    const holder = element.querySelector(".cards");
    const images = seatCards(board.cards[seat]);
    holder.replaceChildren(...images);
    holder.style.setProperty("--n", String(Math.max(images.length, 1)));
  }
  const pile = root.querySelector(".pile");
  shows.push(setNumber(pile, board.pile || 0));
  pile.dataset.table = String(board.table || 0); // cards left on the table (only after a drawn round)
  document.querySelector("[data-testid=round]").textContent = num(board.round || 0);
  root.querySelector(".set-aside").hidden = !board.set_aside;
  for (const id of ["rules-variant", "log-variant"]) document.getElementById(id).textContent = variantOf(board);

  const status = document.getElementById("status");
  const short = status.querySelector(".short");
  const moves = fresh && motion && typeof Element.prototype.animate === "function";
  shows.push(() => {
    short.textContent = board.status || "";
    // the live region, once per round: heard as it is seen
    if (announce) status.querySelector(".full").textContent = board.announce || board.status || "";
  });

  const result = document.getElementById("result");
  result.hidden = !board.over;
  document.getElementById("result-text").textContent = board.over ? board.result_text || "" : "";
  const settle = () => {
    for (const show of shows) show();
  };
  if (moves) move(board, motion, budget, settle);
  else settle();
}

/**
 * The win chances from the worker ({chances: [0..1 per seat], draw, repetition, round}) of the round on screen,
 * `WORKING` while that round's estimate is being worked out, or null to hide them. Each seat gets a bar and a
 * percentage, but a seat that is out, which says so; the share of games nobody wins (draw or repetition) is shown
 * apart. While a round is in motion they wait for it, and change with its counts.
 */
export function renderChances(estimate, players) {
  if (settling) settling.chances = () => drawChances(estimate, players);
  else drawChances(estimate, players);
}

/** The estimate given to renderChances while the round's own is being worked out. */
export const WORKING = Object.freeze({ working: true });

function drawChances(estimate, players) {
  const working = estimate === WORKING;
  for (let seat = 0; seat < players; seat++) {
    const seatElement = document.getElementById(`seat-${seat}`);
    const element = seatElement.querySelector(".chance");
    element.hidden = !estimate || seatElement.classList.contains("out"); // the bridge's board says who is out
    element.toggleAttribute("data-working", working);
    const share = element.hidden || working ? 0 : estimate.chances[seat] || 0;
    if (element.hidden || working) delete element.dataset.percent;
    else element.dataset.percent = String(Math.round(100 * share)); // ASCII, for scripts and tests
    element.querySelector(".fill").style.width = `${Math.round(100 * share)}%`; // CSSOM: allowed by the CSP
    element.querySelector(".pct").textContent = element.hidden ? "" : working ? "…" : percent(share);
  }
  const other = document.getElementById("chance-other");
  other.hidden = !estimate;
  other.toggleAttribute("data-working", working);
  if (!estimate || working) {
    delete other.dataset.percent;
    delete other.dataset.round;
    showOther(other, working ? "…" : "");
    return;
  }
  const share = (estimate.draw || 0) + (estimate.repetition || 0);
  other.dataset.percent = String(Math.round(100 * share));
  other.dataset.round = String(estimate.round); // the round the estimate belongs to
  showOther(other, percent(share));
  // "Draw or repetition" only in a game that can end in a repetition (R12): Python says which
  other.querySelector(".with-repetition").hidden = !estimate.repeats;
  other.querySelector(".draw-only").hidden = Boolean(estimate.repeats);
}

/** The chance of no winner: written in both of its labels, the one unseen keeping the line's width. */
function showOther(other, text) {
  for (const pct of other.querySelectorAll(".pct")) pct.textContent = text;
}

/**
 * What the rules text and the log say of the game's rules, from its deal: its face-down cards, and its house rules
 * if any. A table without a game (no deal) says the default game's, as the page says before a game is drawn.
 */
function variantOf(board) {
  const deal = board.deal ?? Object.fromEntries(SETTINGS.map((one) => [one.name, one.default]));
  const variant = plural("variant", deal.face_down);
  const house = SETTINGS.filter((one) => one.house && deal[one.name])
    .map((one) => text(`house_${one.house}`, one.house));
  return house.length ? `${variant} ${format(text("house_in_play"), { rules: list(house) })}` : variant;
}
