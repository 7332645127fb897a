"""What a static host is given: `_headers` (read by Netlify and Cloudflare Pages) says what a meta tag cannot, and
caches for good only files whose address changes with their content; nothing that Jekyll drops (docs/deploy.md)."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from html import unescape
from pathlib import Path

import brotli
import pytest

import build

LANGS = [lang.code for lang in build.LANGUAGES]
FORMAT = re.compile(r"/\S*|  [A-Za-z-]+: \S.*|")  # a pattern line, an indented `Name: value` line, or a blank
NO_CACHE = "no-cache"
FOR_GOOD = "public, max-age=31536000, immutable"
SIBLINGS = {".br": brotli.decompress, ".gz": gzip.decompress}


@pytest.fixture(scope="module")
def rules(dist: Path) -> list[build.Rule]:
    text = (dist / "_headers").read_text()
    assert [line for line in text.splitlines() if not FORMAT.fullmatch(line)] == []
    return build.read_headers(dist / "_headers")


def caching(rules: list[build.Rule], address: str) -> list[str]:
    """The Cache-Control value of every rule that covers `address`."""
    return [headers["Cache-Control"] for pattern, headers in rules
            if "Cache-Control" in headers and build.headers_for([(pattern, headers)], address)]


def every_address(rules: list[build.Rule]) -> dict[str, str]:
    """The headers of the rule that covers every address."""
    (everywhere,) = [headers for pattern, headers in rules if pattern == "/*"]
    return everywhere


def address(dist: Path, path: Path) -> str:
    return "/" + path.relative_to(dist).as_posix()


def served(dist: Path) -> list[Path]:
    """Every file a visitor's browser may ask for by its own address (a precompressed sibling is sent for it)."""
    return [p for p in dist.rglob("*") if p.is_file() and p.suffix not in SIBLINGS and p.name not in build.HOST_FILES]


def meta(dist: Path, name: str, attribute: str = "name") -> str:
    html = (dist / "en" / "index.html").read_text()
    found = re.search(rf'<meta {attribute}="{name}" content="([^"]+)">', html)
    assert found, name
    return unescape(found.group(1))


def test_the_headers_policy_is_the_pages_own_with_framing_forbidden(dist: Path, rules: list[build.Rule]) -> None:
    everywhere = every_address(rules)
    page_policy = meta(dist, "Content-Security-Policy", "http-equiv").split("; ")
    assert everywhere["Content-Security-Policy"].split("; ") == [*page_policy, "frame-ancestors 'none'"]
    assert everywhere["X-Frame-Options"] == "DENY"
    assert everywhere["X-Content-Type-Options"] == "nosniff"
    assert everywhere["Referrer-Policy"] == meta(dist, "referrer")
    for path in served(dist):  # no other rule adds to the policy, or sends a second one
        sent = build.headers_for(rules, address(dist, path))
        assert sent["Content-Security-Policy"] == everywhere["Content-Security-Policy"], path


def test_the_deploy_guides_nginx_block_sends_the_built_policy(rules: list[build.Rule]) -> None:
    """Its hash changes with the pages' inline script. The nginx test, where nginx is installed, shows only that
    the headers of every file differ."""
    everywhere = every_address(rules)
    guide = (build.ROOT / "docs" / "deploy.md").read_text()
    documented = re.findall(r'add_header Content-Security-Policy "([^"]*)"', guide)
    assert documented == [everywhere["Content-Security-Policy"]], "take docs/deploy.md's policy from dist/_headers"


def test_every_page_and_the_service_worker_are_revalidated(dist: Path, rules: list[build.Rule]) -> None:
    pages = ["/", "/sw.js", *(f"/{lang}/" for lang in LANGS), *(address(dist, p) for p in dist.rglob("*.html"))]
    assert len(pages) > 2 + 2 * len(LANGS)
    for page in pages:
        assert caching(rules, page) == [NO_CACHE], page


def test_every_file_has_exactly_one_caching_rule(dist: Path, rules: list[build.Rule]) -> None:
    """Cloudflare Pages joins the values of every matching rule: two rules would make one muddled Cache-Control."""
    counts = {address(dist, path): len(caching(rules, address(dist, path))) for path in served(dist)}
    assert counts == dict.fromkeys(counts, 1)


def named_by_content(dist: Path, path: Path) -> bool:
    """Whether the file's address changes whenever its content does: its name carries the hash of its bytes, or a
    folder of its address is the pinned version of the npm package that it is an unchanged file of."""
    original = path.with_suffix("") if path.suffix in SIBLINGS else path
    data = SIBLINGS[path.suffix](path.read_bytes()) if path.suffix in SIBLINGS else path.read_bytes()
    digest = re.search(r"-([0-9a-f]{16})\.", original.name)
    if digest:
        return hashlib.sha256(data).hexdigest()[:16] == digest.group(1)
    pinned = json.loads((build.ROOT / "package-lock.json").read_text())["packages"]["node_modules/pyodide"]["version"]
    npm = build.NODE_MODULES / "pyodide" / original.name
    return pinned in path.relative_to(dist).parts and npm.is_file() and npm.read_bytes() == data


def test_only_files_named_by_their_content_are_cached_for_good(dist: Path, rules: list[build.Rule]) -> None:
    kept = [path for path in dist.rglob("*") if path.is_file() and caching(rules, address(dist, path)) == [FOR_GOOD]]
    names = {path.relative_to(dist).as_posix() for path in kept}
    (stdlib,) = (dist / "pyodide").glob("stdlib-*.zip")
    assert {f"{build.runtime_folder()}/pyodide.asm.wasm", f"{build.runtime_folder()}/pyodide.asm.wasm.br",
            stdlib.relative_to(dist).as_posix()} <= names
    assert [path for path in kept if not named_by_content(dist, path)] == []
    # the wheel keeps its name from one engine change to the next, and the lock file names the wheel's hash
    for fixed in ("pyodide/pyodide-lock.json", *(p.relative_to(dist).as_posix() for p in dist.glob("pyodide/*.whl"))):
        assert caching(rules, f"/{fixed}") == [NO_CACHE], fixed


def test_the_headers_file_is_neither_precached_nor_compressed(dist: Path) -> None:
    sw = (dist / "sw.js").read_text()
    (block,) = re.findall(r"const PRECACHE = (\{.*\});\n", sw)
    precache = json.loads(block)
    assert "_headers" not in precache["files"] and "_headers" in build.HOST_FILES
    assert not list(dist.glob("_headers.*"))


def test_jekyll_on_github_pages_would_drop_nothing(dist: Path) -> None:
    """Jekyll leaves out every file and folder whose name starts with `_` or `.`: only `_headers` may."""
    names = {part for path in dist.rglob("*") for part in path.relative_to(dist).parts}
    assert {name for name in names if name.startswith(("_", "."))} == build.HOST_FILES
