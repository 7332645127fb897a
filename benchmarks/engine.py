"""Rounds per second of ``engine.simulate`` against a plain deque-based simulator.

Run as ``python benchmarks/engine.py``. Prints figures only (median of several repeats).
The baseline plays the same rules (R5–R11, shuffled order) the obvious way:
``collections.deque`` hands, ``popleft``, ``extend`` and ``random.shuffle`` of the pile.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from krig import simulate  # noqa: E402

GAMES = 500  # per run and player count
REPEATS = 5


def baseline(players: int, games: int, seed: int = 0) -> int:
    """Play ``games`` games with deques; return the total number of rounds."""
    rnd = random.Random(seed)
    deck = [rank for rank in range(13) for _ in range(4)]
    dealt = 52 - 52 % players
    total = 0
    for _ in range(games):
        rnd.shuffle(deck)
        active = [deque(deck[seat:dealt:players]) for seat in range(players)]
        while len(active) > 1:
            total += 1
            ups = [hand.popleft() for hand in active]
            pile = ups[:]
            fighters = active
            while True:
                top = max(ups)
                if ups.count(top) == 1:
                    winner = fighters[ups.index(top)]
                    break
                still, ups = [], []
                for hand in fighters:
                    if len(hand) >= 2:
                        pile.append(hand.popleft())
                        up = hand.popleft()
                        pile.append(up)
                        ups.append(up)
                        still.append(hand)
                    else:
                        pile.extend(hand)
                        hand.clear()
                fighters = still
                if len(fighters) < 2:
                    winner = fighters[0] if fighters else None
                    break
            if winner is None:
                break
            rnd.shuffle(pile)
            winner.extend(pile)
            active = [hand for hand in active if hand]
    return total


def simulated(players: int, games: int) -> int:
    """Play ``games`` games with ``engine.simulate``; return the total number of rounds."""
    return sum(simulate(players, games).rounds)


def timed(run: Callable[[int, int], int], players: int, games: int) -> float:
    """Rounds per second of one run, in CPU time of this process (other busy processes matter less)."""
    start = time.process_time()
    rounds = run(players, games)
    return rounds / (time.process_time() - start)


def main() -> None:
    print(f"Python {sys.version.split()[0]}, shuffled order, median of {REPEATS} repeats")
    print("(baseline and simulate alternate, so both see the same machine load)")
    print(f"{'players':>7} {'games':>6} {'baseline r/s':>13} {'simulate r/s':>13} {'ratio':>6}")
    games = GAMES
    for players in (2, 3, 4):
        base, fast, ratio = [], [], []
        for _ in range(REPEATS):
            base.append(timed(baseline, players, games))
            fast.append(timed(simulated, players, games))
            ratio.append(fast[-1] / base[-1])
        median = statistics.median
        print(f"{players:>7} {games:>6} {median(base):>13,.0f} {median(fast):>13,.0f} {median(ratio):>5.2f}x")


if __name__ == "__main__":
    main()
