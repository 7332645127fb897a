"""Offline: after one online visit, the service worker serves every page in every language and the engine."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, Game, board, flip, new_game, open_game

LANGUAGES = ("en", "ru", "bn", "sw", "fr", "id")


def test_every_language_loads_and_plays_offline_after_one_visit(
    context: BrowserContext, page: Page, guard
) -> None:
    open_game(page, "sw/index.html")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=LOAD_TIMEOUT)
    cache = [name for name in page.evaluate("() => caches.keys()") if name != "krig-snapshot"]
    assert len(cache) == 1 and cache[0].startswith("krig-")

    context.set_offline(True)
    for lang in LANGUAGES:
        page.goto(f"{lang}/index.html")
        page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
        assert page.evaluate("() => document.documentElement.lang") == lang
        new_game(page, 3)
        flip(page)
        assert board(page)["counts"] != [17, 17, 17] or board(page)["round"] != "0"
    # the statistics pages and the card pictures come from the cache too
    page.goto("fr/stats.html")
    expect(page.locator("h1")).to_be_visible()
    # and the root page sends the visitor on to a language
    page.goto("index.html")
    page.wait_for_url("**/en/index.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)


def test_root_page_picks_the_visitors_language(page: Page, guard) -> None:
    page.goto("index.html")
    page.wait_for_url("**/en/index.html")  # the test browser speaks English
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)


def test_a_warm_visit_stores_the_snapshot_and_the_next_one_starts_from_it(page: Page, guard) -> None:
    open_game(page)
    assert page.evaluate("() => document.documentElement.dataset.engineStart") == "fresh"
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=LOAD_TIMEOUT)
    page.reload()  # served by the service worker: the worker fetches the snapshot in the background
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    page.wait_for_function("() => document.documentElement.dataset.snapshot === 'stored'",
                           timeout=LOAD_TIMEOUT)
    new_game(page, 2, 31)
    flip(page, 2)
    before = board(page)

    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert page.evaluate("() => document.documentElement.dataset.engineStart") == "snapshot"
    assert board(page)["counts"] == before["counts"]  # the save restores into the snapshot's Python
    expected = Game.new(2, seed=31)
    for _ in range(3):
        expected.play_round()
    flip(page)
    assert board(page)["counts"] == [len(hand) for hand in expected.hands]
    assert page.evaluate("() => document.documentElement.lang") == "en"
    page.goto("ru/index.html")  # every language's catalog is in the snapshot too
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    flip(page)
    assert any("\u0400" <= ch <= "\u04ff" for ch in board(page)["status"])
