"""dist/ on a host that reads `_headers` and drops `.html` from addresses, as Cloudflare Pages does: the headers
arrive, the game plays, comes back from the service worker and plays offline; and no page can frame the game
(docs/deploy.md)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Page

import build

from gamepage import CONTROLLED, ENGINE_READY, LOAD_TIMEOUT, board, flip, new_game
from guard import Guard, guarded_page


class PagesHandler(build.Handler):
    """build.py's server, which sends what `_headers` says, with Cloudflare Pages' addresses for pages: it
    redirects `/x/index.html` to `/x/` and `/x/y.html` to `/x/y`, and answers `/x/y` with `y.html`."""

    def send_head(self) -> Any:
        address = urlsplit(self.path)
        if not address.path.endswith(".html"):
            return super().send_head()
        self.content_encoding, self.vary = None, False  # nothing of a file: this answer has no body
        target = address.path.removesuffix("index.html") if address.path.endswith("/index.html") else (
            address.path.removesuffix(".html"))
        self.send_response(308)
        self.send_header("Location", target + (f"?{address.query}" if address.query else ""))
        self.send_header("Content-Length", "0")
        self.end_headers()
        return None

    def translate_path(self, path: str) -> str:
        address = urlsplit(path).path
        if "." not in address.rsplit("/", 1)[-1] and not address.endswith("/"):
            page = super().translate_path(address + ".html")
            if Path(page).is_file():
                return page
        return super().translate_path(path)


@pytest.fixture(scope="module")
def pages_url(dist: Path) -> Iterator[str]:
    server = build.make_server(dist, port=0, handler=PagesHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture
def pages_page(browser: Browser, pages_url: str) -> Iterator[Page]:
    with guarded_page(browser, pages_url) as page:
        yield page


def test_on_a_host_that_drops_html_the_game_comes_back_from_the_service_worker_and_plays_offline(
        pages_page: Page) -> None:
    page = pages_page
    wasm: list[dict[str, str]] = []
    page.context.on("response", lambda answer: wasm.append(answer.headers) if answer.url.endswith(".wasm") else None)
    first = page.goto("index.html")
    assert first is not None and first.url.endswith("/") and first.request.redirected_from is not None
    page.wait_for_url("**/en/")  # the root page sends the visitor to en/index.html, which the host calls en/
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    new_game(page, 2, 7)
    flip(page, 3)
    assert wasm and wasm[0]["cache-control"] == "public, max-age=31536000, immutable"

    page.wait_for_function(CONTROLLED, timeout=LOAD_TIMEOUT)
    again = page.reload()  # the service worker answers now: its copy of the page must not be a redirect
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert again is not None and again.from_service_worker and board(page)["round"] == "3"

    page.context.set_offline(True)
    french = page.goto("fr/index.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert french is not None and french.from_service_worker
    assert "frame-ancestors 'none'" in french.headers["content-security-policy"]  # the policy stays offline
    assert french.headers["cache-control"] == "no-cache"
    assert board(page)["round"] == "3"
    flip(page)
    assert board(page)["round"] == "4" and sum(board(page)["counts"]) == 52

    stats = page.goto("en/stats")  # the address the host gave the statistics page, bookmarked online
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert stats is not None and stats.from_service_worker
    assert page.locator("[data-testid=sim-run]").is_visible()


def test_no_page_can_frame_the_game(page: Page, site_url: str, guard: Guard) -> None:
    guard.allowed.append(  # the browser says why it refused the frame
        r"Framing 'http://127\.0\.0\.1:\d+/' violates the following Content Security Policy directive: "
        r"\"frame-ancestors 'none'\"\. The request has been blocked\.\n")
    framed: list[dict[str, str]] = []
    page.on("response", lambda response: framed.append(response.headers) if "/en/" in response.url else None)
    page.set_content(f'<iframe src="{site_url}en/index.html"></iframe>', wait_until="load")
    (frame,) = page.main_frame.child_frames
    assert framed and "frame-ancestors 'none'" in framed[0]["content-security-policy"]
    assert frame.query_selector("[data-testid=flip]") is None  # the game never loaded inside the frame
