"""The richer install: each language's manifest has an id of its own, shortcuts and screenshot labels in its
language, categories, and every icon and screenshot it names exists at the size it states (Lighthouse 12 no
longer audits installability, so this test does)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image
from test_build import LANGS

import build


def manifest(dist: Path, lang: str) -> dict:
    return json.loads((dist / lang / "manifest.webmanifest").read_text())


@pytest.mark.parametrize("lang", LANGS)
def test_the_manifest_has_an_id_shortcuts_screenshots_and_categories(dist: Path, lang: str) -> None:
    m = manifest(dist, lang)
    assert m["id"] == f"krig-{lang}"
    assert m["categories"] == ["games", "entertainment"]
    assert [s["url"] for s in m["shortcuts"]] == ["index.html#new-game", "stats.html"]
    assert (dist / lang / "index.html").read_text().count(' id="new-game"') == 1  # where the first one opens
    assert [s["form_factor"] for s in m["screenshots"]] == ["narrow", "wide"]
    assert all(s["label"] and s["type"] == "image/png" for s in m["screenshots"])
    if lang != "en":
        english = manifest(dist, "en")
        assert [s["name"] for s in m["shortcuts"]] != [s["name"] for s in english["shortcuts"]]
        assert [s["label"] for s in m["screenshots"]] != [s["label"] for s in english["screenshots"]]
        assert [s["src"] for s in m["screenshots"]] != [s["src"] for s in english["screenshots"]]


@pytest.mark.parametrize("lang", LANGS)
def test_every_icon_and_screenshot_exists_at_the_size_it_states(dist: Path, lang: str) -> None:
    m = manifest(dist, lang)
    images = [*m["icons"], *m["screenshots"], *(icon for s in m["shortcuts"] for icon in s.get("icons", []))]
    for image in images:
        path = (dist / lang / image["src"]).resolve()
        assert path.is_file(), image["src"]
        if image["sizes"] == "any":
            assert image["type"] == "image/svg+xml"
            continue
        with Image.open(path) as picture:
            assert f"{picture.width}x{picture.height}" == image["sizes"], image["src"]
            assert Image.MIME[picture.format or ""] == image["type"]


def test_the_ids_tell_the_languages_apart(dist: Path) -> None:
    assert len({manifest(dist, lang)["id"] for lang in LANGS}) == len(LANGS)


def test_screenshots_are_not_precached(dist: Path) -> None:
    assert not any(name.startswith(f"{build.SCREENSHOTS}/") for name in build.precache_list(dist))
