"""The game runs on a trimmed standard library: a module missing from it never breaks a game while the whole
library can be fetched, and if it cannot, the page says plainly that the engine could not load."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from gamepage import LOAD_TIMEOUT, Game, board, expect_engine_failed, flip, new_game, open_game

pytestmark = pytest.mark.cold  # start-up itself: as a new visitor, with no snapshot

MISSING = "gettext"  # the bridge imports it at once, so the start itself needs the fallback
LACKS = f"krig: the trimmed standard library lacks {MISSING}"  # what engine.js warns each time


def without(dist: Path, module: str) -> bytes:
    """The trimmed standard library with `module` taken out and listed as left out, as a bad trace would ship it."""
    (trimmed,) = (dist / "pyodide").glob("stdlib-*.zip")
    out = io.BytesIO()
    with zipfile.ZipFile(trimmed) as old, zipfile.ZipFile(out, "w") as new:
        for info in old.infolist():
            data = old.read(info)
            if info.filename == f"{module}.pyc":
                continue
            if info.filename == "_stdlib_fallback.names":
                data += f"{module}\n".encode()
            new.writestr(info, data)
    return out.getvalue()


def serve_trimmed_without(context: BrowserContext, dist: Path, module: str) -> list[str]:
    """Route the trimmed library to one lacking `module`; return the list of requests for the whole library."""
    body = without(dist, module)
    context.route("**/pyodide/stdlib-*.zip", lambda route: route.fulfill(body=body, content_type="application/zip"))
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url) if "python_stdlib.zip" in request.url else None)
    return asked


def test_a_module_missing_from_the_trimmed_stdlib_is_fetched_once_and_the_game_plays(
        context: BrowserContext, page: Page, guard, dist: Path) -> None:
    asked = serve_trimmed_without(context, dist, MISSING)
    guard.allowed.append(LACKS)
    open_game(page, "fr/index.html")
    assert page.evaluate("() => document.documentElement.dataset.stdlibFallback") == MISSING
    assert len(asked) == 1
    new_game(page, 3, 12)
    flip(page, 4)
    expected = Game.new(3, seed=12)
    for _ in range(4):
        expected.play_round()
    assert board(page)["counts"] == [len(hand) for hand in expected.hands]
    # a snapshot would miss the whole library's file: this start makes none
    page.wait_for_function("() => document.documentElement.dataset.snapshot === 'failed'", timeout=LOAD_TIMEOUT)


def test_when_the_missing_module_cannot_be_fetched_the_page_says_the_engine_could_not_load(
        context: BrowserContext, page: Page, guard, dist: Path) -> None:
    serve_trimmed_without(context, dist, MISSING)
    context.route("**/python_stdlib.zip", lambda route: route.abort())
    guard.allowed.append(LACKS)
    page.goto("en/index.html")
    expect_engine_failed(page)
