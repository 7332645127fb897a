"""``python -m krig``: smoke tests through ``main(argv)`` and one real subprocess."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from krig import Game, Round
from krig.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_help_lists_commands_and_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "play" in out and "simulate" in out and "examples:" in out


def test_simulate_prints_a_summary_with_a_histogram(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--games", "50", "--players", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Simulated 50 games, 3 players, shuffled order, seed 2" in out
    for word in (
        "mean",
        "median",
        "max",
        "wins per seat",
        "draws",
        "repetitions",
        "war steps",
        "histogram",
        "#",
    ):
        assert word in out


def test_simulate_shows_progress_on_stderr_for_long_runs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--games", "2000", "--players", "4"]) == 0
    captured = capsys.readouterr()
    assert "2000/2000" in captured.err
    assert "repetitions" in captured.out


def test_play_shows_rounds_and_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seed", "5", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert "Krig: 2 players, shuffled order, seed 5" in out
    assert "Round 1:" in out and "battle" in out
    assert "wins after" in out or "Draw" in out


def test_play_max_rounds_then_finishes_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "play",
                "--seed",
                "5",
                "--max-rounds",
                "2",
                "--order",
                "played",
                "--players",
                "4",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "Round 2:" in out and "Round 3:" not in out
    assert "finished at once" in out


def test_play_step_waits_for_enter(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    presses: list[str] = []

    def press(prompt: str = "") -> str:
        presses.append(prompt)
        return ""

    monkeypatch.setattr("builtins.input", press)
    assert main(["play", "--seed", "1", "--step", "--max-rounds", "3"]) == 0
    assert len(presses) == 3


def test_bad_arguments_exit_with_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--players", "5"])
    assert exit_info.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_python_dash_m_krig_runs() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "krig", "simulate", "--games", "20"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Simulated 20 games" in result.stdout


def test_face_down_sets_the_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "30", "--face-down", "3", "--seed", "4"]) == 0
    assert "Simulated 30 games, 2 players, shuffled order, 3 cards face down, seed 4" in capsys.readouterr().out
    seed = next(s for s in range(100) if any(r.wars for r in _rounds(Game.new(2, seed=s, face_down=2), 30)))
    assert main(["play", "--seed", str(seed), "--face-down", "2", "--max-rounds", "30"]) == 0
    out = capsys.readouterr().out
    assert "2 cards face down" in out
    war = next(line for line in out.splitlines() if line.startswith("  war"))
    assert war.count("[") == 4  # two face-down cards for each of the two seats, in brackets


def test_face_down_must_be_one_to_five(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--face-down", "6"])
    assert exit_info.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def _rounds(game: Game, most: int) -> list[Round]:
    return [game.play_round() for _ in range(most) if not game.over]
