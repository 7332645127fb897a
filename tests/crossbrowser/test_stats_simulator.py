"""The statistics page's simulator in Firefox ESR and WebKitGTK: a run at a laptop's and at a phone's size draws
both charts, and no error is seen (WebKit once reported "ResizeObserver loop completed with undelivered
notifications" for every run: a chart was drawn again inside the observer's callback)."""

from __future__ import annotations

import pytest

from browsers.drivers import LOAD_TIMEOUT, Tab

GAMES = "() => document.querySelector('[data-testid=sim-summary]').dataset.games"
# two frames drawn: a chart redrawn at a new width (a scroll bar came, or the window changed) is on screen
TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"


@pytest.mark.parametrize("width, height", [(1280, 800), (375, 740)])
def test_a_simulation_draws_both_charts_and_raises_no_error(tab: Tab, width: int, height: int) -> None:
    tab.resize(width, height)
    tab.open("en/stats.html")
    for run in range(2):  # a run over the charts of the last one, too
        tab.evaluate("() => { document.getElementById('sim-games').value = '1000'; }")
        tab.click("[data-testid=sim-run]")
        tab.wait(f"() => ({GAMES})() === '1000'", timeout=LOAD_TIMEOUT)
        bars = tab.evaluate("() => [...document.querySelectorAll('.chart svg')].map((svg) =>"
                            " svg.querySelectorAll('rect.bar').length)")
        assert len(bars) == 2 and bars[0] > 1 and bars[1] == 2, (run, bars)
        tab.evaluate(TWO_FRAMES)
        tab.evaluate(TWO_FRAMES)
    # the `tab` fixture fails the test on any error the page saw
