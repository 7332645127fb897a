"""The worker's Python side: one table of Krig, driven by small JSON messages from the page.

The page never decides a rule. It sends a request as JSON text, the bridge asks the engine, and answers
with plain JSON text that the page can render without thinking (a "view"):

>>> import json
>>> answer = json.loads(handle('{"type": "init", "lang": "en"}'))
>>> answer["ok"]
True
>>> view = json.loads(handle('{"type": "new", "players": 2, "seed": 7}'))["view"]
>>> [seat["count"] for seat in view["seats"]], view["round"], view["over"]
([26, 26], 0, False)
>>> view = json.loads(handle('{"type": "flip"}'))["view"]
>>> view["round"], sum(seat["count"] for seat in view["seats"]) + view["table"]
(1, 52)

Requests (``type`` and its fields) and answers:

* ``init`` ``lang``: choose the language of every sentence. Answers ``{ok: true}``.
* ``new`` ``players`` (2–4), ``seed`` (int or null), ``order`` ("shuffled" | "played"): a new game → view.
* ``restore`` ``record``: the page's saved record or an imported file, as it is. ``records.load`` brings a
  record up to the current version (an exported file is a bare engine save), and its game is loaded ONLY
  through ``Game.from_dict`` → view, plus the current ``record`` (null for a bare save). A bad one answers
  ``{ok: false, error: {kind: "damaged", message, code}}``, ``code`` the refusal's kind (``krig.Refusal``):
  "not-a-save", "newer" (a newer Krig wrote it) or "damaged"; ``message`` says the details in English.
  ``save`` instead of ``record`` restores a bare engine save.
* ``flip``: one round → view of that round. ``finish``: the rest of the game on the fast path → view.
  ``finish`` adds ``low``, the fewest cards seat 0 held on the way. Both views carry ``log``: the game log's
  new line (``gamelog.line``: ``entry`` data to keep, ``label``,
  ``text`` and ``wars`` in the page's language).
* ``log`` ``entries``: saved log entries told in the page's language → ``{lines: [...]}`` (bad ones skipped).
* ``save``: ``{ok: true, save}`` with the current ``to_dict()``.
* ``chances`` ``rollouts`` (a chunk, e.g. 50): more rollouts from the current position, added to the totals
  kept for it (a new round or deal starts again) → ``{chances: [per seat], draw, repetition, done, round}``
  over all ``done`` rollouts so far.
* ``simulate`` ``players``, ``games`` (1–10000), ``seed``, ``order``: whole games on the fast path, for the
  statistics page → ``{ok: true, rounds: [length of each game], wins: [per seat], draws, repetitions}``.

Every answer carries ``ok``; errors are ``{ok: false, error: {kind, message}}`` with kind ``"damaged"`` (a
save that cannot be loaded), ``"request"`` (a malformed request or one that does not fit the state, such as
flipping a finished game; ``code`` "too-big" for a request over ``MAX_REQUEST_CHARS``, refused before it is
parsed) or ``"internal"`` (a bug; the message says what).

A view: ``seats`` (one per seat: ``count``, ``out``, and this round's cards per step: ``up``, ``down``,
``last``, each a list with one code or null per step, or null when the view shows no round), ``pile`` (cards
in the last round's pile), ``table`` (cards left on the table by a drawn round), ``round``, ``round_label``
("Round 12"), ``players``, ``order``, ``seed``, ``winner`` (this round's winner or null), ``wars``, ``over``,
``result``, ``game_winner``, ``set_aside`` (bool), ``status``, ``announce``, ``result_text`` and ``save``.
"""

from __future__ import annotations

import json
import traceback
from typing import Any

from krig import Game, GameOver, Refusal, SaveError, simulate

from . import gamelog
from .estimate import Estimate
from .narrate import Narrator
from .records import load

MAX_REQUEST_CHARS = 512 * 1024
"""The longest request text ``handle`` parses: a record with a full game log is far below it, and a bigger
one (a tampered save, a wrong file) is refused at once instead of being parsed."""


class RequestError(ValueError):
    """A request that does not make sense (missing field, no game yet, game over)."""


class Table:
    """The current game and the narrator of the page's language."""

    def __init__(self, lang: str = "en") -> None:
        self.narrator = Narrator(lang)
        self.game: Game | None = None
        self.estimate = Estimate()  # win chances, built up chunk by chunk

    # Requests

    def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        """Answer one request (a dict); never raises."""
        kind = request.get("type") if isinstance(request, dict) else None
        method = getattr(self, f"do_{kind}", None) if isinstance(kind, str) else None
        try:
            if method is None:
                raise RequestError(f"unknown request type {kind!r}")
            return {"ok": True, **method(request)}
        except SaveError as error:  # a save or record refused: its kind is what the page tells the person
            return _error("damaged", str(error), code=error.kind)
        except (RequestError, GameOver, ValueError, TypeError) as error:
            return _error("request", str(error))
        except Exception as error:  # a bug: report it to the page instead of killing the worker
            traceback.print_exc()
            return _error("internal", f"{type(error).__name__}: {error}")

    def do_init(self, request: dict) -> dict:
        self.narrator = Narrator(str(request.get("lang") or "en"))
        return {}

    def do_new(self, request: dict) -> dict:
        players = request.get("players", 2)
        seed: Any = request.get("seed")  # anything: the engine says what is wrong with it
        order = request.get("order") or "shuffled"
        if isinstance(players, str) and players.isdigit():
            players = int(players)
        if isinstance(seed, str):
            if not seed.strip():
                seed = None
            elif seed.strip().isdigit():
                seed = int(seed.strip())
        self.game = Game.new(players, seed=seed, return_order=order)
        return {"view": self.view()}

    def do_restore(self, request: dict) -> dict:
        if "record" in request:
            record, save = load(request["record"])
        elif "save" in request:
            record, save = None, request["save"]
        else:
            raise RequestError("restore needs a record or a save")
        self.game = Game.from_dict(save)
        return {"view": self.view(), "record": record}

    def do_flip(self, request: dict) -> dict:
        played = self.current().play_round().to_dict()
        view = self.view(played)
        view["log"] = gamelog.line(self.narrator, gamelog.from_round(played))
        return {"view": view}

    def do_finish(self, request: dict) -> dict:
        game = self.current()
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
        view = self.view(finished=game.round_number - before)
        view["log"] = gamelog.line(self.narrator, gamelog.finished(game.round_number, game.round_number - before))
        view["low"] = low
        return {"view": view}

    def do_log(self, request: dict) -> dict:
        entries = request.get("entries")
        if not isinstance(entries, list):
            raise RequestError("log needs a list of entries")
        told = (gamelog.line(self.narrator, entry) for entry in entries[-gamelog.MAX_ENTRIES:])
        return {"lines": [line for line in told if line]}

    def do_save(self, request: dict) -> dict:
        return {"save": self.current().to_dict()}

    def do_chances(self, request: dict) -> dict:
        """A chunk of win-chance rollouts, added to the running totals of the current position."""
        rollouts = request.get("rollouts", 50)
        if not isinstance(rollouts, int) or isinstance(rollouts, bool) or not 1 <= rollouts <= 5000:
            raise RequestError("rollouts must be an int from 1 to 5000")
        return self.estimate.add(self.current(), rollouts)

    def do_simulate(self, request: dict) -> dict:
        """One batch of the statistics page's simulator (the page asks batch by batch, to show progress)."""
        players: Any = request.get("players")  # anything: the engine says what is wrong with it
        games, seed = request.get("games"), request.get("seed", 0)
        if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= 10_000:
            raise RequestError("games must be an int from 1 to 10000")
        stats = simulate(players, games, seed=seed, return_order=request.get("order") or "shuffled")
        return {"rounds": list(stats.rounds), "wins": list(stats.wins), "draws": stats.draws,
                "repetitions": stats.repetitions}

    def current(self) -> Game:
        if self.game is None:
            raise RequestError("there is no game yet: start a new one")
        return self.game

    # Views

    def view(self, played: dict | None = None, finished: int | None = None) -> dict[str, Any]:
        """What the page shows after a request; ``played`` is the round just played (``Round.to_dict()``)."""
        game = self.current()
        n = game.players
        out = set(played["eliminated"]) if played else set()
        seats = []
        for seat, hand in enumerate(game.hands):
            entry: dict[str, Any] = {"count": len(hand), "out": not hand}
            entry.update(up=None, down=None, last=None)
            if played:
                steps = played["steps"]
                entry["up"] = [step["up"][seat] if step["up"] else None for step in steps]
                entry["down"] = [step["down"][seat] if step["down"] else None for step in steps]
                entry["last"] = [step["last"][seat] if step["last"] else None for step in steps]
                entry["eliminated"] = seat in out
            seats.append(entry)
        status, announce = self.narrate(played, finished)
        return {
            "players": n,
            "order": game.return_order,
            "seed": game.seed,
            "seats": seats,
            "pile": len(played["pile"]) if played else 0,
            "table": len(game.table),
            "round": game.round_number,
            "round_label": self.narrator.round_number(game.round_number),
            "winner": played["winner"] if played else None,
            "wars": played["wars"] if played else 0,
            "over": game.over,
            "result": game.result,
            "game_winner": game.winner,
            "set_aside": game.set_aside is not None,
            "status": status,
            "announce": announce,
            "result_text": self.narrator.result(game.result, game.winner),
            "save": game.to_dict(),
        }

    def narrate(self, played: dict | None, finished: int | None) -> tuple[str, str]:
        """A short status line and a fuller sentence for screen readers, in the page's language."""
        narrator = self.narrator
        game = self.current()
        if played is None:
            if finished:
                line = narrator.finished(finished)
                return line, " ".join(filter(None, [line, narrator.result(game.result, game.winner)]))
            return "", ""
        short: list[str] = []
        full: list[str] = []
        steps = played["steps"]
        for index, step in enumerate(steps):
            shown = [(seat, card) for seat, card in enumerate(step["up"]) if card]
            full += [narrator.shown(seat, card) for seat, card in shown]
            if index + 1 < len(steps) and shown:
                # this step's face-up cards tied at the top: a war follows
                top = max(shown, key=lambda item: _rank(item[1]))[1]
                tie = narrator.tie(top, again=index > 0)
                short.append(tie)
                full.append(tie)
        if played["winner"] is None:
            ending = narrator.no_winner()
        else:
            ending = narrator.wins_cards(played["winner"], len(played["pile"]))
        short.append(ending)
        full.append(ending)
        gone = [narrator.out(seat) for seat in played["eliminated"]]
        short += gone
        full += gone
        if game.over:
            full.append(narrator.result(game.result, game.winner))
        return " ".join(short), " ".join(full)


RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def _rank(code: str) -> int:
    return RANKS.index(code[:-1])


def _error(kind: str, message: str, code: str | None = None) -> dict[str, Any]:
    error = {"kind": kind, "message": message}
    if code:
        error["code"] = code  # for the page to pick a localized sentence
    return {"ok": False, "error": error}


TABLE = Table()


def handle(text: str) -> str:
    """The worker's one entry point: a JSON request in, a JSON answer out (strings, so no proxies leak)."""
    if isinstance(text, str) and len(text) > MAX_REQUEST_CHARS:
        too_big = f"the request is too large ({len(text)} characters)"
        return json.dumps(_error("request", too_big, code=Refusal.TOO_BIG))
    try:
        request = json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        return json.dumps(_error("request", f"not JSON: {error}"))
    return json.dumps(TABLE.handle(request), ensure_ascii=False)
