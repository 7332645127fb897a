"""Link previews: every page says, in its own language, what a chat app or a social site shows for a link to it
(Open Graph and Twitter's card), with a 1200 × 630 PNG made by build.py. A shared deal's link is the game page,
with the same preview."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.request import urlopen

import pytest
from PIL import Image
from test_build import LANGS, PAGES, Page

import build


def og(page: Page) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for meta in page.attrs_of["meta"]:
        name = meta.get("property") or meta.get("name") or ""
        if name.startswith(("og:", "twitter:")):
            found.setdefault(name, []).append(meta["content"] or "")
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("file", PAGES)
def test_every_page_has_a_preview_in_its_language(dist: Path, lang: str, file: str) -> None:
    html = (dist / lang / file).read_text()
    page = Page(html)
    tags = og(page)
    (description,) = [m["content"] for m in page.attrs_of["meta"] if m.get("name") == "description"]
    title = page.texts[0]  # the <title>, the first text of the page
    assert [" ".join(tags["og:title"][0].split())] == [title] and tags["og:description"] == [description]
    assert tags["og:locale"] == [build.og_locale(lang)]
    assert sorted(tags["og:locale:alternate"]) == sorted(build.og_locale(code) for code in LANGS if code != lang)
    assert tags["og:image"] == [f"../{build.PREVIEW}"]
    assert (tags["og:image:width"], tags["og:image:height"]) == (["1200"], ["630"])
    assert tags["og:image:alt"][0] and tags["twitter:card"] == ["summary_large_image"]
    if lang != "en":
        english = og(Page((dist / "en" / file).read_text()))
        assert tags["og:image:alt"] != english["og:image:alt"] and tags["og:title"] != english["og:title"]


def test_open_graph_locales_name_a_territory() -> None:
    assert [build.og_locale(code) for code in LANGS] == ["en_US", "ru_RU", "bn_BD", "sw_TZ", "fr_FR", "id_ID"]


def test_the_preview_picture_is_a_1200_by_630_png(dist: Path) -> None:
    with Image.open(dist / build.PREVIEW) as picture:
        assert (picture.format, picture.size) == ("PNG", build.PREVIEW_SIZE)
        colours = picture.convert("RGB").getcolors(maxcolors=1 << 16)
        assert colours is None or len(colours) > 50  # a picture, not a blank
    assert build.PREVIEW not in build.precache_list(dist)


@pytest.fixture(scope="module")
def served(dist: Path) -> Iterator[str]:
    server = build.make_server(dist, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def test_a_shared_deal_link_gets_the_game_pages_preview(served: str) -> None:
    with urlopen(f"{served}fr/index.html") as plain, urlopen(f"{served}fr/index.html?players=4&seed=11") as deal:
        assert og(Page(deal.read().decode())) == og(Page(plain.read().decode()))
        assert deal.url.endswith("?players=4&seed=11")  # no redirect drops the deal
