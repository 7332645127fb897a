"""The variants the site offers: every number of face-down cards (R7, R16) in either return order (R9), but two.

Two and four face-down cards in played order are left out: some of those games, of two players or of more that
come down to two, go round for millions of rounds before R12 ends them, which would freeze the worker on "Finish",
on every reload of such a game and in the win-chance rollouts (docs/site.md has the figures for two). Four (R16),
measured on the fast path with ``Game.play_rounds``, games ``derive(0, i)``: of 300 two-player games, 5 were still
going after 1,000,000 rounds and one ended by R12 after 766,060 (mean of the others 13,870, median 440); of 200
four-player games one was still going after 100,000. Five are as safe as one and three: of 1,000 games each of two,
three and four players none went past 16,658 rounds (means 262, 128 and 156). The engine plays them all; the site
neither deals the pairs left out, nor loads them, nor simulates them, and the page greys them out in its form with a
sentence why.

>>> offered("played", 3), offered("shuffled", 2), offered("played", 2), offered("played", 4), offered("played", 5)
(True, True, False, False, True)
>>> check_offered("played", 2)
Traceback (most recent call last):
...
krig.webapp.variants.UnofferedError: 2 cards face down in played order are not offered here
"""

from __future__ import annotations

from krig import Order

UNOFFERED = frozenset({(Order.PLAYED, 2), (Order.PLAYED, 4)})
"""The pairs of (return order, face-down cards) the site does not offer."""


class UnofferedError(ValueError):
    """A game or a simulation in a variant the site does not offer; the bridge answers with its code
    (``failures.NOT_OFFERED``)."""


def offered(order: object, face_down: object) -> bool:
    """Whether the site offers games in this return order with this many cards face down."""
    return (order, face_down) not in UNOFFERED


def check_offered(order: object, face_down: object) -> None:
    """``UnofferedError`` for a variant the site does not offer."""
    if not offered(order, face_down):
        raise UnofferedError(f"{face_down} cards face down in {order} order are not offered here")
