"""The worker's Python side: the page's requests, as JSON text, dispatched to their handlers, answered as JSON text.

The page never decides a rule and never shapes what it stores: it sends a request, the bridge hands it to the
handler of its type (``session.HANDLERS``) and answers with the record for the page to draw and store as it is,
and what to add to the game log. Every answer carries ``ok``; a failure is ``{ok: false, error: {kind, message}}``
(and a ``code`` for the page to pick its sentence). The requests, their answers and the errors are described in
docs/site.md ("The bridge's requests").

>>> import json
>>> json.loads(handle('{"type": "init", "lang": "en"}'))
{'ok': True}
>>> board = json.loads(handle('{"type": "new", "players": 2, "seed": 7}'))["record"]["board"]
>>> answer = json.loads(handle('{"type": "flip"}'))
>>> board["counts"], answer["record"]["board"]["round"], answer["line"]["label"]
([26, 26], 1, 'Round 1')
"""

from __future__ import annotations

import json
import traceback
from typing import Any

from krig import GameOver, Refusal, SaveError

from .ahead import as_json
from .failures import NOT_OFFERED, Failure
from .records import MAX_REQUEST_CHARS
from .session import HANDLERS, Session
from .table import RequestError
from .variants import UnofferedError


def answer(session: Session, request: object) -> dict[str, Any]:
    """Answer one request (a dict) on `session`, by the handler of its type; never raises."""
    kind = request.get("type") if isinstance(request, dict) else None
    handler = HANDLERS.get(kind) if isinstance(kind, str) else None
    try:
        if handler is None or not isinstance(request, dict):
            raise RequestError(f"unknown request type {kind!r}")
        return {"ok": True, **handler(session, request)}
    except UnofferedError as error:
        return _error(Failure.REQUEST, str(error), code=NOT_OFFERED)
    except SaveError as error:  # a save or record refused: its kind is what the page tells the person
        return _error(Failure.DAMAGED, str(error), code=error.kind)
    except (RequestError, GameOver, ValueError, TypeError) as error:
        return _error(Failure.REQUEST, str(error))
    except Exception as error:  # a bug: report it to the page instead of killing the worker
        traceback.print_exc()
        return _error(Failure.INTERNAL, f"{type(error).__name__}: {error}")


def _error(kind: Failure, message: str, code: str | None = None) -> dict[str, Any]:
    error = {"kind": kind, "message": message}
    if code:
        error["code"] = code  # for the page to pick a localized sentence
    return {"ok": False, "error": error}


SESSION = Session()


def handle(text: str) -> str:
    """The worker's one entry point: a JSON request in, a JSON answer out (strings, so no proxies leak)."""
    if isinstance(text, str) and len(text) > MAX_REQUEST_CHARS:
        too_big = f"the request is too large ({len(text)} characters)"
        return json.dumps(_error(Failure.REQUEST, too_big, code=Refusal.TOO_BIG))
    try:
        request = json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        return json.dumps(_error(Failure.REQUEST, f"not JSON: {error}"))
    return _answer_text(answer(SESSION, request), SESSION)


def _answer_text(answer: dict[str, Any], session: Session) -> str:
    """An answer as JSON text. A record's rounds ahead are joined from the texts made when each was worked out,
    so that a flip's answer costs no more to write than with one round ahead."""
    record = answer.get("record")
    ahead = session.ahead
    if not isinstance(record, dict) or not ahead.rounds or record.get("ahead") is not ahead.rounds:
        return as_json(answer)
    rest = as_json({key: value for key, value in answer.items() if key != "record"})
    plain = as_json({key: value for key, value in record.items() if key != "ahead"})
    return f'{{"record": {plain[:-1]}, "ahead": [{", ".join(ahead.texts)}]}}, {rest[1:]}'
