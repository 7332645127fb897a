"""Properties over random hands and seeds (hypothesis): conservation, termination, agreement."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from krig import Game
from krig.cards import CODES, RANKS
from krig.rules import FACE_DOWN

from engine_helpers import all_cards, assert_conserved, assert_simulate_agrees, play_all

orders = st.sampled_from(["shuffled", "played"])
seeds = st.integers(0, 2**64 - 1)
face_downs = st.sampled_from(FACE_DOWN)
# In played order two face-down cards can go round for millions of rounds before R12 ends the game (one deal took
# 6.6 M rounds and 883 MB), and so can four (R16): too long for a property run, so those pairs are never drawn here.
variants = st.tuples(orders, face_downs).filter(lambda variant: variant not in {("played", 2), ("played", 4)})


@st.composite
def positions(draw: st.DrawFn, ranks: int = 13) -> Game:
    """A game from random hands: 2–4 seats, any subset of the deck, some hands maybe empty, 1–3 cards face down.

    With few ``ranks`` the cards tie often: long wars, R8 eliminations and draws.
    """
    players = draw(st.integers(2, 4))
    kept = draw(st.permutations(RANKS))[:ranks]
    deck = [card for card in CODES if card[:-1] in kept]
    cards = draw(st.permutations(deck))[: draw(st.integers(2, len(deck)))]
    cuts = sorted(draw(st.lists(st.integers(0, len(cards)), min_size=players - 1, max_size=players - 1)))
    hands = [cards[i:j] for i, j in zip([0, *cuts], [*cuts, len(cards)], strict=True)]
    if sum(1 for hand in hands if hand) < 1:
        hands[0] = cards
    order, face_down = draw(variants)
    return Game.from_hands(hands, return_order=order, seed=draw(seeds), face_down=face_down)


games = st.one_of(
    positions(),
    positions(ranks=2),
    positions(ranks=4),
    st.builds(
        lambda p, s, o: Game.new(p, seed=s, return_order=o),
        st.integers(2, 4),
        seeds,
        orders,
    ),
    # the variants in shuffled order (see `variants`)
    st.builds(
        lambda p, s, f: Game.new(p, seed=s, face_down=f),
        st.integers(2, 4),
        seeds,
        face_downs,
    ),
)


@settings(max_examples=80, deadline=None)
@given(games)
def test_cards_are_conserved_and_never_duplicated_after_every_round(game: Game) -> None:
    dealt = Counter(all_cards(game))
    while not game.over:
        game.play_round()
        assert_conserved(game, dealt)
    assert_conserved(game, dealt)
    if game.players == 3 and game.set_aside:
        assert len(dealt) == 52


@settings(max_examples=120, deadline=None)
@given(games)
def test_every_game_ends(game: Game) -> None:
    game.finish()
    assert game.over and game.result in {"win", "draw", "repetition"}
    holders = [seat for seat, hand in enumerate(game.hands) if hand]
    if game.result == "win":
        assert holders == [game.winner]
    elif game.result == "draw":
        assert holders == [] and game.table
    else:
        assert game.return_order == "played" and len(holders) >= 2


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(games, st.integers(0, 60))
def test_save_then_restore_continues_identically(game: Game, rounds: int) -> None:
    for _ in range(rounds):
        if game.over:
            break
        game.play_round()
    restored = Game.from_dict(game.to_dict())
    assert [r.to_dict() for r in play_all(restored)] == [r.to_dict() for r in play_all(game)]
    assert restored.to_dict() == game.to_dict()


@settings(max_examples=80, deadline=None)
@given(games, st.integers(0, 30))
def test_finish_agrees_with_play_round(game: Game, rounds: int) -> None:
    for _ in range(rounds):
        if game.over:
            break
        game.play_round()
    fast = game.copy()
    outcome = fast.finish()
    records = play_all(game)
    assert fast.to_dict() == game.to_dict()
    assert (outcome.rounds, outcome.wars) == (
        len(records),
        sum(r.wars for r in records),
    )
    assert (fast.result, fast.winner, fast.table) == (
        game.result,
        game.winner,
        game.table,
    )


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**64 - 1), orders)
def test_simulate_agrees_with_play_round_game_by_game(players: int, seed: int, order: str) -> None:
    assert_simulate_agrees(players, 3, seed, order)


@settings(max_examples=60, deadline=None)
@given(games)
def test_the_pile_is_each_steps_cards_seat_by_seat(game: Game) -> None:
    # R5, R7, R8, R9: the battle cards in seat order, then each war step seat by seat: face_down cards face
    # down and one face up, or the fewer than face_down + 1 cards of a player who runs short
    for _ in range(40):
        if game.over:
            break
        record = game.play_round()
        placed = []
        for step in record.steps[1:]:
            for seat in range(game.players):
                downs, up, lasts = step.down[seat], step.up[seat], step.last[seat]
                assert (len(downs), up is not None) in ((0, False), (game.face_down, True))
                assert len(lasts) <= game.face_down and not (lasts and downs)
                placed += [*downs, *([up] if up else []), *lasts]
        battle = [card for card in record.steps[0].up if card]
        assert tuple(battle + placed) == record.pile
