"""Shareable deals (a link opens the same deal in another browser and language), the seed field, and Finish
in each return order."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, Game, board, expected_cards, flip, new_game, open_game


def test_a_shared_link_opens_the_same_deal_in_a_fresh_browser_and_language(page: Page, guard, browser: Browser,
                                                                          site_url: str) -> None:
    open_game(page)
    new_game(page, 2, 2024)
    flip(page, 3)
    mine = board(page)
    page.click("[data-testid=share]")
    link = page.locator("#share-url").input_value()
    assert "seed=2024" in link and "players=2" in link and "order=" not in link  # the default order is implied

    other = browser.new_context(base_url=site_url)  # nothing saved there
    theirs = other.new_page()
    theirs.goto(link.replace("/en/", "/sw/"))
    theirs.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    flip(theirs, 3)
    shown = board(theirs)
    assert shown["cards"] == mine["cards"] and shown["counts"] == mine["counts"]
    other.close()


def test_a_typed_seed_deals_that_game_and_a_bad_one_is_refused(page: Page, guard) -> None:
    expected = Game.new(3, seed=777)
    first = expected.play_round().to_dict()
    open_game(page)
    new_game(page, 3, 777)
    flip(page)
    assert board(page)["cards"] == [expected_cards(first, seat) for seat in range(3)]
    page.fill("[data-testid=seed-input]", "12x")
    before = page.evaluate("() => document.getElementById('board').dataset.gameId")
    page.click("[data-testid=new-game]")
    assert page.evaluate("() => document.getElementById('seed').validationMessage")
    assert page.evaluate("() => document.getElementById('board').dataset.gameId") == before


@pytest.mark.parametrize("order", ["shuffled", "played"])
def test_finish_shows_the_result_in_each_order(page: Page, guard, order: str) -> None:
    expected = Game.new(2, seed=5, return_order=order)
    expected.finish()
    open_game(page)
    new_game(page, 2, 5, order=order)
    page.click("[data-testid=finish]")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    assert board(page)["round"] == f"{expected.round_number:,}"  # grouped, as English writes it
    text = page.locator("#result-text").text_content()
    assert ("repetition" in text) == (expected.result == "repetition")
    expect(page.locator("[data-testid=flip]")).to_be_disabled()
