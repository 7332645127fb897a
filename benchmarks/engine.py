"""Rounds per second of the engine's paths against a plain deque-based simulator, per face-down variant.

Run as ``python benchmarks/engine.py``. Prints figures only (median of several repeats, in CPU
time, each engine figure measured right after its baseline so that both see the same load).

The baseline is the yardstick, and it stays a separate, plain copy of the rules on purpose: it
plays R5–R11 in shuffled order the obvious way (``collections.deque`` hands, ``popleft``,
``extend`` and ``random.shuffle`` of the pile) and shares no code with the engine, so its speed
moves only with the machine and the Python, never with a change to the engine. The ratio
against it is what can be compared between runs and machines. It is not a reference for
correctness: it draws its shuffles from ``random`` and plays other deals; the engine's paths
are checked against ``Game.play_round`` by the tests, game by game.

The first table is ``simulate`` (two players: the bit-packed duels, a hundred games at once;
three and four: round by round until two are left). The second plays single games with
``Game.play_round`` (the readable reference, with full records) and ``Game.finish`` (one game
on the fast path). The third is the win chances: rollouts per second of one estimate
(``win_chances``, 500 rollouts from the deal, whole games from a shuffled position) against the
baseline's games per second, and what one estimate costs (``--chances`` prints that table alone).
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

from krig import Game, derive, simulate, win_chances  # noqa: E402

GAMES = 500  # per run of simulate and of the baseline
SINGLE = 20  # games per run of play_round and finish
REPEATS = 5
FACE_DOWN = (1, 2, 3)
ESTIMATE = 500  # rollouts of one estimate of the win chances (krig.webapp.estimate.ROLLOUTS)


def baseline(players: int, games: int, face_down: int = 1, seed: int = 0) -> int:
    """Play ``games`` games with deques; return the total number of rounds."""
    rnd = random.Random(seed)
    deck = [rank for rank in range(13) for _ in range(4)]
    dealt = 52 - 52 % players
    step = face_down + 1
    total = 0
    winner: deque[int] | None
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
                    if len(hand) >= step:
                        for _ in range(face_down):
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


def simulated(players: int, games: int, face_down: int) -> int:
    """Play ``games`` games with ``krig.simulate``; return the total number of rounds."""
    return sum(simulate(players, games, face_down=face_down).rounds)


def round_by_round(players: int, games: int, face_down: int) -> int:
    """Play ``games`` games with ``Game.play_round``; return the total number of rounds."""
    total = 0
    for i in range(games):
        game = Game.new(players, seed=derive(1, i), face_down=face_down)
        while not game.over:
            game.play_round()
        total += game.round_number
    return total


def finished(players: int, games: int, face_down: int) -> int:
    """Play the same games with ``Game.finish``; return the total number of rounds."""
    return sum(Game.new(players, seed=derive(1, i), face_down=face_down).finish().rounds for i in range(games))


def baseline_games(players: int, games: int, face_down: int) -> int:
    """The baseline's ``games`` games; return how many (for games per second)."""
    baseline(players, games, face_down)
    return games


def rollouts(players: int, games: int, face_down: int) -> int:
    """One estimate of ``games`` rollouts from a deal, as the page's bars and the rounds worked out ahead make it;
    return how many."""
    win_chances(Game.new(players, seed=7, face_down=face_down), rollouts=games, seed=1)
    return games


def timed(run: Callable[[int, int, int], int], players: int, games: int, face_down: int) -> float:
    """Rounds per second of one run, in CPU time of this process (other busy processes matter less)."""
    start = time.process_time()
    rounds = run(players, games, face_down)
    return rounds / (time.process_time() - start)


def row(first: Callable[[int, int, int], int], second: Callable[[int, int, int], int],
        players: int, games: int, face_down: int) -> str:
    """The median rounds per second of ``first`` and ``second``, alternating, and their ratio."""
    a, b, ratio = [], [], []
    for _ in range(REPEATS):
        a.append(timed(first, players, games, face_down))
        b.append(timed(second, players, games, face_down))
        ratio.append(b[-1] / a[-1])
    median = statistics.median
    return f"{players:>7} {face_down:>9} {games:>6} {median(a):>13,.0f} {median(b):>13,.0f} {median(ratio):>6.2f}x"


def chances_table() -> None:
    print(f"win chances: one estimate of {ESTIMATE} rollouts from a deal, median of {REPEATS} repeats")
    print(f"{'players':>7} {'face_down':>9} {'baseline g/s':>13} {'rollouts/s':>13} {'ratio':>7} {'ms/estimate':>12}")
    for players in (2, 3, 4):
        base, rolled = [], []
        for _ in range(REPEATS):
            base.append(timed(baseline_games, players, ESTIMATE, 1))
            rolled.append(timed(rollouts, players, ESTIMATE, 1))
        ratio = statistics.median(b / a for a, b in zip(base, rolled, strict=True))
        per_second = statistics.median(rolled)
        print(f"{players:>7} {1:>9} {statistics.median(base):>13,.0f} {per_second:>13,.0f} {ratio:>6.2f}x"
              f" {1000 * ESTIMATE / per_second:>12,.0f}", flush=True)


def main() -> None:
    if "--chances" in sys.argv[1:]:
        chances_table()
        return
    print(f"Python {sys.version.split()[0]}, shuffled order, median of {REPEATS} repeats")
    print("(each pair of runs alternates, so both see the same machine load)")
    print(f"{'players':>7} {'face_down':>9} {'games':>6} {'baseline r/s':>13} {'simulate r/s':>13} {'ratio':>7}")
    for face_down in FACE_DOWN:
        for players in (2, 3, 4):
            print(row(baseline, simulated, players, GAMES, face_down), flush=True)
    print()
    print("one game at a time")
    print(f"{'players':>7} {'face_down':>9} {'games':>6} {'play_round r/s':>13} {'finish r/s':>13} {'ratio':>7}")
    for face_down in FACE_DOWN:
        for players in (2, 3, 4):
            print(row(round_by_round, finished, players, SINGLE, face_down), flush=True)
    print()
    chances_table()


if __name__ == "__main__":
    main()
