"""The page writes numbers and counts with the browser's Intl, and they read exactly as the worker's Python and
the catalogs would: grouped digits, the spaced percent sign of French and Russian, Bengali digits, and for every
count the catalog's own plural form. The seed box takes the language's own digits."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel import Locale
from babel.numbers import format_percent
from playwright.sync_api import Page

import build
from krig.webapp.narrate import Narrator, translations

LANGS = [lang.code for lang in build.LANGUAGES]
NUMBERS = [0, 1, 7, 42, 999, 1000, 1234, 12_345, 123_456, 1_234_567, 9_007_199_254_740_991]
SHARES = [0, 0.04, 0.45, 0.999, 1]
COUNTS = [*range(31), *range(100, 111), 1000, 1021, 1_000_000]

# strings.js, as written, in the game page (the page has it bundled: tests/browser/conftest.py's `modules`)
READ = """async ([modules, numbers, shares, counts, given]) => {
  const s = await import(modules + 'strings.js');
  const plurals = JSON.parse(document.getElementById('krig-strings').textContent).plurals;
  const keys = Object.keys(Object.values(plurals)[0]);
  const rules = new Intl.PluralRules(document.documentElement.lang);
  return {
    numbers: numbers.map((n) => s.num(n)),
    percents: shares.map((share) => s.percent(share)),
    categories: counts.map((n) => rules.select(n)),
    sentences: Object.fromEntries(keys.map((key) => [key, counts.map((n) => s.plural(key, n, given))])),
  };
}"""
GIVEN = {"low": "L", "high": "H", "done": "D"}  # the other values a count's sentence may name, as the page gives them

SEED_BOX = """async (modules) => {
  const s = await import(modules + 'strings.js');
  const seed = document.getElementById('seed');
  const valid = (typed) => { seed.value = typed; return seed.checkValidity(); };
  return {valid: ['১২৩', '123', '১২a', ''].map(valid), read: s.asciiDigits('৯০০৭১৯৯২৫৪৭৪০৯৯১')};
}"""


def english_plurals(dist: Path) -> dict[str, tuple[str, str]]:
    """msgid and msgid_plural of every count the statistics page shows, from the English page."""
    (block,) = re.findall(r'id="krig-strings">(.*?)</script>', (dist / "en" / "stats.html").read_text(), re.S)
    plurals = json.loads(block)["plurals"]
    return {key: (plurals["one"][key], plurals["other"][key]) for key in plurals["one"]}


def native(text: str, lang: str) -> str:
    """Babel's Latin digits in the digits of the language's numbering system."""
    digits = build.NUMBERING_DIGITS[Locale.parse(lang).default_numbering_system]
    return text.translate(str.maketrans("0123456789", digits))


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_percentages_and_plural_forms_follow_the_language(page: Page, guard, dist: Path, lang: str,
                                                                  modules: str) -> None:
    page.goto(f"{lang}/stats.html")
    shown = page.evaluate(READ, [modules, NUMBERS, SHARES, COUNTS, GIVEN])
    narrator = Narrator(lang)
    assert shown["numbers"] == [narrator.number(n) for n in NUMBERS]  # Intl agrees with the worker's data
    assert shown["percents"] == [native(format_percent(share, locale=lang), lang) for share in SHARES]
    assert shown["categories"] == [Locale.parse(lang).plural_form(n) for n in COUNTS]
    for key, (singular, plural) in english_plurals(dist).items():
        expected = [translations(lang).ngettext(singular, plural, n) % {"count": narrator.number(n), **GIVEN}
                    for n in COUNTS]
        assert shown["sentences"][key] == expected, key


def test_french_and_russian_space_the_percent_sign_and_bengali_keeps_its_digits(page: Page, guard,
                                                                               modules: str) -> None:
    expected = {"fr": ("45\u00a0%", "10\u202f000"), "ru": ("45\u00a0%", "10\u00a0000"), "bn": ("৪৫%", "১০,০০০"),
                "en": ("45%", "10,000")}
    for lang, (percent, number) in expected.items():
        page.goto(f"{lang}/stats.html")
        assert page.evaluate(READ, [modules, [10_000], [0.45], []])["percents"] == [percent]
        assert page.evaluate(READ, [modules, [10_000], [0.45], []])["numbers"] == [number]
        assert page.locator("#sim-games option[value='10000']").text_content() == number  # written by the build


def test_the_bengali_seed_box_takes_bengali_digits(page: Page, guard, modules: str) -> None:
    page.goto("bn/index.html")
    answer = page.evaluate(SEED_BOX, modules)
    assert answer["valid"] == [True, True, False, True]  # the browser's own check (pattern) lets ১২৩ through
    assert answer["read"] == "9007199254740991"
