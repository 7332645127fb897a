// Drawing the card table from plain data. Nothing here knows a rule: the bridge's board says it all.
//
// A board is what the bridge hands over in its record, and what the stored record keeps for a fast first paint
// (krig.webapp.bridge says what it holds): {players, counts, out, cards, pile, table, round, winner, set_aside,
// status, announce, over, face_down, result_text, lang}.

import { picture } from "./faces.js";
import { CARDS, DECKS } from "./facts.js";
import { cardName, num, percent, plural, text } from "./strings.js";

const PICTURES = new URL("../cards/", import.meta.url);
const preloaded = new Map(); // address → decoded card picture, kept so that the browser keeps it in memory
let waiting = null; // the addresses still to preload, from the end of the start-up on

let faces = { letters: undefined, deck: undefined }; // the deck the cards are drawn in (the settings')
const urls = new Map(); // code → address of its picture in that deck, worked out once

/** The picture of a card (`null`: its back). */
function cardUrl(code) {
  if (!urls.has(code)) urls.set(code, new URL(code ? picture(code, faces, DECKS) : "back.svg", PICTURES).href);
  return urls.get(code);
}

/**
 * Fetch and decode every card picture of the deck in use, one per idle moment, so that no flip waits for the
 * first sight of a card (each picture is an SVG document of its own, parsed on the main thread).
 */
export function preloadCards() {
  if (typeof requestIdleCallback !== "function") return;
  const idle = !waiting || !waiting.length;
  waiting = [null, ...CARDS].map(cardUrl).filter((url) => !preloaded.has(url));
  if (idle) requestIdleCallback(preloadNext);
}

function preloadNext() {
  const url = waiting.shift();
  if (!url) return;
  const img = new Image();
  img.src = url;
  preloaded.set(url, img);
  img.decode().catch(() => {}).then(() => requestIdleCallback(preloadNext)); // a missing picture only stays slow
}

/**
 * Draw the cards in the deck of the settings `{letters, deck}`: the faces on screen (the game's or a replay's) at
 * once, and every card from now on. The pictures are all built and precached; none is drawn here.
 */
export function useDeck({ letters, deck }) {
  if (letters === faces.letters && deck === faces.deck) return;
  faces = { letters, deck };
  urls.clear();
  for (const img of document.querySelectorAll("#board img.face")) img.src = cardUrl(img.dataset.card);
  if (waiting) preloadCards();
}

function cardImage(code, index, fresh) {
  const img = document.createElement("img");
  img.src = cardUrl(code);
  img.alt = code ? cardName(code) : text("face_down", "A face-down card");
  img.width = 70;
  img.height = 98;
  img.className = code ? "card face" : "card back";
  if (code) img.dataset.card = code; // useDeck() draws it again in another deck
  if (fresh) img.classList.add("fresh");
  img.style.setProperty("--i", String(index)); // position in the fanned stack (CSSOM, allowed by the CSP)
  return img;
}

/** A seat's cards of one step, as a list: a board stored before the variant holds one code or null there. */
function listed(cards) {
  if (Array.isArray(cards)) return cards;
  return cards ? [cards] : [];
}

/** The images of one seat's cards this round: battle card, then per war step its backs and a face. */
function seatCards(cards, fresh) {
  const images = [];
  if (!cards || !Array.isArray(cards.up)) return images;
  cards.up.forEach((up, step) => {
    // the face-down war cards, then an eliminated player's last cards, unseen
    const backs = [...listed(cards.down && cards.down[step]), ...listed(cards.last && cards.last[step])];
    images.push(...backs.map(() => null));
    if (up) images.push(up);
  });
  return images.map((code, index) => cardImage(code, index, fresh));
}

function setNumber(element, n) {
  element.dataset.count = String(n); // plain ASCII digits for scripts and tests
  const shown = element.querySelector(".n");
  if (shown) shown.textContent = num(n); // the language's digits for people
}

/** Draw `board` into the page. `fresh` animates the cards of a round just played. */
export function render(board, { fresh = false, announce = true } = {}) {
  const root = document.getElementById("board");
  if (root.dataset.players !== String(board.players)) root.dataset.players = String(board.players); // CSS reads it
  root.dataset.round = String(board.round || 0); // ASCII, for scripts and tests
  for (let seat = 0; seat < 4; seat++) {
    const element = document.getElementById(`seat-${seat}`);
    const used = seat < board.players;
    element.hidden = !used;
    if (!used) continue;
    setNumber(element, board.counts[seat]);
    const out = Boolean(board.out && board.out[seat]);
    element.classList.toggle("out", out);
    element.querySelector(".out-label").hidden = !out;
    element.classList.toggle("winner", board.winner === seat);
    const holder = element.querySelector(".cards");
    const images = seatCards(board.cards[seat], fresh);
    holder.replaceChildren(...images);
    holder.style.setProperty("--n", String(Math.max(images.length, 1)));
  }
  const pile = root.querySelector(".pile");
  setNumber(pile, board.pile || 0);
  pile.dataset.table = String(board.table || 0); // cards left on the table (only after a drawn round)
  document.querySelector("[data-testid=round]").textContent = num(board.round || 0);
  root.querySelector(".set-aside").hidden = !board.set_aside;
  const variant = plural("variant", board.face_down || 1); // a board stored before the variant: one card
  for (const id of ["rules-variant", "log-variant"]) document.getElementById(id).textContent = variant;

  const status = document.getElementById("status");
  const short = status.querySelector(".short");
  const full = status.querySelector(".full");
  short.textContent = board.status || "";
  if (announce) full.textContent = board.announce || board.status || ""; // the live region: once per round

  const result = document.getElementById("result");
  result.hidden = !board.over;
  document.getElementById("result-text").textContent = board.over ? board.result_text || "" : "";
}

/**
 * The win chances from the worker ({chances: [0..1 per seat], draw, repetition}), or null to hide them.
 * Each seat gets a bar and a percentage; the share of games nobody wins (draw or repetition) is shown apart.
 */
export function renderChances(estimate, players) {
  for (let seat = 0; seat < players; seat++) {
    const element = document.querySelector(`#seat-${seat} .chance`);
    if (!element) continue;
    element.hidden = !estimate;
    if (!estimate) continue;
    const share = estimate.chances[seat] || 0;
    element.dataset.percent = String(Math.round(100 * share)); // ASCII, for scripts and tests
    element.querySelector(".fill").style.width = `${Math.round(100 * share)}%`; // CSSOM: allowed by the CSP
    element.querySelector(".pct").textContent = percent(share);
  }
  const other = document.getElementById("chance-other");
  other.hidden = !estimate;
  if (estimate) {
    const share = (estimate.draw || 0) + (estimate.repetition || 0);
    other.dataset.percent = String(Math.round(100 * share));
    other.dataset.round = String(estimate.round); // the round the estimate belongs to
    other.querySelector(".pct").textContent = percent(share);
    // "Draw or repetition" only in a game that can end in a repetition (R12): Python says which
    other.querySelector(".with-repetition").hidden = !estimate.repeats;
    other.querySelector(".draw-only").hidden = Boolean(estimate.repeats);
  }
}
