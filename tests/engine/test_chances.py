"""``win_chances``: Monte Carlo estimates from the current position."""

from __future__ import annotations

import pytest

from krig import Game, win_chances, win_tally


def test_chances_are_probabilities_per_seat() -> None:
    chances = win_chances(Game.new(3, seed=4), rollouts=100, seed=1)
    assert len(chances) == 3
    assert all(0.0 <= p <= 1.0 for p in chances)
    assert sum(chances) <= 1.0
    assert sum(chances) + chances.draw + chances.repetition == pytest.approx(1.0)
    assert chances.seats == list(chances)


def test_eliminated_seats_get_zero() -> None:
    game = Game.from_hands([["2C"], ["AS", "3C", "9D"], ["KS", "4C", "8H"]], seed=1)
    game.play_round()
    assert game.hands[0] == []
    chances = win_chances(game, rollouts=60, seed=2)
    assert chances[0] == 0.0
    assert chances[1] + chances[2] + chances.draw == pytest.approx(1.0)


def test_a_seat_with_51_cards_is_a_strong_favourite() -> None:
    game = Game.new(2, seed=3)
    cards = [card for hand in game.hands for card in hand]
    small = next(card for card in cards if card.startswith("2"))
    big = Game.from_hands([[card for card in cards if card != small], [small]], seed=5)
    assert win_chances(big, rollouts=100, seed=1)[0] > 0.95


def test_same_seed_same_estimate_and_the_game_is_untouched() -> None:
    game = Game.new(2, seed=8, return_order="played")
    for _ in range(10):
        game.play_round()
    before = game.to_dict()
    assert win_chances(game, rollouts=80, seed=3) == win_chances(game, rollouts=80, seed=3)
    assert game.to_dict() == before


def test_chunks_with_one_seed_add_up_to_one_estimate() -> None:
    game = Game.new(3, seed=6)
    whole = win_chances(game, rollouts=60, seed=9)
    chunks = [win_chances(game, rollouts=20, seed=9, first=first) for first in (0, 20, 40)]
    wins = [round(sum(chunk[seat] * 20 for chunk in chunks)) for seat in range(3)]
    assert wins == [round(share * 60) for share in whole]
    assert round(sum(chunk.draw * 20 for chunk in chunks)) == round(whole.draw * 60)
    assert chunks[1] != win_chances(game, rollouts=20, seed=9)  # other rollouts than the first chunk's


def test_played_order_rollouts_end_and_count_repetitions() -> None:
    chances = win_chances(Game.new(2, seed=1, return_order="played"), rollouts=100, seed=4)
    assert sum(chances) + chances.draw + chances.repetition == pytest.approx(1.0)
    assert chances.repetition > 0


def test_a_finished_game_gives_its_result() -> None:
    won = Game.from_hands([["AS"], ["2C"]], seed=1)
    won.play_round()
    assert win_chances(won) == [1.0, 0.0]
    drawn = Game.from_hands([["KS"], ["KH"]], seed=1)
    drawn.play_round()
    assert (list(win_chances(drawn)), win_chances(drawn).draw) == ([0.0, 0.0], 1.0)


def test_bad_rollouts() -> None:
    with pytest.raises(ValueError, match="rollouts"):
        win_chances(Game.new(2, seed=1), rollouts=0)
    with pytest.raises(ValueError, match="first"):
        win_chances(Game.new(2, seed=1), rollouts=5, first=-1)


def test_tallies_of_chunks_add_up_to_the_tally_of_their_rollouts() -> None:
    game = Game.new(4, seed=6)
    whole = win_tally(game, rollouts=60, seed=9)
    chunks = [win_tally(game, rollouts=20, seed=9, first=first) for first in (0, 20, 40)]
    assert chunks[0] + chunks[1] + chunks[2] == whole
    assert sum(whole.wins) + whole.draws + whole.repetitions == whole.rollouts == 60
    assert whole.chances == win_chances(game, rollouts=60, seed=9)
