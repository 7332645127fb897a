// Localized strings and numbers for the page scripts. The words come from the page's JSON block (#krig-strings),
// which the templates fill from the same gettext catalogs as the page, so nothing is translated here. Numbers and
// plural categories come from the browser's Intl for the page's language (<html lang>): the same CLDR rules that
// the build hands to the worker's Python (krig.webapp.numerals) and that choose the catalogs' plural forms.
//
// Under Node (the unit tests) there is no document: the pure functions below work all the same.

const page = globalThis.document;
const element = page ? page.getElementById("krig-strings") : null;
let data = {};
try {
  data = element ? JSON.parse(element.textContent) : {};
} catch {
  data = {}; // a broken block must not stop the page: English fallbacks below
}
const lang = (page && page.documentElement.lang) || "en";
const numbers = new Intl.NumberFormat(lang);
const percents = new Intl.NumberFormat(lang, { style: "percent" });
const plurals = new Intl.PluralRules(lang);

/** The text for `key`, or `fallback` when the page has none. */
export function text(key, fallback = "") {
  const value = data[key];
  return typeof value === "string" ? value : fallback;
}

/** `n` as the page's language writes it: "1,234", "1 234", "১,২৩৪". Data attributes keep plain ASCII digits. */
export function num(n) {
  return numbers.format(n);
}

/**
 * A share from 0 to 1 as a percentage in the page's language, whole or with at most `digits` decimals: "45%",
 * "45 %", "৪৫%", "0.06%".
 */
export function percent(share, digits = 0) {
  if (!digits) return percents.format(share);
  return new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: digits }).format(share);
}

const UNITS = [["gigabyte", 1e9], ["megabyte", 1e6], ["kilobyte", 1e3]];

/** A size in bytes as the page's language writes it, in the largest unit it reaches: "12 KB", "৩.৪ MB". */
export function bytes(size, locale = lang) {
  const [unit, scale] = UNITS.find(([, step]) => size >= step) ?? ["byte", 1];
  const value = size / scale;
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short",
    maximumFractionDigits: value < 10 && scale > 1 ? 1 : 0 }).format(value);
}

/**
 * The sentence `key` for `count`, in the plural form that the page's language uses for that number, with
 * %(count)s and the other `values` filled in. The build puts one form per CLDR plural category of the language
 * into the page (`plurals`: {category: {key: form}}), each the catalog's form for a number of that category.
 */
export function plural(key, count, values = {}) {
  const forms = data.plurals && typeof data.plurals === "object" ? data.plurals : {};
  const form = [plurals.select(count), "other"].map((category) => forms[category]?.[key])
    .find((found) => typeof found === "string");
  return format(form ?? "", { ...values, count: num(count) });
}

/** `items` as one list in the page's language: "Peace and Jokers", "Peace, Jokers et …". */
export function list(items) {
  return new Intl.ListFormat(lang, { type: "conjunction" }).format(items);
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

/** The ten digits of `locale`'s default numbering system, 0 to 9: "০১২৩৪৫৬৭৮৯" in Bengali. */
export function localeDigits(locale) {
  const plain = new Intl.NumberFormat(locale, { useGrouping: false });
  return Array.from({ length: 10 }, (_, digit) => plain.format(digit)).join("");
}

/**
 * What a person typed, with the digits of the page's language (or `locale`) turned into ASCII digits:
 * "১২৩" is "123" on the Bengali page. ASCII digits stay; anything else is kept, for the caller's check to refuse.
 */
export function asciiDigits(typed, locale = lang) {
  const own = [...localeDigits(locale)];
  return [...String(typed)].map((char) => (own.includes(char) ? String(own.indexOf(char)) : char)).join("");
}
