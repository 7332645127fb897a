"""The install's screenshots show the page as it is: each language's game page, dealt and after one flip, at the
window that build.SCREENSHOT_WINDOWS gives it, looks like the screenshot kept in site/static/screenshots/ that its
manifest names. `make screenshots` takes them again (KRIG_INSTALL_SCREENSHOTS=1) after the page changes.

They are taken in Chromium itself, the browser a visitor installs from, not in the headless shell the other tests
drive, which lays Bengali's words out a few pixels wider.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat
from playwright.sync_api import Browser, BrowserContext, BrowserType

import build
from sitebuild.chromium import launch_options

from gamepage import ENGINE_READY, LOAD_TIMEOUT, ServiceWorkers, Visitor
from guard import Guard

LANGS = [lang.code for lang in build.LANGUAGES]
KEPT = build.SITE / "static"
RETAKE = os.environ.get("KRIG_INSTALL_SCREENSHOTS") == "1"
DEAL = "index.html?players=2&seed=11"  # the same deal in every language, so that only the words differ
FLIPPED = "() => document.getElementById('board').dataset.savedRound === '1'"
# Every picture and font in, and two frames drawn since: the page as it stays until the next flip.
SETTLED = """() => document.fonts.status === 'loaded' && [...document.images].every((image) => image.complete)
  && new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))"""
SAME = 2.0  # the largest mean difference (of 255, over every pixel's channels) between two takes of one page


@pytest.fixture(scope="module")
def chromium(browser_type: BrowserType, browser_type_launch_args: dict[str, Any]) -> Iterator[Browser]:
    launched = browser_type.launch(**{**browser_type_launch_args, **launch_options(optimised_wasm=False)})
    yield launched
    launched.close()


@pytest.fixture
def visitor(chromium: Browser, site_url: str, guard: Guard, prime: Callable[[BrowserContext], None],
            service_workers: ServiceWorkers) -> Visitor:
    return Visitor(chromium, site_url, guard, prime, service_workers)


def take(visitor: Visitor, lang: str, form: str) -> Image.Image:
    """The game page in `lang` at the `form` window, from its top: the deal, after one flip."""
    (width, height), scale = build.SCREENSHOT_WINDOWS[form]
    context = visitor.context(viewport={"width": width, "height": height}, device_scale_factor=scale,
                              reduced_motion="reduce")
    try:
        page = context.new_page()
        page.goto(f"{lang}/{DEAL}")
        page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
        page.locator("[data-testid=flip]").click()
        page.wait_for_function(FLIPPED)
        page.evaluate("() => { document.activeElement.blur(); window.scrollTo(0, 0); }")
        page.wait_for_function(SETTLED)
        return Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    finally:
        context.close()


def difference(a: Image.Image, b: Image.Image) -> float:
    return float(sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3)


@pytest.mark.parametrize("form", build.SCREENSHOT_WINDOWS)
def test_the_install_screenshots_show_the_game_page_in_their_language(visitor: Visitor, form: str) -> None:
    kept = {lang: KEPT / build.screenshot(lang, form) for lang in LANGS}
    for lang in LANGS:
        shot = take(visitor, lang, form)
        assert f"{shot.width}x{shot.height}" == build.screenshot_sizes(form)
        if RETAKE:
            kept[lang].parent.mkdir(parents=True, exist_ok=True)
            shot.save(kept[lang], optimize=True)
        stored = Image.open(kept[lang]).convert("RGB")
        assert stored.size == shot.size, f"{kept[lang].name}: taken at another size"
        own = difference(shot, stored)
        assert own < SAME, f"{kept[lang].name} no longer shows the page ({own:.1f}): run make screenshots"
        if lang != "en":  # the measure tells languages apart: the page in English is further from it
            english = Image.open(kept["en"]).convert("RGB")
            assert difference(shot, english) > own, f"{kept[lang].name} looks like the English page"
