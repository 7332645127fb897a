"""The first screen in Firefox ESR and WebKitGTK, as in Chromium (tests/browser/test_table.py): Flip, Auto-play,
every seat and the round's sentence are on it without scrolling, on a laptop and on a phone."""

from __future__ import annotations

import pytest
from layout import BOXES, outside

from drivers import Tab

WEBKIT_NARROWEST = 460


@pytest.mark.parametrize(("width", "height", "players"), [(1280, 800, 4), (375, 740, 4)])
def test_the_first_screen_shows_flip_every_seat_and_the_sentence(tab: Tab, width: int, height: int,
                                                                  players: int) -> None:
    tab.resize(width, height)
    for lang in ("en", "sw"):
        tab.deal(players, 0, lang)
        tab.evaluate("() => document.querySelector('[data-testid=flip]').click()")
        tab.wait("() => document.getElementById('board').dataset.round === '1'"
                 " && !document.getElementById('board').dataset.motion")
        seen = tab.evaluate(BOXES)
        # WebKitGTK's window is never narrower than about 450 px here, so its phone is that wide: the first
        # screen is checked at the size the browser gives, a phone's height all the same
        assert seen["width"] <= max(width, WEBKIT_NARROWEST) and seen["height"] <= height
        assert (seen["scrollX"], seen["scrollY"]) == (0, 0)
        seats = [f"seat-{seat}" for seat in range(players)]
        assert outside(seen, "flip", "autoplay", "sentence", *seats) == [], (lang, seen["width"], seen["height"])
