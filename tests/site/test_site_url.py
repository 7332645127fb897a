"""Where the site will live, given at build time (`--site-url`): absolute canonical and hreflang links on every
page, og:url, sitemap.xml with every page's alternates, and robots.txt naming it. Without it, none of these, so
that the site stays deployable in any folder and writes no link that search engines take as invalid."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from test_build import LANGS, PAGES, Page

import build

SITE = "https://example.org/krig/"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"


@pytest.fixture(scope="module")
def sited(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The pages and crawler files of a build with a site URL (the rest of a build does not depend on it)."""
    folder = tmp_path_factory.mktemp("sited")
    build.render_pages(folder, SITE)
    build.write_crawler_files(folder, SITE)
    return folder


def links(page: Page) -> dict[str, str]:
    found = {a["hreflang"] or "": a["href"] or "" for a in page.attrs_of["link"] if a.get("rel") == "alternate"}
    found.update(("canonical", a["href"] or "") for a in page.attrs_of["link"] if a.get("rel") == "canonical")
    return found


def og(page: Page, name: str) -> list[str]:
    return [m["content"] or "" for m in page.attrs_of["meta"] if m.get("property") == name]


def test_a_site_url_is_absolute_and_ends_in_a_slash() -> None:
    assert build.site_address("https://example.org/krig") == SITE
    assert build.site_address("http://127.0.0.1:8000/") == "http://127.0.0.1:8000/"
    for wrong in ("example.org/krig/", "/krig/", "ftp://example.org/", "https://example.org/?x=1"):
        with pytest.raises(ValueError):
            build.site_address(wrong)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("file", PAGES)
def test_with_a_site_url_every_page_has_absolute_canonical_hreflang_and_og_url(sited: Path, lang: str,
                                                                               file: str) -> None:
    page = Page((sited / lang / file).read_text())
    folder = file.removesuffix("index.html")
    assert links(page) == {"canonical": f"{SITE}{lang}/{folder}", "x-default": SITE,
                           **{code: f"{SITE}{code}/{folder}" for code in LANGS}}
    assert og(page, "og:url") == [f"{SITE}{lang}/{folder}"]
    assert og(page, "og:image") == [f"{SITE}{build.preview(lang)}"]


def test_without_a_site_url_no_page_has_canonical_hreflang_or_og_url(dist: Path) -> None:
    for path in [dist / "index.html", *(dist / lang / file for lang in LANGS for file in PAGES)]:
        page = Page(path.read_text())
        assert links(page) == {}, path
        assert og(page, "og:url") == []
    assert not (dist / "sitemap.xml").exists() and not (dist / "robots.txt").exists()


def test_the_sitemap_lists_every_page_in_every_language_with_its_alternates(sited: Path) -> None:
    urls = ET.parse(sited / "sitemap.xml").getroot().findall(f"{SITEMAP}url")
    locs = [url.findtext(f"{SITEMAP}loc") or "" for url in urls]
    pages = [f"{SITE}{lang}/{file.removesuffix('index.html')}" for file in PAGES for lang in LANGS]
    assert sorted(locs) == sorted([*pages, SITE])
    for url in urls:
        loc = url.findtext(f"{SITEMAP}loc") or ""
        alternates = {link.get("hreflang"): link.get("href") for link in url.findall(f"{XHTML}link")}
        assert set(alternates) == {*LANGS, "x-default"} and alternates["x-default"] == SITE
        assert loc == SITE or loc in alternates.values()  # each page is among its own alternates
        page = sited / (loc.removeprefix(SITE) or "index.html")
        page = page / "index.html" if loc.endswith("/") and loc != SITE else page
        assert links(Page(page.read_text())) == {"canonical": loc, **alternates}


def test_robots_txt_names_the_sitemap_and_allows_every_page(sited: Path) -> None:
    lines = (sited / "robots.txt").read_text().splitlines()
    assert f"Sitemap: {SITE}sitemap.xml" in lines
    assert "User-agent: *" in lines and not any(line.startswith("Disallow: /") for line in lines)


def test_crawler_files_are_not_precached(dist: Path, tmp_path: Path) -> None:
    (tmp_path / "sitemap.xml").write_text("")
    (tmp_path / "robots.txt").write_text("")
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "index.html").write_text("")
    assert build.precache_list(tmp_path) == ["en/index.html"]
