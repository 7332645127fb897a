"""The pages: every page, web app manifest and link preview's picture in every language, the root page that
chooses a language, and with a site URL what needs absolute addresses (sitemap.xml, robots.txt)."""

from __future__ import annotations

import json
import sys
from functools import partial
from html import unescape as unescape_html
from pathlib import Path
from urllib.parse import urlsplit
from xml.sax.saxutils import escape as escape_xml
from xml.sax.saxutils import quoteattr

from babel import Locale
from babel.core import get_global
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from krig.webapp import decks, facts
from krig.webapp.narrate import Narrator

from . import colours
from .early import early_script
from .headers import REFERRER_POLICY, page_csp
from .languages import LANGUAGES
from .paths import SITE
from .pictures import PREVIEW_SIZE, write_preview
from .static import BENGALI_FONTS, bengali_font

PAGES = {"game": "index.html", "stats": "stats.html"}
MANIFEST = "manifest.webmanifest"  # one per language, beside its pages
SCRIPTS = {"game": "js/game.js", "stats": "js/stats.js"}
PREVIEW_WORDS = "_preview_words.html"  # the line under "Krig" on the picture, from the catalogs
SITE_URL_HINT = ("note: no site URL given, so the pages carry no canonical, hreflang, og:url or og:image (link "
                 "previews then show no picture). Build with --site-url https://example.org/krig/, or "
                 "make build SITE_URL=https://example.org/krig/ (docs/deploy.md).")
SCREENSHOTS = "screenshots"  # the manifests' screenshots, kept in site/static/ (tests/browser/test_install.py)
# Each screenshot's window (CSS pixels) and device pixel ratio: a phone's, and a computer's.
SCREENSHOT_WINDOWS = {"narrow": ((375, 740), 2), "wide": ((1280, 800), 1)}
SITEMAP = "sitemap.xml"
ROBOTS = "robots.txt"


def render_pages(dist: Path, site_url: str | None = None) -> None:
    """Every page, web app manifest and link preview's picture in every language, then the root page that
    chooses a language. Without `site_url`, says once how to give it."""
    if site_url is None:
        print(SITE_URL_HINT, file=sys.stderr)
    env = Environment(loader=FileSystemLoader(SITE / "templates"), extensions=["jinja2.ext.i18n", "jinja2.ext.do"],
                      undefined=StrictUndefined, autoescape=True, trim_blocks=True, lstrip_blocks=True)
    env.policies["ext.i18n.trimmed"] = True
    env.policies["json.dumps_kwargs"] = {"sort_keys": True, "ensure_ascii": False}
    env.globals.update(languages=LANGUAGES, csp=page_csp(), early_script=Markup(early_script()),
                       referrer=REFERRER_POLICY, decks=decks,
                       site_url=site_url, address=partial(address, site_url), og_locale=og_locale, colours=colours,
                       preview=preview, preview_size=PREVIEW_SIZE, screenshot=screenshot,
                       screenshot_sizes=screenshot_sizes, bengali_fonts=[bengali_font(w) for w in BENGALI_FONTS])
    manifests = {}
    for lang in LANGUAGES:
        narrator = Narrator(lang.code)
        # jinja2.ext.i18n adds the install_*_translations methods to the environment; its type does not show them
        env.install_gettext_translations(narrator.t, newstyle=False)  # type: ignore[attr-defined]
        (dist / lang.code).mkdir()
        write_preview(dist / preview(lang.code), unescape_html(env.get_template(PREVIEW_WORDS).render()).strip())
        # the settings table is in the facts; the forms are rendered from it, each setting by name
        known = facts.page(lang.code)
        settings = {setting["name"]: setting for setting in known["settings"]}
        for page, file in PAGES.items():
            html = env.get_template(f"{page}.html").render(
                lang=lang, page=page, page_file=file, root="../", script=SCRIPTS[page], facts=known, settings=settings,
                num=narrator.number, cards=narrator.cards(), plural_samples=plural_samples(lang.code))
            (dist / lang.code / file).write_text(html)
        manifest = env.get_template(MANIFEST).render(lang=lang)
        (dist / lang.code / MANIFEST).write_text(manifest)
        manifests[lang.code] = json.loads(manifest)
    env.install_null_translations()  # type: ignore[attr-defined]
    # the chooser describes the site in each language with that language's manifest
    choices = [(lang, manifests[lang.code]["description"]) for lang in LANGUAGES]
    (dist / "index.html").write_text(env.get_template("root.html").render(
        root="", page_file="index.html", choices=choices, description=manifests["en"]["description"]))


def site_address(url: str) -> str:
    """A site URL as the build uses it: absolute http(s), ending in `/`, with no query or fragment."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ValueError(f"a site URL is an absolute http or https address, such as https://example.org/krig/: {url}")
    return url if url.endswith("/") else url + "/"


def address(site_url: str | None, code: str | None, file: str = "index.html") -> str | None:
    """The absolute address of a page (`code` None: the root page), or None where the site URL is unknown. A
    folder's index.html is named by its folder, as hosts serve it and as Cloudflare Pages redirects to it."""
    if site_url is None:
        return None
    path = f"{code}/{file}" if code else file
    return site_url + path.removesuffix("index.html")


def preview(code: str) -> str:
    """Where a language's link preview picture is, relative to the site root."""
    return f"preview/krig-{code}.png"


def screenshot(code: str, form: str) -> str:
    """Where a language's screenshot of the game page is, relative to the site root (`form`: narrow or wide)."""
    return f"{SCREENSHOTS}/{code}-{form}.png"


def screenshot_sizes(form: str) -> str:
    """A screenshot's size in pixels, as a manifest states it: "750x1480"."""
    (width, height), scale = SCREENSHOT_WINDOWS[form]
    return f"{width * scale}x{height * scale}"


def og_locale(code: str) -> str:
    """Open Graph's locale for a language: its likeliest territory from CLDR (bn: bn_BD)."""
    language, *_, territory = get_global("likely_subtags")[code].split("_")
    return f"{language}_{territory}"


def write_crawler_files(dist: Path, site_url: str | None) -> None:
    """sitemap.xml, every page in every language with its alternates, and robots.txt naming it: only with a site
    URL, since both need absolute addresses."""
    if site_url is None:
        return
    urls = []
    for file in (*PAGES.values(), None):
        alternates = [(lang.code, address(site_url, lang.code, file or "index.html")) for lang in LANGUAGES]
        alternates.append(("x-default", address(site_url, None)))
        links = "".join(f"\n    <xhtml:link rel=\"alternate\" hreflang=\"{code}\" href={quoteattr(str(href))}/>"
                        for code, href in alternates)
        for _, href in alternates[:-1] if file else alternates[-1:]:
            urls.append(f"  <url>\n    <loc>{escape_xml(str(href))}</loc>{links}\n  </url>\n")
    (dist / SITEMAP).write_text('<?xml version="1.0" encoding="UTF-8"?>\n'
                                '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
                                'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' + "".join(urls) + "</urlset>\n")
    (dist / ROBOTS).write_text(f"User-agent: *\nAllow: /\n\nSitemap: {site_url}{SITEMAP}\n")


def plural_samples(code: str) -> list[tuple[str, int]]:
    """The smallest whole number of each CLDR plural category that whole numbers reach in `code`.

    English gives [("one", 1), ("other", 0)], French also ("many", 1000000). A page gets the catalog's plural
    form for each sample, and the browser's Intl.PluralRules picks among them for any count; tests check that
    this always gives the catalog's own form for that count.
    """
    category = Locale.parse(code).plural_form
    samples: dict[str, int] = {}
    for n in (*range(1001), *(10 ** power for power in range(4, 16))):
        samples.setdefault(category(n), n)
    return sorted(samples.items())
