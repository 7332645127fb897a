"""The variant through the bridge: 1, 2 or 3 cards face down in new games, restores, imports, the board and the
simulator; and played order with two face-down cards, which the site does not offer."""

from __future__ import annotations

import pytest

from krig import Game, simulate
from krig.webapp import bridge
from krig.webapp.variants import offered

from bridge_helpers import ask, opened


@pytest.fixture
def session() -> bridge.Session:
    return opened()


def war_seed(face_down: int, players: int = 2) -> int:
    """The first seed whose first round has a war, with `face_down` cards face down."""
    return next(seed for seed in range(1000) if Game.new(players, seed=seed, face_down=face_down).play_round().wars)


@pytest.mark.parametrize("face_down", [1, 2, 3])
def test_r7_the_board_shows_every_card_each_seat_put_face_down(session: bridge.Session, face_down: int) -> None:
    seed = war_seed(face_down, players=3)
    expected = Game.new(3, seed=seed, face_down=face_down)
    played = expected.play_round()
    answer = ask(session, type="new", players=3, seed=seed, face_down=face_down)
    assert answer["record"]["game"]["face_down"] == answer["record"]["board"]["deal"]["face_down"] == face_down
    board = ask(session, type="flip")["record"]["board"]
    for seat, shown in enumerate(board["cards"]):
        assert shown["up"] == [step.up[seat] for step in played.steps]
        assert shown["down"] == [list(step.down[seat]) for step in played.steps]
        assert shown["last"] == [list(step.last[seat]) for step in played.steps]
    war_downs = [len(shown["down"][1]) for shown in board["cards"] if shown["up"][1]]
    assert war_downs and set(war_downs) == {face_down}
    assert board["pile"] == len(played.pile)


@pytest.mark.parametrize(("face_down", "sentence"), [
    (1, "Each player in the war puts 1 card face down."),
    (3, "Each player in the war puts 3 cards face down."),
])
def test_a_war_is_announced_with_its_face_down_cards(session: bridge.Session, face_down: int, sentence: str) -> None:
    ask(session, type="new", players=2, seed=war_seed(face_down), face_down=face_down)
    board = ask(session, type="flip")["record"]["board"]
    assert "war!" in board["announce"] and sentence in board["announce"]
    assert sentence not in board["status"]  # the short line on screen shows the cards instead


def test_face_down_may_come_as_text_and_defaults_to_the_seeds_one_card(session: bridge.Session) -> None:
    assert ask(session, type="new", players=2, seed=1, face_down="3")["record"]["game"]["face_down"] == 3
    assert ask(session, type="new", players=2, seed=1)["record"]["game"]["face_down"] == 1
    for bad in (0, 6, "x", None, 2.0):
        answer = ask(session, type="new", players=2, seed=1, face_down=bad)
        assert answer["error"]["kind"] == "request" and "face_down" in answer["error"]["message"]


def test_a_restored_or_imported_game_keeps_its_own_variant(session: bridge.Session) -> None:
    ask(session, type="new", players=2, seed=40, face_down=3, settings={"face_down": 3})
    for _ in range(3):
        stored = ask(session, type="flip")["record"]
    for answer in (ask(bridge.Session(), type="restore", record=stored, settings={"face_down": 1}),
                   ask(bridge.Session(), type="import", file=stored["game"], settings={"face_down": 1})):
        assert answer["record"]["game"] == stored["game"] and answer["record"]["board"]["deal"]["face_down"] == 3


def test_simulate_plays_the_variant_asked_for(session: bridge.Session) -> None:
    for face_down in (1, 2, 3):
        batch = ask(session, type="simulate", players=2, games=40, seed=9, face_down=face_down)
        stats = simulate(2, 40, seed=9, face_down=face_down)
        assert batch["rounds"] == stats.rounds and batch["draws"] == stats.draws
    assert ask(session, type="simulate", players=2, games=40, seed=9, face_down=6)["error"]["kind"] == "request"


def test_two_face_down_cards_in_played_order_are_not_offered(session: bridge.Session) -> None:
    assert not offered("played", 2) and all(offered(order, n) for order in ("shuffled", "played") for n in (1, 3))
    ask(session, type="new", players=2, seed=3, settings={"speed": 2})
    before = ask(session, type="flip")["record"]
    unoffered = Game.new(2, seed=6, return_order="played", face_down=2)
    unoffered.play_round()
    record = {**before, "game": unoffered.to_dict()}
    for answer in (ask(session, type="new", players=2, seed=6, order="played", face_down=2),
                   ask(session, type="import", file=unoffered.to_dict()),
                   ask(session, type="restore", record=record),
                   ask(session, type="simulate", players=2, games=10, order="played", face_down=2)):
        assert answer["ok"] is False
        assert answer["error"]["kind"] == "request" and answer["error"]["code"] == "unoffered"
    after = ask(session, type="settings", settings=before["settings"])["record"]
    assert {**after, "savedAt": 0} == {**before, "savedAt": 0}  # the current game is untouched


def test_a_board_stored_before_the_variant_shows_its_round_again(session: bridge.Session) -> None:
    ask(session, type="new", players=2, seed=war_seed(1))
    stored = ask(session, type="flip")["record"]
    old = [{"up": seat["up"], "down": [downs[0] if downs else None for downs in seat["down"]],
            "last": [None for _ in seat["last"]]} for seat in stored["board"]["cards"]]
    shown = ask(bridge.Session(), type="restore", record={**stored, "board": {**stored["board"], "cards": old}})
    assert shown["record"]["board"]["cards"] == stored["board"]["cards"]  # drawn again by the engine


@pytest.mark.parametrize("down", [["AS", "KS", "QS", "JS", "10S", "9S"], ["<img>"], [["AS"]], "AS,KS"])
def test_a_stored_board_with_impossible_face_down_cards_shows_the_games_own_round(session: bridge.Session,
                                                                                 down: object) -> None:
    ask(session, type="new", players=2, seed=war_seed(1))
    stored = ask(session, type="flip")["record"]
    cards = [{**seat, "down": [down, down]} for seat in stored["board"]["cards"]]
    shown = ask(bridge.Session(), type="restore", record={**stored, "board": {**stored["board"], "cards": cards}})
    assert shown["record"]["board"]["cards"] == stored["board"]["cards"]
