"""A round drawn is a round kept in Firefox ESR: a reload at any instant from 0 to 50 ms after a flip restores at
least the round it drew, 100 times on one tab. Chromium's twin is
tests/browser/test_reliability_reload_after_flip.py."""

from __future__ import annotations

from pathlib import Path

import reloading

from drivers import Firefox, Site, engine_counts, skip_unless_installed
from killing import PLAYERS, SEED


def test_a_reload_at_any_instant_after_a_flip_keeps_the_round_drawn_in_firefox(dist: Path) -> None:
    skip_unless_installed("firefox")
    site = Site(dist)
    browser = Firefox()
    errors: list[str] = []
    lost = []
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
            assert drawn == before + 1, f"trial {trial}: the flip drew round {drawn}, not {before + 1}"
            if restored < drawn:
                lost.append((trial, round(delay, 1), drawn - restored))
            assert tab.counts() == engine_counts(PLAYERS, SEED, restored), f"trial {trial}: not the game played"
        errors += tab.errors()
    finally:
        browser.quit()
        site.stop()
    assert lost == [], reloading.lost_rounds(lost)
    assert errors == [], f"firefox saw errors: {errors}"
