"""The fast paths agree with ``Game.play_round``, game by game, in every variant (docs/rules.md R7, R8).

``simulate`` plays two-player games in shuffled order ``every`` (100) at a time through the
bit-packed ``_duels``, and every other game round by round through ``_round``; each game
here is replayed with ``play_round`` and must last as long and end the same way.
"""

from __future__ import annotations

import pytest

from krig import Game
from krig.rules import FACE_DOWN

from engine_helpers import assert_simulate_agrees, play_all


@pytest.mark.parametrize("face_down", FACE_DOWN)
def test_every_game_of_a_real_batch_of_duels_agrees_with_play_round(face_down: int) -> None:
    # 100 two-player games in shuffled order: one batch of _duels, as the statistics page runs them
    assert_simulate_agrees(2, 100, seed=face_down, order="shuffled", face_down=face_down)


@pytest.mark.parametrize("face_down", FACE_DOWN)
@pytest.mark.parametrize("players", [3, 4])
def test_every_game_of_more_players_agrees_with_play_round(players: int, face_down: int) -> None:
    # round by round until two are left, then the duels
    assert_simulate_agrees(players, 30, seed=players, order="shuffled", face_down=face_down)


@pytest.mark.parametrize("face_down", FACE_DOWN)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_game_in_played_order_agrees_with_play_round(players: int, face_down: int) -> None:
    # round by round, with the R12 history; series whose games are short enough to replay
    seed, games = PLAYED.get((players, face_down), (0, 6))
    assert_simulate_agrees(players, games, seed=seed, order="played", face_down=face_down)


PLAYED = {(2, 2): (57, 4), (4, 2): (3, 6)}
"""(players, face_down): (seed, games) where the first series of six games plays too long: in played order
with two face-down cards, two and four players often go round for 100,000 rounds and more before R12 ends it."""


@pytest.mark.parametrize(("order", "face_down"), [
    (order, face_down) if order == "shuffled" or face_down == 1
    else pytest.param(order, face_down, marks=pytest.mark.slow)  # games that often go round for long: R12
    for order in ("shuffled", "played") for face_down in FACE_DOWN])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_finish_matches_play_round_in_every_variant(players: int, order: str, face_down: int) -> None:
    for seed in range(3):
        slow = Game.new(players, seed=seed, return_order=order, face_down=face_down)
        for _ in range(7):
            slow.play_round()
        fast = slow.copy()
        wars = sum(record.wars for record in play_all(slow))
        outcome = fast.finish()
        assert fast.to_dict() == slow.to_dict()
        assert (outcome.rounds, outcome.wars) == (slow.round_number - 7, wars)
        assert (outcome.result, outcome.winner, outcome.table) == (slow.result, slow.winner, tuple(slow.table))
