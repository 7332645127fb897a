"""A browser killed as a crash or the system kills it, and the game it must resume: shared by the Chromium test
(tests/browser) and the Firefox ESR one, which kill a whole browser in the middle of auto-play at the fastest
speed, again and again on one profile."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

PLAYERS, SEED = 2, 10  # a deal whose game lasts over 2,000 rounds: ten kills in auto-play never see its end
KILLS = 10

# true once the board shows round n or a later one
PLAYED_TO = "(n) => Number(document.getElementById('board').dataset.round) >= n"


def rounds_before_kill(kill: int) -> int:
    """How many rounds auto-play draws before kill number `kill`: a different number each time (3 to 19), so
    that the kills fall at different points of the saves."""
    return 3 + (kill * 7) % 17


def group_alive(leader: int) -> list[int]:
    """The processes of `leader`'s process group that still run (a zombie has ended; nobody may reap it here)."""
    alive = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()  # after "pid (name)": state, ppid, pgrp, ...
        except OSError:
            continue  # it ended while being read
        if int(fields[2]) == leader and fields[0] != "Z":
            alive.append(int(stat.parent.name))
    return alive


def kill_process_group(leader: int) -> None:
    """SIGKILL every process of the browser whose main process is `leader` (the drivers start a browser in a
    process group of its own), and wait until none runs: nothing of it can write any more."""
    os.killpg(leader, signal.SIGKILL)
    deadline = time.monotonic() + 30
    while left := group_alive(leader):
        if time.monotonic() > deadline:
            raise AssertionError(f"processes of the killed browser still run: {left}")
        time.sleep(0.05)
