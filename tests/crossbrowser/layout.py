"""The first screen's layout checks, shared by the Chromium tests and the Firefox ESR and WebKitGTK ones: where
each thing a player must see is on screen, and what of it is out of sight."""

from __future__ import annotations

from typing import Any

# The box of each thing a player must see, and the viewport's size and scroll position
BOXES = """() => {
  const box = (element) => {
    if (!element || !element.getClientRects().length) return null;
    const r = element.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  };
  const seats = [...document.querySelectorAll('[data-testid^=seat-]')].filter((seat) => !seat.hidden);
  // the controls' bar stays at the bottom of a small screen: the table must be seen above it
  const bar = document.getElementById('bar').getBoundingClientRect();
  return {
    width: innerWidth, height: innerHeight, scrollY, scrollX, above: Math.min(innerHeight, bar.top),
    things: {
      flip: box(document.querySelector('[data-testid=flip]')),
      autoplay: box(document.querySelector('[data-testid=autoplay]')),
      sentence: box(document.querySelector('[data-testid=status] .short')),
      result: box(document.querySelector('[data-testid=result]')),
      ...Object.fromEntries(seats.map((seat) => [seat.id, box(seat)])),
    },
  };
}"""



def outside(seen: dict[str, Any], *names: str) -> list[str]:
    """What of `names` is missing from the viewport, or out of it (the table's things: hidden by the bar of the
    controls), in the boxes `seen`."""
    wrong = []
    for name in names:
        box = seen["things"].get(name)
        bottom = seen["height"] if name in ("flip", "autoplay") else seen["above"]
        if box is None or box["top"] < 0 or box["left"] < 0 or box["bottom"] > bottom + 0.5 \
                or box["right"] > seen["width"] + 0.5:
            wrong.append(f"{name}: {box}")
    return wrong
