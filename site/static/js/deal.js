// Deals in links: the deal a shared link asks for, and the link that deals a game again; the settings table read.
// Pure functions of plain data; `choices` is what the page's form offers: {settings, unoffered}, the settings
// table ([{name, kind, values, default, deal, link?}], Python's krig.webapp.settings, which the build renders the
// form from) and the pairs of order and face-down cards the site leaves out (krig.webapp.variants), both through
// facts.js; `say(key)` is the page's string for `key` (strings.js's text).

const MAX_SEED = Number.MAX_SAFE_INTEGER; // seeds travel as JSON numbers, which are exact up to 2**53 - 1

/** Whether `seed` (text) is a seed: a whole number from 0 to MAX_SEED. */
export function validSeed(seed) {
  return /^[0-9]{1,16}$/.test(seed) && Number(seed) <= MAX_SEED;
}

/** Whether the site offers games in `order` with `faceDown` cards face down. */
export function offered(choices, order, faceDown) {
  return !choices.unoffered.some((pair) => pair[0] === order && pair[1] === faceDown);
}

/** The setting named `name` of the table. */
export function setting(choices, name) {
  return choices.settings.find((one) => one.name === name);
}

/** Whether `setting` can take `value`: one of a choice's values, a whole number in a range, a toggle's on or off. */
export function accepts(setting, value) {
  if (setting.kind === "toggle") return typeof value === "boolean";
  if (setting.kind === "range") {
    return Number.isInteger(value) && value >= setting.values[0] && value <= setting.values[1];
  }
  return setting.values.includes(value);
}

/** Whether the setting `one` cannot be on: one of the settings it excludes is (`on(name)` says which are). */
export function excluded(one, on) {
  return (one.excludes ?? []).some(on);
}

/** Whether `deal` turns on two settings that the table says do not go together (their `excludes`). */
export function clashes(deal, choices) {
  const on = (name) => deal[name] === true;
  return choices.settings.some((one) => on(one.name) && excluded(one, on));
}

/** The deal settings of `settings` (the page's, or a link's deal), each named as in the table. */
export function dealOf(settings, choices) {
  return Object.fromEntries(choices.settings.filter((one) => one.deal).map((one) => [one.name, settings[one.name]]));
}

/** A deal setting's value as a link writes it: a toggle as 1 (on) or 0 (off). */
function linked(setting, value) {
  return setting.kind === "toggle" ? (value ? "1" : "0") : String(value);
}

/**
 * The deal a shared link asks for (`search` is "?players=3&seed=12&order=played&down=3&peace=1", each deal setting
 * under its `link` name): {seed, ...deal settings}, null when it asks for none, or {error} saying what is wrong.
 */
export function linkedDeal(search, choices, say) {
  const params = new URLSearchParams(search);
  const deals = choices.settings.filter((one) => one.deal);
  if (!["seed", ...deals.map((one) => one.link)].some((name) => params.has(name))) return null;
  const deal = {};
  for (const one of deals) {
    const asked = params.get(one.link) || linked(one, one.default);
    deal[one.name] = one.values.find((value) => linked(one, value) === asked);
    if (deal[one.name] === undefined) return { error: one.house ? say("bad_house") : say(`bad_${one.name}`) };
  }
  const seed = params.get("seed") || "";
  if (!validSeed(seed)) return { error: say("bad_seed") };
  if (!offered(choices, deal.order, deal.face_down)) return { error: say("unoffered_link") };
  if (clashes(deal, choices)) return { error: say("clash_link") };
  return { ...deal, seed: Number(seed) };
}

/**
 * The link on the page at `href` that deals `deal` (a board's: {seed, ...deal settings}) again: its players and
 * seed, and the other deal settings off their default.
 */
export function dealLink(deal, href, choices) {
  const url = new URL(new URL(href).pathname, href);
  const asked = { players: String(deal.players), seed: String(deal.seed) };
  for (const one of choices.settings.filter((each) => each.deal)) {
    if (deal[one.name] !== one.default) asked[one.link] = linked(one, deal[one.name]);
  }
  url.search = new URLSearchParams(asked).toString();
  return url.href;
}
