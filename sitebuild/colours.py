"""The page's colours that the build also writes (the manifests, the theme-color, the card back, the preview),
read from the one place that gives them, the custom properties of site/static/krig.css: its light scheme, which
a manifest's single colour follows. The suits' colours are krig.webapp.decks'."""

from __future__ import annotations

import re

from .paths import SITE

STYLESHEET = SITE / "static" / "krig.css"


def stylesheet_colour(name: str) -> str:
    """The value of the custom property `--name` in the stylesheet's first `:root` rule, the light scheme."""
    light = re.search(r":root\s*\{(.*?)\}", STYLESHEET.read_text(), re.DOTALL)
    found = re.search(rf"--{name}:\s*(#[0-9a-fA-F]+);", light.group(1)) if light else None
    if found is None:
        raise SystemExit(f"{STYLESHEET.name} gives :root no colour --{name}")
    return found.group(1)


FELT = stylesheet_colour("felt")
FELT_LIGHT = stylesheet_colour("felt-light")  # the felt's stripes
PAPER = stylesheet_colour("paper")
