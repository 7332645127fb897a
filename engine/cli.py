"""The command line: ``python -m krig play`` and ``python -m krig simulate``.

>>> main(["simulate", "--games", "3", "--seed", "1"])  # doctest: +ELLIPSIS
Simulated 3 games, 2 players, shuffled order, seed 1
...
0
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Sequence

from .fast import Stats, simulate
from .game import Game, Round
from .rules import FACE_DOWN, HOUSE_RULES, HouseRules, Order, Result

EPILOG = """\
examples:
  python -m krig play                      a 2-player game, played to the end
  python -m krig play --players 4 --step   press Enter for each round
  python -m krig play --seed 42 --order played
  python -m krig simulate --games 10000 --players 3
  python -m krig simulate --games 1000 --order played --seed 7
  python -m krig simulate --games 1000 --face-down 3
  python -m krig simulate --games 1000 --house peace --house only-tied
  python -m krig play --players 3 --house jokers

Rules: see docs/rules.md (R1-R17). Seats are numbered from 0; seat 0 is you.
"""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    args = _parser().parse_args(argv)
    code: int = args.run(args)
    return code


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m krig",
        description="Krig, the Norwegian War: play a game in the terminal or simulate many.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(title="commands", required=True, metavar="{play,simulate}")

    play = commands.add_parser(
        "play",
        help="play one game and show every round",
        description="Play one game and show every round.",
    )
    _common(play)
    play.add_argument(
        "--seed",
        type=int,
        help="seed of the deal and of the shuffles (default: a fresh one)",
    )
    play.add_argument("--step", action="store_true", help="wait for Enter after each round")
    play.add_argument(
        "--max-rounds",
        type=int,
        default=None,
        metavar="N",
        help="show only the first N rounds, then finish the game at once",
    )
    play.set_defaults(run=_play)

    sim = commands.add_parser(
        "simulate",
        help="play many games fast and summarise them",
        description="Play many games as fast as possible and print a summary with a histogram of lengths.",
    )
    _common(sim)
    sim.add_argument("--games", type=int, default=1000, help="number of games (default: 1000)")
    sim.add_argument(
        "--seed",
        type=int,
        default=0,
        help="seed of the series; game i uses derive(seed, i) (default 0)",
    )
    sim.set_defaults(run=_simulate)
    return parser


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        default=2,
        help="number of players (default: 2)",
    )
    parser.add_argument(
        "--order",
        choices=list(Order),
        default=Order.SHUFFLED,
        help="how the winner returns the pile (R9; default: shuffled)",
    )
    parser.add_argument(
        "--face-down",
        type=int,
        choices=FACE_DOWN,
        default=1,
        metavar="{1,2,3,4,5}",
        help="cards each player puts face down in a war step (R7, R16; default: 1, the traditional game plays 3)",
    )
    parser.add_argument(
        "--house",
        action="append",
        choices=HOUSE_RULES,
        default=[],
        help="a house rule, once per rule: peace (R13), jokers (R14), only-tied (R15); peace and jokers not together",
    )


def _play(args: argparse.Namespace) -> int:
    game = Game.new(
        args.players, seed=args.seed, return_order=args.order, face_down=args.face_down, house=_house(args)
    )
    print(f"Krig: {game.players} players, {game.return_order} order{_variant(game.face_down, game.house)}, "
          f"seed {game.seed}")
    if game.aside:
        print(f"{len(game.aside)} card{'s are' if len(game.aside) > 1 else ' is'} set aside unseen (R3).")
    while not game.over:
        if args.max_rounds is not None and game.round_number >= args.max_rounds:
            outcome = game.finish()
            print(f"... finished at once: {outcome.rounds} more rounds ({outcome.wars} war steps)")
            break
        print(describe_round(game.play_round(), game))
        if args.step and not game.over:
            input("  [Enter] ")
    print(describe_end(game))
    return 0


def describe_round(record: Round, game: Game) -> str:
    """One round as text: the cards each seat put down (face-down ones in brackets), and what came of it."""
    lines = [f"Round {record.number}:"]
    for i, step in enumerate(record.steps):
        cards = []
        for seat in range(len(step.up)):
            shown = [*(f"[{card}]" for card in step.down[seat]), step.up[seat] or "", *step.last[seat]]
            if any(shown):
                cards.append(f"{seat}: {' '.join(filter(None, shown))}")
        lines.append(f"  {'battle' if i == 0 else 'war   '}  " + "   ".join(cards))
    if record.winner is None:
        lines.append("  nobody is left in the war")
    else:
        lines.append(f"  seat {record.winner} takes {len(record.pile)} cards")
    if record.eliminated:
        lines.append(f"  out: seat {', '.join(map(str, record.eliminated))}")
    lines.append("  cards: " + "  ".join(f"{seat}:{len(hand)}" for seat, hand in enumerate(game.hands)))
    return "\n".join(lines)


def describe_end(game: Game) -> str:
    """How the game ended."""
    if game.result is Result.WIN:
        return f"Seat {game.winner} wins after {game.round_number} rounds."
    if game.result is Result.DRAW:
        return f"Draw after {game.round_number} rounds: nobody was left in the war (R8)."
    return (
        f"Repetition after {game.round_number} rounds: the hands came back to an earlier arrangement (R12)."
    )


def _simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    progress = _ProgressBar(args.games) if args.games >= 2000 else None
    house = _house(args)
    stats = simulate(
        args.players,
        args.games,
        seed=args.seed,
        return_order=args.order,
        progress=progress,
        face_down=args.face_down,
        house=house,
    )
    if progress:
        progress.close()
    variant = _variant(args.face_down, house)
    print(f"Simulated {stats.games} games, {args.players} players, {args.order} order{variant}, seed {args.seed}")
    print(summary(stats))
    return 0


def _house(args: argparse.Namespace) -> HouseRules:
    """The house rules of ``--house``; a pair that does not go together (R17) ends the command with its reason."""
    try:
        return HouseRules.named(args.house)
    except ValueError as error:
        print(f"python -m krig: {error}", file=sys.stderr)
        raise SystemExit(2) from None


def _variant(face_down: int, house: HouseRules) -> str:
    """The face-down variant and the house rules in a heading, unsaid for the seeds' one card and Krig's own rules.

    >>> _variant(1, HouseRules()), _variant(3, HouseRules(peace=True, only_tied=True))
    ('', ', 3 cards face down, house rules peace, only-tied')
    """
    cards = "" if face_down == 1 else f", {face_down} cards face down"
    return cards + (f", house rules {', '.join(house.names)}" if house else "")


def summary(stats: Stats) -> str:
    """Lengths, results and a text histogram of game lengths."""
    rounds = stats.rounds
    lines = [
        f"length (rounds): mean {stats.mean:.1f}, median {stats.median:g}, max {max(rounds)}",
        "wins per seat: " + ", ".join(f"{seat}: {wins}" for seat, wins in enumerate(stats.wins)),
        f"draws: {stats.draws}, repetitions: {stats.repetitions}, war steps: {stats.wars}"
        f" ({stats.wars / sum(rounds) if sum(rounds) else 0:.3f} per round)",
        "",
        "histogram of game lengths:",
    ]
    lines += histogram(rounds)
    return "\n".join(lines)


def histogram(values: list[int], bins: int = 12, width: int = 40) -> list[str]:
    """Rows of a text histogram, the tail past the 99th percentile in the last bin.

    >>> print("\\n".join(histogram([1, 2, 2, 3, 9], bins=3, width=4)))
            1–3   #### 4
            4–6        0
             7+   #    1
    """
    top = statistics.quantiles(values, n=100, method="inclusive")[98] if len(values) > 1 else values[0]
    low = min(values)
    size = max(1, -(-(int(top) - low + 1) // bins))
    counts = [0] * bins
    for value in values:
        counts[min((value - low) // size, bins - 1)] += 1
    most = max(counts)
    rows = []
    for i, count in enumerate(counts):
        start, stop = low + i * size, low + (i + 1) * size
        label = f"{start}+" if i == bins - 1 else f"{start}–{stop - 1}" if size > 1 else f"{start}"
        rows.append(f"{label:>11}   {'#' * round(count / most * width):<{width}} {count}")
    return rows


class _ProgressBar:
    """A progress bar on stderr for ``simulate``'s ``progress`` callback."""

    def __init__(self, total: int) -> None:
        self.total = total

    def __call__(self, done: int) -> bool:
        filled = 30 * done // self.total
        print(
            f"\r[{'#' * filled}{'.' * (30 - filled)}] {done}/{self.total}",
            end="",
            file=sys.stderr,
            flush=True,
        )
        return True

    def close(self) -> None:
        print(file=sys.stderr)
