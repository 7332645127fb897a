"""A killed Chromium resumes its game: the whole browser is killed (SIGKILL to its process group) in the middle of
auto-play at the fastest speed, ten times in a row on one persistent profile, relaunched each time; each next start
restores a valid game with no damaged notice, at most one round behind the last round drawn. Firefox ESR's twin is
tests/crossbrowser/test_killed_browser.py.
"""

from __future__ import annotations

import os
from contextlib import suppress
from functools import partial
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, BrowserType, Error, Page, expect

from browsers import killing  # shared with the Firefox twin
from browsers.drivers import ROUND, engine_counts

from gamepage import ENGINE_READY, LOAD_TIMEOUT, board, flip
from guard import Guard, watched


def launch(browser_type: BrowserType, launch_args: dict[str, Any], site_url: str, profile: Path,
           guard: Guard) -> tuple[BrowserContext, Page, int]:
    """Chromium started on `profile` (kept as the last start left it): its first tab under `guard`, and its main
    process."""
    context = browser_type.launch_persistent_context(profile, **launch_args, base_url=site_url,
                                                     service_workers="allow")
    watched(context, guard)
    return context, context.pages[0] if context.pages else context.new_page(), main_process(profile)


def main_process(profile: Path) -> int:
    """Chromium's main process on `profile`: the leader of the process group Playwright starts it in."""
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        pid = int(cmdline.parent.name)
        with suppress(OSError):  # a process that ended meanwhile
            if f"--user-data-dir={profile}".encode() in cmdline.read_bytes().split(b"\0") and os.getpgid(pid) == pid:
                return pid
    raise AssertionError(f"no Chromium runs on {profile}")


def test_a_killed_chromium_resumes_its_game_at_most_one_round_behind(
        browser_type: BrowserType, browser_type_launch_args: dict[str, Any], site_url: str, tmp_path: Path) -> None:
    counts_after = partial(engine_counts, killing.PLAYERS, killing.SEED)
    guard = Guard(site_url.rstrip("/"))
    profile = tmp_path / "profile"
    context, page, leader = launch(browser_type, browser_type_launch_args, site_url, profile, guard)
    page.goto(f"en/index.html?players={killing.PLAYERS}&seed={killing.SEED}")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    for kill in range(killing.KILLS):
        page.focus("[data-testid=speed]")
        page.keyboard.press("End")  # the fastest speed
        expect(page.locator("[data-testid=speed]")).to_have_value("5")
        start = page.evaluate(ROUND)
        page.click("[data-testid=autoplay]")
        page.wait_for_function(killing.PLAYED_TO, arg=start + killing.rounds_before_kill(kill))
        drawn = page.evaluate(ROUND)  # the last round on screen before the kill
        killing.kill_process_group(leader)
        with suppress(Error):  # Playwright may already know that its browser is gone
            context.close()

        context, page, leader = launch(browser_type, browser_type_launch_args, site_url, profile, guard)
        page.goto("en/index.html")
        page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
        expect(page.locator("[data-testid=save-damaged]")).to_be_hidden()
        restored = page.evaluate(ROUND)
        assert restored >= drawn - 1, f"kill {kill + 1}: round {drawn} was drawn, round {restored} came back"
        assert board(page)["counts"] == counts_after(restored), f"kill {kill + 1}: not the game played"
        flip(page)  # it plays on
        assert board(page)["counts"] == counts_after(restored + 1)
    context.close()
    guard.check()
