"""What the rendered pages say in each language: notices without English, counts in their plural forms, numbers
in the language's own format. The pages are rendered from the templates and catalogs alone (no Pyodide build), so
these tests are fast; tests/browser/test_locale_formats.py checks the same facts through the browser's Intl."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel import Locale
from babel.numbers import format_decimal

import build
from krig.webapp import facts
from krig.webapp.narrate import Narrator, translations

LANGS = [lang.code for lang in build.LANGUAGES]
COUNTS = [*range(31), *range(100, 111), 1000, 1021, 1_000_000]

# English words that none of the five languages uses (loanwords such as "browser", "file", "tab", "page",
# "version" or "seed" are left out): one of them in a translated notice means English leaked through.
ENGLISH = {
    "the", "could", "not", "been", "your", "this", "has", "was", "is", "be", "it", "of", "to", "in", "and", "with",
    "saved", "save", "game", "games", "engine", "loaded", "storage", "full", "round", "another", "paused", "here",
    "instead", "update", "available", "kept", "still", "play", "try", "again", "reload", "reloading", "newer",
    "large", "imported", "cannot", "off", "saving", "record", "holds", "must", "object", "list", "whole", "number",
    "from", "too", "took", "start", "choose", "new", "when", "close", "you", "can", "will", "next", "link", "asks",
}
# The notices of the game page and of the statistics page (each a .notice element), and the sentences the
# scripts put into them (the page's JSON block).
NOTICE_STRINGS = {
    "index.html": ["engine_failed_timeout", "bad_players", "bad_seed", "bad_seed_input", "bad_order", "file_too_big",
                   "not_json", "save_newer", "save_too_big", "save_damaged", "request_refused"],
    "stats.html": ["sim_failed"],
}


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pages")
    build.compile_catalogs()
    build.render_pages(folder)
    return folder


class Notices(HTMLParser):
    """The text of every .notice element of a page, and the page's JSON block of strings."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0  # how deep inside a notice, 0 outside
        self.texts: list[str] = []
        self.json = ""
        self.in_json = False
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if self.depth or "notice" in (a.get("class") or "").split():
            self.depth += 1
        self.in_json = a.get("id") == "krig-strings"

    def handle_endtag(self, tag: str) -> None:
        self.depth = max(0, self.depth - 1)
        self.in_json = False

    def handle_data(self, data: str) -> None:
        if self.in_json:
            self.json += data
        elif self.depth and data.strip():
            self.texts.append(" ".join(data.split()))


def read(pages: Path, lang: str, file: str) -> Notices:
    return Notices((pages / lang / file).read_text())


def english_words(text: str) -> list[str]:
    return [word for word in re.findall(r"[A-Za-z]+", text) if word.lower() in ENGLISH]


@pytest.mark.parametrize("lang", LANGS[1:])
@pytest.mark.parametrize("file", list(NOTICE_STRINGS))
def test_every_notice_is_in_the_pages_language(pages: Path, lang: str, file: str) -> None:
    page = read(pages, lang, file)
    strings = json.loads(page.json)
    sentences = page.texts + [strings[key] for key in NOTICE_STRINGS[file]]
    english = read(pages, "en", file)
    assert len(page.texts) == len(english.texts) >= (8 if file == "index.html" else 2)
    assert all(english_words(text) for text in english.texts)  # the list does catch the English
    assert [(text, english_words(text)) for text in sentences if english_words(text)] == []


def page_plurals(pages: Path, lang: str) -> dict[str, dict[str, str]]:
    return json.loads(read(pages, lang, "stats.html").json)["plurals"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_count_on_the_page_takes_the_catalogs_plural_form(pages: Path, lang: str) -> None:
    """The page keeps one form per CLDR plural category and picks one by the count's category (Intl.PluralRules
    in the browser, Babel here): for every count that is the form the catalog itself gives for that number."""
    english, forms = page_plurals(pages, "en"), page_plurals(pages, lang)
    category = Locale.parse(lang).plural_form
    assert set(forms) == {category(n) for n in COUNTS}
    for key, singular in english["one"].items():
        plural = english["other"][key]
        assert "%(count)s" in singular and "%(count)s" in plural
        for n in COUNTS:
            assert forms[category(n)][key] == translations(lang).ngettext(singular, plural, n), (key, n)


def test_one_game_is_not_one_games(pages: Path) -> None:
    forms = page_plurals(pages, "en")
    assert forms["one"]["simulated"] == "%(count)s game simulated."
    assert forms["other"]["simulated"] == "%(count)s games simulated."
    assert page_plurals(pages, "fr")["one"]["draws"] == "%(count)s partie s’est terminée par un match nul."
    assert page_plurals(pages, "sw")["one"]["simulated"].startswith("Mchezo ")


@pytest.mark.parametrize("lang", LANGS)
def test_no_count_on_the_page_skips_the_plural_forms(pages: Path, lang: str) -> None:
    for file in build.PAGES.values():
        strings = json.loads(read(pages, lang, file).json)
        plain = [value for key, value in strings.items() if isinstance(value, str)]
        assert [s for s in plain if re.search(r"%\((count|games|rounds|draws|repetitions)\)s", s)] == []


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_are_written_as_cldr_writes_them(lang: str) -> None:
    """The worker's numbers: Babel's format_decimal, in the digits of the language's default numbering system."""
    build.compile_catalogs()
    narrator = Narrator(lang)
    digits = build.NUMBERING_DIGITS[Locale.parse(lang).default_numbering_system]
    for n in [*COUNTS, 12_345, 123_456, 1_234_567, 9_007_199_254_740_991]:
        expected = format_decimal(n, locale=lang).translate(str.maketrans("0123456789", digits))
        assert narrator.number(n) == expected


def test_bengali_keeps_its_digits_and_its_grouping() -> None:
    assert Narrator("bn").number(1234567) == "১২,৩৪,৫৬৭"
    assert Narrator("fr").number(10000) == "10\u202f000"
    assert Narrator("ru").number(10000) == "10\u00a0000"
    assert Narrator("id").number(10000) == "10.000"


def test_the_bengali_seed_box_accepts_bengali_digits(pages: Path) -> None:
    bengali = (pages / "bn" / "index.html").read_text()
    assert 'pattern="[0-9০১২৩৪৫৬৭৮৯]{1,16}"' in bengali
    assert 'pattern="[0-9]{1,16}"' in (pages / "en" / "index.html").read_text()


def test_the_seed_limits_are_written_in_the_pages_numbers(pages: Path) -> None:
    strings = json.loads(read(pages, "bn", "index.html").json)
    assert Narrator("bn").number(9_007_199_254_740_991) in strings["bad_seed_input"]
    assert "9,007,199,254,740,991" in json.loads(read(pages, "en", "index.html").json)["bad_seed"]


def test_the_table_before_python_is_ready_is_the_board_of_a_page_without_a_game(pages: Path) -> None:
    empty = facts.empty_board()
    html = (pages / "en" / "index.html").read_text()
    assert f'data-testid="board" data-players="{empty["players"]}"' in html
    seats = re.findall(r'data-seat="(\d)" data-count="(\d+)"( hidden)?>', html)
    assert [int(count) for _, count, hidden in seats if not hidden] == empty["counts"]
    assert [int(seat) for seat, _, hidden in seats if hidden] == list(range(empty["players"], 4))
