// Localized strings for the page scripts, read from the page's JSON block (#krig-strings).
// The templates fill that block from the same gettext catalogs as the page, so nothing is translated here.

const element = document.getElementById("krig-strings");
let data = {};
try {
  data = element ? JSON.parse(element.textContent) : {};
} catch {
  data = {}; // a broken block must not stop the page: English fallbacks below
}

/** The text for `key`, or `fallback` when the page has none. */
export function text(key, fallback = "") {
  const value = data[key];
  return typeof value === "string" ? value : fallback;
}

const DIGITS = typeof data.digits === "string" && [...data.digits].length === 10 ? [...data.digits] : null;

/** `n` written with the language's digits (Bengali ১২); plain ASCII digits are kept for data attributes. */
export function num(n) {
  const ascii = String(n);
  return DIGITS ? ascii.replace(/[0-9]/g, (d) => DIGITS[Number(d)]) : ascii;
}

/** Fill %(name)s placeholders, as Python's gettext strings use them. */
export function format(template, values) {
  return template.replace(/%\((\w+)\)s/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** The localized name of a card, for alt texts: "jack of spades". */
export function cardName(code) {
  const cards = data.cards && typeof data.cards === "object" ? data.cards : {};
  return typeof cards[code] === "string" ? cards[code] : code;
}
