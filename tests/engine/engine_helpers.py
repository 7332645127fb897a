"""Helpers shared by the engine tests."""

from __future__ import annotations

from collections import Counter

from krig import Game
from krig.cards import CODES


def all_cards(game: Game) -> list[str]:
    """Every card the game holds: hands, then table, then the set-aside card."""
    cards = [card for hand in game.hands for card in hand] + game.table
    return cards + ([game.set_aside] if game.set_aside else [])


def play_all(game: Game) -> list:
    """Play ``game`` round by round to the end; return the rounds."""
    rounds = []
    while not game.over:
        rounds.append(game.play_round())
    return rounds


def assert_conserved(game: Game, dealt: Counter) -> None:
    cards = all_cards(game)
    assert Counter(cards) == dealt
    assert len(set(cards)) == len(cards)


FULL_DECK = list(CODES)
