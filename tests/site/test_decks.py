"""The decks the settings offer: every picture each page can ask for is built, precached and shows that deck's
face; the page finds pictures by the build's own rule; the letters are the initials of the names the alt texts
say; and the four-colour deck's suits are readable on the white face and stay apart for colour-blind eyes."""

from __future__ import annotations

import doctest
import itertools
import json
import re
import subprocess
from pathlib import Path

import pytest
from test_page_scripts import json_block

import build
from krig.cards import NAMES
from krig.webapp import decks
from krig.webapp.narrate import Narrator
from sitebuild.paths import MODULES

LANGS = [lang.code for lang in build.LANGUAGES]
INDEX = re.compile(r'<text x="11" y="18" [^>]*>([^<]+)</text>')
FILL = re.compile(r'<g fill="(#[0-9a-f]+)"')


def offered(html: str, select: str) -> list[str]:
    """The values a page's settings form offers in the select `select`."""
    options = re.search(rf'<select id="{select}"[^>]*>(.*?)</select>', html, re.DOTALL)
    assert options, select
    return re.findall(r'<option value="([^"]+)"', options.group(1))


def page_pictures(dist: Path, lang: str) -> dict[tuple[str, str, str], str]:
    """Where the page's own js/faces.js finds every card in every deck its form offers: (code, letters, deck) →
    the picture's place under cards/."""
    html = (dist / lang / "index.html").read_text()
    asked = [(code, letters, deck) for code in NAMES for letters in offered(html, "letters")
             for deck in offered(html, "deck")]
    script = ("import { picture } from " + json.dumps((MODULES / "faces.js").as_uri()) + ";"
              "const [asked, decks] = JSON.parse(process.argv[1]);"
              "const found = asked.map(([code, letters, deck]) => picture(code, {letters, deck}, decks));"
              "console.log(JSON.stringify(found));")
    argument = json.dumps([asked, json_block(html, "krig-facts")["decks"]])
    found = subprocess.run(["node", "--input-type=module", "-e", script, argument], check=True,
                           capture_output=True, text=True).stdout
    return dict(zip(asked, json.loads(found), strict=True))


def drawn(svg: str) -> tuple[str, str]:
    """The index and the suit's colour a card picture draws."""
    (index,), (fill,) = INDEX.findall(svg)[:1], FILL.findall(svg)[:1]
    return index, fill


@pytest.mark.parametrize("lang", LANGS)
def test_every_picture_a_page_offers_is_built_precached_and_shows_that_decks_face(dist: Path, lang: str) -> None:
    (block,) = re.findall(r"const PRECACHE = (\{.*\});\n", (dist / "sw.js").read_text())
    precache = json.loads(block)
    for (code, letters, deck), place in page_pictures(dist, lang).items():
        assert place == decks.picture(code, letters, deck)  # the page follows the rule the build drew by
        assert f"cards/{place}" in precache["files"], place
        assert drawn((dist / "cards" / place).read_text()) == decks.face(code, letters, deck), place


def test_the_pages_offer_their_languages_own_letters_and_every_deck(dist: Path) -> None:
    for lang in LANGS:
        html = (dist / lang / "index.html").read_text()
        assert offered(html, "deck") == ["standard", "four-colour"]
        assert offered(html, "letters") == (["international", lang] if lang in ("fr", "ru") else ["international"])
        (hidden,) = re.findall(r'<label( hidden)?>[^<]*\s*<select id="letters"', html)
        assert bool(hidden) == (lang not in ("fr", "ru")), lang  # one choice is no choice: not shown


def test_the_pictures_differ_exactly_where_a_deck_changes_the_face(dist: Path) -> None:
    """One picture per face: the cards a deck does not change are the standard deck's own files."""
    for code in NAMES:
        places: dict[tuple[str, str], set[str]] = {}
        for letters, deck in itertools.product(decks.LETTERS, decks.COLOURS):
            places.setdefault(decks.face(code, letters, deck), set()).add(decks.picture(code, letters, deck))
        assert all(len(same) == 1 for same in places.values()), code
        svgs = {(dist / "cards" / place).read_text() for (place,) in places.values()}
        assert len(svgs) == len(places), code
    assert drawn((dist / "cards" / "fr" / "QH.svg").read_text()) == ("D", "#c0192b")
    assert drawn((dist / "cards" / "ru-four-colour" / "AC.svg").read_text()) == ("Т", "#00786a")
    assert drawn((dist / "cards" / "four-colour" / "7D.svg").read_text()) == ("7", "#1f4fd1")
    assert drawn((dist / "cards" / "AS.svg").read_text()) == ("A", "#111")
    built = {p.relative_to(dist / "cards").as_posix() for p in (dist / "cards").rglob("*.svg")}
    assert built == set(decks.pictures()) | {"back.svg"}  # no picture that no deck shows


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_a_languages_letters_are_the_initials_of_the_names_its_alt_texts_say(lang: str) -> None:
    """The alt text is the card's name in the page's language ("roi de cœur"), whatever the deck: a deck's letter
    never contradicts it. English names go with the international letters."""
    narrator = Narrator(lang)
    letters = "international" if lang == "en" else lang
    for rank in decks.LETTERED:
        index, _ = decks.face(rank + "H", letters, "standard")
        assert narrator.rank(rank + "H")[0].upper() == index, (lang, rank)


def contrast(colour: str, background: str = "#ffffff") -> float:
    """WCAG 2's contrast ratio."""
    lighter, darker = sorted((luminance(colour), luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def linear(colour: str) -> list[float]:
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    channels = [int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    return [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]


def luminance(colour: str) -> float:
    r, g, b = linear(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_every_suit_colour_is_readable_on_the_white_face() -> None:
    """The indexes are text: at least WCAG's 4.5:1 (axe cannot look inside a picture)."""
    for deck, colours in decks.COLOURS.items():
        for suit, colour in colours.items():
            assert contrast(colour) >= 4.5, (deck, suit, colour, contrast(colour))


# Colour vision deficiency of full severity on linear RGB (Machado, Oliveira and Fernandes, 2009)
DEFICIENCIES = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def seen(colour: str, matrix: tuple[tuple[float, ...], ...]) -> tuple[float, float, float]:
    """The colour as CIELAB, as an eye with that deficiency sees it."""
    rgb = [min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear(colour), strict=True)))) for row in matrix]
    x, y, z = (sum(m * c for m, c in zip(row, rgb, strict=True)) / white for row, white in zip(
        ((0.4124, 0.3576, 0.1805), (0.2126, 0.7152, 0.0722), (0.0193, 0.1192, 0.9505)), (0.95047, 1.0, 1.08883),
        strict=True))
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def test_the_four_colour_decks_suits_stay_apart_for_colour_blind_eyes() -> None:
    """Every two suits of the four-colour deck differ by a CIELAB distance of at least 15 under each simulated
    deficiency (the standard deck's hearts and diamonds, or clubs and spades, differ by none)."""
    colours = decks.COLOURS["four-colour"]
    for name, matrix in DEFICIENCIES.items():
        for a, b in itertools.combinations(colours, 2):
            distance = sum((p - q) ** 2 for p, q in zip(seen(colours[a], matrix), seen(colours[b], matrix),
                                                          strict=True)) ** 0.5
            assert distance >= 15, (name, a, b, round(distance))


def test_the_examples_in_the_decks_docstrings() -> None:
    assert doctest.testmod(decks).failed == 0
