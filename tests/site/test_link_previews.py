"""Link previews: every page says, in its own language, what a chat app or a social site shows for a link to it
(Open Graph and Twitter's card). With the site URL, that includes its language's 1200 × 630 PNG made by build.py,
which carries "Krig" and one line in that language; without it, no og: address at all, since scrapers cannot use a
relative one, and the build says how to give it. A shared deal's link is the game page, with the same preview."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.request import urlopen

import pytest
from PIL import Image, ImageChops
from test_build import LANGS, PAGES, Page
from test_site_url import SITE, sited  # noqa: F401 (the fixture)

import build

WORDS_TOP = 370  # px: above it the picture is the same in every language (the cards), below it the words


def og(page: Page) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for meta in page.attrs_of["meta"]:
        name = meta.get("property") or meta.get("name") or ""
        if name.startswith(("og:", "twitter:")):
            found.setdefault(name, []).append(meta["content"] or "")
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("file", PAGES)
def test_every_page_has_a_preview_in_its_language_with_its_own_picture(sited: Path, lang: str, file: str) -> None:  # noqa: F811
    html = (sited / lang / file).read_text()
    page = Page(html)
    tags = og(page)
    (description,) = [m["content"] for m in page.attrs_of["meta"] if m.get("name") == "description"]
    title = page.texts[0]  # the <title>, the first text of the page
    assert [" ".join(tags["og:title"][0].split())] == [title] and tags["og:description"] == [description]
    assert tags["og:locale"] == [build.og_locale(lang)]
    assert sorted(tags["og:locale:alternate"]) == sorted(build.og_locale(code) for code in LANGS if code != lang)
    assert tags["og:image"] == [f"{SITE}preview/krig-{lang}.png"]
    assert (tags["og:image:width"], tags["og:image:height"]) == (["1200"], ["630"])
    assert tags["og:image:alt"][0] and tags["twitter:card"] == ["summary_large_image"]
    if lang != "en":
        english = og(Page((sited / "en" / file).read_text()))
        assert tags["og:image:alt"] != english["og:image:alt"] and tags["og:title"] != english["og:title"]


def test_without_a_site_url_no_og_address_is_written(dist: Path) -> None:
    for path in [dist / "index.html", *(dist / lang / file for lang in LANGS for file in PAGES)]:
        tags = og(Page(path.read_text()))
        assert [name for name in tags if name.startswith(("og:image", "og:url"))] == [], path
        assert tags["og:title"] and tags["og:description"] and tags["twitter:card"] == ["summary"]


def test_a_build_without_a_site_url_says_once_how_to_give_it(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    for name in ("plain", "sited"):
        (tmp_path / name).mkdir()
    build.render_pages(tmp_path / "plain")
    assert capsys.readouterr().err.count("SITE_URL=") == 1
    build.render_pages(tmp_path / "sited", SITE)
    assert "SITE_URL" not in capsys.readouterr().err


def test_open_graph_locales_name_a_territory() -> None:
    assert [build.og_locale(code) for code in LANGS] == ["en_US", "ru_RU", "bn_BD", "sw_TZ", "fr_FR", "id_ID"]


def test_each_language_has_its_own_1200_by_630_picture_with_its_words(dist: Path) -> None:
    pictures: dict[str, Image.Image] = {}
    for lang in LANGS:
        with Image.open(dist / build.preview(lang)) as png:
            assert (png.format, png.size) == ("PNG", build.PREVIEW_SIZE)
            pictures[lang] = png.convert("RGB")
        assert build.preview(lang) not in build.precache_list(dist)
    width, height = build.PREVIEW_SIZE
    cards, words = (0, 0, width, WORDS_TOP), (0, WORDS_TOP, width, height)
    english = pictures.pop("en")
    for lang, picture in pictures.items():
        assert ImageChops.difference(picture.crop(cards), english.crop(cards)).getbbox() is None, lang
        assert ImageChops.difference(picture.crop(words), english.crop(words)).getbbox() is not None, lang
    # white letters on the felt, in the band of the words
    assert any(colour == (255, 255, 255) for _, colour in english.crop(words).getcolors(1 << 16) or [])


def test_each_script_of_the_preview_is_drawn_with_a_font_that_has_it() -> None:
    assert [build.script_of(c) for c in "Kб\u09a4\u0964\u200d«à"] == [
        "latin", "cyrillic", "bengali", "bengali", "bengali", "latin", "latin"]
    assert all(path.is_file() for path in build.PREVIEW_FONTS.values())


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
