// The card pictures: every one fetched at once in one file (cards/pictures.json) and kept in memory, decoded in
// idle moments before their first sight, and drawn in the deck of the settings. board.js lays them out.

import { picture } from "./faces.js";
import { CARDS, DECKS } from "./facts.js";
import { cardName, text } from "./strings.js";

const PICTURES = new URL("../cards/", import.meta.url);
// place ("four-colour/JD.svg") → its SVG text, once the one file of every picture is in. A picture loaded on its
// own can be cut short by a page that leaves, which Firefox reports as an error of the service worker that
// answered it; drawn from memory, no card asks the network or the worker again.
const inMemory = new Map();
// place → the blob: address of its picture, made at its first use: making all of them at once took the main
// thread about 110 ms, during the start-up
const addresses = new Map();
let bundle = null; // the promise of that file
const preloaded = new Map(); // place → decoded card picture, kept so that the browser keeps it in memory
let waiting = null; // the places still to preload, from the end of the start-up on

let faces = { letters: undefined, deck: undefined }; // the deck the cards are drawn in (the settings')
const places = new Map(); // code → place of its picture in that deck, worked out once

/** The place of a card's picture under cards/ (`null`: its back). */
function placeOf(code) {
  if (!places.has(code)) places.set(code, code ? picture(code, faces, DECKS) : "back.svg");
  return places.get(code);
}

/** The address a picture is drawn from: in memory once the pictures are, else its own file. */
function urlOf(place) {
  if (!addresses.has(place) && inMemory.has(place)) {
    addresses.set(place, URL.createObjectURL(new Blob([inMemory.get(place)], { type: "image/svg+xml" })));
  }
  return addresses.get(place) ?? new URL(place, PICTURES).href;
}

/** Fetch every card picture at once, in one file (cards/pictures.json, sitebuild/pictures.py's); where it
 * fails, the cards stay drawn from their own files. */
export function loadPictures() {
  bundle ??= fetch(new URL("pictures.json", PICTURES)).then((answer) => {
    if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
    return answer.json();
  }).then((pictures) => {
    for (const [place, svg] of Object.entries(pictures)) inMemory.set(place, svg);
  }).catch(() => {});
  return bundle;
}

/**
 * Decode every card picture of the deck in use, one per idle moment, so that no flip waits for the first sight of
 * a card (each picture is an SVG document of its own, parsed on the main thread).
 */
export async function preloadCards() {
  await loadPictures();
  // a picture loaded on its own is left for its first sight
  if (typeof requestIdleCallback !== "function" || !inMemory.size) return;
  const idle = !waiting || !waiting.length;
  waiting = [null, ...CARDS].map(placeOf).filter((place) => !preloaded.has(place));
  if (idle) requestIdleCallback(preloadNext);
}

function preloadNext() {
  const place = waiting.shift();
  if (!place) return;
  const img = new Image();
  img.src = urlOf(place);
  preloaded.set(place, img);
  img.decode().catch(() => {}).then(() => requestIdleCallback(preloadNext)); // a missing picture only stays slow
}

/**
 * Draw the cards in the deck of the settings `{letters, deck}`: the faces on screen (the game's or a replay's) at
 * once, and every card from now on. The pictures are all built and precached; none is drawn here.
 */
export function useDeck({ letters, deck }) {
  if (letters === faces.letters && deck === faces.deck) return;
  faces = { letters, deck };
  places.clear();
  for (const img of document.querySelectorAll("#board img.face")) drawPicture(img, img.dataset.card);
  if (waiting) preloadCards();
}

function drawPicture(img, code) {
  img.src = urlOf(placeOf(code));
  img.dataset.picture = placeOf(code); // which picture, for the tests: a blob: address does not say
}

/** The image of a card (`code` null: its back), the `index`-th of its seat's stack, of war step `step`. */
export function cardImage(code, index, step) {
  const img = document.createElement("img");
  drawPicture(img, code);
  img.alt = code ? cardName(code) : text("face_down", "A face-down card");
  img.width = 70;
  img.height = 98;
  img.className = code ? "card face" : "card back";
  if (code) img.dataset.card = code; // useDeck() draws it again in another deck
  img.dataset.step = String(step); // the motion turns each step's cards in turn
  img.style.setProperty("--i", String(index)); // position in the fanned stack (CSSOM, allowed by the CSP)
  return img;
}
