// The settings form, by the settings table (facts.js, Python's krig.webapp.settings, which the build renders the
// form from): reading it, putting stored settings back, greying out the variant the site does not offer, handing
// the deck to board.js. Each setting's control is the element of its name ("face_down": #face-down), or its
// radio buttons (name="order"). An order and a number of face-down cards that the site does not offer together
// grey each other out, and so does a setting on the ones it excludes (Peace and Jokers, R17).

import { excluded, offered, setting } from "./deal.js";
import { SETTINGS, UNOFFERED } from "./facts.js";
import { settingsRead } from "./state.js";
import { storedSettings } from "./stored.js";
import { update } from "./page.js";
import { useDeck } from "./pictures.js";

const $ = (id) => document.getElementById(id);
const root = document.documentElement;

/** What the form offers: the settings table and the pairs of order and face-down cards it does not offer. */
export const CHOICES = Object.freeze({ settings: SETTINGS, unoffered: UNOFFERED });

/** A setting's element, or null for one shown as radio buttons. */
const element = ({ name }) => $(name.replaceAll("_", "-"));
const radios = ({ name }) => [...document.querySelectorAll(`input[type=radio][name=${name}]`)];

/** The controls of a setting, to listen to. */
export function controlsOf(one) {
  return element(one) ? [element(one)] : radios(one);
}

/** The value a setting's control shows, as the table has it (a number of players is a number). */
function valueOf(one) {
  const shown = element(one);
  if (one.kind === "toggle") return shown.checked;
  const chosen = shown ? shown.value : radios(one).find((radio) => radio.checked).value;
  return one.kind === "range" ? Number(chosen) : one.values.find((value) => String(value) === chosen);
}

function show(one, value) {
  const shown = element(one);
  if (one.kind === "toggle") shown.checked = value;
  else if (shown) shown.value = String(value);
  else for (const radio of radios(one)) radio.checked = radio.value === String(value);
}

/**
 * Grey out the order and the numbers of face-down cards that do not go with the ones chosen, and the toggles that
 * do not go with one that is on.
 */
export function showOffered() {
  const order = setting(CHOICES, "order");
  const [chosen, faceDown] = [valueOf(order), valueOf(setting(CHOICES, "face_down"))];
  for (const input of radios(order)) input.disabled = !offered(CHOICES, input.value, faceDown);
  for (const option of $("face-down").options) option.disabled = !offered(CHOICES, chosen, Number(option.value));
  for (const one of SETTINGS.filter((each) => each.excludes)) {
    element(one).disabled = excluded(one, (other) => valueOf(setting(CHOICES, other)));
  }
}

/** Read the form into the state, and let the animation and the deck take effect. */
export function readSettings() {
  const settings = Object.fromEntries(SETTINGS.map((one) => [one.name, valueOf(one)]));
  update(settingsRead, settings);
  root.classList.toggle("no-animation", settings.animation === "none");
  root.classList.toggle("fast-animation", settings.animation === "fast");
  useDeck({ deck: settings.deck, letters: settings.letters });
}

/** Put stored settings back into the form (those it offers), then read it. */
export function applySettings(settings) {
  const kept = storedSettings(settings, CHOICES);
  for (const one of SETTINGS) if (one.name in kept) show(one, kept[one.name]);
  showOffered();
  readSettings();
}
