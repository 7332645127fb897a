"""Win chances built up chunk by chunk in the worker (site/webapp/estimate.py), in CPython."""

from __future__ import annotations

from krig import Game
from krig.webapp import estimate


def test_chunks_add_up_for_one_position_and_start_again_after_a_round() -> None:
    game = Game.new(3, seed=8, return_order="played")
    totals = estimate.Estimate()
    for done in (50, 100, 150):
        answer = totals.add(game, 50)
        assert answer["done"] == done and answer["round"] == 0
    assert abs(sum(answer["chances"]) + answer["draw"] + answer["repetition"] - 1) < 1e-9
    game.play_round()
    assert totals.add(game, 50)["done"] == 50  # a new round: the old totals no longer hold
    assert totals.add(Game.new(3, seed=8), 50)["done"] == 50  # so does another game at the same round
