"""The statistics page on a 375 px phone: your figures in a compact grid, chart labels at least 12 px on screen,
round bins with a tail bin that is labelled and drawn apart, and every link and control a touch target of at
least 44 px."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, open_game, wait_saved, write

PHONE: ViewportSize = {"width": 375, "height": 740}

# Each chart text's font size as drawn: its computed size times the SVG's scale (its width on screen over its
# viewBox's width), and the height of its box on screen.
LABEL_SIZES = """() => [...document.querySelectorAll('.chart svg')].flatMap((svg) => {
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll('text')].map((label) => ({
    text: label.textContent,
    px: parseFloat(getComputedStyle(label).fontSize) * scale,
    height: label.getBoundingClientRect().height,
  }));
})"""

# Every link and control a person can touch, with its size on screen
# A checkbox's target is its label, as on the game page (test_a11y.py).
TARGETS = """() => [...document.querySelectorAll('a[href], button, select, input, summary')]
  .filter((element) => element.getClientRects().length && getComputedStyle(element).visibility !== 'hidden')
  .map((element) => {
    const box = (element.matches('input[type=checkbox]') ? element.closest('label') : element).getBoundingClientRect();
    const what = `${element.tagName} ${element.textContent.trim().slice(0, 40)}`;
    return {what, width: box.width, height: box.height};
  })"""


def simulated(page: Page, lang: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{lang}/stats.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    page.select_option("[data-testid=sim-games]", "1000")
    page.click("[data-testid=sim-run]")
    expect(page.locator("[data-testid=sim-summary]")).to_have_attribute("data-games", "1000", timeout=LOAD_TIMEOUT)


@pytest.mark.parametrize("lang", ["en", "bn"])
def test_chart_labels_are_at_least_12_px_on_a_phone(page: Page, guard, lang: str) -> None:
    simulated(page, lang)
    sizes = page.evaluate(LABEL_SIZES)
    assert len(sizes) > 10
    small = [size for size in sizes if size["px"] < 12 or size["height"] < 12]
    assert not small, small
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]  # nothing sticks out


def test_the_tail_bin_is_labelled_in_words_and_drawn_hatched(page: Page, guard) -> None:
    simulated(page, "en")
    bars = page.locator("#lengths-chart rect.bar")
    fills = bars.evaluate_all("(bars) => bars.map((bar) => getComputedStyle(bar).fill)")
    assert re.fullmatch(r'url\("?#lengths-chart-hatch"?\)', fills[-1]), fills[-1]  # hatched
    assert "url" not in fills[0] and len(set(fills[:-1])) == 1, fills  # the others plain, all alike
    labels = page.locator("#lengths-chart svg text")
    last = labels.nth(labels.count() - 2).text_content() or ""  # the tail's label, then its figure
    low = re.fullmatch(r"([\d,]+) rounds or more", last)
    assert low, last
    expect(page.locator("[data-testid=lengths-note]")).to_have_text(
        f"The hatched bar counts every game of {low.group(1)} rounds or more.")
    first = labels.first.text_content() or ""
    width = int(first.split("–")[1].replace(",", "")) + 1
    assert width in (1, 2, 5, 10, 20, 25, 50, 100, 150, 200, 250, 500), first
    assert (page.locator("#lengths-chart li").last.text_content() or "").startswith(f"{low.group(1)} rounds or more: ")


def test_every_target_on_the_statistics_page_is_at_least_44_px(page: Page, guard) -> None:
    open_game(page, "en/index.html?players=2&seed=7")
    page.click("[data-testid=finish]")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    wait_saved(page, int(page.evaluate("() => document.getElementById('board').dataset.round")))
    simulated(page, "en")
    expect(page.locator("#games [data-testid=replay]")).to_have_count(1)
    page.focus(".skip")  # the skip link shows when it has the focus
    targets = page.evaluate(TARGETS)
    assert any("Watch again" in target["what"] for target in targets)
    small = [target for target in targets if target["width"] < 44 or target["height"] < 44]
    assert not small, small


FIGURES = """() => [...document.querySelectorAll('#history > div')].filter((figure) => !figure.hidden)
  .map((figure) => { const box = figure.getBoundingClientRect(); return {top: box.top, bottom: box.bottom}; })"""


@pytest.mark.parametrize("lang", ["en", "bn"])
def test_your_figures_sit_two_to_a_row_in_less_than_half_a_phone_screen(page: Page, guard, lang: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{lang}/stats.html")
    entry = {"version": 2, "players": 2, "result": "win", "winner": 0, "rounds": 300, "endedAt": 1_700_000_000_000}
    write(page, "history", [{**entry, "comeback": 9}, {**entry, "result": "draw", "winner": None, "rounds": 1200}])
    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)  # which brings the entries up to date
    expect(page.locator("[data-testid=history]")).to_be_visible()
    figures = page.evaluate(FIGURES)
    assert len(figures) == 7  # every figure, the comeback too
    rows = sorted({round(figure["top"]) for figure in figures})
    assert len(rows) == 4, figures  # three rows of two, and the comeback's long label on a row of its own
    height = max(figure["bottom"] for figure in figures) - min(figure["top"] for figure in figures)
    assert height < PHONE["height"] / 2, height
