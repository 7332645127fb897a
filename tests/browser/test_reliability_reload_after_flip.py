"""A round drawn is a round kept: a reload at any instant after a flip restores at least the round it drew.

The flip stores how far play has gone in a write begun in the same task that draws the round (the stored record
carries the rounds ahead), so nothing waits for the worker. One page, reloaded 50 times, each time at an instant
from 0 to 50 ms after a flip, one in each millisecond of that window, drawn from a seeded generator
(tests/crossbrowser/reloading.py). Firefox ESR's twin is tests/crossbrowser/test_reload_after_flip.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page, expect

from browsers import killing  # a deal whose game lasts over 2,000 rounds
from browsers.drivers import ROUND, engine_counts

from gamepage import ENGINE_READY, LOAD_TIMEOUT, board, wait_described

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "crossbrowser"))
import reloading  # type: ignore[import-not-found]  # noqa: E402  # shared with the Firefox twin


def test_a_reload_at_any_instant_after_a_flip_keeps_the_round_drawn(page: Page, guard) -> None:
    page.goto(f"en/index.html?players={killing.PLAYERS}&seed={killing.SEED}")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    lost = []
    for trial, delay in enumerate(reloading.instants(), start=1):
        before = page.evaluate(ROUND)
        page.evaluate(reloading.FLIP_THEN_RELOAD, delay)
        drawn = int(wait_described(page, reloading.DRAWN, f"trial {trial} ({delay:.1f} ms): the page after the "
                                   "reload never had its record stored", timeout=LOAD_TIMEOUT).json_value())
        page.evaluate(reloading.FORGET)
        expect(page.locator("[data-testid=save-damaged]")).to_be_hidden()
        restored = page.evaluate(ROUND)
        assert drawn == before + 1, f"trial {trial}: the flip drew round {drawn}, not {before + 1}"
        if restored < drawn:
            lost.append((trial, round(delay, 1), drawn - restored))
        assert board(page)["counts"] == engine_counts(killing.PLAYERS, killing.SEED, restored), (
            f"trial {trial}: not the game played")
    assert lost == [], reloading.lost_rounds(lost)
