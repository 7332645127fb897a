"""The public API of ``Game``, ``Round`` and ``Step``: constructors, properties, records."""

from __future__ import annotations

import json

import pytest

from krig import Game, GameOver, Order, Result, Round, Step

from engine_helpers import FULL_DECK, all_cards, play_all


def test_new_game_reports_its_seed_and_settings() -> None:
    game = Game.new(3, seed=12, return_order="played")
    assert (game.players, game.seed, game.return_order, game.round_number) == (
        3,
        12,
        "played",
        0,
    )
    assert (game.over, game.result, game.winner, game.table) == (False, None, None, [])


def test_new_game_without_seed_draws_one() -> None:
    game = Game.new(2)
    assert isinstance(game.seed, int) and 0 <= game.seed < 2**53
    assert Game.new(2, seed=game.seed).hands == game.hands


def test_known_deal_for_a_seed_is_stable() -> None:
    # share links rely on this: the same seed deals the same cards on every machine
    assert Game.new(2, seed=2024).hands[0][:6] == ["2C", "JD", "5H", "10S", "7D", "5D"]


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "7", True])
def test_bad_seeds_are_refused(seed: object) -> None:
    with pytest.raises(ValueError, match="seed"):
        Game.new(2, seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("order", ["random", "", None, "Shuffled"])
def test_bad_return_order_is_refused(order: object) -> None:
    with pytest.raises(ValueError, match="return_order"):
        Game.new(2, seed=1, return_order=order)  # type: ignore[arg-type]


def test_from_deck_checks_the_deck() -> None:
    with pytest.raises(ValueError, match="52 cards"):
        Game.from_deck(FULL_DECK[:51], 2)
    with pytest.raises(ValueError, match="duplicated"):
        Game.from_deck(FULL_DECK[:51] + ["2C"], 2)
    with pytest.raises(ValueError, match="list of card codes"):
        Game.from_deck("AS KS", 2)


def test_from_hands_checks_the_hands() -> None:
    with pytest.raises(ValueError, match="more than one hand"):
        Game.from_hands([["AS"], ["AS"]])
    with pytest.raises(ValueError, match="no cards"):
        Game.from_hands([[], []])
    with pytest.raises(ValueError, match="hand 1"):
        Game.from_hands([["AS"], "KS"])


def test_hands_are_copies() -> None:
    game = Game.new(2, seed=1)
    game.hands[0].clear()
    assert len(game.hands[0]) == 26


def test_cards_are_conserved_through_a_game() -> None:
    game = Game.new(3, seed=8)
    for _ in play_all(game):
        assert sorted(all_cards(game)) == sorted(FULL_DECK)


def test_round_record_fields() -> None:
    game = Game.from_hands([["KS", "2C", "9C", "4C"], ["KH", "3D", "4D"]], return_order="played")
    record = game.play_round()
    assert isinstance(record, Round)
    assert record.number == 1 and game.round_number == 1
    assert record.steps[0] == Step(up=("KS", "KH"), down=((), ()), last=((), ()), out=())
    assert record.steps[1] == Step(up=("9C", "4D"), down=(("2C",), ("3D",)), last=((), ()), out=())
    assert record.pile == ("KS", "KH", "2C", "9C", "3D", "4D")
    assert record.collected == record.pile
    assert record.eliminated == (1,)


def test_round_to_dict_is_plain_json() -> None:
    game = Game.from_hands([["KS", "2C", "9C", "4C"], ["KH", "3D", "4D"]], return_order="played")
    data = game.play_round().to_dict()
    assert data == {
        "number": 1,
        "winner": 0,
        "wars": 1,
        "eliminated": [1],
        "pile": ["KS", "KH", "2C", "9C", "3D", "4D"],
        "steps": [
            {"up": ["KS", "KH"], "down": [[], []], "last": [[], []], "out": []},
            {"up": ["9C", "4D"], "down": [["2C"], ["3D"]], "last": [[], []], "out": []},
        ],
        "collected": ["KS", "KH", "2C", "9C", "3D", "4D"],
    }
    assert json.loads(json.dumps(data)) == data


def test_reprs_are_readable() -> None:
    game = Game.from_hands([["KS", "2C", "9C"], ["KH", "3D", "4D"]], return_order="played")
    record = game.play_round()
    assert repr(record) == ("Round(number=1, winner=0, wars=1, eliminated=(1,), pile='KS KH 2C 9C 3D 4D', "
                            "steps=(Step(up=('KS', 'KH')), Step(up=('9C', '4D'), down=(('2C',), ('3D',)))))")
    assert repr(record.steps[1]) == "Step(up=('9C', '4D'), down=(('2C',), ('3D',)))"
    assert repr(game) == f"<Game players=2 played seed={game.seed} round=1 win>"
    short = Game.from_hands([["KS", "2C"], ["KH", "3D", "4D"]], return_order="played").play_round()
    assert repr(short.steps[1]) == "Step(up=(None, '4D'), down=((), ('3D',)), last=(('2C',), ()), out=(0,))"


def test_copy_is_independent() -> None:
    game = Game.new(2, seed=3)
    twin = game.copy()
    assert [game.play_round().to_dict() for _ in range(20)] == [
        twin.play_round().to_dict() for _ in range(20)
    ]
    twin.play_round()
    assert twin.round_number == game.round_number + 1


@pytest.mark.parametrize("order", ["shuffled", "played"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_finish_matches_play_round(players: int, order: str) -> None:
    for seed in range(3):
        slow, fast = (
            Game.new(players, seed=seed, return_order=order),
            Game.new(players, seed=seed, return_order=order),
        )
        for _ in range(7):
            slow.play_round()
            fast.play_round()
        wars = sum(record.wars for record in play_all(slow))
        outcome = fast.finish()
        assert fast.to_dict() == slow.to_dict()
        assert (outcome.rounds, outcome.wars) == (slow.round_number - 7, wars)
        assert (outcome.result, outcome.winner) == (slow.result, slow.winner)


def test_finish_on_a_finished_game_does_nothing() -> None:
    game = Game.from_hands([["AS"], ["2C"]], seed=1)
    game.finish()
    assert game.finish().rounds == 0
    with pytest.raises(GameOver):
        game.play_round()


def test_finish_keeps_the_table_of_a_draw() -> None:
    game = Game.from_hands([["KS", "2C"], ["KH"]], seed=1)
    outcome = game.finish()
    assert (outcome.result, game.result, sorted(game.table)) == ("draw", "draw", ["2C", "KH", "KS"])
    assert outcome.table == tuple(game.table)


def test_the_variant_is_part_of_the_game() -> None:
    game = Game.new(3, seed=12, face_down=3)
    assert game.face_down == game.copy().face_down == 3
    assert repr(game) == "<Game players=3 shuffled face_down=3 seed=12 round=0 cards=[17, 17, 17]>"
    assert Game.from_deck(FULL_DECK, 2, face_down=2).face_down == 2
    assert Game.from_hands([["AS"], ["KS"]], face_down=3).to_dict()["face_down"] == 3


def test_results_and_orders_are_enums_equal_to_their_json_strings() -> None:
    game = Game.from_hands([["AS"], ["2C"]], return_order="played", seed=1)
    game.play_round()
    assert game.result is Result.WIN and game.return_order is Order.PLAYED
    assert (game.result, game.return_order) == ("win", "played")
    assert json.dumps([game.result, game.return_order]) == '["win", "played"]'


@pytest.mark.parametrize("face_down", [1, 2, 3])
@pytest.mark.parametrize("order", ["shuffled", "played"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_rounds_leaves_the_game_where_as_many_play_rounds_would(players: int, order: str, face_down: int) -> None:
    for seed in range(2):
        slow = Game.new(players, seed=seed, return_order=order, face_down=face_down)
        fast = slow.copy()
        for rounds in (0, 1, 37, 150):
            wars = 0
            for _ in range(rounds):
                if slow.over:
                    break
                wars += slow.play_round().wars
            outcome = fast.play_rounds(rounds)
            assert fast.to_dict() == slow.to_dict()
            assert (outcome.wars, outcome.result, outcome.winner) == (wars, slow.result, slow.winner)
        if not slow.over:
            slow.play_round()
        fast.play_rounds(1)
        assert fast.to_dict() == slow.to_dict()  # and they go on alike, R12 history included


def test_play_rounds_stops_at_the_end_of_the_game() -> None:
    game = Game.from_hands([["AS", "2C"], ["KS", "3C"]], seed=1)
    outcome = game.play_rounds(1000)
    assert (outcome.rounds, game.round_number, game.result, game.winner) == (4, 4, "win", 0)
    assert game.play_rounds(5).rounds == 0
    assert game.play_rounds().rounds == 0


@pytest.mark.parametrize("rounds", [-1, 1.5, "3", True])
def test_play_rounds_refuses_what_is_not_a_count(rounds: object) -> None:
    with pytest.raises(ValueError, match="rounds"):
        Game.new(2, seed=1).play_rounds(rounds)  # type: ignore[arg-type]


@pytest.mark.parametrize("deal", ["seed", "deck", "hands"])
@pytest.mark.parametrize("order", ["shuffled", "played"])
def test_at_deal_is_the_same_game_as_it_was_dealt(deal: str, order: str) -> None:
    fresh = {
        "seed": lambda: Game.new(3, seed=5, return_order=order, face_down=2),
        "deck": lambda: Game.from_deck(FULL_DECK[::-1], 3, order, seed=5, face_down=2),
        "hands": lambda: Game.from_hands([FULL_DECK[:20], FULL_DECK[20:30], FULL_DECK[30:]], order, seed=5,
                                         face_down=2),
    }[deal]
    game = fresh()
    game.play_rounds(60)
    before = game.to_dict()
    start = game.at_deal()
    assert game.to_dict() == before  # the game itself is not changed
    assert start.to_dict() == fresh().to_dict()
    assert (start.round_number, start.players, start.return_order, start.face_down, start.seed, start.set_aside) == (
        0, 3, order, 2, 5, game.set_aside)
    played = [start.play_round().to_dict() for _ in range(60) if not start.over]
    assert start.to_dict() == before  # played again round by round, it is the same game
    again = fresh()
    assert played == [again.play_round().to_dict() for _ in range(len(played))]


def test_a_loaded_game_goes_back_to_its_deal() -> None:
    game = Game.new(2, seed=9, return_order="played")
    game.finish()
    start = Game.from_dict(game.to_dict()).at_deal()
    assert start.to_dict() == Game.new(2, seed=9, return_order="played").to_dict()
    start.finish()
    assert start.to_dict() == game.to_dict()
