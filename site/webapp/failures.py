"""The kinds of error the page is told of, one list for the bridge, the worker and the page, and the codes of the
refusals it says in words of its own.

It stands apart from the bridge, whose import starts the worker's session (and so reads the compiled catalogs),
since the build reads it too (``sitebuild/runtime.py`` writes it into ``js/worker.js``) before any catalog exists.

>>> Failure.DAMAGED == "damaged", sorted(map(str, FATAL))
(True, ['load', 'timeout', 'unsupported'])
>>> REFUSALS
('not-a-save', 'newer', 'damaged', 'too-big', 'unoffered')
"""

from __future__ import annotations

from enum import StrEnum

from krig import Refusal


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

NOT_OFFERED = "unoffered"
"""The code of a request for a variant the site does not offer (``variants.UnofferedError``), of kind ``request``."""
REFUSALS = (*map(str, Refusal), NOT_OFFERED)
"""Every code an error may carry beside its kind, for the page to say why in words of its own: why a save was
refused (``krig.Refusal``: of kind ``damaged``, but ``too-big``, of kind ``request``) and a variant not offered.
``facts.py`` hands them over (``js/facts.js`` ``REFUSALS``); the page picks its sentence for each (``js/stored.js``)."""
