"""In WebKitGTK, as in Chromium (tests/browser/test_table_at_rest.py): a tap on your stack flips every round, with
the cards in motion, whoever took the last pile."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from browsers.drivers import WebKit, WebKitTab, skip_unless_installed

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "browser"))
from gamepage import long_seed  # type: ignore[import-not-found]  # noqa: E402  # the deals of the Chromium tests

ROUNDS = 15  # 4 to 10 of them won, each followed by a tap
FAST = """() => {
  const select = document.querySelector('[data-testid=animation]');
  select.value = 'fast';
  select.dispatchEvent(new Event('change', {bubbles: true}));
}"""
STILL = "(n) => document.getElementById('board').dataset.round === String(n) && !document.getElementById('board')" \
        ".dataset.motion"
WON = "() => document.getElementById('seat-0').classList.contains('winner')"


@pytest.fixture(scope="module")
def firefox_or_webkit() -> Iterator[WebKit]:
    """WebKitGTK alone: the taps go through WebDriver's pointer actions, which land on whatever is on top."""
    skip_unless_installed("webkit")
    started = WebKit(optimised_wasm=False, composited=False)
    yield started
    started.quit()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_tap_on_your_stack_flips_every_round(tab: WebKitTab, players: int) -> None:
    tab.resize(460, 740)
    tab.deal(players, long_seed(players, ROUNDS))
    tab.evaluate(FAST)
    won = 0
    for number in range(1, ROUNDS + 1):
        stack = tab.driver().find_element(By.CSS_SELECTOR, "#seat-0 .stack")
        ActionChains(tab.driver()).move_to_element(stack).click().perform()
        tab.wait(STILL, number)
        won += tab.evaluate(WON)
    assert tab.round() == ROUNDS and won > 0
