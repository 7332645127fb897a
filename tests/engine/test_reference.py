"""The engine against an independent reference (``reference.py``), deal by deal, round by round (R1–R17).

For each rule and number of players, the same seeds are dealt to the reference and to the engine: every
round of ``Game.play_round`` must equal the reference's (winner, war steps, eliminations, the pile as
placed and as taken in), and the fast paths must end each game where the reference does: ``simulate``
(the bit-packed duels for two players in shuffled order) and ``Game.finish``. The normal run plays a
sample of each, every game round by round. ``-m slow`` plays 2,000 games of each house rule alone and 500 of
each composition, per number of players, and compares each where it ends; a quarter of them round by round too
(the readable engine's rounds are about half the time of a game compared round by round). In played order a
game can go round for a long time before R12 ends it (with two or four cards face down, for millions of rounds):
there each game is compared for its first ``MOST`` rounds at the most, the fast path (``Game.play_rounds``) to
the same round.
"""

from __future__ import annotations

from collections import Counter

import pytest

from krig import Game, HouseRules, derive, simulate
from krig.rules import STANDARD

from reference import Reference

RULES = {
    "own": (1, STANDARD),  # Krig's own game: the reference proves itself on R1–R12 too
    "r13-peace": (1, HouseRules(peace=True)),
    "r14-jokers": (1, HouseRules(jokers=True)),
    "r15-only-tied": (1, HouseRules(only_tied=True)),
    "r16-four-face-down": (4, STANDARD),
    "r16-five-face-down": (5, STANDARD),
}
"""Each rule alone: (face-down cards, house rules)."""

TOGETHER = {
    "r13-r15": (1, HouseRules(peace=True, only_tied=True)),
    "r14-r15": (1, HouseRules(jokers=True, only_tied=True)),
    "r13-r15-r16": (5, HouseRules(peace=True, only_tied=True)),
    "r14-r15-r16": (4, HouseRules(jokers=True, only_tied=True)),
    "r13-three-face-down": (3, HouseRules(peace=True)),
    "r14-two-face-down": (2, HouseRules(jokers=True)),
}
"""The rules composed (R17)."""

SAMPLE, THOUSANDS = 200, 2000


def assert_engine_plays_as_the_reference(
    players: int, games: int, seed: int, order: str, face_down: int, house: HouseRules, most: int | None = None,
    round_by_round: int | None = None,
) -> None:
    """Games ``derive(seed, i)`` for ``i`` in ``range(games)``, each played for its first ``most`` rounds (all by
    default; then ``simulate`` too). The first ``round_by_round`` (all by default) are compared round by round with
    ``Game.play_round``; every game is compared where it ends with the fast paths."""
    stats = simulate(players, games, seed=seed, return_order=order, face_down=face_down, house=house) if most is None \
        else None
    ends: Counter[str | None] = Counter()
    wins = [0] * players
    for i in range(games):
        dealt = derive(seed, i)
        fast = Game.new(players, seed=dealt, return_order=order, face_down=face_down, house=house)
        ref = Reference(players, dealt, order, face_down, house.peace, house.jokers, house.only_tied)
        assert (fast.hands, fast.aside) == ([list(hand) for hand in ref.hands], ref.aside), f"deal of game {i}"
        game = fast.copy() if round_by_round is None or i < round_by_round else None
        while ref.result is None and ref.rounds != most:
            played = ref.play_round()
            if game is not None:
                record = game.play_round()
                assert (record.winner, record.wars, list(record.eliminated), list(record.pile),
                        list(record.collected)) == (played.winner, played.wars, played.eliminated, played.pile,
                                                    played.collected), f"game {i}, round {played.number}"
        outcome = fast.finish() if ref.result is not None else fast.play_rounds(ref.rounds)
        assert (outcome.rounds, outcome.result, outcome.winner, list(outcome.table)) == (
            ref.rounds, ref.result, ref.winner, ref.table), f"finish, game {i}"
        assert (fast.result, fast.winner, fast.round_number, fast.table, fast.hands) == (
            ref.result, ref.winner, ref.rounds, ref.table, [list(hand) for hand in ref.hands]), f"game {i}"
        if game is not None:
            assert game.to_dict() == fast.to_dict(), f"game {i}"
        ends[ref.result] += 1
        if ref.winner is not None:
            wins[ref.winner] += 1
        if stats:
            assert stats.rounds[i] == ref.rounds, f"simulate, game {i}"
    if stats:
        assert (stats.wins, stats.draws, stats.repetitions) == (wins, ends["draw"], ends["repetition"])


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rule", RULES)
def test_each_rule_plays_as_the_reference(rule: str, players: int) -> None:
    face_down, house = RULES[rule]
    assert_engine_plays_as_the_reference(players, SAMPLE, players, "shuffled", face_down, house)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules", TOGETHER)
def test_the_rules_together_play_as_the_reference(rules: str, players: int) -> None:
    face_down, house = TOGETHER[rules]
    assert_engine_plays_as_the_reference(players, SAMPLE // 4, 10 + players, "shuffled", face_down, house)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rule", [*RULES, *TOGETHER])
def test_each_rule_in_played_order_plays_as_the_reference(rule: str, players: int) -> None:
    face_down, house = {**RULES, **TOGETHER}[rule]
    assert_engine_plays_as_the_reference(players, PLAYED, 20 + players, "played", face_down, house, MOST)


PLAYED, MOST = 8, 1500
"""Games per rule in played order, and the rounds of each compared at the most."""


HOUSE = [rule for rule in RULES if rule != "own"]
"""The house rules alone; Krig's own game is proved against the readable engine by tests/engine/test_fast.py."""


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rule", HOUSE)
def test_thousands_of_games_of_each_rule_play_as_the_reference(rule: str, players: int) -> None:
    face_down, house = RULES[rule]
    assert_engine_plays_as_the_reference(players, THOUSANDS, 100 + players, "shuffled", face_down, house,
                                         round_by_round=THOUSANDS // 4)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rules", TOGETHER)
def test_hundreds_of_games_of_the_rules_together_play_as_the_reference(rules: str, players: int) -> None:
    face_down, house = TOGETHER[rules]
    assert_engine_plays_as_the_reference(players, THOUSANDS // 4, 100 + players, "shuffled", face_down, house,
                                         round_by_round=THOUSANDS // 16)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("rule", [*HOUSE, *TOGETHER])
def test_hundreds_of_games_of_each_rule_in_played_order_play_as_the_reference(rule: str, players: int) -> None:
    face_down, house = {**RULES, **TOGETHER}[rule]
    games = THOUSANDS // 20 if rule in RULES else THOUSANDS // 80
    assert_engine_plays_as_the_reference(players, games, 200 + players, "played", face_down, house, 5 * MOST,
                                         round_by_round=games // 4)
