"""Every way the page can drive the bridge, for tracing which standard-library modules the game imports.

tools/trim_stdlib.mjs runs this inside Pyodide with the whole standard library, then ships only the modules that
`sys.modules` holds afterwards. So it must reach every import the game can make: every request type the bridge
answers (its handlers, ``session.HANDLERS``, counted as they run, so a new request type nobody sends here fails
the build), in every language, and every refusal and error path (malformed JSON, a request too large, damaged,
bare and newer saves, a bad log, a variant not offered, an internal error with its traceback).
tests/site/test_stdlib.py runs it again on the trimmed library.

    run(["en", "fr", ...]) -> {"requests": {type: count}, "answers": n}
"""

from __future__ import annotations

import contextlib
import io
import json
from collections import Counter
from typing import Any

from krig.webapp import bridge
from krig.webapp.session import HANDLERS, Handler, Session


def request_types() -> set[str]:
    return set(HANDLERS)


class Tally:
    """Counts every request type the bridge really answered, by wrapping its handlers (``HANDLERS``)."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.originals = dict(HANDLERS)

    def __enter__(self) -> Tally:
        HANDLERS.update({kind: self.wrap(kind, handler) for kind, handler in self.originals.items()})
        return self

    def __exit__(self, *exc: object) -> None:
        HANDLERS.update(self.originals)

    def wrap(self, kind: str, handler: Handler) -> Handler:
        def counted(session: Session, request: dict[str, Any]) -> dict[str, Any]:
            self.counts[kind] += 1
            return handler(session, request)
        return counted


def ask(request: Any) -> dict[str, Any]:
    text = request if isinstance(request, str) else json.dumps(request)
    return json.loads(bridge.handle(text))


def play_language(lang: str) -> None:
    """One visitor in one language: deal every variant, flip through wars to the end, chances, the record stored
    and restored in every version, an import, the settings, the history, and a game watched again."""
    assert ask({"type": "init", "lang": lang})["ok"]
    settings = {"players": 2, "order": "shuffled", "face_down": 1, "speed": 3, "animation": "normal", "sound": True,
                "deck": "standard", "letters": "international"}
    for players, order, face_down in ((2, "shuffled", 1), (3, "played", 3), (4, "shuffled", 2)):
        ask({"type": "new", "players": str(players), "seed": " 7 ", "order": order, "face_down": face_down,
             "settings": settings})
        for _ in range(3):
            ask({"type": "flip"})
        ask({"type": "chances", "rollouts": 20})
        finished = ask({"type": "finish"})
    ask({"type": "new", "players": 2, "seed": None, "settings": settings})
    for _ in range(40):
        answer = ask({"type": "flip"})
        if answer["record"]["board"]["over"]:
            break
    ask({"type": "settings", "settings": {**settings, "speed": 5}})
    record = answer["record"]
    for stored in records(record):
        ask({"type": "restore", "record": stored, "settings": settings})
    ask({"type": "import", "file": record["game"], "settings": settings})
    ask({"type": "import", "file": record, "settings": settings})
    ask({"type": "history", "entries": [finished["history"], {"players": 2, "result": "win", "low": 3}],
         "add": finished["history"]})
    watched = ask({"type": "replay", "game": finished["record"]["game"]})
    for number in (1, 2, watched["rounds"], 0, -1):
        ask({"type": "watch", "round": number})
    ask({"type": "simulate", "players": 3, "games": 20, "seed": 1, "order": "played", "face_down": 3})


def records(record: dict[str, Any]) -> list[Any]:
    """Records as the page stores them (every version), and the damaged, newer and foreign ones it may meet."""
    save = record["game"]
    board: dict[str, Any] = {"players": save.get("players")}
    v1 = {"version": 1, "game": save, "settings": {"players": 2}, "board": board, "savedAt": 0}
    duplicated = {**save, "hands": [["AS", "AS"], *save.get("hands", [])[1:]]}
    return [record, v1, {**v1, "version": 2, "log": []}, {**v1, "version": 99}, {**v1, "game": duplicated},
            {**v1, "game": {**save, "players": "two"}}, {**v1, "game": None}, {"version": 2},
            {"version": "x", "game": save}, [save], "not a record", {**v1, "version": 2, "log": "bad"},
            {**record, "log": [{"round": "x"}, None, 5]}]


def refusals() -> None:
    """Requests no page sends, but a tampered save or a bug might: each is refused, never a crash."""
    # Nesting deep enough for Python's recursion limit; 10,000 levels overflow the JavaScript stack in Pyodide
    for text in ("not json", "[" * 3000, "x" * (bridge.MAX_REQUEST_CHARS + 1), '"a string"', "[]", "{}"):
        ask(text)
    for request in ({"type": "no-such-request"}, {"type": "new", "players": 9}, {"type": "chances"},
                    {"type": "chances", "rollouts": True}, {"type": "watch", "round": 1},
                    {"type": "replay", "game": {"players": 2}}, {"type": "history", "entries": "x"},
                    {"type": "simulate", "players": 2, "games": 0}, {"type": "restore"}, {"type": "import"},
                    {"type": "simulate", "players": 2, "games": 5, "order": "played", "face_down": 2}):
        ask(request)
    ask({"type": "init", "lang": "xx"})  # a language without a catalog falls back to English
    ask({"type": "new", "players": 2, "seed": 3})
    ask({"type": "finish"})
    ask({"type": "flip"})  # the game is over


def internal_error() -> None:
    """A bug inside a request: the bridge prints the traceback (as the worker's console shows it) and answers."""
    original = HANDLERS["settings"]

    def broken(session: Session, request: dict[str, Any]) -> dict[str, Any]:
        raise RuntimeError("a bug, on purpose")

    HANDLERS["settings"] = broken
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            answer = ask({"type": "settings", "settings": {}})
    finally:
        HANDLERS["settings"] = original
    assert answer["error"]["kind"] == "internal", answer


def run(languages: list[str]) -> dict[str, Any]:
    """Run every flow; raise if a request type of the bridge was never answered."""
    with Tally() as tally:
        for lang in languages:
            play_language(lang)
        refusals()
        internal_error()
    missing = request_types() - set(tally.counts)
    if missing:
        raise RuntimeError(f"tools/stdlib_flows.py never sends the bridge request types {sorted(missing)}: add them "
                           "to its flows, so that the trimmed standard library holds what they import")
    ask({"type": "init", "lang": "en"})
    return {"requests": dict(sorted(tally.counts.items())), "answers": sum(tally.counts.values())}
