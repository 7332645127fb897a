"""One or more tests per rule of docs/rules.md, built from exact positions with ``Game.from_hands``.

Over 300 lines on purpose: the 48 tests of R1–R12 read in the order of docs/rules.md, one place to check a rule
against its text."""

from __future__ import annotations

import pytest

from krig import Game
from krig.cards import CODES

from engine_helpers import all_cards, play_all

ORDERS = ["shuffled", "played"]


# R1. Players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r1_two_to_four_players(players: int) -> None:
    assert Game.new(players, seed=1).players == players


@pytest.mark.parametrize("players", [0, 1, 5, "2", 2.0, True, None])
def test_r1_other_player_counts_are_refused(players: object) -> None:
    with pytest.raises(ValueError, match="players must be 2, 3 or 4"):
        Game.new(players, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("count", [1, 5])
def test_r1_from_hands_needs_two_to_four_hands(count: int) -> None:
    with pytest.raises(ValueError, match="2, 3 or 4 hands"):
        Game.from_hands([["AS"]] * count)


# R2. Deck and ranks


def test_r2_new_game_uses_one_full_deck() -> None:
    game = Game.new(4, seed=3)
    assert sorted(all_cards(game)) == sorted(CODES)
    assert len(CODES) == 52 and len(set(CODES)) == 52


@pytest.mark.parametrize(
    ("low", "high"),
    [
        ("2C", "3C"),
        ("9H", "10H"),
        ("10D", "JD"),
        ("JS", "QS"),
        ("QC", "KC"),
        ("KH", "AH"),
    ],
)
def test_r2_ranks_run_from_two_to_ace(low: str, high: str) -> None:
    game = Game.from_hands([[low], [high]], seed=1)
    assert game.play_round().winner == 1
    game = Game.from_hands([[high], [low]], seed=1)
    assert game.play_round().winner == 0


def test_r2_suits_never_matter() -> None:
    record = Game.from_hands([["AS", "2C", "3C"], ["AC", "2D", "4D"]], return_order="played").play_round()
    assert record.wars == 1
    assert record.winner == 1


# R3. Deal


def test_r3_two_players_deal_alternately_from_the_top() -> None:
    game = Game.from_deck(list(CODES), 2)
    assert game.hands[0] == list(CODES[0::2])
    assert game.hands[1] == list(CODES[1::2])
    assert game.set_aside is None


def test_r3_four_players_get_thirteen_each() -> None:
    game = Game.from_deck(list(CODES), 4)
    assert [len(hand) for hand in game.hands] == [13] * 4
    assert game.hands[3] == list(CODES[3::4])


def test_r3_three_players_set_aside_bottom_card() -> None:
    game = Game.from_deck(list(CODES), 3)
    assert [len(hand) for hand in game.hands] == [17] * 3
    assert game.set_aside == CODES[-1]
    assert game.hands[2] == list(CODES[2:51:3])
    assert CODES[-1] not in [card for hand in game.hands for card in hand]


def test_r3_set_aside_card_stays_out_of_play() -> None:
    game = Game.new(3, seed=11)
    aside = game.set_aside
    for record in play_all(game):
        assert aside not in record.pile
    assert game.set_aside == aside


def test_r3_new_game_is_dealt_from_a_seeded_shuffle() -> None:
    assert Game.new(2, seed=5).hands == Game.new(2, seed=5).hands
    assert Game.new(2, seed=5).hands != Game.new(2, seed=6).hands


# R4. Card codes


@pytest.mark.parametrize("bad", ["1H", "11H", "AX", "as", "10", "", "A S", 51, None])
def test_r4_bad_codes_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="card code"):
        Game.from_hands([[bad], ["2C"]])  # type: ignore[list-item]


def test_r4_hands_are_listed_top_card_first() -> None:
    game = Game.from_hands([["KS", "2C"], ["QH", "3D"]], return_order="played")
    assert game.hands == [["KS", "2C"], ["QH", "3D"]]
    assert game.play_round().pile == ("KS", "QH")


# R5. Battle


def test_r5_every_player_with_cards_puts_the_top_card_up_in_seat_order() -> None:
    game = Game.from_hands([["5C", "2C"], [], ["9D", "3D"], ["KH", "4H"]], return_order="played")
    record = game.play_round()
    assert record.steps[0].up == ("5C", None, "9D", "KH")
    assert record.pile[:3] == ("5C", "9D", "KH")


# R6. Winner


def test_r6_highest_card_wins_the_round() -> None:
    record = Game.from_hands([["5C"], ["JD"], ["9H"]], seed=1).play_round()
    assert (record.winner, record.wars) == (1, 0)


def test_r6_ties_below_the_highest_card_do_not_matter() -> None:
    record = Game.from_hands([["5C", "2C"], ["5D", "2D"], ["KH", "2H"]], seed=1).play_round()
    assert (record.winner, record.wars) == (2, 0)


# R7. War


def test_r7_tie_at_the_top_starts_a_war() -> None:
    game = Game.from_hands([["KS", "2C", "9C"], ["KH", "3D", "4D"]], return_order="played")
    record = game.play_round()
    assert record.wars == 1
    assert record.steps[1].down == (("2C",), ("3D",))
    assert record.steps[1].up == ("9C", "4D")
    assert record.winner == 0


def test_r7_every_battle_player_joins_the_war() -> None:
    # seat 2 lost the battle (5 against two kings) but takes part in the war and wins it
    game = Game.from_hands(
        [["KS", "2C", "3C"], ["KH", "2D", "4D"], ["5S", "6S", "AS"]],
        return_order="played",
    )
    record = game.play_round()
    assert record.steps[1].down == (("2C",), ("2D",), ("6S",))
    assert record.steps[1].up == ("3C", "4D", "AS")
    assert record.winner == 2


def test_r7_new_face_up_cards_only_decide() -> None:
    # seat 0 had the best battle card among the tied, but only the war cards count
    game = Game.from_hands([["AS", "2C", "3C"], ["AH", "2D", "4D"]], return_order="played")
    assert game.play_round().winner == 1


def test_r7_another_tie_repeats_the_war() -> None:
    hands = [["7S", "2C", "9C", "3C", "QC"], ["7H", "2D", "9D", "3D", "JD"]]
    record = Game.from_hands(hands, return_order="played").play_round()
    assert record.wars == 2
    assert len(record.steps) == 3
    assert record.winner == 0
    assert record.pile == ("7S", "7H", "2C", "9C", "2D", "9D", "3C", "QC", "3D", "JD")


def test_r7_with_three_face_down_each_player_puts_three_down_then_one_up() -> None:
    game = Game.from_hands(
        [["KS", "2C", "3C", "4C", "AS", "9C"], ["KH", "2D", "3D", "4D", "5D", "9D"]],
        return_order="played",
        face_down=3,
    )
    record = game.play_round()
    war = record.steps[1]
    assert war.down == (("2C", "3C", "4C"), ("2D", "3D", "4D"))
    assert war.up == ("AS", "5D")
    assert (record.winner, record.wars) == (0, 1)
    assert record.pile == ("KS", "KH", "2C", "3C", "4C", "AS", "2D", "3D", "4D", "5D")
    assert game.hands == [["9C", *record.pile], ["9D"]]


def test_r7_with_two_face_down_another_tie_repeats_the_war() -> None:
    hands = [["7S", "2C", "3C", "9C", "4C", "5C", "QC"], ["7H", "2D", "3D", "9D", "4D", "5D", "JD"]]
    record = Game.from_hands(hands, return_order="played", face_down=2).play_round()
    assert (record.wars, record.winner) == (2, 0)
    assert [step.up for step in record.steps] == [("7S", "7H"), ("9C", "9D"), ("QC", "JD")]
    assert record.pile == ("7S", "7H", "2C", "3C", "9C", "2D", "3D", "9D", "4C", "5C", "QC", "4D", "5D", "JD")


@pytest.mark.parametrize("face_down", [0, 6, "3", 3.0, True, None])
def test_r7_r16_one_to_five_cards_face_down(face_down: object) -> None:
    for start in (
        lambda: Game.new(2, seed=1, face_down=face_down),  # type: ignore[arg-type]
        lambda: Game.from_deck(list(CODES), 2, face_down=face_down),  # type: ignore[arg-type]
        lambda: Game.from_hands([["AS"], ["KS"]], face_down=face_down),  # type: ignore[arg-type]
    ):
        with pytest.raises(ValueError, match="face_down must be 1, 2 or 3"):
            start()


def test_r7_one_card_face_down_is_the_default() -> None:
    assert Game.new(2, seed=1).face_down == Game.from_deck(list(CODES), 2).face_down == 1
    assert Game.from_hands([["AS"], ["KS"]]).face_down == 1


# R8. Running out in a war


def test_r8_short_player_is_eliminated() -> None:
    game = Game.from_hands([["KS", "2C"], ["KH", "3D", "4D"]], return_order="played")
    record = game.play_round()
    assert record.steps[1].last == (("2C",), ())
    assert record.steps[1].out == (0,)
    assert record.eliminated == (0,)
    assert record.winner == 1
    assert record.pile == ("KS", "KH", "2C", "3D", "4D")
    assert game.result == "win" and game.winner == 1


def test_r8_player_with_no_card_left_is_eliminated_without_a_card() -> None:
    game = Game.from_hands([["KS"], ["KH", "3D", "4D"], ["2S", "5S", "6S"]], return_order="played")
    record = game.play_round()
    assert record.steps[1].last == ((), (), ())
    assert record.steps[1].out == (0,)
    assert record.steps[1].up == (None, "4D", "6S")
    assert record.winner == 2


def test_r8_short_player_card_joins_the_pile_in_its_seat_turn() -> None:
    game = Game.from_hands([["KS", "2C", "7C"], ["KH", "3D"], ["KD", "5D", "6D"]], return_order="played")
    record = game.play_round()
    assert record.pile == ("KS", "KH", "KD", "2C", "7C", "3D", "5D", "6D")
    assert record.steps[1].out == (1,)
    assert record.eliminated == (1, 2)  # seat 2 spent its last cards and lost (R10)
    assert record.winner == 0


def test_r8_last_player_left_in_the_war_wins_the_round_with_its_own_war_cards() -> None:
    game = Game.from_hands([["KS", "2C", "3C", "4C"], ["KH", "5D"]], return_order="played")
    record = game.play_round()
    assert record.winner == 0
    assert game.hands == [["4C", "KS", "KH", "2C", "3C", "5D"], []]


@pytest.mark.parametrize("order", ORDERS)
def test_r8_nobody_left_is_a_draw_and_the_pile_stays_on_the_table(order: str) -> None:
    game = Game.from_hands([["KS", "2C"], ["KH"]], return_order=order)
    record = game.play_round()
    assert record.winner is None
    assert record.collected == ()
    assert record.eliminated == (0, 1)
    assert (game.over, game.result, game.winner) == (True, "draw", None)
    assert game.table == ["KS", "KH", "2C"]
    assert game.hands == [[], []]


def test_r8_draw_after_a_second_war_step() -> None:
    game = Game.from_hands([["5S", "2C", "9C"], ["5H", "3D", "9D"]], return_order="played")
    record = game.play_round()
    assert record.wars == 2
    assert record.steps[2].out == (0, 1)
    assert game.result == "draw"
    assert sorted(game.table) == sorted(["5S", "2C", "9C", "5H", "3D", "9D"])


def test_r8_with_three_face_down_a_player_with_three_cards_is_eliminated() -> None:
    game = Game.from_hands([["KS", "2C", "3C", "4C"], ["KH", "2D", "3D", "4D", "5D"]], face_down=3, seed=1)
    record = game.play_round()
    war = record.steps[1]
    assert war.out == (0,) and war.last == (("2C", "3C", "4C"), ())
    assert war.up == (None, "5D")
    assert record.pile == ("KS", "KH", "2C", "3C", "4C", "2D", "3D", "4D", "5D")
    assert (record.winner, record.eliminated) == (1, (0,))
    assert (game.result, game.winner) == ("win", 1)


def test_r8_with_three_face_down_a_player_with_four_cards_stays_in() -> None:
    game = Game.from_hands([["KS", "2C", "3C", "4C", "AC"], ["KH", "2D", "3D", "4D", "5D", "6D"]], face_down=3)
    record = game.play_round()
    assert record.steps[1].out == () and record.steps[1].up == ("AC", "5D")
    assert record.winner == 0 and not game.over
    assert game.hands[1] == ["6D"]


def test_r8_with_two_face_down_the_remaining_cards_join_the_pile_in_the_seat_turn() -> None:
    game = Game.from_hands(
        [["KS", "2C", "3C", "4C"], ["KH", "2D", "9D"], ["KD", "5D", "6D", "7D"]],
        return_order="played",
        face_down=2,
    )
    record = game.play_round()
    war = record.steps[1]
    assert war.out == (1,) and war.last == ((), ("2D", "9D"), ()) and war.down[1] == ()
    assert record.pile == ("KS", "KH", "KD", "2C", "3C", "4C", "2D", "9D", "5D", "6D", "7D")
    assert record.winner == 2
    assert record.eliminated == (1, 0)  # seat 0 spent its last cards and lost (R10)


@pytest.mark.parametrize("face_down", [2, 3])
def test_r8_with_more_face_down_nobody_left_is_a_draw(face_down: int) -> None:
    game = Game.from_hands([["KS", "2C", "3C"], ["KH", "3D"]], face_down=face_down, seed=1)
    record = game.play_round()
    assert record.winner is None and record.eliminated == (0, 1)
    assert (game.result, game.hands) == ("draw", [[], []])
    assert game.table == ["KS", "KH", "2C", "3C", "3D"]


# R9. Collecting the pile


def test_r9_played_order_returns_pile_as_placed() -> None:
    game = Game.from_hands([["KS", "2C", "AC", "6C"], ["KH", "3D", "4D", "7D"]], return_order="played")
    record = game.play_round()
    assert record.collected == record.pile == ("KS", "KH", "2C", "AC", "3D", "4D")
    assert game.hands[0] == ["6C", *record.pile]


def test_r9_shuffled_order_returns_a_shuffle_of_the_pile() -> None:
    hands = [["KS", "2C", "AC", "6C"], ["KH", "3D", "4D", "7D"]]
    collected = {Game.from_hands(hands, seed=seed).play_round().collected for seed in range(30)}
    assert len(collected) > 10
    assert all(sorted(order) == sorted(hands[0][:3] + hands[1][:3]) for order in collected)


def test_r9_shuffled_order_is_drawn_from_the_game_seed() -> None:
    hands = [["KS", "2C", "AC", "6C"], ["KH", "3D", "4D", "7D"]]
    first = Game.from_hands(hands, seed=9).play_round()
    again = Game.from_hands(hands, seed=9).play_round()
    assert first.collected == again.collected
    assert Game.from_hands(hands, seed=9).play_round().to_dict() == first.to_dict()


def test_r9_pile_goes_under_the_bottom_of_the_hand() -> None:
    game = Game.from_hands([["AS", "2C", "3C"], ["KH"]], seed=4)
    record = game.play_round()
    assert game.hands[0] == ["2C", "3C", *record.collected]


# R10. Out of cards


def test_r10_player_with_no_cards_after_a_round_is_eliminated() -> None:
    game = Game.from_hands([["2C"], ["AS", "3C"], ["KS", "4C"]], seed=1)
    record = game.play_round()
    assert record.eliminated == (0,)
    assert game.hands[0] == []
    assert not game.over
    assert game.play_round().steps[0].up[0] is None


def test_r10_lists_r8_eliminations_before_r10_ones() -> None:
    # seat 2 runs short in the war (R8); seat 0 spends its last two cards and loses (R10)
    game = Game.from_hands(
        [["KS", "2C", "3C"], ["KH", "5D", "AD", "9D"], ["KD", "4S"]],
        return_order="played",
    )
    record = game.play_round()
    assert record.eliminated == (2, 0)
    assert game.result == "win" and game.winner == 1


# R11. The end


@pytest.mark.parametrize("order", ORDERS)
def test_r11_last_player_with_cards_wins(order: str) -> None:
    game = Game.from_hands([["AS", "AH"], ["2C"]], return_order=order, seed=2)
    game.play_round()
    assert (game.over, game.result, game.winner) == (True, "win", 0)


def test_r11_a_finished_game_cannot_go_on() -> None:
    from krig import GameOver

    game = Game.from_hands([["AS"], ["2C"]], seed=1)
    game.play_round()
    with pytest.raises(GameOver, match="over"):
        game.play_round()
    assert issubclass(GameOver, RuntimeError)


def test_r11_one_hand_holding_cards_is_already_over() -> None:
    game = Game.from_hands([["AS"], []])
    assert (game.over, game.result, game.winner, game.round_number) == (
        True,
        "win",
        0,
        0,
    )


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("order", ORDERS)
def test_r11_new_games_end(players: int, order: str) -> None:
    game = Game.new(players, seed=players * 10, return_order=order)
    play_all(game)
    assert game.result in {"win", "draw", "repetition"}
    if game.result == "win":
        assert sum(1 for hand in game.hands if hand) == 1


# R12. Repetition

CYCLE = [
    ["3C", "2D"],
    ["2C", "3D"],
]  # in played order the deal comes back after 4 rounds


def test_r12_played_order_cycle_ends_as_repetition() -> None:
    game = Game.from_hands(CYCLE, return_order="played")
    rounds = play_all(game)
    assert (game.result, game.winner, game.round_number) == ("repetition", None, 4)
    assert [record.winner for record in rounds] == [0, 1, 0, 1]
    assert game.hands == CYCLE


def test_r12_repetition_of_a_later_arrangement_counts() -> None:
    # the deal never comes back, but the arrangement after round 1 comes back after round 5
    game = Game.from_hands([["8S"], ["2C", "2D", "5C"]], return_order="played")
    after_first = (game.play_round(), game.hands)[1]
    play_all(game)
    assert (game.result, game.round_number) == ("repetition", 5)
    assert game.hands == after_first == [["8S", "2C"], ["2D", "5C"]]


def test_r12_does_not_apply_in_shuffled_order() -> None:
    for seed in range(20):
        game = Game.from_hands(CYCLE, seed=seed)
        play_all(game)
        assert game.result != "repetition"


def test_r12_played_order_games_always_end() -> None:
    results = set()
    for seed in range(12):
        game = Game.new(2, seed=seed, return_order="played")
        play_all(game)
        results.add(game.result)
    assert "repetition" in results
