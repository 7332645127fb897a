"""The house rules at the table (docs/rules.md R13–R17), one test per rule: chosen in the form, dealt by the engine
with the seed asked for, played flip by flip, said in the rules text and the log, kept across a reload, dealt
again by the shared link, and watched again from the end; and Peace with Jokers refused by the form and by a
link."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, Game, board, expected_cards, flip, new_game, open_game, record

FLIPS = 3  # rounds played before the reload, and the round watched again


def counts(game: Game) -> list[int]:
    return [len(hand) for hand in game.hands]


def telling_seed(players: int, rule: str) -> int:
    """The first seed whose game under `rule` stands apart from Krig's own after `FLIPS` rounds (other hands; for
    the jokers, a joker face up on the way; for the tied alone, a war on the way) and ends within 400 rounds, so
    that "Finish the game" and the replay are quick."""
    for seed in range(1000):
        ruled, own = Game.new(players, seed=seed, house=[rule]), Game.new(players, seed=seed)
        rounds = [ruled.play_round() for _ in range(FLIPS)]
        own.play_rounds(FLIPS)
        faces = [card for played in rounds for step in played.steps for card in step.up if card]
        shows = {"jokers": any(card in ("BJ", "RJ") for card in faces),
                 "only-tied": any(played.wars for played in rounds)}.get(rule, True)
        if counts(ruled) != counts(own) and shows and Game.new(players, seed=seed, house=[rule]).finish().rounds < 400:
            return seed
    raise AssertionError(f"no telling seed for {rule}")


def assert_round(page: Page, game: Game) -> None:
    """The board shows the round `game` plays next, once played: its cards and every seat's count."""
    played = game.play_round().to_dict()
    assert board(page)["cards"] == [expected_cards(played, seat) for seat in range(game.players)]
    assert board(page)["counts"] == counts(game)


RULES = [
    # (the engine's name, which is the form's toggle and the link's, its name on the page, players)
    ("peace", "Peace", 2),
    ("jokers", "Jokers", 2),
    ("only-tied", "Only the tied go to war", 3),
]


@pytest.mark.parametrize(("rule", "name", "players"), RULES, ids=[rule[0] for rule in RULES])
def test_r13_r14_r15_a_house_rule_is_dealt_played_kept_shared_and_watched_again(page: Page, guard, rule: str,
                                                                                name: str, players: int) -> None:
    seed = telling_seed(players, rule)
    expected = Game.new(players, seed=seed, house=[rule])
    open_game(page)
    page.click("details.deal-options summary")
    page.check(f"[data-testid={rule}]")
    new_game(page, players, seed)
    assert record(page)["game"]["house"] == [rule]
    assert board(page)["counts"] == counts(expected)  # with the jokers, 27 each
    for _ in range(FLIPS):
        flip(page)
        assert_round(page, expected)
    in_play = f"This game is played with 1 card face down in each war. House rules: {name}."
    expect(page.locator("[data-testid=rules-variant]")).to_have_text(in_play)
    expect(page.locator("[data-testid=log-variant]")).to_have_text(in_play)

    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator(f"[data-testid={rule}]")).to_be_checked()
    expect(page.locator("[data-testid=rules-variant]")).to_have_text(in_play)
    assert board(page)["counts"] == counts(expected)
    flip(page)
    assert_round(page, expected)

    page.click("[data-testid=share]")
    shared = page.locator("#share-url").input_value()
    assert f"seed={seed}" in shared and f"{rule}=1" in shared
    page.goto(shared)
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    again = Game.new(players, seed=seed, house=[rule])
    assert record(page)["game"]["house"] == [rule] and board(page)["round"] == "0"
    flip(page)
    assert_round(page, again)

    page.click("[data-testid=finish]")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    page.click("[data-testid=replay]")
    page.fill("[data-testid=replay-to]", str(FLIPS))
    page.click("[data-testid=replay-go]")
    page.wait_for_function("(n) => document.getElementById('replay').dataset.round === String(n)", arg=FLIPS)
    watched = Game.new(players, seed=seed, house=[rule])
    watched.play_rounds(FLIPS - 1)
    assert_round(page, watched)


def test_r17_peace_and_jokers_grey_each_other_out_and_a_link_asking_for_both_is_refused(page: Page, guard) -> None:
    open_game(page, "fr/index.html?players=2&seed=4&peace=1&jokers=1")
    expect(page.locator("[data-testid=bad-link]")).to_contain_text("« Paix » et « Jokers »".replace(" ", "\u202f"))
    assert "peace=" not in page.url  # nothing was dealt, and the link is gone
    page.click("details.deal-options summary")
    peace, jokers = page.locator("[data-testid=peace]"), page.locator("[data-testid=jokers]")
    assert "clash-help" in (jokers.get_attribute("aria-describedby") or "")
    page.check("[data-testid=peace]")
    expect(jokers).to_be_disabled()
    expect(page.locator("[data-testid=next-game]")).to_be_visible()  # it deals the next game
    page.uncheck("[data-testid=peace]")
    page.check("[data-testid=jokers]")
    expect(peace).to_be_disabled()
