"""Helpers shared by the tests of the worker's Python side (site/webapp/bridge.py)."""

from __future__ import annotations

import json
from typing import Any

from krig.webapp import bridge


def ask(session: bridge.Session, **request: Any) -> dict[str, Any]:
    """One request through the same JSON text path as the worker."""
    bridge.SESSION = session
    answer: dict[str, Any] = json.loads(bridge.handle(json.dumps(request)))
    return answer


def opened(lang: str = "en") -> bridge.Session:
    """A session as the page opens it (`init`)."""
    session = bridge.Session()
    assert ask(session, type="init", lang=lang) == {"ok": True}
    return session
