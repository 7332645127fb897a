"""A game watched again: its deal played round by round as the game was, beside the current game.

The replay has a ``Table`` of its own, so that the board, the live sentence and the log of every round it shows
are built exactly as they were when the game was played flip by flip, and the current game, its record and its
saves are never touched. Any round is reached afresh from the deal: on the fast path (``Game.play_rounds``) to
``MAX_LOG`` rounds before it, then round by round, which gives the board of that round and the log's lines up to
it. One round on from the round shown is simply played.

>>> from krig import Game
>>> from .table import Table
>>> game = Game.new(2, seed=7)
>>> outcome = game.finish()
>>> replay = Replay(game, Table("en"))
>>> answer = replay.show(300)
>>> answer["round"], answer["rounds"], answer["board"]["round"], len(answer["lines"]), answer["lines"][0]["label"]
(300, 544, 300, 200, 'Round 101')
>>> replay.show(301)["line"]["label"]
'Round 301'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from krig import Game

from .records import MAX_LOG

if TYPE_CHECKING:
    from .table import Table


class Replay:
    """``game`` (a finished one, as a rule) watched again from its deal, on ``table``, which is its own."""

    def __init__(self, game: Game, table: Table) -> None:
        self.dealt = game.at_deal()
        self.rounds = game.round_number
        self.table = table
        table.start(self.dealt.copy(), {})

    def __repr__(self) -> str:
        return f"<Replay round={self.table.current().round_number} of {self.rounds}>"

    def show(self, number: object) -> dict[str, Any]:
        """The answer that shows round ``number`` (0 is the deal): ``round``, ``rounds``, the ``board``, and the
        ``line`` of that round when it is one on from the round shown, else the ``lines`` of the log up to it."""
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= self.rounds:
            raise ValueError(f"round must be a whole number from 0 to {self.rounds}, not {number!r}")
        table = self.table
        if number == table.current().round_number + 1:
            line = table.flip()
            return {**self.shown(), "line": line}
        game = self.dealt.copy()
        game.play_rounds(max(0, number - MAX_LOG))
        table.start(game, {})
        lines = [table.flip() for _ in range(number - game.round_number)]
        return {**self.shown(), "lines": lines}

    def shown(self) -> dict[str, Any]:
        return {"round": self.table.current().round_number, "rounds": self.rounds,
                "board": self.table.current_board()}
