"""Every control stands out from what is behind it: the boundary a button, a field or a toggle draws (its background,
or its border) has a contrast ratio of at least 3:1 with its backdrop, in the light and the dark colour scheme, on a
laptop and on a phone, at rest, at the end of a game and in a replay (WCAG 1.4.11; axe-core does not check it).
A control that draws no boundary of its own (a text disclosure) is told by its text, which axe checks."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, Visitor

# Each enabled control's boundaries against its backdrop: the colours of the ancestors' backgrounds, laid one over
# the other from the page up to the first opaque one; a gradient on the way gives one backdrop per colour stop.
BOUNDARIES = """() => {
  const parse = (text) => [...text.matchAll(/rgba?\\(([^)]+)\\)/g)].map((m) => {
    const parts = m[1].split(/[\\s,/]+/).filter(Boolean).map(Number);
    return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
  });
  const over = (top, bottom) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat(1);
  };
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => v / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
    return (x + 0.05) / (y + 0.05);
  };
  const backdrops = (element) => {
    const layers = [];
    for (let node = element.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const stops = style.backgroundImage.includes('gradient') ? parse(style.backgroundImage) : [];
      const colour = parse(style.backgroundColor)[0];
      if (stops.length) { layers.push(stops); break; }
      if (colour && colour[3] > 0) { layers.push([colour]); if (colour[3] === 1) break; }
    }
    let found = [[255, 255, 255, 1]];
    for (const layer of layers.reverse()) found = layer.flatMap((colour) => found.map((under) => over(colour, under)));
    return found;
  };
  return [...document.querySelectorAll('button, select, input[type=text], .file-button, .sound-toggle, summary')]
    .filter((element) => element.getClientRects().length && !element.disabled
      && getComputedStyle(element).visibility === 'visible')
    .map((element) => {
      const style = getComputedStyle(element);
      const behind = backdrops(element);
      const colour = parse(style.backgroundColor)[0];
      const border = parseFloat(style.borderTopWidth) >= 1 && style.borderTopStyle !== 'none'
        ? parse(style.borderTopColor)[0] : null;
      const draws = [colour && colour[3] > 0 ? colour : null, border && border[3] > 0 ? border : null].filter(Boolean);
      // the weakest backdrop decides: each boundary's ratio against every colour behind it
      const ratios = draws.map((drawn) => Math.min(...behind.map((under) => ratio(over(drawn, under), under))));
      return {what: element.id || element.textContent.trim().slice(0, 30), ratios: ratios.map((r) => r.toFixed(2)),
              seen: ratios.some((r) => r > 1.05), best: Math.max(0, ...ratios)};
    })
    .filter((control) => control.seen && control.best < 3);
}"""


def faint_controls(page: Page, state: str) -> list[str]:
    wrong = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        wrong += [f"{state}, {scheme}: {control}" for control in page.evaluate(BOUNDARIES)]
    page.emulate_media(color_scheme="light")
    return wrong


def test_every_control_has_a_boundary_of_3_to_1_in_both_colour_schemes(visitor: Visitor) -> None:
    faint = []
    for width, height in ((1280, 800), (375, 740)):
        context = visitor.at(width, height, reduced_motion="reduce")
        page = context.new_page()
        page.goto("en/index.html?players=3&seed=4")
        page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
        page.evaluate("() => document.querySelector('[data-testid=flip]').click()")
        page.wait_for_function("() => document.getElementById('board').dataset.round === '1'")
        page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        page.click("[data-testid=autoplay]")  # pressed, it turns gold
        faint += faint_controls(page, f"{width} px, at rest")
        page.click("[data-testid=autoplay]")
        page.click("[data-testid=finish]")
        expect(page.locator("[data-testid=result]")).to_be_visible(timeout=LOAD_TIMEOUT)
        faint += faint_controls(page, f"{width} px, at the end")
        page.click("[data-testid=replay]")
        expect(page.locator("[data-testid=replay-bar]")).to_be_visible()
        faint += faint_controls(page, f"{width} px, in a replay")
        page.goto("en/stats.html")
        page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
        faint += faint_controls(page, f"{width} px, statistics")
        context.close()
    assert faint == [], "\n".join(faint)
