"""The game on screen: the current game of one page, with what its record holds besides the game.

A `Table` plays the game round by round, draws the board the page shows after each request, and keeps the game
log and the comeback. Its `copy` goes on apart, sharing nothing that changes:

>>> from krig import Game
>>> table = Table("en")
>>> table.start(Game.new(2, seed=7), {})
>>> table.flip()["label"], table.current_board()["round"]
('Round 1', 1)
>>> ahead = table.copy()
>>> ahead.flip()["label"], table.current().round_number, len(table.log)
('Round 2', 1, 1)
"""

from __future__ import annotations

import copy
from typing import Any

from krig import Game, GameOver, Round
from krig.cards import NAMES

from . import gamelog, records
from .narrate import Narrator, narrate
from .settings import deal_of
from .variants import check_offered

MAX_ID = 64
"""The longest game id a record may carry: a longer one is not ours, and the game is given a new one."""


class RequestError(ValueError):
    """A request that does not make sense (missing field, no game yet, game over)."""


class Table:
    """The current game of one page, with what its record holds besides the game, and the page's narrator."""

    def __init__(self, lang: str = "en") -> None:
        self.narrator = Narrator(lang)
        self.game: Game | None = None
        self.deal: dict[str, Any] = {}  # how the game was dealt (settings.deal_of), on every board
        self.id = ""  # the game's id (records.new_id), kept in its record and its history entry
        self.settings: dict[str, Any] = {}  # the page's, kept in the record as it sent them
        self.board: dict[str, Any] | None = None  # the board last handed to the page
        self.log: list[dict[str, Any]] = []  # the game log's entries, the latest records.MAX_LOG
        self.comeback: int | None = None  # the fewest cards seat 0 held on the boards of this game

    def copy(self) -> Table:
        """This table with a game of its own, to play on apart: it shares nothing that changes."""
        other = Table(self.narrator.lang)
        other.game = None if self.game is None else self.game.copy()
        other.id, other.comeback, other.deal = self.id, self.comeback, self.deal
        other.settings, other.board, other.log = copy.deepcopy((self.settings, self.board, self.log))
        return other

    def current(self) -> Game:
        if self.game is None:
            raise RequestError("there is no game yet: start a new one")
        return self.game

    def current_board(self) -> dict[str, Any]:
        assert self.board is not None  # start() and every move show a board
        return self.board

    def start(self, game: Game, settings: dict[str, Any], stored: object = None,
              log: list[dict[str, Any]] | None = None, comeback: object = None, game_id: object = None) -> None:
        """Make `game` the current one; `stored` is the board of the record it was stored in, `log`, `comeback` and
        `game_id` its (a game without a valid id gets a new one). The board drawn is the game's own, in the
        narrator's language (`shown_again`), and not announced again in the language it was stored in."""
        check_offered(game.return_order, game.face_down)  # a save of an unoffered variant is refused, not loaded
        self.game, self.settings, self.log = game, settings, log or []
        self.deal = deal_of(game)
        self.id = game_id if isinstance(game_id, str) and 0 < len(game_id) <= MAX_ID else records.new_id()
        self.comeback = _fewer(comeback, len(game.hands[0]))
        self.show(*self.shown_again(stored))
        if records.said_in(stored) == self.narrator.lang:
            self.current_board()["announce"] = ""  # said as it was played

    def shown_again(self, stored: object) -> tuple[Round | None, int | None]:
        """What a stored board showed, done again (``show``'s arguments): the game's last round, played again from
        its deal, or the rounds "Finish the game" played, as the log says; else nothing, a cleared table."""
        game = self.current()
        if game.round_number and records.showed_a_round(stored):
            again = game.at_deal()
            again.play_rounds(game.round_number - 1)
            return again.play_round(), None
        last = self.log[-1] if self.log else {}
        return None, last["finished"] if last.get("round") == game.round_number and "finished" in last else None

    def flip(self) -> dict[str, Any]:
        """Play one round, show it and log it; its log line for the page."""
        played = self.current().play_round()
        self.show(played)
        return self.add_log(gamelog.from_round(played.to_dict()))

    def finish(self) -> dict[str, Any]:
        """Play the rest of the game on the fast path, show and log it; its log line for the page."""
        game = self.current()
        if game.over:
            raise GameOver("the game is over")
        before = game.round_number
        low = len(game.hands[0])
        ahead = game.copy()
        ahead.finish()  # the fast path tells who wins
        if ahead.winner == 0:
            # the person wins: play round by round to learn the fewest cards they held (the "comeback")
            while not game.over:
                game.play_round()
                low = min(low, len(game.hands[0]))
        else:
            self.game = game = ahead
        self.comeback = _fewer(self.comeback, low)
        self.show(finished=game.round_number - before)
        return self.add_log(gamelog.finished(game.round_number, game.round_number - before))

    def add_log(self, entry: dict[str, Any]) -> dict[str, Any]:
        """Keep a new log entry (the latest records.MAX_LOG are kept) and return its line for the page."""
        self.log = [*self.log, entry][-records.MAX_LOG:]
        line = gamelog.line(self.narrator, entry)
        assert line is not None, entry  # the entries made here are always valid
        return line

    def record(self, now: int) -> dict[str, Any]:
        """The current record (``records.record``), saved at `now`."""
        return records.record(self.id, self.current(), self.settings, self.current_board(), list(self.log),
                              self.comeback, now)

    def show(self, played: Round | None = None, finished: int | None = None) -> None:
        """The board after a request; ``played`` is the round just played, ``finished`` the rounds played at once,
        which leave the table cleared: the round played by hand before them is not the game's end. A finished
        game's board frames its winner alone (none after a draw or a repetition), never the taker of its last
        pile."""
        game = self.current()
        self.comeback = _fewer(self.comeback, len(game.hands[0]))
        n = game.players
        status, announce = narrate(self.narrator, game, played, finished)
        cards: list[dict[str, list[Any] | None]]
        if played:
            cards = [{"up": [step.up[seat] for step in played.steps],
                      "down": [list(step.down[seat]) for step in played.steps],
                      "last": [list(step.last[seat]) for step in played.steps]} for seat in range(n)]
            pile, winner, wars = len(played.pile), played.winner, played.wars
        else:
            cards, pile, winner, wars = [{"up": None, "down": None, "last": None} for _ in range(n)], 0, None, 0
        if game.over:
            winner = game.winner
        self.board = {
            "players": n,
            "counts": [len(hand) for hand in game.hands],
            "out": [not hand for hand in game.hands],
            "cards": cards,
            "pile": pile,
            "table": len(game.table),
            "round": game.round_number,
            "winner": winner,
            "wars": wars,
            "set_aside": game.set_aside is not None,
            "status": status,
            "announce": announce,
            "over": game.over,
            "deal": self.deal,
            "result_text": self.narrator.result(game.result, game.winner),
            "lang": self.narrator.lang,
        }


def _fewer(low: object, count: int) -> int:
    """The fewer of `count` and `low`, if `low` is a count of cards at all (a stored record's may be anything)."""
    if isinstance(low, int) and not isinstance(low, bool) and 0 <= low <= len(NAMES):
        return min(low, count)
    return count
