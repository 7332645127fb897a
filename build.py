"""Build the Krig website: `site/` in, a static `dist/` out.

    python build.py            # write dist/
    python build.py --site-url https://example.org/krig/   # the same, knowing where it will live
    python build.py serve      # build, then serve dist/ on http://127.0.0.1:8000
    python build.py catalogs   # extract messages.pot with Babel and update every messages.po

The build renders every page from Jinja2 templates in six languages with the gettext catalogs, packages the
engine as a wheel listed in a pyodide-lock.json (pyodide-lock's `add-wheels`), copies only the Pyodide files the
page needs from the pinned npm package, writes the standard library the game imports as bytecode (traced by
tools/trim_stdlib.mjs), draws the card pictures, bundles each page's modules into one file (esbuild), writes a
service worker that precaches everything under a content-hashed name, writes the `_headers` file that Netlify
and Cloudflare Pages read, and precompresses every file for static hosts; `serve` sends the headers and the
precompressed files as they would (see docs/deploy.md). With a site URL it also writes what needs absolute
addresses: canonical and hreflang links, og:url, og:image, sitemap.xml and robots.txt. Each of these jobs is a
module of sitebuild/, which build() runs in order.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from sitebuild.bundles import bundle_scripts
from sitebuild.catalogs import NUMBERING_DIGITS, compile_catalogs, update_catalogs
from sitebuild.compress import precompress
from sitebuild.headers import HEADERS, HOST_FILES, Rule, headers_for, read_headers, write_headers
from sitebuild.languages import CODES, LANGUAGES
from sitebuild.offline import precache_list, write_service_worker
from sitebuild.openings import OPENINGS_COUNT, OPENINGS_SCRIPT, write_openings
from sitebuild.pages import (
    PAGES,
    SCREENSHOT_WINDOWS,
    SCREENSHOTS,
    SCRIPTS,
    og_locale,
    plural_samples,
    preview,
    render_pages,
    screenshot,
    screenshot_sizes,
    site_address,
    write_crawler_files,
)
from sitebuild.paths import DIST, LOCALES, NODE_MODULES, ROOT, SITE
from sitebuild.pictures import PREVIEW_FONTS, PREVIEW_SIZE, script_of, write_cards
from sitebuild.runtime import (
    PYODIDE_FILES,
    add_bytecode,
    build_wheel,
    copy_pyodide,
    name_runtime,
    runtime_folder,
    whole_stdlib,
    write_lockfile,
    write_stdlib,
    write_worker,
)
from sitebuild.serve import Handler, make_server
from sitebuild.static import copy_static, write_fonts

# What the tests and the benchmarks take from here, besides build() and main(): each is its module's in sitebuild/.
__all__ = [
    "CODES", "DIST", "HEADERS", "HOST_FILES", "LANGUAGES", "LOCALES", "NODE_MODULES", "NUMBERING_DIGITS",
    "OPENINGS_COUNT", "OPENINGS_SCRIPT", "PAGES", "PREVIEW_FONTS", "PREVIEW_SIZE", "PYODIDE_FILES", "ROOT",
    "SCREENSHOTS", "SCREENSHOT_WINDOWS", "SCRIPTS", "SITE", "Handler", "Rule", "add_bytecode", "build", "build_wheel",
    "compile_catalogs", "headers_for", "make_server", "main", "og_locale", "plural_samples", "precache_list",
    "preview", "read_headers", "render_pages", "runtime_folder", "screenshot", "screenshot_sizes", "script_of",
    "site_address", "whole_stdlib", "write_crawler_files", "write_openings",
]


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
    bundle_scripts(dist)
    write_crawler_files(dist, site_url)
    write_worker(dist, wheel, stdlib)
    write_service_worker(dist, stdlib)
    write_headers(dist, stdlib)
    precompress(dist)
    return dist


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
