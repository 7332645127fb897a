"""Build the Krig website: `site/` in, a static `dist/` out.

    python build.py            # write dist/
    python build.py --site-url https://example.org/krig/   # the same, knowing where it will live
    python build.py serve      # build, then serve dist/ on http://127.0.0.1:8000
    python build.py catalogs   # extract messages.pot with Babel and update every messages.po

The build renders every page from Jinja2 templates in six languages with the gettext catalogs, packages the
engine as a wheel listed in a pyodide-lock.json (pyodide-lock's `add-wheels`), copies only the Pyodide files the
page needs from the pinned npm package, writes the standard library the game imports as bytecode (traced by
tools/trim_stdlib.mjs), draws the card pictures, writes a service worker that precaches everything under a
content-hashed name, writes the `_headers` file that Netlify and Cloudflare Pages read, and precompresses every file
for static hosts; `serve` sends the headers and the precompressed files as they would (see docs/deploy.md).
With a site URL it also writes what needs absolute addresses: canonical and hreflang links, og:url, og:image,
sitemap.xml and robots.txt.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from functools import partial
from html import unescape as unescape_html
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit
from xml.sax.saxutils import escape as escape_xml
from xml.sax.saxutils import quoteattr

import brotli
from babel import Locale
from babel.core import get_global
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from PIL import Image, ImageDraw, ImageFont

from krig.webapp import decks, facts, numerals
from krig.webapp.narrate import Narrator

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
LOCALES = SITE / "locales"
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
WHEEL_LOCALES = SITE / "webapp" / "locales"  # compiled catalogs and number formats that ship inside the wheel


@dataclass(frozen=True)
class Language:
    code: str
    name: str  # the language's name for itself, as the switcher shows it


LANGUAGES = (
    Language("en", "English"),
    Language("ru", "Русский"),
    Language("bn", "বাংলা"),
    Language("sw", "Kiswahili"),
    Language("fr", "Français"),
    Language("id", "Bahasa Indonesia"),
)

PAGES = {"game": "index.html", "stats": "stats.html"}
MANIFEST = "manifest.webmanifest"  # one per language, beside its pages
SCRIPTS = {"game": "js/game.js", "stats": "js/stats.js"}

# Only what the page needs from the npm package (the lock file is ours, see write_lockfile).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
VENDOR_FILES = {"idb-keyval/dist/index.js": "vendor/idb-keyval.js"}
BENGALI_FONTS = ("400", "700")
STDLIB_FALLBACK = SITE / "stdlib" / "_stdlib_fallback.py"  # goes into the trimmed standard library
WORKER = "js/worker.js"
RUNTIME_USERS = (WORKER, "bench/bare.js")  # the scripts that name the runtime's folder, through the placeholder
RUNTIME_PLACEHOLDER = "__PYODIDE_VERSION__"
WHEEL_SOURCES = ("pyproject.toml", "README.md", "engine", "site/webapp")
OPENINGS = "openings"  # the first visit's pool (krig.webapp.openings), never precached: only a first visit uses it
OPENINGS_COUNT = 32
OPENINGS_SCRIPT = "js/openings.js"  # told the pool's size through the placeholder
OPENINGS_CACHE = ROOT / "build" / "openings"  # the openings' win chances, kept per state of the code they follow from

CSP_DIRECTIVES = (
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
)
CSP = "; ".join(CSP_DIRECTIVES)  # the pages' meta tag
REFERRER_POLICY = "no-referrer"

# What a meta tag cannot say, for the hosts that read a `_headers` file (Netlify, Cloudflare Pages) and for `serve`.
HEADERS = "_headers"
HOST_FILES = {HEADERS}  # read by the host, never sent to a visitor: not precached, not compressed
SECURITY_HEADERS = {
    "Content-Security-Policy": "; ".join((*CSP_DIRECTIVES, "frame-ancestors 'none'")),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": REFERRER_POLICY,
}
REVALIDATE = {"Cache-Control": "no-cache"}
FOR_GOOD = {"Cache-Control": "public, max-age=31536000, immutable"}

# For link previews and crawlers: not needed offline, so never precached.
PREVIEW_SIZE = (1200, 630)  # og:image, one per language (see preview)
PREVIEW_WORDS = "_preview_words.html"  # the line under "Krig" on the picture, from the catalogs
# The picture's fonts, bold: Noto Sans for Latin and Cyrillic letters (a build-time package), the site's own
# Noto Sans Bengali for Bengali
PREVIEW_FONTS = {
    "latin": NODE_MODULES / "@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff2",
    "cyrillic": NODE_MODULES / "@fontsource/noto-sans/files/noto-sans-cyrillic-700-normal.woff2",
    "bengali": NODE_MODULES / "@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2",
}
SITE_URL_HINT = ("note: no site URL given, so the pages carry no canonical, hreflang, og:url or og:image (link "
                 "previews then show no picture). Build with --site-url https://example.org/krig/, or "
                 "make build SITE_URL=https://example.org/krig/ (docs/deploy.md).")
SCREENSHOTS = "screenshots"  # the manifests' screenshots, kept in site/static/ (tests/browser/test_install.py)
# Each screenshot's window (CSS pixels) and device pixel ratio: a phone's, and a computer's.
SCREENSHOT_WINDOWS = {"narrow": ((375, 740), 2), "wide": ((1280, 800), 1)}
SITEMAP = "sitemap.xml"
ROBOTS = "robots.txt"
NOT_PRECACHED = ("bench/", f"{OPENINGS}/", "preview/", f"{SCREENSHOTS}/", SITEMAP, ROBOTS)

# Fixed zip timestamps, so that an unchanged engine gives a byte-identical wheel and the same cache name.
SOURCE_DATE_EPOCH = "1767225600"


def build(dist: Path = DIST, site_url: str | None = None) -> Path:
    """Write the whole site into `dist` and return it; `site_url` is where it will be served from, if known."""
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    compile_catalogs()
    copy_static(dist)
    copy_pyodide(dist)
    name_runtime(dist)
    wheel = build_wheel(dist / "pyodide")
    add_bytecode(wheel)
    write_lockfile(dist, wheel)
    stdlib = write_stdlib(dist, wheel)
    write_cards(dist / "cards")
    write_fonts(dist / "fonts")
    render_pages(dist, site_url)
    write_openings(dist)
    write_crawler_files(dist, site_url)
    write_worker(dist, wheel, stdlib)
    write_service_worker(dist)
    write_headers(dist, stdlib)
    precompress(dist)
    return dist


# Catalogs


def compile_catalogs() -> None:
    """Compile every messages.po into the .mo that both Jinja2 (here) and Python's gettext (in Pyodide) read,
    and write every language's number format beside them (see krig.webapp.numerals)."""
    for po_path in sorted(LOCALES.glob("*/LC_MESSAGES/messages.po")):
        with po_path.open("rb") as f:
            catalog = read_po(f, locale=po_path.parts[-3])
        mo_path = WHEEL_LOCALES / po_path.relative_to(LOCALES).with_suffix(".mo")
        mo_path.parent.mkdir(parents=True, exist_ok=True)
        mo = io.BytesIO()
        write_mo(mo, catalog)
        write_whole(mo_path, mo.getvalue())
    formats = {lang.code: asdict(number_format(lang.code)) for lang in LANGUAGES}
    numerals.DATA.parent.mkdir(parents=True, exist_ok=True)
    write_whole(numerals.DATA, (json.dumps(formats, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode())
    numerals.formats.cache_clear()


def write_whole(path: Path, data: bytes) -> None:
    """Write `path` at once (atomically): a reader beside this build, such as a test or `make start`, never sees
    half a file."""
    partial_file = path.with_name(f"{path.name}.{os.getpid()}")
    partial_file.write_bytes(data)
    partial_file.replace(path)


# The digits of the CLDR numbering systems that our languages use by default: Babel names a language's system
# ("beng" for Bengali) but has no digits for it. A language with another system stops the build here.
NUMBERING_DIGITS = {"latn": "0123456789", "beng": "০১২৩৪৫৬৭৮৯"}


def number_format(code: str) -> numerals.NumberFormat:
    """How `code` writes whole numbers, from CLDR: its default digits, group separator and group sizes."""
    locale = Locale.parse(code)
    system = locale.default_numbering_system
    # CLDR's root gives every other numbering system the symbols of "latn"
    group = locale.number_symbols[system].get("group") or locale.number_symbols["latn"]["group"]
    primary, secondary = locale.decimal_formats[None].grouping
    return numerals.NumberFormat(digits=NUMBERING_DIGITS[system], group=group, primary=primary, secondary=secondary)


def update_catalogs() -> None:
    """Extract messages.pot from the templates and the worker's Python, and merge it into every catalog."""
    pot = LOCALES / "messages.pot"
    pybabel = [sys.executable, "-m", "babel.messages.frontend"]
    subprocess.run([*pybabel, "extract", "-F", str(ROOT / "babel.cfg"), "--no-location", "--sort-output",
                    "--project", "Krig", "-c", "TRANSLATORS:", "-o", str(pot), "site"], cwd=ROOT, check=True)
    for lang in LANGUAGES[1:]:
        po = LOCALES / lang.code / "LC_MESSAGES" / "messages.po"
        command = "update" if po.exists() else "init"
        subprocess.run([*pybabel, command, "-i", str(pot), "-d", str(LOCALES), "-l", lang.code,
                        *(["--no-fuzzy-matching", "--ignore-obsolete"] if command == "update" else [])],
                       cwd=ROOT, check=True)


# Pyodide and the engine wheel


def pyodide_version() -> str:
    """The version of the Pyodide runtime that the npm package holds (package.json pins it exactly)."""
    return str(json.loads((NODE_MODULES / "pyodide" / "package.json").read_text())["version"])


def runtime_folder() -> str:
    """Where the Pyodide runtime goes: `pyodide/<its version>/`. A published npm version never changes, so the
    runtime's addresses change with every upgrade, and hosts may cache them for good."""
    return f"pyodide/{pyodide_version()}"


def whole_stdlib() -> str:
    """Pyodide's whole standard library: only for the import fallback (online) and the benchmark's yardstick."""
    return f"{runtime_folder()}/python_stdlib.zip"


def copy_pyodide(dist: Path) -> None:
    target = dist / runtime_folder()
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(NODE_MODULES / "pyodide" / name, target / name)


def name_runtime(dist: Path) -> None:
    """Write the runtime's version into the scripts that load it (a static import cannot read it at run time)."""
    for name in RUNTIME_USERS:
        source = (dist / name).read_text()
        if RUNTIME_PLACEHOLDER not in source:
            raise SystemExit(f"{name} does not name the Pyodide runtime's folder with {RUNTIME_PLACEHOLDER}")
        (dist / name).write_text(source.replace(RUNTIME_PLACEHOLDER, pyodide_version()))


def build_wheel(target: Path) -> Path:
    """Build the pure `krig` wheel (engine + webapp with its catalogs) into `target`.

    setuptools builds in the source tree, so the sources are copied to a scratch folder first: builds running
    side by side (a test session beside `make start`) then never trip over each other's leftovers.
    """
    env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
    with tempfile.TemporaryDirectory() as scratch:
        source = Path(scratch) / "source"
        for name in WHEEL_SOURCES:
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            if (ROOT / name).is_dir():
                shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy2(ROOT / name, source / name)
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                        "--wheel-dir", scratch, str(source)], check=True, env=env)
        (wheel,) = Path(scratch).glob("krig-*.whl")
        return Path(shutil.copy2(wheel, target / wheel.name))


def add_bytecode(wheel: Path) -> None:
    """Add bytecode compiled by Pyodide's own Python to the wheel, so that the browser imports without compiling.

    The host Python may be another version, whose bytecode Pyodide would reject; tools/compile_pyc.mjs compiles
    inside Pyodide under Node.js, with unchecked hashes, so Python uses the bytecode without looking at the source.
    The files are stored, not deflated: the host's brotli then compresses the whole wheel far better.
    """
    with tempfile.TemporaryDirectory() as scratch:
        subprocess.run(["node", str(ROOT / "tools" / "compile_pyc.mjs"), str(wheel), scratch], check=True)
        compiled = {p.relative_to(scratch).as_posix(): p.read_bytes() for p in sorted(Path(scratch).rglob("*.pyc"))}
    with zipfile.ZipFile(wheel) as old:
        files = {info.filename: old.read(info) for info in old.infolist()}
    record_name = next(name for name in files if name.endswith(".dist-info/RECORD"))
    record = files.pop(record_name).decode()
    for name, data in compiled.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record += f"{name},sha256={digest},{len(data)}\n"
    stamp = time.gmtime(int(SOURCE_DATE_EPOCH))[:6]
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_STORED) as new:
        for name, data in {**files, **compiled, record_name: record.encode()}.items():
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.external_attr = 0o644 << 16
            new.writestr(info, data)


def write_lockfile(dist: Path, wheel: Path) -> None:
    """A pyodide-lock.json with the runtime's own `info` and our wheel, as `pyodide lockfile add-wheels` writes it.

    The npm package's lock lists hundreds of packages whose wheels it does not ship; we start from its `info`
    alone so that nothing can ask for a file that is not there.
    """
    npm_lock = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    output = dist / "pyodide" / "pyodide-lock.json"
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch) / "pyodide-lock.json"
        base.write_text(json.dumps({"info": npm_lock["info"], "packages": {}}))
        subprocess.run([str(Path(sys.executable).with_name("pyodide")), "lockfile", "add-wheels", "--input",
                        str(base), "--output", str(output), "--base-path", str(wheel.parent), str(wheel)],
                       check=True, stdout=subprocess.DEVNULL)


def write_stdlib(dist: Path, wheel: Path) -> Path:
    """The standard library the game imports, as bytecode: `pyodide/stdlib-<hash>.zip`, for `loadPyodide({stdLibURL})`.

    tools/trim_stdlib.mjs runs every flow of tools/stdlib_flows.py inside Pyodide and keeps the modules they
    imported, plus site/stdlib/_stdlib_fallback.py, which fetches the whole library if one is ever missing.
    """
    with tempfile.TemporaryDirectory() as scratch:
        trimmed = Path(scratch) / "stdlib.zip"
        languages = ",".join(lang.code for lang in LANGUAGES)
        env = {**os.environ, "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
        subprocess.run(["node", str(ROOT / "tools" / "trim_stdlib.mjs"), str(wheel), str(trimmed), languages],
                       check=True, stdout=subprocess.DEVNULL, env=env)
        data = trimmed.read_bytes()
    target = dist / "pyodide" / f"stdlib-{hashlib.sha256(data).hexdigest()[:16]}.zip"
    target.write_bytes(data)
    return target


def write_worker(dist: Path, wheel: Path, stdlib: Path) -> None:
    """Tell js/worker.js what this build ships: the trimmed standard library, what a snapshot is bound to, and the
    bytes a fresh start downloads (for its progress)."""
    worker = dist / WORKER
    source = worker.read_text()
    runtime = dist / runtime_folder()
    bound = hashlib.sha256()
    for path in (runtime / "pyodide.asm.wasm", runtime / "pyodide.asm.mjs", wheel, stdlib, worker):
        bound.update(hashlib.sha256(path.read_bytes()).digest())
    download = sum(path.stat().st_size for path in (runtime / "pyodide.asm.wasm", wheel, stdlib))
    facts = {"stdlib": stdlib.name, "snapshot": bound.hexdigest()[:16], "download": download}
    worker.write_text(source.replace('"__BUILD__"', json.dumps(facts, separators=(",", ":"))))


# Openings


def write_openings(dist: Path, count: int = OPENINGS_COUNT) -> None:
    """The first visit's pool: `count` openings, each one file of boards and one of sentences per language, as
    the bridge answers them in CPython (krig.webapp.openings), and the pool's size told to its script."""
    # imported here, not at the top: the bridge reads the compiled catalogs, which a fresh clone has only once
    # compile_catalogs() has run
    from krig.webapp import openings

    folder = dist / OPENINGS
    folder.mkdir()
    chosen = openings.seeds(count)
    for number, (seed, shared) in enumerate(zip(chosen, shared_openings(chosen), strict=True)):
        (folder / f"{number}.json").write_text(compact(shared))
        for lang in LANGUAGES:
            said = openings.split(openings.opening(seed, lang.code, chances=False))[1]
            (folder / f"{number}.{lang.code}.json").write_text(compact(said))
    script = dist / OPENINGS_SCRIPT
    script.write_text(script.read_text().replace('"__OPENINGS__"', str(count)))


def shared_openings(chosen: list[int]) -> list[dict[str, Any]]:
    """The part of each opening that is the same in every language, boards and win chances. The chances are most
    of the time the whole build takes (an estimate of 500 rollouts of the deal and of each of its rounds ahead),
    and they follow from the engine's and the bridge's code alone, so they are worked out once per state of that
    code (one opening per core) and kept in build/openings/ for the next build."""
    from krig.webapp import openings

    digest = hashlib.sha256(repr(chosen).encode())
    for source in sorted([*(ROOT / "engine").rglob("*.py"), *(SITE / "webapp").rglob("*.py")]):
        digest.update(source.relative_to(ROOT).as_posix().encode() + b"\0" + source.read_bytes())
    kept = OPENINGS_CACHE / f"{digest.hexdigest()[:16]}.json"
    if kept.exists():
        return list(json.loads(kept.read_text()))
    with ProcessPoolExecutor() as pool:
        estimated = list(pool.map(openings.opening, chosen, [LANGUAGES[0].code] * len(chosen)))
    shared = [openings.split(record)[0] for record in estimated]
    OPENINGS_CACHE.mkdir(parents=True, exist_ok=True)
    for older in OPENINGS_CACHE.glob("*.json"):
        older.unlink()
    write_whole(kept, json.dumps(shared).encode())
    return shared


def compact(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


# Pages


def render_pages(dist: Path, site_url: str | None = None) -> None:
    """Every page, web app manifest and link preview's picture in every language, then the root page that
    chooses a language. Without `site_url`, says once how to give it."""
    if site_url is None:
        print(SITE_URL_HINT, file=sys.stderr)
    env = Environment(loader=FileSystemLoader(SITE / "templates"), extensions=["jinja2.ext.i18n", "jinja2.ext.do"],
                      undefined=StrictUndefined, autoescape=True, trim_blocks=True, lstrip_blocks=True)
    env.policies["ext.i18n.trimmed"] = True
    env.policies["json.dumps_kwargs"] = {"sort_keys": True, "ensure_ascii": False}
    env.globals.update(languages=LANGUAGES, csp=CSP, referrer=REFERRER_POLICY, facts=facts.page(), decks=decks,
                       site_url=site_url, address=partial(address, site_url), og_locale=og_locale,
                       preview=preview, preview_size=PREVIEW_SIZE, screenshot=screenshot,
                       screenshot_sizes=screenshot_sizes, bengali_fonts=[bengali_font(w) for w in BENGALI_FONTS])
    manifests = {}
    for lang in LANGUAGES:
        narrator = Narrator(lang.code)
        # jinja2.ext.i18n adds the install_*_translations methods to the environment; its type does not show them
        env.install_gettext_translations(narrator.t, newstyle=False)  # type: ignore[attr-defined]
        (dist / lang.code).mkdir()
        write_preview(dist / preview(lang.code), unescape_html(env.get_template(PREVIEW_WORDS).render()).strip())
        for page, file in PAGES.items():
            html = env.get_template(f"{page}.html").render(
                lang=lang, page=page, page_file=file, root="../", script=SCRIPTS[page],
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


def card_svg(code: str, letters: str = "international", deck: str = "standard") -> str:
    """One card face in a deck (krig.webapp.decks): the index and the suit in two corners, the suit in the middle."""
    index, colour = decks.face(code, letters, deck)
    symbol = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[code[-1]]
    return f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 70 98" width="70" height="98">
<rect x="0.5" y="0.5" width="69" height="97" rx="6" fill="#fff" stroke="#555"/>
<g fill="{colour}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" text-anchor="middle">
<text x="11" y="18" font-size="14">{index}</text><text x="11" y="31" font-size="12">{symbol}</text>
<text x="35" y="60" font-size="34">{symbol}</text>
<g transform="rotate(180 35 49)"><text x="11" y="18" font-size="14">{index}</text>\
<text x="11" y="31" font-size="12">{symbol}</text></g>
</g></svg>
"""


CARD_BACK = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 70 98" width="70" height="98">
<defs><pattern id="p" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
<rect width="8" height="8" fill="#1d5c3a"/><rect width="4" height="8" fill="#2e7d52"/></pattern></defs>
<rect x="0.5" y="0.5" width="69" height="97" rx="6" fill="#fff" stroke="#555"/>
<rect x="5" y="5" width="60" height="88" rx="4" fill="url(#p)"/>
</svg>
"""


def write_cards(target: Path) -> None:
    """The back, and every card face of every deck: the standard deck's at the top, and in a folder per choice
    (krig.webapp.decks.picture) only the cards that it changes. All of them again in one file, `pictures.json`
    (place → SVG text), from which the game page draws its cards once it has it (js/board.js)."""
    target.mkdir()
    pictures = {place: card_svg(code, letters, deck) for place, (code, letters, deck) in decks.pictures().items()}
    pictures["back.svg"] = CARD_BACK
    for place, svg in pictures.items():
        (target / place).parent.mkdir(exist_ok=True)
        (target / place).write_text(svg)
    (target / "pictures.json").write_text(compact(pictures))


TABLE_GREEN, TABLE_LIGHT, CARD_RED, CARD_BLACK = "#1d5c3a", "#2e7d52", "#c8102e", "#1a1a1a"
PREVIEW_CARDS = (("A", "S", -14), ("K", "H", -5), ("Q", "D", 5), ("J", "C", 14))  # rank, suit, tilt in degrees


def write_preview(target: Path, words: str) -> None:
    """A language's link preview picture (og:image): four cards fanned on the green table, beside the deck face
    down, over "Krig" and `words`, one line in the page's language."""
    width, height = PREVIEW_SIZE
    picture = Image.new("RGB", PREVIEW_SIZE, TABLE_GREEN)
    draw = ImageDraw.Draw(picture)
    for x in range(-height, width, 48):  # the felt's stripes, as on the card back
        draw.polygon([(x, height), (x + height, 0), (x + height + 24, 0), (x + 24, height)], fill=TABLE_LIGHT)
    for offset in (16, 8, 0):  # the deck: three backs, a little apart
        picture.paste(card_picture(None, None, 0), (150 - offset, 75 - offset), card_picture(None, None, 0))
    for place, (rank, suit, tilt) in enumerate(PREVIEW_CARDS):
        card = card_picture(rank, suit, tilt)
        picture.paste(card, (430 + place * 165, 50 - abs(tilt) * 3 // 2), card)
    draw_words(draw, "Krig", 112, 440, width - 120)
    draw_words(draw, words, 46, 550, width - 120)
    target.parent.mkdir(parents=True, exist_ok=True)
    picture.save(target, optimize=True)


def draw_words(draw: ImageDraw.ImageDraw, words: str, size: int, middle: int, room: int) -> None:
    """One line of white words centred on the picture at height `middle`, made smaller until it fits `room`
    px. Each run of one script is drawn in its own font: Pillow has no fallback from font to font."""
    runs: list[tuple[str, str]] = []
    for char in words:
        script = script_of(char)
        if runs and runs[-1][0] == script:
            runs[-1] = (script, runs[-1][1] + char)
        else:
            runs.append((script, char))
    while True:
        fonts = {script: ImageFont.truetype(str(PREVIEW_FONTS[script]), size) for script in {s for s, _ in runs}}
        lengths = [fonts[script].getlength(text) for script, text in runs]
        if sum(lengths) <= room or size <= 20:
            break
        size -= 2
    x = (PREVIEW_SIZE[0] - sum(lengths)) / 2
    for (script, text), length in zip(runs, lengths, strict=True):
        draw.text((x, middle), text, fill="white", font=fonts[script], anchor="lm", stroke_width=max(2, size // 16),
                  stroke_fill=TABLE_GREEN)
        x += length


def script_of(char: str) -> str:
    """Which of the preview's fonts draws `char`: Bengali (with the joiners and the danda), Cyrillic, or Latin."""
    if "\u0980" <= char <= "\u09ff" or char in "\u0964\u0965\u200c\u200d":
        return "bengali"
    if "\u0400" <= char <= "\u04ff":
        return "cyrillic"
    return "latin"


def card_picture(rank: str | None, suit: str | None, tilt: int) -> Image.Image:
    """One card of 200 × 280 px, its face (`rank` and `suit`) or its back (None), turned by `tilt` degrees."""
    card = Image.new("RGBA", (200, 280), (0, 0, 0, 0))
    draw = ImageDraw.Draw(card)
    draw.rounded_rectangle((2, 2, 197, 277), radius=16, fill="white", outline="#555555", width=3)
    if rank is None or suit is None:
        draw.rounded_rectangle((16, 16, 183, 263), radius=10, fill=TABLE_GREEN)
        for y in range(16, 263, 22):
            draw.line((16, y, 183, y), fill=TABLE_LIGHT, width=9)
    else:
        colour = CARD_RED if suit in "HD" else CARD_BLACK
        font = ImageFont.load_default(size=44)
        draw.text((34, 44), rank, fill=colour, font=font, anchor="mm")
        draw_suit(draw, suit, (34, 88), 14, colour)
        draw_suit(draw, suit, (100, 150), 44, colour)
    return card.rotate(-tilt, resample=Image.Resampling.BICUBIC, expand=True)


def draw_suit(draw: ImageDraw.ImageDraw, suit: str, centre: tuple[int, int], r: int, colour: str) -> None:
    """A suit's symbol drawn as shapes, `r` its half width (no font is needed for ♠♥♦♣)."""
    x, y = centre
    h = r // 2
    if suit == "D":
        draw.polygon([(x, y - r * 1.3), (x + r, y), (x, y + r * 1.3), (x - r, y)], fill=colour)
    elif suit == "H":
        draw.ellipse((x - r, y - r, x, y), fill=colour)
        draw.ellipse((x, y - r, x + r, y), fill=colour)
        draw.polygon([(x - r + 1, y - h + 3), (x + r - 1, y - h + 3), (x, y + r * 1.1)], fill=colour)
    elif suit == "S":
        draw.ellipse((x - r, y - h, x, y + h), fill=colour)
        draw.ellipse((x, y - h, x + r, y + h), fill=colour)
        draw.polygon([(x - r + 1, y - 1), (x + r - 1, y - 1), (x, y - r * 1.3)], fill=colour)
        draw.polygon([(x, y), (x - h, y + r), (x + h, y + r)], fill=colour)
    else:
        for cx, cy in ((x, y - h - 2), (x - h - 3, y + 3), (x + h + 3, y + 3)):
            draw.ellipse((cx - h - 2, cy - h - 2, cx + h + 2, cy + h + 2), fill=colour)
        draw.polygon([(x, y), (x - h, y + r), (x + h, y + r)], fill=colour)


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


def copy_static(dist: Path) -> None:
    shutil.copytree(SITE / "static", dist, dirs_exist_ok=True)
    for source, name in VENDOR_FILES.items():
        (dist / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(NODE_MODULES / source, dist / name)


# Offline


def precache_list(dist: Path) -> list[str]:
    """Every file a visitor may need offline, relative to the site root (the whole standard library is not: the
    game runs on the trimmed one, and the import fallback fetches the whole one only online)."""
    skip = {"sw.js", whole_stdlib(), *HOST_FILES}
    return sorted(name for name in (p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
                  if not name.endswith((".br", ".gz")) and name not in skip and not name.startswith(NOT_PRECACHED))


def write_service_worker(dist: Path) -> None:
    """sw.js with the precache list and a cache name made of the files' content hash."""
    files = precache_list(dist)
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256((dist / name).read_bytes()).digest())
    version = digest.hexdigest()[:16]
    source = (SITE / "sw.js").read_text()
    precache = json.dumps({"version": version, "files": files}, separators=(",", ":"))
    (dist / "sw.js").write_text(source.replace('"__PRECACHE__"', precache))


# Hosting

Rule = tuple[str, dict[str, str]]  # an address pattern of `_headers` and the headers it sends


def write_headers(dist: Path, stdlib: Path) -> None:
    """`_headers`, as Netlify and Cloudflare Pages read it: a pattern line, then indented `Name: value` lines."""
    text = "\n".join(pattern + "\n" + "".join(f"  {name}: {value}\n" for name, value in headers.items())
                     for pattern, headers in header_rules(dist, stdlib))
    (dist / HEADERS).write_text(text)


def header_rules(dist: Path, stdlib: Path) -> list[Rule]:
    """The security headers for every address, then exactly one caching rule for each file: kept for good where
    its address changes with its content (the runtime's versioned folder, the standard library's hashed name),
    revalidated everywhere else. Hosts join the values of every rule that matches, so caching rules never overlap.
    """
    versioned = {runtime_folder(), stdlib.relative_to(dist).as_posix()}
    patterns = sorted(f"/{name}/*" if (dist / name).is_dir() else f"/{name}" for name in versioned)
    return [("/*", SECURITY_HEADERS), *((pattern, FOR_GOOD) for pattern in patterns),
            *((pattern, REVALIDATE) for pattern in ["/", *revalidated(dist, dist, versioned)])]


def revalidated(dist: Path, folder: Path, versioned: set[str]) -> list[str]:
    """Patterns for every file under `folder` outside `versioned`: a whole folder where nothing in it is versioned."""
    patterns = []
    for entry in sorted(folder.iterdir()):
        name = entry.relative_to(dist).as_posix()
        if name in versioned or name in HOST_FILES or entry.suffix in {".br", ".gz"}:
            continue
        if entry.is_file():
            patterns.append(f"/{name}")
        elif any(other.startswith(name + "/") for other in versioned):
            patterns += revalidated(dist, entry, versioned)
        else:
            patterns.append(f"/{name}/*")
    return patterns


def read_headers(path: Path) -> list[Rule]:
    """The rules of a `_headers` file, read as the hosts read it (no file, no rules)."""
    rules: list[Rule] = []
    for line in path.read_text().splitlines() if path.is_file() else []:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line[0].isspace():
            name, _, value = line.partition(":")
            rules[-1][1][name.strip()] = value.strip()
        else:
            rules.append((line.strip(), {}))
    return rules


def headers_for(rules: list[Rule], path: str) -> dict[str, str]:
    """What a host sends for the address `path`: every matching rule's headers, where `*` matches anything, and
    the values of one header from several rules joined with commas, as Cloudflare Pages joins them."""
    found: dict[str, str] = {}
    for pattern, headers in rules:
        if re.fullmatch(re.escape(pattern).replace(r"\*", ".*"), path):
            for name, value in headers.items():
                found[name] = f"{found[name]}, {value}" if name in found else value
    return found


def precompress(dist: Path) -> None:
    """Write `.br` and `.gz` beside every file, for static hosts that serve them.

    Brotli at its best quality takes half a minute on the wasm, so results are kept in build/ by content hash.
    """
    cache = ROOT / "build" / "compressed"
    cache.mkdir(parents=True, exist_ok=True)
    for path in [p for p in dist.rglob("*") if p.is_file() and p.relative_to(dist).as_posix() not in HOST_FILES]:
        data = path.read_bytes()
        key = hashlib.sha256(data).hexdigest()
        for suffix in (".br", ".gz"):
            cached = cache / (key + suffix)
            if not cached.exists():
                write_whole(cached, compress(data, suffix))
            shutil.copyfile(cached, path.with_name(path.name + suffix))


def compress(data: bytes, suffix: str) -> bytes:
    if suffix == ".gz":
        return gzip.compress(data, compresslevel=9, mtime=0)
    return brotli.compress(data, quality=11)


# Serving


class Handler(SimpleHTTPRequestHandler):
    """Serves dist/ as a static host does: with the types that streaming wasm compilation and module workers need,
    a file's precompressed `.br` or `.gz` sibling, with its Content-Encoding, when the request accepts it, and the
    headers that `_headers` gives its address, as Netlify and Cloudflare Pages send them."""

    encodings = (("br", ".br"), ("gzip", ".gz"))  # preferred first

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".xml": "application/xml",
        ".txt": "text/plain",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
        ".woff2": "font/woff2",
    }

    content_encoding: str | None = None  # of the response being sent
    vary = False  # the response depends on Accept-Encoding
    status = 0

    def translate_path(self, path: str) -> str:
        """The file to send: a folder's index.html, and then its best sibling that the request accepts."""
        local = super().translate_path(path)
        self.content_encoding, self.vary = None, False
        if os.path.isdir(local) and path.split("?", 1)[0].endswith("/"):
            local = os.path.join(local, "index.html")
        if not os.path.isfile(local):
            return local
        accepted = self.accepted_encodings()
        for name, suffix in self.encodings:
            # a sibling older than its file is stale (someone edited dist/ by hand): send the file itself
            if os.path.isfile(local + suffix) and os.path.getmtime(local + suffix) >= os.path.getmtime(local):
                self.vary = True
                if name in accepted and self.content_encoding is None:
                    self.content_encoding = name
        return local + dict(self.encodings)[self.content_encoding] if self.content_encoding else local

    def accepted_encodings(self) -> set[str]:
        """The codings that Accept-Encoding allows (`q=0` refuses one, `*` stands for the others)."""
        allowed: set[str] = set()
        refused: set[str] = set()
        for part in self.headers.get("Accept-Encoding", "").split(","):
            name, _, params = part.partition(";")
            weight = params.strip().removeprefix("q=").strip() or "1"
            (allowed if weight.replace(".", "").strip("0") else refused).add(name.strip().lower())
        if "*" in allowed:
            allowed |= {name for name, _ in self.encodings}
        return allowed - refused

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        path = os.fspath(path)
        if self.content_encoding:
            path = path.removesuffix(dict(self.encodings)[self.content_encoding])
        return super().guess_type(path)

    def send_response(self, code: int, message: str | None = None) -> None:
        self.status = code
        super().send_response(code, message)

    def end_headers(self) -> None:
        if self.vary:
            self.send_header("Vary", "Accept-Encoding")
        if self.content_encoding and self.status == HTTPStatus.OK:
            self.send_header("Content-Encoding", self.content_encoding)
        rules = read_headers(Path(self.directory) / HEADERS)  # read at every request: a rebuild takes effect at once
        for name, value in headers_for(rules, unquote(urlsplit(self.path).path)).items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass  # keep the console for the address and errors


class Server(ThreadingHTTPServer):
    """The threading server, but a browser that drops a connection (it left the page, or cancelled a download it no
    longer needs) is not an error: it logs nothing, where socketserver would print a whole traceback."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(dist: Path = DIST, port: int = 8000, host: str = "127.0.0.1",
                handler: type[SimpleHTTPRequestHandler] = Handler) -> Server:
    """A server of `dist` with `handler` (build.py's own by default, or one made from it for a test)."""
    return Server((host, port), partial(handler, directory=str(dist)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="build", choices=["build", "serve", "catalogs"])
    parser.add_argument("--port", type=int, default=8000, help="port for `serve` (default 8000)")
    parser.add_argument("--out", type=Path, default=DIST, help="output folder (default dist/)")
    parser.add_argument("--site-url", type=site_address, metavar="URL",
                        help="the address the site will be served from, such as https://example.org/krig/: for "
                             "canonical and hreflang links, og:url, og:image, sitemap.xml and robots.txt "
                             "(see docs/deploy.md)")
    args = parser.parse_args(argv)
    if args.command == "catalogs":
        update_catalogs()
        return
    dist = build(args.out, args.site_url)
    print(f"built {dist}")
    if args.command == "serve":
        server = make_server(dist, args.port)
        print(f"serving Krig on http://127.0.0.1:{args.port}/ (Ctrl+C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
