"""The kinds of error the page is told of, one list for the bridge, the worker and the page.

It stands apart from the bridge, whose import starts the worker's session (and so reads the compiled catalogs),
since the build reads it too (``sitebuild/runtime.py`` writes it into ``js/worker.js``) before any catalog exists.

>>> Failure.DAMAGED == "damaged", sorted(map(str, FATAL))
(True, ['load', 'timeout', 'unsupported'])
"""

from __future__ import annotations

from enum import StrEnum


class Failure(StrEnum):
    """Every kind of error the page is told of, the one list: the bridge's, the worker's (``js/worker.js``, told by
    the build) and the page's own (``js/engine.js``), each named by it (``facts.py`` → ``js/facts.js`` ``ERRORS``)."""

    REQUEST = "request"
    """A malformed request, or one that does not fit the state (code "unoffered", "too-big")."""
    DAMAGED = "damaged"
    """A save or record refused: its code is the refusal's kind (``krig.Refusal``)."""
    INTERNAL = "internal"
    """A bug: the message says what."""
    NOT_READY = "not-ready"
    """The worker's: a request before Python is loaded."""
    LOAD = "load"
    """The worker's, or the page's: the engine could not load."""
    TIMEOUT = "timeout"
    """The page's: no word from the worker for too long while it loads."""
    UNSUPPORTED = "unsupported"
    """The page's: no WebAssembly or no Web Workers."""


FATAL = frozenset({Failure.LOAD, Failure.TIMEOUT, Failure.UNSUPPORTED})
"""The failures after which the engine cannot go on: the page says so, and nothing can be played."""
