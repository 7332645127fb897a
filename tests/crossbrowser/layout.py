"""The table's layout checks, shared by the Chromium tests and the Firefox ESR and WebKitGTK ones: what a player
must see is inside the window and uncovered, the chance bars are drawn to scale, and labels keep one line."""

from __future__ import annotations

# What of the things a player must see ({name: selector}) is missing, outside the window or covered, with why:
# {name: reason}, empty when all is seen. Each line box of a thing is probed at its middle and a quarter in from its
# sides: the topmost element drawn there (not at opacity 0) must be the thing or inside it, or something else (the
# sticky dock, a badge, a notice) is drawn over it.
UNSEEN = """(things) => {
  const wrong = {};
  const name = (element) => element
    ? `${element.tagName.toLowerCase()}${element.id ? '#' + element.id : ''}.${[...element.classList].join('.')}`
    : 'nothing';
  // a card that has flown away at opacity 0 is not seen over what it lies on (whether it takes a tap is apart)
  const drawn = (element) => {
    for (let node = element; node; node = node.parentElement) if (getComputedStyle(node).opacity === '0') return false;
    return true;
  };
  for (const [thing, selector] of Object.entries(things)) {
    const element = document.querySelector(selector);
    const boxes = element ? [...element.getClientRects()].filter((box) => box.width && box.height) : [];
    if (!boxes.length) {
      wrong[thing] = 'not shown';
      continue;
    }
    for (const box of boxes) {
      if (box.top < -0.5 || box.left < -0.5 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5) {
        wrong[thing] = `outside the ${innerWidth}x${innerHeight} window: ${Math.round(box.left)},${Math.round(box.top)}`
          + ` to ${Math.round(box.right)},${Math.round(box.bottom)}`;
        break;
      }
      const probes = [[0.5, 0.5], [0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]];
      const hidden = probes.map(([x, y]) => [box.left + x * box.width, box.top + y * box.height])
        .map(([x, y]) => [x, y, document.elementsFromPoint(x, y).find(drawn)])
        .find(([, , hit]) => !hit || !(hit === element || element.contains(hit)));
      if (hidden) {
        wrong[thing] = `covered by ${name(hidden[2])} at ${Math.round(hidden[0])},${Math.round(hidden[1])}`;
        break;
      }
    }
  }
  return wrong;
}"""


def seat_things(players: int, chances: bool = True) -> dict[str, str]:
    """Every seat of a `players` game, its name, its count and, if `chances`, its chance of winning."""
    things = {}
    for seat in range(players):
        things[f"seat {seat}"] = f"#seat-{seat}"
        things[f"seat {seat}'s name"] = f"#seat-{seat} .name"
        things[f"seat {seat}'s count"] = f"#seat-{seat} .count"
        if chances:
            things[f"seat {seat}'s chance"] = f"#seat-{seat} .chance:not([hidden])"
    return things


# The chance bars of the seats shown: each bar's fill against the percentage beside it (the language's digits
# read as numbers), and the boxes of its label, bar and percentage, which must not overlap.
CHANCE_BARS = """() => {
  const digits = (text) => Number([...text].map((c) => {
    const code = c.codePointAt(0);
    if (code >= 0x09e6 && code <= 0x09ef) return String(code - 0x09e6);  // Bengali digits
    return /[0-9]/.test(c) ? c : '';
  }).join(''));
  const box = (element) => { const r = element.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width}; };
  return [...document.querySelectorAll('[data-testid^=seat-]')].filter((seat) => !seat.hidden).map((seat) => {
    const chance = seat.querySelector('.chance');
    return {
      seat: seat.id,
      shown: !chance.hidden,
      percent: digits(chance.querySelector('.pct').textContent),
      label: box(chance.querySelector('.chance-label')),
      bar: box(chance.querySelector('.chance-bar')),
      fill: box(chance.querySelector('.fill')),
      pct: box(chance.querySelector('.pct')),
    };
  });
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["left"] < b["right"] - 0.5 and b["left"] < a["right"] - 0.5 \
        and a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5


def wrong_chance_bars(bars: list[dict]) -> list[str]:
    """What is wrong with the chance bars read by CHANCE_BARS: a fill off its percentage by more than 1 px, or a
    label, bar and percentage drawn over each other."""
    wrong = []
    for seen in bars:
        expected = seen["bar"]["width"] * seen["percent"] / 100
        if not seen["shown"] or abs(seen["fill"]["width"] - expected) > 1 or seen["bar"]["width"] < 16:
            wrong.append(f"{seen['seat']}: {seen['percent']}% fills {seen['fill']['width']:.1f} px of"
                         f" {seen['bar']['width']:.1f} px")
        for one, other in (("label", "bar"), ("bar", "pct"), ("label", "pct")):
            if overlap(seen[one], seen[other]):
                wrong.append(f"{seen['seat']}: its {one} and its {other} overlap")
    return wrong


# How many lines the words of each visible element matching `selector` take, by the line boxes of its text:
# [{what, lines}]
LINES = """(selector) => [...document.querySelectorAll(selector)]
  .filter((element) => element.getClientRects().length && getComputedStyle(element).visibility !== 'hidden')
  .map((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const boxes = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // a visually hidden name (1 px wide) is for screen readers: not a line on screen
      if (!node.textContent.trim() || node.parentElement.getBoundingClientRect().width <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      boxes.push(...[...range.getClientRects()].filter((box) => box.width > 0));
    }
    boxes.sort((a, b) => a.top - b.top);
    let lines = 0;
    let bottom = -Infinity;
    for (const box of boxes) {
      if (box.top >= bottom - 1) lines += 1;
      bottom = Math.max(bottom, box.bottom);
    }
    return {what: element.id || element.textContent.trim().slice(0, 40), lines};
  })"""

# The boxes of the speed slider's label, its two ends and the slider itself, in their order on the page
SPEED_ROW = """() => [...document.querySelectorAll('.speed > .speed-name, .speed > .end, .speed > input')]
  .map((element) => { const r = element.getBoundingClientRect();
    return {what: element.className || element.id, left: r.left, right: r.right, top: r.top, bottom: r.bottom}; })"""


def off_one_row(boxes: list[dict[str, float]]) -> list[str]:
    """Which of `boxes` are not on one row, left to right: each after the one before it, and sharing its height."""
    wrong = []
    for before, after in zip(boxes, boxes[1:], strict=False):
        if after["left"] < before["right"] - 0.5 or after["top"] >= before["bottom"] \
                or after["bottom"] <= before["top"]:
            wrong.append(f"{after['what']} is not beside {before['what']}: {before} then {after}")
    return wrong
