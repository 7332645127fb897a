// The settings form: players, card order, auto-play speed, animation and sound. The form's own options are the
// choices (the bridge keeps whatever the form says in the record); a stored record's settings are put back at
// start-up.

import { settingsRead } from "./state.js";
import { storedSettings } from "./stored.js";
import { update } from "./page.js";

const $ = (id) => document.getElementById(id);
const root = document.documentElement;

/** What the form offers: {players, orders, speeds: [lowest, highest], animations}, defaults first. */
export function choices() {
  const speed = $("speed");
  return {
    players: [...$("players").options].map((option) => Number(option.value)),
    orders: [...document.querySelectorAll("input[name=order]")].map((input) => input.value),
    speeds: [Number(speed.min), Number(speed.max)],
    animations: [...$("animation").options].map((option) => option.value),
  };
}

/** Read the form into the state, and let the animation setting take effect. */
export function readSettings() {
  const animation = $("animation").value;
  update(settingsRead, {
    players: Number($("players").value),
    order: document.querySelector("input[name=order]:checked").value,
    speed: Number($("speed").value),
    animation,
    sound: $("sound").checked,
  });
  root.classList.toggle("no-animation", animation === "none");
  root.classList.toggle("fast-animation", animation === "fast");
}

/** Put stored settings back into the form (those it offers), then read it. */
export function applySettings(settings) {
  const { players, order, speed, animation, sound } = storedSettings(settings, choices());
  if (players !== undefined) $("players").value = String(players);
  if (order !== undefined) document.querySelector(`input[name=order][value=${order}]`).checked = true;
  if (speed !== undefined) $("speed").value = String(speed);
  if (animation !== undefined) $("animation").value = animation;
  if (sound !== undefined) $("sound").checked = sound;
  readSettings();
}
