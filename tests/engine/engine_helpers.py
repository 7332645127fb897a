"""Helpers shared by the engine tests."""

from __future__ import annotations

from collections import Counter

from krig import Game, derive, simulate
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


def assert_simulate_agrees(players: int, games: int, seed: int, order: str, face_down: int = 1) -> None:
    """Every game of ``simulate`` lasts as long as ``play_round`` makes it, and the totals add up."""
    stats = simulate(players, games, seed=seed, return_order=order, face_down=face_down)
    wins: Counter[int] = Counter()
    results: Counter[str | None] = Counter()
    wars = 0
    for i in range(games):
        game = Game.new(players, seed=derive(seed, i), return_order=order, face_down=face_down)
        records = play_all(game)
        assert stats.rounds[i] == game.round_number == len(records), f"game {i}"
        wars += sum(record.wars for record in records)
        results[game.result] += 1
        if game.winner is not None:
            wins[game.winner] += 1
    assert stats.wars == wars
    assert stats.wins == [wins[seat] for seat in range(players)]
    assert (stats.draws, stats.repetitions) == (results["draw"], results["repetition"])
