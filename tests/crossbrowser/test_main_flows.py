"""The main flows of the game page in Firefox ESR and WebKitGTK, each test once per browser.

Chromium runs the full browser suite (tests/browser); this smoke suite proves that the same site plays, saves,
speaks French, works offline, hands over between tabs and counts finished games in the two other engines.
"""

from __future__ import annotations

from urllib.error import URLError
from urllib.request import urlopen

import pytest

from browsers.drivers import CONTROLLED, Firefox, Tab, WebKit, engine_counts

from serving import Site

PLAYED = "() => document.querySelector('[data-testid=history] [data-stat=played]').textContent"


def play_and_save(tab: Tab, players: int, seed: int, rounds: int) -> list[int]:
    """Deal, flip `rounds` times, wait until that round is saved; return the seats' counts."""
    tab.deal(players, seed)
    tab.flip(rounds)
    tab.wait_saved(rounds)
    return tab.counts()


def test_flips_keep_all_52_cards_and_follow_the_engine(tab: Tab) -> None:
    tab.deal(4, 11)
    assert tab.counts() == engine_counts(4, 11, 0)
    for number in range(1, 11):
        tab.flip()
        assert tab.round() == number
        assert sum(tab.counts()) == 52
    assert tab.counts() == engine_counts(4, 11, 10)


def test_a_reload_restores_the_same_game_and_it_plays_on(tab: Tab) -> None:
    before = play_and_save(tab, 2, 5, 5)

    tab.reload()
    tab.ready()
    assert tab.round() == 5
    assert tab.counts() == before
    tab.flip()
    assert tab.counts() == engine_counts(2, 5, 6)


def test_switching_to_french_keeps_the_game_and_it_plays_on_in_french(tab: Tab) -> None:
    before = play_and_save(tab, 4, 3, 3)

    tab.click("[data-testid=language-switcher] summary")
    tab.click("[data-testid=language-switcher] a[data-lang=fr]")
    tab.wait("() => location.pathname.endsWith('/fr/index.html')")
    tab.ready()
    assert tab.evaluate("() => document.documentElement.lang") == "fr"
    assert tab.round() == 3
    assert tab.counts() == before
    tab.flip()
    tab.wait_saved(4)
    assert tab.counts() == engine_counts(4, 3, 4)


def test_the_service_worker_serves_the_game_offline_and_it_flips(tab: Tab, site: Site) -> None:
    tab.deal(2, 9)
    assert tab.evaluate(CONTROLLED)
    with site.offline():
        with pytest.raises(URLError):
            urlopen(site.url, timeout=10)
        tab.reload()
        tab.ready()
        assert tab.round() == 0
        tab.flip()
        assert tab.counts() == engine_counts(2, 9, 1)


def test_a_second_tab_waits_and_takes_over_with_play_here_instead(
        tab: Tab, firefox_or_webkit: Firefox | WebKit, site: Site) -> None:
    first = tab
    play_and_save(first, 2, 8, 2)

    second = firefox_or_webkit.tab(site.url)
    second.open("en/index.html")
    second.wait_shown("other-tab")
    assert not second.enabled("flip")
    assert second.counts() == first.counts()

    second.click("[data-testid=take-over]")
    first.wait_shown("taken-over")  # as soon as the lock is stolen, before the second tab has claimed the record
    assert not first.enabled("flip")
    second.wait_enabled("flip")
    assert not second.shown("other-tab")
    assert second.round() == 2
    second.flip()
    second.wait_saved(3)
    assert second.counts() == engine_counts(2, 8, 3)


def finish(tab: Tab, players: int, seed: int) -> None:
    """Deal, click Finish, and wait until the finished game is shown and saved."""
    tab.deal(players, seed)
    tab.click("[data-testid=finish]")
    tab.wait_shown("result", timeout=60)
    tab.wait("() => !['', '0', undefined].includes(document.getElementById('board').dataset.savedRound)")


def games_played(tab: Tab) -> int:
    """The statistics page's "Games played", once it shows the history."""
    tab.open("en/stats.html")
    tab.wait_shown("history")
    assert not tab.shown("history-empty")
    return int(tab.evaluate(PLAYED))


def test_each_finished_game_adds_one_to_the_statistics_page(tab: Tab) -> None:
    finish(tab, 4, 7)
    before = games_played(tab)  # the tests share the origin: count what this one adds
    finish(tab, 2, 7)
    assert games_played(tab) == before + 1
