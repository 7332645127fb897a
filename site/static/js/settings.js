// The settings form: players, card order, cards face down, auto-play speed, animation, sound and the deck (its
// colours and its letters). The form's own options are the choices (the bridge keeps whatever the form says in the
// record); a stored record's settings are put back at start-up. An order and a number of face-down cards that the
// site does not offer together grey each other out.

import { useDeck } from "./board.js";
import { offered } from "./deal.js";
import { UNOFFERED } from "./facts.js";
import { settingsRead } from "./state.js";
import { storedSettings } from "./stored.js";
import { update } from "./page.js";

const $ = (id) => document.getElementById(id);
const root = document.documentElement;
const orderInputs = () => [...document.querySelectorAll("input[name=order]")];
const values = (id) => [...$(id).options].map((option) => option.value);

/**
 * What the form offers: {players, orders, face_down, speeds: [lowest, highest], animations, decks, letters},
 * defaults first, and the pairs of order and face-down cards it does not offer (`unoffered`, Python's). The
 * letters are the international ones, and the page language's own where it has them.
 */
export function choices() {
  const speed = $("speed");
  return {
    players: [...$("players").options].map((option) => Number(option.value)),
    orders: orderInputs().map((input) => input.value),
    face_down: [...$("face-down").options].map((option) => Number(option.value)),
    speeds: [Number(speed.min), Number(speed.max)],
    animations: values("animation"),
    decks: values("deck"),
    letters: values("letters"),
    unoffered: UNOFFERED,
  };
}

/** Grey out the order and the numbers of face-down cards that do not go with the ones chosen. */
export function showOffered() {
  const offers = choices();
  const order = document.querySelector("input[name=order]:checked").value;
  const faceDown = Number($("face-down").value);
  for (const input of orderInputs()) input.disabled = !offered(offers, input.value, faceDown);
  for (const option of $("face-down").options) option.disabled = !offered(offers, order, Number(option.value));
}

/** Read the form into the state, and let the animation and the deck take effect. */
export function readSettings() {
  const animation = $("animation").value;
  const cards = { deck: $("deck").value, letters: $("letters").value };
  update(settingsRead, {
    players: Number($("players").value),
    order: document.querySelector("input[name=order]:checked").value,
    face_down: Number($("face-down").value),
    speed: Number($("speed").value),
    animation,
    sound: $("sound").checked,
    stop_war: $("stop-war").checked,
    ...cards,
  });
  root.classList.toggle("no-animation", animation === "none");
  root.classList.toggle("fast-animation", animation === "fast");
  useDeck(cards);
}

/** Put stored settings back into the form (those it offers), then read it. */
export function applySettings(settings) {
  const { players, order, face_down: faceDown, speed, animation, sound, stop_war: stopWar, deck, letters } =
    storedSettings(settings, choices());
  if (players !== undefined) $("players").value = String(players);
  if (faceDown !== undefined) $("face-down").value = String(faceDown);
  if (order !== undefined) document.querySelector(`input[name=order][value=${order}]`).checked = true;
  if (speed !== undefined) $("speed").value = String(speed);
  if (animation !== undefined) $("animation").value = animation;
  if (sound !== undefined) $("sound").checked = sound;
  if (stopWar !== undefined) $("stop-war").checked = stopWar;
  if (deck !== undefined) $("deck").value = deck;
  if (letters !== undefined) $("letters").value = letters;
  showOffered();
  readSettings();
}
