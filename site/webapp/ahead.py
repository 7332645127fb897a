"""The rounds worked out ahead: the next ``AHEAD`` rounds of the game on screen, played on a copy of its table.

Every record carries them (``ahead``), so that the page draws a flip the moment it is asked for, and draws them
at its next start while Python restores; the flip then plays the very same round (the game is deterministic).
Each is kept as JSON text too, made once, so that an answer only joins them. The win chances of the first
``CHANCES_AHEAD`` of them are worked out in the page's idle time, one round at a time.

>>> from krig import Game
>>> from .table import Table
>>> table = Table("en")
>>> table.start(Game.new(2, seed=7), {})
>>> ahead = Ahead()
>>> ahead.fill(table)
>>> len(ahead.rounds), ahead.rounds[0]["line"]["label"], table.current().round_number
(100, 'Round 1', 0)
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from krig import Tally

from .estimate import Estimate, shown, tally_of

if TYPE_CHECKING:
    from .table import Table

AHEAD = 100
"""Rounds the bridge works out ahead and hands over in every record (``ahead``), and that every opening of a first
visit carries (``openings``): the page draws them at once while Python loads. On a slow phone (1.6 Mbit/s, 150 ms,
a CPU 4 times slower) a first visit's engine was ready 23 s after its first paint, 45 presses at two a second
(docs/performance.md): twice that, so that a player pressing at that pace never runs out of them."""

CHANCES_AHEAD = 40
"""The rounds ahead whose win chances the page's idle time works out (and that an opening carries), nearest first.
Each is 500 rollouts: all ``AHEAD`` would keep a page busy for about a minute after every deal or start (15 s of
CPU in Chromium on a laptop, docs/performance.md), where a returning visitor's flips before the engine is ready
draw a few rounds. A round drawn past them before the engine is ready shows "…" until the engine works it out."""


def as_json(data: object) -> str:
    # an answer is a tree built afresh: the encoder need not look for cycles, which costs a third of its time
    return json.dumps(data, ensure_ascii=False, check_circular=False)


class Ahead:
    """The rounds after the one on screen, ``{board, line}`` each (and ``chances`` once their estimate is made)."""

    def __init__(self) -> None:
        self.rounds: list[dict[str, Any]] = []
        self.texts: list[str] = []  # each round as JSON text, made once: an answer only joins them
        self.frontier: Table | None = None  # a copy of the table at the last round of `rounds`
        self.ends = False  # the round after `rounds` ends the game: no more rounds are worked out
        self.filling: Estimate | None = None  # the win chances of the first round still without them
        self.tallies: dict[int, Tally] = {}  # by round number: the counts behind the chances of a round ahead

    def forget(self) -> None:
        """The game changed otherwise than by a flip: the rounds ahead are worked out anew."""
        self.rounds, self.texts, self.frontier, self.ends, self.filling, self.tallies = [], [], None, False, None, {}

    def played(self) -> Tally | None:
        """A flip played the first round ahead: it is no longer ahead. The tally of its win chances, if made."""
        played, self.rounds, self.texts = self.rounds[:1], self.rounds[1:], self.texts[1:]
        return self.tallies.pop(played[0]["board"]["round"], None) if played else None

    def fill(self, table: Table) -> None:
        """Keep the next ``AHEAD`` rounds of `table` worked out, each played on a copy of it (the ``frontier``),
        up to the round that ends the game, which is shown when it is played. After a flip that is one more round:
        a flip costs no more than with one round ahead."""
        if table.current().over:
            self.forget()
            return
        if self.frontier is None and not self.ends:
            self.frontier, self.rounds, self.texts = table.copy(), [], []
        while len(self.rounds) < AHEAD and self.frontier is not None:
            line = self.frontier.flip()
            if self.frontier.current().over:
                self.frontier, self.ends = None, True
            else:
                step = {"board": self.frontier.current_board(), "line": line}
                self.rounds, self.texts = [*self.rounds, step], [*self.texts, as_json(step)]

    def adopt(self, table: Table, stored: list[dict[str, Any]]) -> None:
        """Give the rounds ahead the win chances that `stored`, the rounds ahead of a record this table was
        restored from (``records.steps_ahead``), carry for the same rounds (the same round number and counts), so
        that a restore does not work them out again: what is not a whole estimate is left out."""
        game = table.current()
        carried = {step["board"].get("round"): step for step in stored if isinstance(step.get("board"), dict)}
        for index, step in enumerate(self.rounds[:CHANCES_AHEAD]):
            board = step["board"]
            theirs = carried.get(board["round"])
            if "chances" in step or theirs is None or theirs["board"].get("counts") != board["counts"]:
                continue
            tally = tally_of(theirs.get("chances"), game.players, board["round"])
            if tally is not None:
                self.tallies[board["round"]] = tally
                self.rounds[index] = {**step, "chances": shown(tally, game, board["round"])}
                self.texts[index] = as_json(self.rounds[index])

    def estimate(self, table: Table, rollouts: int) -> int:
        """Play up to `rollouts` rollouts of the first round ahead without win chances (in the page's idle time,
        never in a flip's answer), from a copy of `table`'s game played on to it; once they are all done, that
        round keeps them (``chances``, as the ``chances`` request answers them), for the page to show when it
        draws the round before Python is ready. Answers how many of the first ``CHANCES_AHEAD`` rounds ahead still
        have none."""
        waiting = [index for index, step in enumerate(self.rounds[:CHANCES_AHEAD]) if "chances" not in step]
        if not waiting:
            return 0
        index, game = waiting[0], table.current()
        shown = self.rounds[index]["board"]["round"]
        if self.filling is None or self.filling.round != shown:
            self.filling, ahead = Estimate(), game.copy()
            ahead.play_rounds(shown - game.round_number)
            self.filling.at(ahead)
        assert self.filling.game is not None
        chances = self.filling.add(self.filling.game, rollouts)
        if not self.filling.complete:
            return len(waiting)
        step = {**self.rounds[index], "chances": chances}
        self.tallies[shown] = self.filling.tally
        self.rounds = [*self.rounds[:index], step, *self.rounds[index + 1:]]
        self.texts = [*self.texts[:index], as_json(step), *self.texts[index + 1:]]
        self.filling = None
        return len(waiting) - 1
