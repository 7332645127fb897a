"""The table's words and bars keep their shape in every language: each chance bar is filled in proportion to the
percentage beside it and overlaps neither its label nor the percentage, at 1280, 375 and 320 px; the speed
slider, its label and its two ends share one row on a 375 px phone; every button's label keeps one line at 320 px.
One page per language, resized, so that the whole matrix costs six page loads."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, wait_chance_bars

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "crossbrowser"))
from layout import CHANCE_BARS, LINES, SPEED_ROW, off_one_row, wrong_chance_bars  # type: ignore[import-not-found]  # noqa: E402,I001
from sitebuild.languages import CODES

LANGS = list(CODES)
# every button and disclosure a player can press, with what a replay and the end of a game show
BUTTONS = "main button, #game summary, main .file-button, header summary"


def one_line_each(page: Page) -> list[dict]:
    return [label for label in page.evaluate(LINES, BUTTONS) if label["lines"] > 1]  # 0: an icon alone


@pytest.mark.parametrize("lang", LANGS)
def test_chance_bars_the_speed_row_and_button_labels_keep_their_shape(page: Page, guard, lang: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{lang}/index.html?players=4&seed=3")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    page.evaluate("() => document.querySelector('[data-testid=flip]').click()")
    wait_chance_bars(page)
    page.evaluate("() => document.querySelectorAll('main details').forEach((d) => { d.open = true; })")
    for width in (1280, 375, 320):
        page.set_viewport_size({"width": width, "height": 800})
        assert wrong_chance_bars(page.evaluate(CHANCE_BARS)) == [], (lang, width)
        if width == 375:
            assert off_one_row(page.evaluate(SPEED_ROW)) == [], lang
    assert one_line_each(page) == [], (lang, page.viewport_size)
    page.evaluate("() => document.querySelector('[data-testid=finish]').click()")
    expect(page.locator("[data-testid=result]")).to_be_visible(timeout=LOAD_TIMEOUT)
    assert one_line_each(page) == [], (lang, page.viewport_size)
    page.click("[data-testid=replay]")
    expect(page.locator("[data-testid=replay-bar]")).to_be_visible()
    assert one_line_each(page) == [], (lang, page.viewport_size)
