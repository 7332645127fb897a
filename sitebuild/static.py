"""The files copied as they are: site/static/ (its root page's script told the languages), the scripts vendored
from npm packages, and the Bengali font."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from .languages import CODES
from .paths import NODE_MODULES, SITE, fill_in

VENDOR_FILES = {"idb-keyval/dist/index.js": "vendor/idb-keyval.js"}
BENGALI_FONTS = ("400", "700")
ROOT_SCRIPT = "root.js"  # told the site's languages through the placeholder


def copy_static(dist: Path) -> None:
    shutil.copytree(SITE / "static", dist, dirs_exist_ok=True)
    for source, name in VENDOR_FILES.items():
        (dist / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(NODE_MODULES / source, dist / name)
    fill_in(dist / ROOT_SCRIPT, '"__LANGUAGES__"', json.dumps(list(CODES)))


def bengali_font(weight: str) -> str:
    """The file name of the Bengali font of one weight, in the fonts folder."""
    return f"noto-sans-bengali-bengali-{weight}-normal.woff2"


def write_fonts(target: Path) -> None:
    """Self-host the Bengali subset of Noto Sans Bengali, so Bengali renders on machines without a Bengali font."""
    source = NODE_MODULES / "@fontsource" / "noto-sans-bengali"
    target.mkdir()
    faces = []
    for weight in BENGALI_FONTS:
        name = bengali_font(weight)
        shutil.copy2(source / "files" / name, target / name)
        faces.append(f"@font-face {{ font-family: 'Noto Sans Bengali'; font-style: normal; font-display: swap;"
                     f" font-weight: {weight}; src: url({name}) format('woff2');"
                     " unicode-range: U+0951-0952, U+0964-0965, U+0980-09FE, U+1CD0, U+1CD2, U+1CD5-1CD6,"
                     " U+1CD8, U+1CE1, U+1CEA, U+1CED, U+1CF2, U+1CF5-1CF7, U+200C-200D, U+20B9, U+25CC, U+A8F1; }")
    (target / "bengali.css").write_text("\n".join(faces) + "\n")
