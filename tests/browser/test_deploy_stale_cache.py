"""A deploy that removes the `pyodide/<version>/` folder while a visitor's browser still keeps the old files in its
HTTP cache, as GitHub Pages lets it for 10 minutes (`Cache-Control: max-age=600`, no `_headers`). The test serves
a copy of dist/, plays a first visit, then changes the copy between two visits: a new deploy (the runtime's folder
under a new version, and the worker naming it), or a broken one (the folder gone). The second visit opens in a new
tab of the same browser profile, so its HTTP cache and IndexedDB are the first visit's. Where a service worker
controls the page, it serves the old version whole, runtime included, until "Update now" (tests/browser/
test_update.py); these visits have none."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

import build

from gamepage import ENGINE_READY, LOAD_TIMEOUT, board, flip, new_game, wait_saved
from guard import Guard

NEXT = "999.0.0"  # the version a later deploy brings


class GitHubPagesHandler(build.Handler):
    """build.py's server with GitHub Pages' caching: every file may be kept 10 minutes. The runtime's large files
    are never kept, as if the browser had evicted them, or the first visit had ended before they came: the old
    page's worker must then ask the server for them. It notes each path asked."""

    asked: list[str]

    def end_headers(self) -> None:
        runtime = "/pyodide/" in self.path and self.path.split("/pyodide/")[1][:1].isdigit()
        self.send_header("Cache-Control", "no-store" if runtime else "max-age=600")
        self.asked.append(self.path)
        super().end_headers()


@pytest.fixture
def deployed(dist: Path, tmp_path: Path) -> Iterator[tuple[str, Path, list[str]]]:
    """A copy of dist/ served as GitHub Pages serves it: its address, its folder and the paths asked for."""
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    (site / build.HEADERS).write_text("")  # GitHub Pages sends no headers of the site's own
    asked: list[str] = []
    handler = type("Handler", (GitHubPagesHandler,), {"asked": asked})
    server = build.make_server(site, port=0, handler=handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", site, asked
    server.shutdown()
    server.server_close()


def runtime(site: Path) -> Path:
    return site / build.runtime_folder()


def deploy_next_pyodide(site: Path) -> None:
    """A new deploy: the runtime under a new version, and the worker that names it; the old folder is gone."""
    old = runtime(site)
    old.rename(old.with_name(NEXT))
    worker = site / "js" / "worker.js"
    worker.write_text(worker.read_text().replace(f"pyodide/{old.name}/", f"pyodide/{NEXT}/"))
    for sibling in (".br", ".gz"):  # the server would send a stale precompressed copy otherwise
        worker.with_name(worker.name + sibling).unlink(missing_ok=True)


def first_visit(browser: Browser, url: str, guard: Guard) -> tuple[Page, dict]:
    """A first visit that deals and plays 3 rounds, without a service worker (not yet registered, or a browser
    that has none, such as a private window that forbids it): only the HTTP cache keeps the files."""
    context = browser.new_context(base_url=url, service_workers="block")
    context.on("request", guard.request)
    context.on("console", guard.console)
    context.on("weberror", guard.weberror)
    page = context.new_page()
    page.goto("en/index.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    new_game(page, 2, seed=31)
    flip(page, 3)
    wait_saved(page, 3)
    return page, board(page)


def navigations(page: Page) -> str:
    return page.evaluate("() => performance.getEntriesByType('navigation')[0].type")


def test_after_a_deploy_that_moved_pyodide_the_next_visit_plays_on(browser: Browser, deployed) -> None:
    url, site, asked = deployed
    guard = Guard(url.rstrip("/"))
    page, before = first_visit(browser, url, guard)
    deploy_next_pyodide(site)
    asked.clear()
    again = page.context.new_page()
    page.close()  # the first visit is over (its tab would hold the game)
    again.goto("en/index.html")
    again.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert board(again)["round"] == before["round"] and board(again)["counts"] == before["counts"]
    assert again.evaluate("() => sessionStorage.getItem('krig-refetched')") is None
    flip(again)
    assert navigations(again) == "reload"  # the old worker came from the HTTP cache: one refetch and one reload
    assert f"/pyodide/{NEXT}/pyodide.mjs" in asked
    again.context.close()
    guard.check()


def test_a_deploy_without_the_pyodide_folder_reloads_once_then_says_what_to_do(browser: Browser,
                                                                              deployed) -> None:
    url, site, asked = deployed
    guard = Guard(url.rstrip("/"))
    page, _ = first_visit(browser, url, guard)
    shutil.rmtree(runtime(site))
    asked.clear()
    again = page.context.new_page()
    page.close()  # the first visit is over (its tab would hold the game)
    again.goto("en/index.html")
    failed = again.locator("[data-testid=engine-failed]")
    expect(failed).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(failed).to_contain_text("Try reloading the page")
    assert navigations(again) == "reload"  # one reload, and no more: the flag stays for this tab
    assert again.evaluate("() => sessionStorage.getItem('krig-refetched')") == "1"
    assert asked.count("/en/index.html") <= 2, asked  # the refetch and the reload
    again.context.close()
    guard.check()
