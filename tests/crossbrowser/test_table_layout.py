"""The table in Firefox ESR and WebKitGTK, as in Chromium (tests/browser/test_table_on_every_screen.py and
test_table_measures.py): Flip, Auto-play, every seat and the round's sentence are seen on the first screen, on a
laptop and on a phone, and the chance bars are drawn to scale, in every language."""

from __future__ import annotations

import pytest
from layout import CHANCE_BARS, UNSEEN, seat_things, wrong_chance_bars

from browsers.drivers import Tab
from sitebuild.languages import CODES

WEBKIT_NARROWEST = 460
LANGS = list(CODES)
CHANCES_SHOWN = "() => [...document.querySelectorAll('[data-testid^=seat-]:not([hidden]) .chance')]" \
    ".every((chance) => !chance.hidden)"
FLIP_ONCE = "() => document.querySelector('[data-testid=flip]').click()"
AT_REST = "() => document.getElementById('board').dataset.round === '1'" \
    " && !document.getElementById('board').dataset.motion"


@pytest.mark.parametrize(("width", "height", "players"), [(1280, 800, 4), (375, 740, 4)])
def test_the_first_screen_shows_flip_every_seat_and_the_sentence(tab: Tab, width: int, height: int,
                                                                  players: int) -> None:
    tab.resize(width, height)
    for lang in ("en", "sw"):
        tab.deal(players, 0, lang)
        tab.evaluate(FLIP_ONCE)
        tab.wait(AT_REST)
        size = tab.evaluate("() => [innerWidth, innerHeight, scrollX, scrollY]")
        # WebKitGTK's window is never narrower than about 450 px here, so its phone is that wide: the first
        # screen is checked at the size the browser gives, a phone's height all the same
        assert size[0] <= max(width, WEBKIT_NARROWEST) and size[1] <= height
        assert size[2:] == [0, 0]
        things = {"flip": "[data-testid=flip]", "auto-play": "[data-testid=autoplay]",
                  "sentence": "[data-testid=status] .short", **seat_things(players, chances=False)}
        assert tab.evaluate(UNSEEN, things) == {}, (lang, size)


def test_the_chance_bars_fill_to_scale_in_every_language(tab: Tab) -> None:
    for lang in LANGS:
        tab.resize(1280, 800)
        tab.deal(4, 3, lang)
        tab.evaluate(FLIP_ONCE)
        tab.wait(CHANCES_SHOWN)
        for width in (1280, 375, 320):  # WebKitGTK keeps its window at about 450 px at least
            tab.resize(width, 800)
            assert wrong_chance_bars(tab.evaluate(CHANCE_BARS)) == [], (lang, width)
