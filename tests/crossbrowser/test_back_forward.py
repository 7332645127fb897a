"""Back and Forward after a shared link, in WebKitGTK, whose back/forward cache brings a page back as it was left
(Chromium under Playwright turns that cache off): the page shows the game stored now, and never says that another
tab plays it when none does."""

from __future__ import annotations

import pytest

from browsers.drivers import Tab, WebKitTab, engine_counts

# set on a page as it is left: still there while the browser has not replaced it (its WebDriver's Back and Forward
# return before the next document is in), and when it brings that very page back from its cache
MARK = "() => { window.krigLeftHere = true; }"
LEFT_BEHIND = "() => window.krigLeftHere !== true"


def shows_the_stored_game(tab: Tab, rounds: int) -> None:
    # the next document, not the page left: a page brought back from the cache as it was left would fail this
    tab.wait(LEFT_BEHIND)
    tab.ready()
    # at rest: a board drawn in motion (from the link's deal to the stored round) shows its counts as the motion
    # ends, as every round does
    tab.wait(f"() => document.getElementById('board').dataset.round === '{rounds}'"
             " && !document.getElementById('board').dataset.motion")
    assert tab.counts() == engine_counts(2, 3, rounds)
    tab.wait_enabled("flip")  # the stored board is drawn before the engine has restored its game
    assert not tab.shown("taken-over") and not tab.shown("other-tab")


@pytest.mark.parametrize("firefox_or_webkit", ["webkit"], indirect=True)
def test_back_and_forward_after_a_shared_link_show_the_game_stored_now(tab: Tab) -> None:
    assert isinstance(tab, WebKitTab)
    tab.open("en/index.html")
    tab.flip(2)
    tab.evaluate(MARK)
    tab.deal(2, 3)
    tab.flip()
    tab.wait_saved(1)
    tab.evaluate(MARK)
    tab.back()
    shows_the_stored_game(tab, 1)
    tab.evaluate(MARK)
    tab.forward()
    shows_the_stored_game(tab, 1)
    tab.flip()
    tab.wait_saved(2)
