"""What the page's requests act on, and the handler of each request type (``HANDLERS``).

The page's game is a `Table`, with its rounds worked out `Ahead`, the win chances of its position and a game
watched again beside it. ``HANDLERS`` is the one list of the request types there are: the bridge dispatches by
it, and the page is handed its names (``facts.page``). The requests and their answers are described in
docs/site.md ("The bridge's requests").

>>> session = Session("en")
>>> HANDLERS["new"](session, {"type": "new", "players": 2, "seed": 7})["record"]["board"]["counts"]
[26, 26]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import krig
from krig import Game

from . import gamelog, history, records
from .ahead import Ahead
from .drawn import play_drawn
from .estimate import Estimate, tally_of
from .narrate import Narrator
from .replay import Replay
from .settings import DEAL, house_rules
from .table import RequestError, Table
from .variants import check_offered


class Session:
    """The page's game on its table, what is worked out ahead of it, and a game watched again beside it."""

    def __init__(self, lang: str = "en") -> None:
        self.table = Table(lang)
        self.ahead = Ahead()
        self.estimate = Estimate()  # win chances of the position on screen, built up chunk by chunk
        self.replay: Replay | None = None  # a game watched again, beside this one

    def init(self, request: dict[str, Any]) -> dict[str, Any]:
        self.table.narrator = Narrator(str(request.get("lang") or "en"))
        self.ahead.forget()  # their sentences were in the language before
        return {}

    def new(self, request: dict[str, Any]) -> dict[str, Any]:
        settings = self.settings_of(request)
        players = _digits(request.get("players", DEAL["players"]))  # what a request leaves out: the table's default
        face_down = _digits(request.get("face_down", DEAL["face_down"]))
        seed: Any = request.get("seed")  # anything: the engine says what is wrong with it
        order = request.get("order") or DEAL["order"]
        if isinstance(seed, str):
            if not seed.strip():
                seed = None
            elif seed.strip().isdigit():
                seed = int(seed.strip())
        self.start(Game.new(players, seed=seed, return_order=order, face_down=face_down, house=house_rules(request)),
                   settings)
        return self.answer()

    def restore(self, request: dict[str, Any]) -> dict[str, Any]:
        if "record" not in request:
            raise RequestError("restore needs a record")
        record, save = records.load(request["record"])
        game = Game.from_dict(save)
        settings = self.settings_of(request, record and record.get("settings"))
        if record is None:
            self.start(game, settings)
            return {**self.answer(), "lines": []}
        told = (gamelog.line(self.table.narrator, entry) for entry in record["log"])
        lines = [line for line in told if line]
        self.start(game, settings, stored=record["board"],
                   log=[line["entry"] for line in lines], comeback=record["comeback"], game_id=record.get("id"))
        differs = play_drawn(self.table, record.get("ahead"), record.get("played"))
        self.keep_chances(record)
        lines += [line for _, line in differs]
        reasons = [reason for reason, _ in differs if reason]
        # a game that ended before it was stored keeps the time of its last record: its entry is the one it had
        saved_at = record.get("savedAt")
        ended_at = saved_at if not differs and type(saved_at) is int else None
        answer = {**self.answer(ended=self.table.current().over, ended_at=ended_at), "lines": lines}
        return {**answer, "differs": reasons[0]} if reasons else answer

    def import_(self, request: dict[str, Any]) -> dict[str, Any]:
        if "file" not in request:
            raise RequestError("import needs a file")
        settings = self.settings_of(request)
        _, save = records.load(request["file"])
        self.start(Game.from_dict(save), settings)
        return self.answer(ended=self.table.current().over)

    def flip(self, request: dict[str, Any]) -> dict[str, Any]:
        line = self.table.flip()
        # the round just played was the first one worked out ahead, with its win chances once they are made
        made = self.ahead.played()
        if made is not None:
            self.estimate.at(self.table.current(), made)
        return {**self.answer(ended=self.table.current().over), "line": line}

    def finish(self, request: dict[str, Any]) -> dict[str, Any]:
        line = self.table.finish()
        self.ahead.forget()
        return {**self.answer(ended=True), "line": line}

    def settings(self, request: dict[str, Any]) -> dict[str, Any]:
        self.table.current()
        self.table.settings = self.settings_of(request)
        return self.answer()

    def history(self, request: dict[str, Any]) -> dict[str, Any]:
        return {"entries": history.kept_history(request.get("entries"), request.get("add"))}

    def watch_again(self, request: dict[str, Any]) -> dict[str, Any]:
        if "game" not in request:
            raise RequestError("replay needs a game")
        self.replay = Replay(Game.from_dict(request["game"]), Table(self.table.narrator.lang))
        return self.replay.shown()

    def watch(self, request: dict[str, Any]) -> dict[str, Any]:
        if self.replay is None:
            raise RequestError("there is no replay: ask for one first")
        return self.replay.show(request.get("round"))  # show() checks it

    def chances(self, request: dict[str, Any]) -> dict[str, Any]:
        """A chunk of win-chance rollouts, added to the running totals of the current position, or with
        ``ahead`` of the first round worked out ahead that has no estimate yet."""
        rollouts = request.get("rollouts", 50)
        if not isinstance(rollouts, int) or isinstance(rollouts, bool) or not 1 <= rollouts <= 5000:
            raise RequestError("rollouts must be an int from 1 to 5000")
        if request.get("ahead") is True:
            return {"ahead": self.ahead.estimate(self.table, rollouts)}
        return self.estimate.add(self.table.current(), rollouts)

    def simulate(self, request: dict[str, Any]) -> dict[str, Any]:
        """One batch of the statistics page's simulator (the page asks batch by batch, to show progress)."""
        players: Any = request.get("players")  # anything: the engine says what is wrong with it
        games, seed = request.get("games"), request.get("seed", 0)
        order, face_down = request.get("order") or DEAL["order"], request.get("face_down", DEAL["face_down"])
        first = request.get("first", 0)  # anything: the engine says what is wrong with it
        if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= 10_000:
            raise RequestError("games must be an int from 1 to 10000")
        check_offered(order, face_down)
        stats = krig.simulate(players, games, seed=seed, return_order=order, face_down=face_down,
                              house=house_rules(request), first=first)
        return {"rounds": list(stats.rounds), "wins": list(stats.wins), "draws": stats.draws,
                "repetitions": stats.repetitions}

    def keep_chances(self, record: dict[str, Any]) -> None:
        """The win chances a restored record carries, of its round and of its rounds ahead, kept for the same
        rounds played here, so that the page's idle time does not work them out again."""
        game, ahead = self.table.current(), records.steps_ahead(record)
        # the round on screen: the record's, or one drawn ahead before Python was ready
        carried = [record.get("chances"), *(step.get("chances") for step in ahead)]
        tallies = (tally_of(made, game.players, game.round_number) for made in carried)
        tally = next((tally for tally in tallies if tally is not None), None)
        if tally is not None:
            self.estimate.at(game, tally)
        self.ahead.fill(self.table)
        self.ahead.adopt(self.table, ahead)

    def settings_of(self, request: dict[str, Any], stored: object = None) -> dict[str, Any]:
        """The settings a request brings (the page's own, kept as they are), else `stored` or the current ones."""
        settings = request.get("settings", stored if isinstance(stored, dict) else self.table.settings)
        if not isinstance(settings, dict):
            raise RequestError("settings must be an object")
        return settings

    def start(self, game: Game, settings: dict[str, Any], **stored: Any) -> None:
        """Make `game` the table's (``Table.start``, with what a stored record holds besides it)."""
        self.table.start(game, settings, **stored)
        self.ahead.forget()

    def answer(self, ended: bool = False, ended_at: int | None = None) -> dict[str, Any]:
        """A game answer: the current record, with what was worked out ahead (its next rounds, and its own round's
        win chances once made), and the history entry of a game that has ended (just now, unless `ended_at` says
        when)."""
        table = self.table
        game = table.current()
        now = round(time.time() * 1000)
        self.ahead.fill(table)
        record = table.record(now)
        known = self.estimate.of(game)
        record = {**record, "chances": known} if known else record
        answer: dict[str, Any] = {"record": {**record, "ahead": self.ahead.rounds} if self.ahead.rounds else record}
        if ended:
            ended_at = now if ended_at is None else ended_at
            answer["history"] = history.finished_game(table.id, game, table.comeback, ended_at)
        if self.ahead.rounds:
            answer["next"] = self.ahead.rounds[0]
        return answer


Handler = Callable[[Session, dict[str, Any]], dict[str, Any]]

HANDLERS: dict[str, Handler] = {
    "init": Session.init,
    "new": Session.new,
    "restore": Session.restore,
    "import": Session.import_,
    "flip": Session.flip,
    "finish": Session.finish,
    "settings": Session.settings,
    "history": Session.history,
    "replay": Session.watch_again,
    "watch": Session.watch,
    "chances": Session.chances,
    "simulate": Session.simulate,
}
"""The request types the page may send, each with its handler."""


def _digits(value: Any) -> Any:
    """A count sent as text ("3") as the int it writes; anything else as it is, for the engine to judge."""
    return int(value) if isinstance(value, str) and value.isdigit() else value
