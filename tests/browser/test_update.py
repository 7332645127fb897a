"""A new version of the site waits until the visitor clicks "Update now", and the game survives the update."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from gamepage import CONTROLLED, ENGINE_READY, LOAD_TIMEOUT, board, flip, new_game, open_game, record, wait_saved

pytestmark = pytest.mark.service_worker  # a new version waits in the service worker


def test_update_waits_for_the_visitor_and_keeps_the_game(page: Page, guard, dist: Path) -> None:
    open_game(page)
    page.wait_for_function(CONTROLLED, timeout=LOAD_TIMEOUT)
    new_game(page, 2, 8)
    flip(page, 3)
    wait_saved(page, 3)
    before = board(page)
    (old_cache,) = [name for name in page.evaluate("() => caches.keys()") if name != "krig-snapshot"]

    sw = dist / "sw.js"
    original = sw.read_text()
    (block,) = re.findall(r"const PRECACHE = (\{.*\});\n", original)
    precache = json.loads(block)
    newer = original.replace(precache["version"], precache["version"][::-1])
    try:
        sw.write_text(newer)  # "deploy" a new version
        page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
        notice = page.locator("[data-testid=update-ready]")
        expect(notice).to_be_visible(timeout=LOAD_TIMEOUT)
        # nothing was swapped under the game: still the old worker, the page was not reloaded
        assert page.evaluate("() => caches.keys()").count(old_cache) == 1
        assert board(page)["round"] == before["round"]

        page.evaluate("() => { window.notReloaded = true; }")
        page.click("[data-testid=update-now]")
        page.wait_for_function("() => window.notReloaded === undefined", timeout=LOAD_TIMEOUT)  # reloaded
        page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
        expect(page.locator("[data-testid=update-ready]")).to_be_hidden()
        versions = [name for name in page.evaluate("() => caches.keys()") if name != "krig-snapshot"]
        assert versions == [f"krig-{precache['version'][::-1]}"]  # the old version's cache is deleted
        assert board(page)["counts"] == before["counts"]
        assert record(page)["game"]["rounds"] == 3  # the save carried over
        flip(page)
        wait_saved(page, 4)  # and the new version saves the game on
    finally:
        sw.write_text(original)
