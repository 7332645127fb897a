"""A real deployment: dist/ copied into a subfolder (/krig/) of a plain static server, Python's own http.server
rather than build.py's, plays, and then plays offline through the service worker (docs/deploy.md)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from gamepage import CONTROLLED, ENGINE_READY, LOAD_TIMEOUT, board, flip, new_game
from guard import guarded_page


@pytest.fixture(scope="module")
def subfolder_url(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`dist/` as `/krig/` of a host that knows nothing of Krig, on a free local port."""
    root = tmp_path_factory.mktemp("host")
    shutil.copytree(dist, root / "krig")
    server = subprocess.Popen([sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
                               "--directory", str(root)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              text=True)
    assert server.stdout is not None
    port = re.search(r"port (\d+)", server.stdout.readline())
    assert port, "http.server did not say its port"
    yield f"http://127.0.0.1:{port.group(1)}/krig/"
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture
def subfolder_page(browser: Browser, subfolder_url: str) -> Iterator[Page]:
    with guarded_page(browser, subfolder_url) as page:
        yield page


def test_the_site_in_a_subfolder_plays_and_then_plays_offline(subfolder_page: Page) -> None:
    page = subfolder_page
    page.goto("index.html")  # the root page sends the visitor on to a language, inside the subfolder
    page.wait_for_url("**/krig/en/index.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    new_game(page, 2, 7)
    flip(page, 3)
    assert sum(board(page)["counts"]) == 52
    scope = page.evaluate("async () => (await navigator.serviceWorker.ready).scope")
    assert scope.endswith("/krig/")  # the service worker stays inside the subfolder

    page.wait_for_function(CONTROLLED, timeout=LOAD_TIMEOUT)
    page.context.set_offline(True)
    page.goto("fr/index.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert board(page)["round"] == "3"  # the saved game, told again in French
    flip(page)
    assert board(page)["round"] == "4" and sum(board(page)["counts"]) == 52
