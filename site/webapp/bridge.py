"""The worker's Python side: one session of Krig, driven by small JSON messages from the page.

The page never decides a rule and never shapes what it stores. It sends a request as JSON text, the bridge asks
the engine, and answers with plain JSON text: the record for the page to draw and store as it is, and what to
add to the game log.

>>> import json
>>> answer = json.loads(handle('{"type": "init", "lang": "en"}'))
>>> answer["ok"]
True
>>> board = json.loads(handle('{"type": "new", "players": 2, "seed": 7}'))["record"]["board"]
>>> board["counts"], board["round"], board["over"]
([26, 26], 0, False)
>>> answer = json.loads(handle('{"type": "flip"}'))
>>> board = answer["record"]["board"]
>>> board["round"], sum(board["counts"]) + board["table"], answer["line"]["label"]
(1, 52, 'Round 1')

Requests (``type`` and its fields) and answers:

* ``init`` ``lang``: choose the language of every sentence. Answers ``{ok: true}``.
* ``new`` ``players`` (2–4), ``seed`` (int or null), ``order`` ("shuffled" | "played"), ``face_down`` (1–3,
  by default 1), ``settings``: a new game → a game answer.
* ``restore`` ``record`` (the page's stored record, as it is), ``settings``: ``records.load`` brings a record up
  to the current version, and its game is loaded ONLY through ``Game.from_dict`` → a game answer, plus
  ``lines``, the record's game log told in the page's language (bad entries skipped). When the page drew some of the
  record's rounds ahead before Python was ready (``played`` of its ``ahead``), the engine plays them too, and
  the answer is at that round, its ``lines`` with theirs; a round the engine played otherwise than the page drew
  it gives ``differs``, the first difference in English, and the engine's rounds are kept. A game that is over
  comes with its ``history`` entry, for the page to add should the history lack it (a crash, an older site).
  A bad record answers ``{ok: false, error: {kind: "damaged", message, code}}``, ``code`` the refusal's kind
  (``krig.Refusal``): "not-a-save", "newer" (a newer Krig wrote it) or "damaged"; ``message`` says the details in
  English.
* ``import`` ``file`` (an exported game, or a whole record of which only the game is kept), ``settings``: the
  same checks as ``restore`` → a game answer, with ``history`` if the imported game is over.
* ``flip``: one round → a game answer with ``line``, the game log's new line (``gamelog.line``: ``entry`` data
  to keep, ``label``, ``text`` and ``wars`` in the page's language), and ``history`` once the game has ended.
  ``finish``: the rest of the game on the fast path → the same.
* ``settings`` ``settings``: the page's settings changed → a game answer for the same game.
* ``history`` ``entries``, ``add`` (optional, a game that has just ended): finished games as stored →
  ``{entries}``, brought up to the current version, with ``add`` after them, the latest kept
  (``records.kept_history``).
* ``replay`` ``game`` (the engine save of a finished game, from the end screen or a history entry): that game
  watched again from its deal, beside the current game, which it never touches (``replay.Replay``) → a replay
  answer for the deal, or the ``damaged`` error of a save that cannot be loaded.
* ``watch`` ``round``: the replay shows that round → a replay answer, with ``line`` (the log's line of that
  round) when it is one on from the round shown, else ``lines`` (the log up to it, as the game showed it).
  A replay answer is ``{round, rounds, board}``: the round shown of the game's ``rounds``, and its board, as
  the game showed it when it was played; the page never stores it.
* ``chances`` ``rollouts`` (a chunk, e.g. 20): more rollouts from the current position, added to the totals
  kept for it (a new round or deal starts again), up to ``estimate.ROLLOUTS`` → ``{chances: [per seat], draw,
  repetition, repeats, done, round}`` over all ``done`` rollouts so far; ``repeats`` says whether the game can
  end in a repetition at all. The rollouts are the position's own, so the same position always gets the same
  estimate. With ``ahead: true``, the chunk goes to the first round of ``ahead`` that has no estimate yet,
  which keeps it as ``chances`` once it is whole → ``{ahead}``, how many rounds ahead still have none. The page
  asks for them in its idle time, after the estimate of the round on screen: a flip never waits for one.
* ``simulate`` ``players``, ``games`` (1–10000), ``seed``, ``first`` (the index of the batch's first game, so
  that batches of any size play the games of one run), ``order``, ``face_down``: whole games on the fast path,
  for the statistics page → ``{ok: true, rounds: [length of each game], wins: [per seat], draws, repetitions}``.

A game answer is ``{ok: true, record}`` with the current record (``records.record``): the engine's save, the
page's ``settings`` as it sent them, the ``board`` to draw, the ``log`` and the ``comeback``. When a game ends,
``history`` is its entry for the statistics page (``records.finished_game``), with the game's ``id``, which its
record carries from the deal on. While the game goes on, ``next`` is
what the next flip will show, ``{board, line}``, worked out ahead on a copy of the game: the page draws that round
the moment it is asked for, and the flip then plays the very same round here (the game is deterministic). The
record also carries the next ``AHEAD`` rounds as ``ahead`` (``next`` is the first of them), for the page to draw
at its next start while Python restores. A round
that ends the game has no ``next``: its end is shown with its history entry, when the flip is answered.
Win chances are worked out ahead too, in the page's idle time (``chances`` with ``ahead``): a round of ``ahead``
carries its estimate as ``chances`` once it is made, and the record carries its own round's as ``chances``,
so that the page shows them with the rounds it draws before Python is ready. A flip onto a round with its
estimate made answers that estimate to the next ``chances`` request at once.

Every answer carries ``ok``; errors are ``{ok: false, error: {kind, message}}`` with kind ``"damaged"`` (a
save that cannot be loaded), ``"request"`` (a malformed request or one that does not fit the state, such as
flipping a finished game; ``code`` "too-big" for a request over ``MAX_REQUEST_CHARS``, refused before it is
parsed; ``code`` "unoffered" for a game or a simulation in a variant the site does not offer, ``variants``) or
``"internal"`` (a bug; the message says what).

A board is what the page draws, before Python is ready too: ``players``, ``counts`` and ``out`` per seat,
``cards`` (per seat the cards of the round shown: ``up``, one code or null per step, and ``down`` and ``last``,
per step the list of codes that seat put face down, or put down running short, ``Step.downs`` and
``Step.lasts``; or nulls when no round is shown), ``pile`` (cards in that round's pile), ``table`` (cards left on
the table by a drawn round), ``round``, ``winner`` (that round's winner or null; once the game is over, the
game's winner or null), ``set_aside`` (bool), ``over``,
``face_down`` (the game's cards face down in a war), and in the page's language (``lang``) ``status``,
``announce`` and ``result_text``. When a request plays no round (a restore), the board keeps the last round's
cards, and a restore in another language says that round (or what "finish" did) again in it; "finish" clears the
table.
"""

from __future__ import annotations

import json
import time
import traceback
from typing import Any

from krig import Game, GameOver, Refusal, Round, SaveError, simulate
from krig.cards import CARDS, RANK

from . import gamelog, records
from .estimate import Estimate
from .narrate import Narrator
from .records import MAX_REQUEST_CHARS, load
from .replay import Replay
from .variants import UnofferedError, check_offered

AHEAD = 100
"""Rounds the bridge works out ahead and hands over in every record (``ahead``), and that every opening of a first
visit carries (``openings``): the page draws them at once while Python loads. On a slow phone (1.6 Mbit/s, 150 ms,
a CPU 4 times slower) a first visit's engine was ready 23 s after its first paint, 45 presses at two a second
(docs/performance.md): twice that, so that a player pressing at that pace never runs out of them."""

SENTENCES = frozenset({"status", "announce", "result_text", "lang"})
"""What a board says in the page's language: the rest of it is the same in every language."""

MAX_ID = 64
"""The longest game id a record may carry: a longer one is not ours, and the game is given a new one."""



class RequestError(ValueError):
    """A request that does not make sense (missing field, no game yet, game over)."""


class Session:
    """The current game of one page, with what its record holds besides the game, and the page's narrator."""

    def __init__(self, lang: str = "en") -> None:
        self.narrator = Narrator(lang)
        self.game: Game | None = None
        self.id = ""  # the game's id (records.new_id), kept in its record and its history entry
        self.estimate = Estimate()  # win chances, built up chunk by chunk
        self.settings: dict[str, Any] = {}  # the page's, kept in the record as it sent them
        self.board: dict[str, Any] | None = None  # the board last handed to the page
        self.log: list[dict[str, Any]] = []  # the game log's entries, the latest records.MAX_LOG
        self.comeback: int | None = None  # the fewest cards seat 0 held on the boards of this game
        self.replay: Replay | None = None  # a game watched again, beside this one
        self.ahead: list[dict[str, Any]] = []  # the next rounds, {board, line} each, worked out ahead
        self.ahead_text: list[str] = []  # each of them as JSON text, made once: an answer only joins them
        self.frontier: Session | None = None  # a copy of this session at the last round of `ahead`
        self.ahead_ends = False  # the round after `ahead` ends the game: no more rounds are worked out
        self.filling: Estimate | None = None  # the win chances of the first round of `ahead` still without them

    # Requests

    def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        """Answer one request (a dict); never raises."""
        kind = request.get("type") if isinstance(request, dict) else None
        method = getattr(self, f"do_{kind}", None) if isinstance(kind, str) else None
        try:
            if method is None:
                raise RequestError(f"unknown request type {kind!r}")
            return {"ok": True, **method(request)}
        except UnofferedError as error:
            return _error("request", str(error), code="unoffered")
        except SaveError as error:  # a save or record refused: its kind is what the page tells the person
            return _error("damaged", str(error), code=error.kind)
        except (RequestError, GameOver, ValueError, TypeError) as error:
            return _error("request", str(error))
        except Exception as error:  # a bug: report it to the page instead of killing the worker
            traceback.print_exc()
            return _error("internal", f"{type(error).__name__}: {error}")

    def do_init(self, request: dict) -> dict:
        self.narrator = Narrator(str(request.get("lang") or "en"))
        self.forget_ahead()  # their sentences were in the language before
        return {}

    def do_new(self, request: dict) -> dict:
        settings = self.settings_of(request)
        players, face_down = _digits(request.get("players", 2)), _digits(request.get("face_down", 1))
        seed: Any = request.get("seed")  # anything: the engine says what is wrong with it
        order = request.get("order") or "shuffled"
        if isinstance(seed, str):
            if not seed.strip():
                seed = None
            elif seed.strip().isdigit():
                seed = int(seed.strip())
        self.start(Game.new(players, seed=seed, return_order=order, face_down=face_down), settings)
        return self.answer()

    def do_restore(self, request: dict) -> dict:
        if "record" not in request:
            raise RequestError("restore needs a record")
        record, save = load(request["record"])
        game = Game.from_dict(save)
        settings = self.settings_of(request, record and record.get("settings"))
        if record is None:
            self.start(game, settings)
            return {**self.answer(), "lines": []}
        told = (gamelog.line(self.narrator, entry) for entry in record["log"])
        lines = [line for line in told if line]
        self.start(game, settings, shown=_shown_round(record["board"], game.players),
                   log=[line["entry"] for line in lines], comeback=record["comeback"], game_id=record.get("id"))
        differs = self.replay_shown(record.get("ahead"), record.get("played"))
        lines += [line for _, line in differs]
        reasons = [reason for reason, _ in differs if reason]
        # a game that ended before it was stored keeps the time of its last record: its entry is the one it had
        saved_at = record.get("savedAt")
        ended_at = saved_at if not differs and type(saved_at) is int else None
        answer = {**self.answer(ended=self.current().over, ended_at=ended_at), "lines": lines}
        return {**answer, "differs": reasons[0]} if reasons else answer

    def do_import(self, request: dict) -> dict:
        if "file" not in request:
            raise RequestError("import needs a file")
        settings = self.settings_of(request)
        _, save = load(request["file"])
        self.start(Game.from_dict(save), settings)
        return self.answer(ended=self.current().over)

    def do_flip(self, request: dict) -> dict:
        line = self.flip()
        # the round just played was the first one worked out ahead, with its win chances once they are made
        played, self.ahead, self.ahead_text = self.ahead[:1], self.ahead[1:], self.ahead_text[1:]
        if played and "chances" in played[0]:
            self.estimate.at(self.current(), played[0]["chances"])
        return {**self.answer(ended=self.current().over), "line": line}

    def do_finish(self, request: dict) -> dict:
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
        self.forget_ahead()
        self.show(finished=game.round_number - before)
        line = self.add_log(gamelog.finished(game.round_number, game.round_number - before))
        return {**self.answer(ended=True), "line": line}

    def do_settings(self, request: dict) -> dict:
        self.current()
        self.settings = self.settings_of(request)
        return self.answer()

    def do_history(self, request: dict) -> dict:
        return {"entries": records.kept_history(request.get("entries"), request.get("add"))}

    def do_replay(self, request: dict) -> dict:
        if "game" not in request:
            raise RequestError("replay needs a game")
        self.replay = Replay(Game.from_dict(request["game"]), Session(self.narrator.lang))
        return self.replay.shown()

    def do_watch(self, request: dict) -> dict:
        if self.replay is None:
            raise RequestError("there is no replay: ask for one first")
        return self.replay.show(request.get("round"))  # show() checks it

    def do_chances(self, request: dict) -> dict:
        """A chunk of win-chance rollouts, added to the running totals of the current position, or with
        ``ahead`` of the first round worked out ahead that has no estimate yet."""
        rollouts = request.get("rollouts", 50)
        if not isinstance(rollouts, int) or isinstance(rollouts, bool) or not 1 <= rollouts <= 5000:
            raise RequestError("rollouts must be an int from 1 to 5000")
        if request.get("ahead") is True:
            return {"ahead": self.estimate_ahead(rollouts)}
        return self.estimate.add(self.current(), rollouts)

    def do_simulate(self, request: dict) -> dict:
        """One batch of the statistics page's simulator (the page asks batch by batch, to show progress)."""
        players: Any = request.get("players")  # anything: the engine says what is wrong with it
        games, seed = request.get("games"), request.get("seed", 0)
        order, face_down = request.get("order") or "shuffled", request.get("face_down", 1)
        first = request.get("first", 0)  # anything: the engine says what is wrong with it
        if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= 10_000:
            raise RequestError("games must be an int from 1 to 10000")
        check_offered(order, face_down)
        stats = simulate(players, games, seed=seed, return_order=order, face_down=face_down, first=first)
        return {"rounds": list(stats.rounds), "wins": list(stats.wins), "draws": stats.draws,
                "repetitions": stats.repetitions}

    def current(self) -> Game:
        if self.game is None:
            raise RequestError("there is no game yet: start a new one")
        return self.game

    def settings_of(self, request: dict, stored: object = None) -> dict[str, Any]:
        """The settings a request brings (the page's own, kept as they are), else `stored` or the current ones."""
        settings = request.get("settings", stored if isinstance(stored, dict) else self.settings)
        if not isinstance(settings, dict):
            raise RequestError("settings must be an object")
        return settings

    def flip(self) -> dict[str, Any]:
        """Play one round, show it and log it; its log line for the page."""
        played = self.current().play_round()
        self.show(played)
        return self.add_log(gamelog.from_round(played.to_dict()))

    # The record

    def start(self, game: Game, settings: dict[str, Any], shown: dict[str, Any] | None = None,
              log: list[dict[str, Any]] | None = None, comeback: object = None, game_id: object = None) -> None:
        """Make `game` the current one; `shown` is the round a stored board showed, `log`, `comeback` and
        `game_id` its (a game without a sound id gets a new one)."""
        check_offered(game.return_order, game.face_down)  # a save of an unoffered variant is refused, not loaded
        self.game, self.settings, self.board, self.log = game, settings, shown, log or []
        self.id = game_id if isinstance(game_id, str) and 0 < len(game_id) <= MAX_ID else records.new_id()
        self.comeback = _fewer(comeback, len(game.hands[0]))
        self.forget_ahead()
        self.show()

    def replay_shown(self, ahead: object, played: object) -> list[tuple[str, dict[str, Any]]]:
        """Play the rounds of a record's ``ahead`` that the page drew before Python was ready (``played`` of
        them), and check each against what the page drew: per round, why it differs (or "") and its log line.
        The engine's rounds are the ones kept, whatever the page drew."""
        if not isinstance(ahead, list) or type(played) is not int or played <= 0:
            return []
        done = []
        for shown in ahead[:played]:
            if self.current().over:
                break
            line = self.flip()
            done.append((_differs({"board": self.current_board(), "line": line}, shown), line))
        return done

    def add_log(self, entry: dict[str, Any]) -> dict[str, Any]:
        """Keep a new log entry (the latest records.MAX_LOG are kept) and return its line for the page."""
        self.log = [*self.log, entry][-records.MAX_LOG:]
        line = gamelog.line(self.narrator, entry)
        assert line is not None, entry  # the entries made here are always valid
        return line

    def answer(self, ended: bool = False, ended_at: int | None = None) -> dict[str, Any]:
        """A game answer: the current record, and the history entry of a game that has ended (just now, unless
        `ended_at` says when)."""
        game = self.current()
        now = round(time.time() * 1000)
        self.look_ahead()
        record = records.record(self.id, game, self.settings, self.current_board(), list(self.log), self.comeback,
                                now)
        answer: dict[str, Any] = {"record": self.with_ahead(record)}
        if ended:
            ended_at = now if ended_at is None else ended_at
            answer["history"] = records.finished_game(self.id, game, self.comeback, ended_at)
        if self.ahead:
            answer["next"] = self.ahead[0]
        return answer

    def with_ahead(self, record: dict[str, Any]) -> dict[str, Any]:
        """`record` with what was worked out ahead: its next rounds, and its own round's win chances once made."""
        known = self.estimate.of(self.current())
        record = {**record, "chances": known} if known else record
        return {**record, "ahead": self.ahead} if self.ahead else record

    def forget_ahead(self) -> None:
        """The game changed otherwise than by a flip: the rounds ahead are worked out anew."""
        self.ahead, self.ahead_text, self.frontier, self.ahead_ends = [], [], None, False
        self.filling = None

    def look_ahead(self) -> None:
        """Keep the next ``AHEAD`` rounds worked out (``ahead``), each played on a copy of this session (the
        ``frontier``), up to the round that ends the game, which is shown when it is played. After a flip that is
        one more round: a flip costs no more than with one round ahead."""
        if self.current().over:
            self.forget_ahead()
            return
        if self.frontier is None and not self.ahead_ends:
            frontier = object.__new__(Session)
            frontier.__dict__.update(self.__dict__)  # the rest is only ever replaced, never changed in place
            frontier.game, frontier.frontier = self.current().copy(), None
            frontier.ahead, frontier.ahead_text = [], []
            self.frontier, self.ahead, self.ahead_text = frontier, [], []
        while len(self.ahead) < AHEAD and self.frontier is not None:
            line = self.frontier.flip()
            if self.frontier.current().over:
                self.frontier, self.ahead_ends = None, True
            else:
                entry = {"board": self.frontier.current_board(), "line": line}
                self.ahead, self.ahead_text = [*self.ahead, entry], [*self.ahead_text, _json(entry)]

    def estimate_ahead(self, rollouts: int) -> int:
        """Play up to `rollouts` rollouts of the first round of ``ahead`` without win chances (in the page's idle
        time, never in a flip's answer), from a copy of the game played on to it; once they are all done, that
        round keeps them (``chances``, as the ``chances`` request answers them), for the page to show when it
        draws the round before Python is ready. Answers how many rounds ahead still have none."""
        waiting = [index for index, step in enumerate(self.ahead) if "chances" not in step]
        if not waiting:
            return 0
        index, game = waiting[0], self.current()
        shown = self.ahead[index]["board"]["round"]
        if self.filling is None or self.filling.round != shown:
            self.filling, ahead = Estimate(), game.copy()
            ahead.play_rounds(shown - game.round_number)
            self.filling.at(ahead)
        assert self.filling.game is not None
        chances = self.filling.add(self.filling.game, rollouts)
        if not self.filling.complete:
            return len(waiting)
        step = {**self.ahead[index], "chances": chances}
        self.ahead = [*self.ahead[:index], step, *self.ahead[index + 1:]]
        self.ahead_text = [*self.ahead_text[:index], _json(step), *self.ahead_text[index + 1:]]
        self.filling = None
        return len(waiting) - 1

    def current_board(self) -> dict[str, Any]:
        assert self.board is not None  # start() and every move show a board
        return self.board

    # The board

    def show(self, played: Round | None = None, finished: int | None = None) -> None:
        """The board after a request; ``played`` is the round just played. Without one, the last round shown
        stays on the board, as long as it has the same seats, except after ``finished`` rounds played at once,
        which clear the table: the round played by hand before them is not the game's end. A finished game's
        board frames its winner alone (none after a draw or a repetition), never the taker of its last pile."""
        game = self.current()
        self.comeback = _fewer(self.comeback, len(game.hands[0]))
        n = game.players
        shown = self.board if self.board and self.board["players"] == n else None
        status, announce = self.narrate(played, finished)
        cards: list[dict[str, list[Any] | None]]
        if played:
            cards = [{"up": [step.up[seat] for step in played.steps],
                      "down": [list(step.downs(seat)) for step in played.steps],
                      "last": [list(step.lasts(seat)) for step in played.steps]} for seat in range(n)]
            pile, winner = len(played.pile), played.winner
        elif shown and finished is None:
            cards, pile, winner = shown["cards"], shown["pile"], shown["winner"]
        else:
            cards, pile, winner = [{"up": None, "down": None, "last": None} for _ in range(n)], 0, None
        if game.over:
            winner = game.winner
        if not status and shown and shown["lang"] == self.narrator.lang:
            status = shown["status"]
        elif not status and shown and not played:
            status, announce = self.retell()  # the round on screen, said again in the page's new language
        self.board = {
            "players": n,
            "counts": [len(hand) for hand in game.hands],
            "out": [not hand for hand in game.hands],
            "cards": cards,
            "pile": pile,
            "table": len(game.table),
            "round": game.round_number,
            "winner": winner,
            "set_aside": game.set_aside is not None,
            "status": status,
            "announce": announce,
            "over": game.over,
            "face_down": game.face_down,
            "result_text": self.narrator.result(game.result, game.winner),
            "lang": self.narrator.lang,
        }

    def retell(self) -> tuple[str, str]:
        """The status line and the fuller sentence of the last thing the log says was done (a round, or
        "Finish the game"), told again, in the page's language: after a language switch the stored ones are in
        another. Nothing is said when the log does not reach the round the game is at."""
        game = self.current()
        entry = self.log[-1] if self.log else None
        if not entry or entry.get("round") != game.round_number or not game.round_number:
            return "", ""
        if "finished" in entry:
            return self.narrate(None, entry["finished"])
        again = game.at_deal()
        again.play_rounds(game.round_number - 1)
        return self.narrate(again.play_round(), None)

    def narrate(self, played: Round | None, finished: int | None) -> tuple[str, str]:
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
        steps = played.steps
        for index, step in enumerate(steps):
            shown = [(seat, card) for seat, card in enumerate(step.up) if card]
            full += [narrator.shown(seat, card) for seat, card in shown]
            if index + 1 < len(steps) and shown:
                # this step's face-up cards tied at the top: a war follows, its cards face down first
                top = max(shown, key=lambda item: _rank(item[1]))[1]
                tie = narrator.tie(top, again=index > 0)
                short.append(tie)
                full += [tie, narrator.face_down(game.face_down)]
        if played.winner is None:
            ending = narrator.no_winner()
        else:
            ending = narrator.wins_cards(played.winner, len(played.pile))
        short.append(ending)
        full.append(ending)
        gone = [narrator.out(seat) for seat in played.eliminated]
        short += gone
        full += gone
        if game.over:
            full.append(narrator.result(game.result, game.winner))
        return " ".join(short), " ".join(full)


def _differs(played: dict[str, Any], shown: object) -> str:
    """Why the round the page drew before Python was ready (``shown``, ``{board, line}``) is not the round the
    engine played, or "" when it is. Only what is the same in every language counts: the page may have drawn it
    in another language."""
    if not isinstance(shown, dict) or not isinstance(shown.get("board"), dict) or not isinstance(
            shown.get("line"), dict):
        return f"round {played['board']['round']}: what the page drew is not a round"
    board, drawn = played["board"], shown["board"]
    for key in sorted(set(board) - SENTENCES):
        if drawn.get(key) != board[key]:
            return f"round {board['round']}: the page drew {key} {drawn.get(key)!r}, the engine {board[key]!r}"
    if shown["line"].get("entry") != played["line"]["entry"]:
        return f"round {board['round']}: the log line the page drew is not the engine's"
    return ""


def _digits(value: Any) -> Any:
    """A count sent as text ("3") as the int it writes; anything else as it is, for the engine to judge."""
    return int(value) if isinstance(value, str) and value.isdigit() else value


def _rank(code: str) -> int:
    return RANK[CARDS[code]]


def _fewer(low: object, count: int) -> int:
    """The fewer of `count` and `low`, if `low` is a count of cards at all (a stored record's may be anything)."""
    if isinstance(low, int) and not isinstance(low, bool) and 0 <= low <= 52:
        return min(low, count)
    return count


def _shown_round(board: object, players: int) -> dict[str, Any] | None:
    """The round a stored board showed (its cards, pile, winner and status), if it can be shown again here.

    The board is the page's drawing of the last round: it can be shown again in a game of the same seats, as
    long as its cards are card codes (the page draws them as pictures) and its status is text. Anything else
    leaves the board without a round, as after a new deal.
    """
    if not isinstance(board, dict) or board.get("players") != players:
        return None
    cards, pile, winner = board.get("cards"), board.get("pile"), board.get("winner")
    status, lang = board.get("status", ""), board.get("lang")
    sound = (isinstance(cards, list) and len(cards) == players and all(_seat_cards(seat) for seat in cards)
             and type(pile) is int and 0 <= pile <= 52
             and (winner is None or (type(winner) is int and 0 <= winner < players))
             and isinstance(status, str) and isinstance(lang, str))
    return {"players": players, "cards": cards, "pile": pile, "winner": winner, "status": status,
            "lang": lang} if sound else None


def _seat_cards(cards: object) -> bool:
    """One seat's cards of a stored board: per step a card code or null, or (``down`` and ``last``) a list of
    codes; a board stored before the variant holds one code or null there too."""
    if not isinstance(cards, dict) or set(cards) != {"up", "down", "last"}:
        return False
    return all(steps is None or (isinstance(steps, list) and all(_step_cards(step, key != "up") for step in steps))
               for key, steps in cards.items())


def _step_cards(cards: object, several: bool) -> bool:
    """A seat's cards of one step: a code or null, or, where ``several``, a list of at most three codes."""
    if several and isinstance(cards, list):
        return len(cards) <= 3 and all(isinstance(code, str) and code in CARDS for code in cards)
    return cards is None or (isinstance(cards, str) and cards in CARDS)


def _error(kind: str, message: str, code: str | None = None) -> dict[str, Any]:
    error = {"kind": kind, "message": message}
    if code:
        error["code"] = code  # for the page to pick a localized sentence
    return {"ok": False, "error": error}


SESSION = Session()


def handle(text: str) -> str:
    """The worker's one entry point: a JSON request in, a JSON answer out (strings, so no proxies leak)."""
    if isinstance(text, str) and len(text) > MAX_REQUEST_CHARS:
        too_big = f"the request is too large ({len(text)} characters)"
        return json.dumps(_error("request", too_big, code=Refusal.TOO_BIG))
    try:
        request = json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        return json.dumps(_error("request", f"not JSON: {error}"))
    return _answer_text(SESSION.handle(request), SESSION)


def _json(data: object) -> str:
    # an answer is a tree built afresh: the encoder need not look for cycles, which costs a third of its time
    return json.dumps(data, ensure_ascii=False, check_circular=False)


def _answer_text(answer: dict[str, Any], session: Session) -> str:
    """An answer as JSON text. A record's rounds ahead are joined from the texts made when each was worked out,
    so that a flip's answer costs no more to write than with one round ahead."""
    record = answer.get("record")
    if not isinstance(record, dict) or not session.ahead or record.get("ahead") is not session.ahead:
        return _json(answer)
    rest = _json({key: value for key, value in answer.items() if key != "record"})
    plain = _json({key: value for key, value in record.items() if key != "ahead"})
    return f'{{"record": {plain[:-1]}, "ahead": [{", ".join(session.ahead_text)}]}}, {rest[1:]}'

