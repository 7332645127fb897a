"""A finished game is in the statistics even when the player leaves at once, in Firefox ESR and WebKitGTK: "Finish
the game", and the moment the result is on screen, the statistics page opens. Nothing waits for the page's saves
in between: that is the race a finished game must survive. Chromium's test of the statistics waits for the history
first (tests/browser/test_stats.py).

This module's browser is its own, with storage of its own: its statistics start with no finished game.
"""

from __future__ import annotations

from browsers.drivers import Tab

GAMES = 5  # each one a chance to lose the race
# "Games played" on the statistics page; 0 while it says that there is none
PLAYED = """() => { const history = document.querySelector('[data-testid=history]');
  return history.hidden ? 0 : Number(history.querySelector('[data-stat=played]').textContent); }"""


def test_a_game_finished_then_left_at_once_is_in_the_statistics(tab: Tab) -> None:
    for number in range(1, GAMES + 1):
        tab.deal(4, number)
        tab.click("[data-testid=finish]")
        tab.wait_shown("result", timeout=60)  # the player sees the game over
        tab.open("en/stats.html")  # and leaves at once
        left = tab.errors()
        assert left == [], f"game {number}: errors on the pages: {left}"
        try:
            tab.wait(f"() => ({PLAYED})() === {number}")
        except AssertionError:
            played = tab.evaluate(PLAYED)
            shows = f"{played} games played" if played else "no finished game (or a history that never loaded)"
            raise AssertionError(f"game {number} was finished, then the statistics page opened at once: it shows "
                                 f"{shows}, not {number}") from None
