"""The game's own seeded random generator, with a compact state.

Contract (share links and saves rely on it; never change it within a save version):

* **Words.** A splitmix64 generator on a 64-bit ``state``: each word adds
  ``0x9E3779B97F4A7C15`` to the state (mod 2**64) and returns the splitmix64 mix of it.
* **Bit stream.** The words are read as one stream of bits, each word from its most
  significant bit down. ``bits(k)`` takes the next ``k`` bits of the stream and returns
  them as an int whose most significant bit is the first bit taken; unused bits wait in
  a buffer for the next call. ``bits(0)`` is 0 and consumes nothing.
* **below(n)** takes ``k = (n - 1).bit_length()`` bits and retries while the value is
  ``>= n`` (rejection sampling, so it is unbiased). ``below(2)`` is exactly one bit.
* **shuffle(x)** of ``n`` items makes one draw ``r = below(n!)`` and decodes it as the
  choices of Fisher–Yates from the back: for ``i`` from ``n - 1`` down to 1,
  ``r, j = divmod(r, i + 1)`` and swap ``x[i]`` with ``x[j]`` (see ``permutation``). So a
  two-card pile costs exactly one bit: 1 keeps the order, 0 swaps it. Lists of fewer than
  2 items draw nothing.

>>> rng = Rng(42)
>>> rng.bits(1), rng.below(52), rng.below(1)
(1, 30, 0)
>>> rng
Rng(state=0x9e3779b97f4a7c3f, buffer=0x1d732262feb6e95, buffered=57)
"""

from __future__ import annotations

from collections.abc import MutableSequence
from math import factorial
from operator import itemgetter
from typing import Any

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def mix(z: int) -> int:
    """The splitmix64 finaliser, a bijection on 64-bit ints."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def derive(seed: int, index: int) -> int:
    """The seed of game ``index`` in a series started from ``seed`` (used by ``simulate``).

    ``simulate(players, games, seed)`` plays ``Game.new(players, derive(seed, i))`` for
    ``i`` in ``range(games)``. The result is below 2**53, so it survives JavaScript numbers.

    >>> derive(0, 0), derive(0, 1) != derive(1, 0)
    (7956156453446585, True)
    """
    return mix((seed + (index + 1) * GAMMA) & MASK) >> 11


class Rng:
    """splitmix64 words consumed as a bit stream (see the module docstring).

    The whole state is three ints: ``(state, buffer, buffered)``.

    >>> a = Rng(7); b = a.copy(); a.shuffle(x := [1, 2, 3]); b.shuffle(y := [1, 2, 3]); x == y
    True
    """

    __slots__ = ("_state", "_buffer", "_buffered")

    def __init__(self, seed: int) -> None:
        self._state = seed & MASK
        self._buffer = 0
        self._buffered = 0

    def word(self) -> int:
        """The next 64-bit word (bypasses the bit buffer)."""
        self._state = state = (self._state + GAMMA) & MASK
        return mix(state)

    def bits(self, k: int) -> int:
        """The next ``k`` bits of the stream, first bit most significant."""
        buffer, buffered = self._buffer, self._buffered
        if buffered < k:
            state = self._state
            while buffered < k:  # the words, as in ``word``
                state = (state + GAMMA) & MASK
                buffer = buffer << 64 | mix(state)
                buffered += 64
            self._state = state
        buffered -= k
        self._buffered = buffered
        self._buffer = buffer & ((1 << buffered) - 1)
        return buffer >> buffered

    def below(self, n: int) -> int:
        """A uniform int in ``range(n)``, by rejection sampling."""
        k = (n - 1).bit_length()
        while (r := self.bits(k)) >= n:
            pass
        return r

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle in place: one draw ``r = below(n!)``, applied as ``permutation(n, r)``."""
        n = len(items)
        if n > 1:
            r = self.below(_FACTORIALS[n])
            items[:] = (_SMALL[n][r] if n < len(_SMALL) else itemgetter(*permutation(n, r)))(items)

    def getstate(self) -> tuple[int, int, int]:
        """``(state, buffer, buffered)``: all there is to the generator."""
        return self._state, self._buffer, self._buffered

    def setstate(self, state: tuple[int, int, int]) -> None:
        """Restore a state from ``getstate`` (not validated here)."""
        self._state, self._buffer, self._buffered = state

    @classmethod
    def from_state(cls, state: tuple[int, int, int]) -> Rng:
        """The generator with a state from ``getstate``."""
        rng = cls(0)
        rng.setstate(state)
        return rng

    def copy(self) -> Rng:
        return Rng.from_state(self.getstate())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self.getstate() == other.getstate()

    __hash__ = None  # type: ignore[assignment]  # unhashable on purpose (its state changes); typeshed wants a method

    def __repr__(self) -> str:
        return f"Rng(state={self._state:#018x}, buffer={self._buffer:#x}, buffered={self._buffered})"


def permutation(n: int, r: int) -> list[int]:
    """Where ``shuffle`` takes each item from, for the draw ``r``: Fisher–Yates choices.

    For ``i`` from ``n - 1`` down to 1, ``r, j = divmod(r, i + 1)`` and swap ``i`` and ``j``.

    >>> permutation(2, 0), permutation(2, 1), permutation(4, 0), permutation(4, 23)
    ([1, 0], [0, 1], [1, 2, 3, 0], [0, 1, 2, 3])
    """
    order = list(range(n))
    for i in range(n - 1, 0, -1):
        r, j = divmod(r, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


_FACTORIALS = [factorial(n) for n in range(55)]  # up to 54 cards: the deck with the jokers (R14)
# lookups for piles of 2 to 6 cards (battles of up to 4 players, wars of 2), the usual ones
_SMALL = [[], [], *([itemgetter(*permutation(n, r)) for r in range(factorial(n))] for n in range(2, 7))]
