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


def test_an_estimate_is_the_positions_own_however_it_is_chunked_and_stops_at_its_rollouts() -> None:
    game = Game.new(4, seed=12, face_down=2)
    game.play_rounds(30)
    chunked, whole = estimate.Estimate(), estimate.Estimate()
    while (answer := chunked.add(game, 20))["done"] < estimate.ROLLOUTS:
        pass
    again = game.copy()  # the same position, another game object: the same rollouts
    assert whole.add(again, estimate.ROLLOUTS) == answer
    assert chunked.add(game, 20) == answer and chunked.complete  # no more rollouts than a whole estimate
    game.play_round()
    assert chunked.add(game, 20)["chances"] != answer["chances"]


def test_an_estimate_made_ahead_is_taken_as_it_is_and_only_for_its_position() -> None:
    game = Game.new(2, seed=3)
    ahead = estimate.Estimate()
    made = ahead.add(game, estimate.ROLLOUTS)
    taken = estimate.Estimate()
    taken.at(game, ahead.tally)
    assert taken.of(game) == made and taken.add(game, 20) == made
    assert taken.of(game.copy()) is None and estimate.Estimate().of(game) is None
