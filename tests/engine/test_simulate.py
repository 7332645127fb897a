"""``simulate``: determinism, totals, cancelling, and a sanity check against known facts."""

from __future__ import annotations

import statistics

import pytest

from krig import Game, Stats, derive, simulate


def test_same_seed_same_numbers() -> None:
    assert simulate(2, 30, seed=4) == simulate(2, 30, seed=4)
    assert simulate(2, 30, seed=4).rounds != simulate(2, 30, seed=5).rounds


@pytest.mark.parametrize("order", ["shuffled", "played"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_totals_add_up(players: int, order: str) -> None:
    stats = simulate(players, 40, seed=1, return_order=order)
    assert isinstance(stats, Stats)
    assert (stats.games, stats.players, len(stats.rounds), len(stats.wins)) == (
        40,
        players,
        40,
        players,
    )
    assert sum(stats.wins) + stats.draws + stats.repetitions == 40
    assert stats.wars > 0
    if order == "shuffled":
        assert stats.repetitions == 0


def test_game_i_is_game_new_with_the_derived_seed() -> None:
    stats = simulate(2, 5, seed=123)
    for i, length in enumerate(stats.rounds):
        game = Game.new(2, seed=derive(123, i))
        outcome = game.finish()
        assert outcome.rounds == length


@pytest.mark.parametrize("players", [2, 3, 4])
def test_batches_of_any_size_from_where_the_last_one_ended_play_the_games_of_one_run(players: int) -> None:
    whole = simulate(players, 250, seed=9, face_down=2)
    batches = [simulate(players, size, seed=9, face_down=2, first=first) for first, size in ((0, 7), (7, 143),
                                                                                           (150, 100))]
    assert [length for batch in batches for length in batch.rounds] == whole.rounds
    assert [sum(batch.wins[seat] for batch in batches) for seat in range(players)] == whole.wins


@pytest.mark.parametrize("first", [-1, 1.5, True, "3"])
def test_a_first_game_that_is_no_index_is_refused(first: object) -> None:
    with pytest.raises(ValueError, match="first must be an int >= 0"):
        simulate(2, 3, first=first)  # type: ignore[arg-type]


def test_progress_is_reported_and_can_cancel() -> None:
    seen: list[int] = []
    stats = simulate(2, 250, seed=0, progress=seen.append, every=100)
    assert seen == [100, 200, 250]
    assert stats.games == 250

    stopped = simulate(2, 1000, seed=0, progress=lambda done: done < 200, every=100)
    assert stopped.games == len(stopped.rounds) == 200
    assert stopped.rounds == simulate(2, 200, seed=0).rounds


def test_no_games() -> None:
    stats = simulate(3, 0)
    assert (stats.games, stats.rounds, stats.wins, stats.mean) == (
        0,
        [],
        [0, 0, 0],
        0.0,
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((1, 5), "players"),
        ((2, -1), "games"),
        ((2, 1.5), "games"),
        ((2, 5, -1), "seed"),
        ((2, 5, 0, "x"), "return_order"),
    ],
)
def test_bad_arguments(args: tuple, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        simulate(*args)


def test_repr_is_a_summary() -> None:
    assert repr(simulate(2, 3, seed=1)).startswith("Stats(players=2, games=3, mean=")


def test_known_fact_two_players_shuffled_average_length() -> None:
    # docs/rules.md, known facts: about 400-450 rounds with one face-down card per war; the spread is wide
    stats = simulate(2, 400, seed=2024)
    assert 330 < statistics.fmean(stats.rounds) < 530
    assert max(stats.rounds) > 1000
    assert 0.04 < stats.wars / sum(stats.rounds) < 0.09


def test_known_fact_played_order_often_cycles() -> None:
    # docs/rules.md, known facts: roughly 1/3 of two-player deals in played order never end without R12
    stats = simulate(2, 150, seed=7, return_order="played")
    assert 0.15 < stats.repetitions / stats.games < 0.6


def test_known_fact_three_face_down_cards_make_shorter_games() -> None:
    # docs/rules.md, known facts: published simulations get 250-300 rounds; R8 puts a short player out at once,
    # so the engine's games are a little shorter (about 235 on average), and the spread is as wide as ever
    one, three = simulate(2, 400, seed=2024), simulate(2, 400, seed=2024, face_down=3)
    assert 180 < three.mean < 300
    assert three.mean < 0.75 * one.mean
    assert 0.04 < three.wars / sum(three.rounds) < 0.09


@pytest.mark.parametrize("face_down", [0, 6, "1", True])
def test_bad_face_down(face_down: object) -> None:
    with pytest.raises(ValueError, match="face_down"):
        simulate(2, 5, face_down=face_down)  # type: ignore[arg-type]
