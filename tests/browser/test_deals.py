"""Deals the visitor chooses: a shared link opens the same deal in another browser and language, and a typed seed
deals that game (bad links: test_reliability_security.py)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from gamepage import Game, Visitor, board, expected_cards, flip, new_game, open_game


@pytest.mark.parametrize(("players", "seed", "order", "lang"), [(2, 2024, "shuffled", "sw"), (3, 4321, "played", "id")])
def test_a_shared_link_opens_the_same_deal_in_a_fresh_browser_and_language(page: Page, guard, visitor: Visitor,
                                                                          players: int, seed: int, order: str,
                                                                          lang: str) -> None:
    open_game(page)
    new_game(page, players, seed, order=order)
    flip(page, 3)
    mine = board(page)
    page.click("[data-testid=share]")
    link = page.locator("#share-url").input_value()
    assert f"seed={seed}" in link and f"players={players}" in link
    if order == "shuffled":
        assert "order=" not in link  # the default order is implied
    else:
        assert f"order={order}" in link

    theirs = visitor.page(link.replace("/en/", f"/{lang}/"))  # nothing saved there
    assert "seed=" not in theirs.url  # the link is used once, a reload does not deal again
    flip(theirs, 3)
    shown = board(theirs)
    assert shown["cards"] == mine["cards"] and shown["counts"] == mine["counts"]
    expected = Game.new(players, seed=seed, return_order=order)
    for _ in range(3):
        expected.play_round()
    assert shown["counts"] == [len(hand) for hand in expected.hands] and shown["round"] == "3"
    theirs.context.close()


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

