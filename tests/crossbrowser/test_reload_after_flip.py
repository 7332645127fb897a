"""A reload at any instant from 0 to 50 ms after a flip, 50 times on one tab (one in each millisecond), in Firefox ESR:
the game restored is the game played, and no round on screen is lost. Firefox commits a write only once its requests
are answered, so the page draws the round then, a few milliseconds after the press: a reload in that instant finds
the round not drawn yet, and that is no loss. Chromium's twin is tests/browser/test_reliability_reload_after_flip.py."""

from __future__ import annotations

from pathlib import Path

import reloading

from browsers.drivers import Firefox, engine_counts, skip_unless_installed
from browsers.killing import PLAYERS, SEED

from serving import Site


def test_a_reload_at_any_instant_after_a_flip_loses_no_round_drawn_in_firefox(dist: Path) -> None:
    skip_unless_installed("firefox")
    site = Site(dist)
    browser = Firefox()
    errors: list[str] = []
    lost = []
    undrawn = 0  # reloads in the instant before the round was on screen
    try:
        tab = browser.tab(site.url)
        tab.first_two_visits()
        tab.deal(PLAYERS, SEED)
        for trial, delay in enumerate(reloading.instants(), start=1):
            before = tab.round()
            tab.evaluate(reloading.FLIP_THEN_RELOAD, delay)
            drawn = int(tab.wait(reloading.DRAWN, timeout=60))
            tab.evaluate(reloading.FORGET)
            tab.loaded()
            assert not tab.shown("save-damaged"), f"trial {trial}: the saved game was damaged"
            restored = tab.round()
            assert drawn in (before, before + 1), f"trial {trial}: round {drawn} on screen after round {before}"
            undrawn += drawn == before
            if restored < drawn:
                lost.append((trial, round(delay, 1), drawn - restored))
            assert tab.counts() == engine_counts(PLAYERS, SEED, restored), f"trial {trial}: not the game played"
        errors += tab.errors()
    finally:
        browser.quit()
        site.stop()
    print(f"{reloading.lost_rounds(lost)}; {undrawn} reloads came before the round was drawn")
    assert lost == [], reloading.lost_rounds(lost)
    assert errors == [], f"firefox saw errors: {errors}"
