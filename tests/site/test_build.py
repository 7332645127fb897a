"""The built dist/: every page in six languages, valid, translated, self-contained, locked down, and complete.

Over 300 lines: one short test per property of the output, sharing its HTML parser."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import zipfile
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import brotli
import pytest

import build
from sitebuild.early import hash_source
from sitebuild.paths import fill_in

LANGS = [lang.code for lang in build.LANGUAGES]
PAGES = list(build.PAGES.values())
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Page(HTMLParser):
    """A strict reading of one page: balanced tags, unique ids, and what a validator would complain about."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.problems: list[str] = []
        self.ids: list[str] = []
        self.urls: list[str] = []
        self.texts: list[str] = []
        self.attrs_of: dict[str, list[dict[str, str | None]]] = {}
        self.doctype = False
        self.skip_text = 0
        self.inline_scripts: list[str] = []  # the text of each script that is neither data nor a file
        self.in_inline_script = False
        self.feed(html)
        self.close()
        if self.stack:
            self.problems.append(f"unclosed: {self.stack}")

    def handle_decl(self, decl: str) -> None:
        self.doctype = decl.lower() == "doctype html"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.attrs_of.setdefault(tag, []).append(a)
        if "id" in a:
            self.ids.append(a["id"] or "")
        for name in ("href", "src", "action", "poster"):
            if a.get(name):
                self.urls.append(a[name] or "")
        if "style" in a:
            self.problems.append(f"inline style on <{tag}>")
        if any(name.startswith("on") for name in a):
            self.problems.append(f"inline event handler on <{tag}>")
        if tag == "script" and a.get("type") != "application/json" and "src" not in a:
            self.inline_scripts.append("")
            self.in_inline_script = True
        if tag in ("script", "style"):
            self.skip_text += 1
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}>")
            return
        self.stack.pop()
        if tag in ("script", "style"):
            self.skip_text -= 1
        if tag == "script" and self.in_inline_script:
            self.in_inline_script = False
            if hash_source(self.inline_scripts[-1]) not in self.policy().get("script-src", []):
                self.problems.append("an inline script the page's CSP does not allow")

    def policy(self) -> dict[str, list[str]]:
        """The page's CSP as far as it has been read: each directive's sources."""
        csp = next((m["content"] or "" for m in self.attrs_of.get("meta", [])
                    if m.get("http-equiv") == "Content-Security-Policy"), "")
        return {name: sources for name, *sources in (directive.split() for directive in csp.split(";") if directive)}

    def handle_data(self, data: str) -> None:
        if self.in_inline_script:
            self.inline_scripts[-1] += data
        text = " ".join(data.split())
        if text and not self.skip_text:
            self.texts.append(text)


def page(dist: Path, lang: str, file: str) -> Page:
    return Page((dist / lang / file).read_text())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("file", PAGES)
def test_every_page_exists_and_is_valid_html(dist: Path, lang: str, file: str) -> None:
    p = page(dist, lang, file)
    assert p.doctype
    assert p.problems == []
    assert len(p.ids) == len(set(p.ids)), "duplicate ids"
    (html,) = p.attrs_of["html"]
    assert html["lang"] == lang
    assert len(p.attrs_of["h1"]) == 1


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("file", PAGES)
def test_every_page_has_title_description_and_switcher(dist: Path, lang: str, file: str) -> None:
    html = (dist / lang / file).read_text()
    p = Page(html)
    title = re.search(r"<title>(.+?)</title>", html)
    assert title and title.group(1).strip()
    (description,) = [m for m in p.attrs_of["meta"] if m.get("name") == "description"]
    assert description["content"]
    # hreflang links only with a site URL, as search engines take them only absolute: tests/site/test_site_url.py
    assert not [a for a in p.attrs_of["link"] if a.get("rel") == "alternate"]
    switcher = [a for a in p.attrs_of["a"] if a.get("data-lang")]
    assert {a["data-lang"] for a in switcher} == set(LANGS)
    assert all(a["href"] == f"../{a['data-lang']}/{file}" for a in switcher)


def test_faq_is_real_details_and_summary(dist: Path) -> None:
    for lang in LANGS:
        p = page(dist, lang, "index.html")
        assert len(p.attrs_of["details"]) >= 10
        assert len(p.attrs_of["summary"]) == len(p.attrs_of["details"])


ALLOWED_SAME = {"Krig", "Norske kortspill", "English", "Русский", "বাংলা", "Kiswahili", "Français",
                "Bahasa Indonesia", "Krig:"}
COGNATES = {("fr", "Animation"), ("fr", "Jokers"), ("id", "normal")}  # words that really are the same in both languages


@pytest.mark.parametrize("lang", LANGS[1:])
@pytest.mark.parametrize("file", PAGES)
def test_no_english_text_left_on_translated_pages(dist: Path, lang: str, file: str) -> None:
    english = set(page(dist, "en", file).texts)
    translated = page(dist, lang, file).texts
    left = [t for t in translated if t in english and t not in ALLOWED_SAME and (lang, t) not in COGNATES
            and not re.fullmatch(r"[\d\W]+", t)]
    assert left == []


def test_bengali_pages_use_bengali_digits(dist: Path) -> None:
    html = (dist / "bn" / "index.html").read_text()
    assert '<option value="4">৪</option>' in html
    assert "৫২" in html


def all_text_files(dist: Path) -> list[Path]:
    return [p for p in dist.rglob("*") if p.suffix in {".html", ".js", ".mjs", ".css", ".json", ".webmanifest"}]


def test_no_url_points_to_another_origin(dist: Path) -> None:
    for lang in LANGS:
        for file in PAGES:
            for url in page(dist, lang, file).urls:
                assert not re.match(r"^([a-z]+:)?//", url), url
    offenders = []
    for path in all_text_files(dist):
        if path.parent == dist / build.runtime_folder():
            continue  # the runtime's own files mention its CDN as a default that our lockFileURL/indexURL replace
        text = path.read_text()
        offenders += [f"{path.name}: {m}" for m in re.findall(r"https?://[^\s\"'<>)]+", text)
                      if not m.startswith(("http://www.w3.org/", "http://127.0.0.1"))]
    assert offenders == []


REQUIRED_CSP = ["default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "connect-src 'self'",
                "object-src 'none'", "base-uri 'none'"]


def test_every_page_has_a_strict_csp_and_referrer_policy(dist: Path) -> None:
    for path in dist.rglob("*.html"):
        p = Page(path.read_text())
        (csp,) = [m["content"] for m in p.attrs_of["meta"] if m.get("http-equiv") == "Content-Security-Policy"]
        assert csp is not None
        for directive in REQUIRED_CSP:
            assert directive in csp, (path, directive)
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp.replace("wasm-unsafe-eval", "")
        assert [m for m in p.attrs_of["meta"] if m.get("name") == "referrer"]


def test_the_language_pages_carry_one_inline_script_and_their_csp_allows_it_and_nothing_else(dist: Path) -> None:
    inline = {(lang, file): page(dist, lang, file).inline_scripts for lang in LANGS for file in PAGES}
    (scripts,) = set(map(tuple, inline.values()))
    (early,) = scripts
    assert "indexedDB.open" in early
    for path in dist.rglob("*.html"):
        sources = Page(path.read_text()).policy()["script-src"]
        assert [source for source in sources if source.startswith("'sha")] in ([], [hash_source(early)]), path


def test_pyodide_files_and_engine_wheel_are_where_the_lock_file_says(dist: Path) -> None:
    folder = dist / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    npm_lock = json.loads((build.NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["info"]["abi_version"] == npm_lock["info"]["abi_version"]
    assert set(lock["packages"]) == {"krig"}
    krig = lock["packages"]["krig"]
    wheel = folder / krig["file_name"]
    assert wheel.exists() and wheel.name.endswith("-py3-none-any.whl")
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == krig["sha256"]
    assert krig["imports"] == ["krig"]
    for name in build.PYODIDE_FILES:
        runtime = dist / build.runtime_folder() / name
        assert runtime.read_bytes() == (build.NODE_MODULES / "pyodide" / name).read_bytes()


def test_pyodide_version_is_pinned_exactly(dist: Path) -> None:
    package = json.loads((build.ROOT / "package.json").read_text())
    lock = json.loads((build.ROOT / "package-lock.json").read_text())
    assert package["dependencies"]["pyodide"] == "314.0.7"
    assert lock["packages"]["node_modules/pyodide"]["version"] == "314.0.7"
    assert all(re.fullmatch(r"\d+\.\d+\.\d+", v) for v in package["dependencies"].values())


@pytest.mark.pyodide  # add_bytecode compiles in Pyodide under Node.js
def test_the_wheel_is_reproducible(dist: Path, tmp_path: Path) -> None:
    again = build.build_wheel(tmp_path)
    build.add_bytecode(again)
    (first,) = (dist / "pyodide").glob("*.whl")
    assert again.read_bytes() == first.read_bytes()


def test_the_wheel_carries_bytecode_compiled_by_pyodides_own_python(dist: Path) -> None:
    (wheel,) = (dist / "pyodide").glob("*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        record = z.read(next(n for n in names if n.endswith("RECORD"))).decode()
        bytecode = z.read("krig/__pycache__/game.cpython-314.pyc")
    sources = {n for n in names if n.endswith(".py")}
    assert {f"{n.rsplit('/', 1)[0]}/__pycache__/{n.rsplit('/', 1)[1][:-3]}.cpython-314.pyc" for n in sources} <= names
    assert bytecode[4:8] == (1).to_bytes(4, "little")  # PEP 552 flags: hash-based, source not checked
    assert all(n in record for n in names if not n.endswith("RECORD"))


def test_service_worker_precaches_every_page_and_pyodide(dist: Path) -> None:
    sw = (dist / "sw.js").read_text()
    assert "__PRECACHE__" not in sw
    (block,) = re.findall(r"const PRECACHE = (\{.*\});\n", sw)
    precache = json.loads(block)
    files = set(precache["files"])
    for lang in LANGS:
        assert {f"{lang}/index.html", f"{lang}/stats.html"} <= files
        assert f"{lang}/manifest.webmanifest" in files
    (stdlib,) = (p.relative_to(dist).as_posix() for p in (dist / "pyodide").glob("stdlib-*.zip"))
    runtime = build.runtime_folder()
    assert {"index.html", f"{runtime}/pyodide.asm.wasm", stdlib, "pyodide/pyodide-lock.json", "js/worker.js",
            "cards/back.svg", "cards/AS.svg"} <= files
    assert build.whole_stdlib() not in files  # only the import fallback needs it, and only online
    assert not any(f.startswith("bench/") for f in files)
    assert all((dist / f).is_file() for f in files)
    assert re.fullmatch(r"[0-9a-f]{16}", precache["version"])
    # those whose address changes with their content, which the worker takes from the HTTP cache as it is
    assert set(precache["versioned"]) == {f for f in files if f.startswith(f"{runtime}/") or f == stdlib}
    assert f"{runtime}/pyodide.asm.wasm" in precache["versioned"]


def test_every_file_is_precompressed(dist: Path) -> None:
    originals = [p for p in dist.rglob("*") if p.is_file() and p.suffix not in {".br", ".gz"}
                 and p.name not in build.HOST_FILES]
    for path in originals:
        br, gz = path.with_name(path.name + ".br"), path.with_name(path.name + ".gz")
        assert br.exists() and gz.exists(), path
    sample = dist / "en" / "index.html"
    assert brotli.decompress(sample.with_name("index.html.br").read_bytes()) == sample.read_bytes()
    assert gzip.decompress(sample.with_name("index.html.gz").read_bytes()) == sample.read_bytes()


def test_bengali_font_is_self_hosted(dist: Path) -> None:
    css = (dist / "fonts" / "bengali.css").read_text()
    fonts = re.findall(r"url\(([^)]+)\)", css)
    assert fonts and all((dist / "fonts" / f).stat().st_size > 10_000 for f in fonts)
    assert "../fonts/bengali.css" in (dist / "bn" / "index.html").read_text()


def test_bengali_pages_preload_every_weight_of_their_font(dist: Path) -> None:
    """The fonts come with the page, so that the first layout has them: none is laid out twice or moves on arrival."""
    fonts = re.findall(r"url\(([^)]+)\)", (dist / "fonts" / "bengali.css").read_text())
    for page in ("index.html", "stats.html"):
        html = (dist / "bn" / page).read_text()
        preload = r'<link rel="preload" href="\.\./fonts/([^"]+)" as="font" type="font/woff2" crossorigin>'
        preloaded = re.findall(preload, html)
        assert sorted(preloaded) == sorted(fonts), page
    assert 'rel="preload"' not in (dist / "en" / "index.html").read_text()


def test_root_page_lists_every_language_without_scripts(dist: Path) -> None:
    p = Page((dist / "index.html").read_text())
    assert p.problems == []
    links = {a["data-lang"]: a["href"] for a in p.attrs_of["a"] if a.get("data-lang")}
    assert links == {code: f"{code}/index.html" for code in LANGS}


def test_the_root_page_sends_a_visitor_only_to_the_languages_the_build_renders(dist: Path) -> None:
    (listed,) = re.findall(r"^(?:const|var) LANGUAGES = (.*);$", (dist / "root.js").read_text(), re.M)  # bundled: var
    assert json.loads(listed) == LANGS
    assert set(LANGS) == {folder.name for folder in dist.iterdir() if (folder / "index.html").is_file()}


def test_a_built_script_without_its_placeholder_stops_the_build(tmp_path: Path) -> None:
    script = tmp_path / "openings.js"
    script.write_text("const POOL = 32;\n")
    with pytest.raises(SystemExit, match='openings.js has no "__OPENINGS__"'):
        fill_in(script, '"__OPENINGS__"', "32")
    assert script.read_text() == "const POOL = 32;\n"


def manifest(dist: Path, lang: str) -> dict:
    return json.loads((dist / lang / "manifest.webmanifest").read_text())


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_has_its_own_web_app_manifest(dist: Path, lang: str) -> None:
    m = manifest(dist, lang)
    assert (m["lang"], m["start_url"], m["scope"]) == (lang, "index.html", "./")
    assert m["short_name"] == "Krig" and m["name"] and m["description"]
    assert all((dist / lang / icon["src"]).resolve().is_file() for icon in m["icons"])
    for file in PAGES:
        links = [a["href"] for a in page(dist, lang, file).attrs_of["link"] if a.get("rel") == "manifest"]
        assert links == [f"../{lang}/manifest.webmanifest"]


def test_manifests_describe_the_site_in_their_language(dist: Path) -> None:
    english = manifest(dist, "en")
    for lang in LANGS[1:]:
        assert manifest(dist, lang)["description"] != english["description"]
        assert manifest(dist, lang)["name"] != english["name"]
    assert "Bataille" in manifest(dist, "fr")["name"] and "Пьяница" in manifest(dist, "ru")["description"]


def test_the_language_chooser_describes_the_site_in_each_language(dist: Path) -> None:
    html = (dist / "index.html").read_text()
    for lang in LANGS:
        entry = re.search(rf'<li lang="{lang}">(.*?)</li>', html, re.S)
        assert entry, lang
        assert manifest(dist, lang)["description"] in unescape(entry.group(1))
    assert 'rel="manifest"' not in html  # the root page only chooses: each language installs its own app


def test_the_worker_is_told_what_this_build_ships(dist: Path) -> None:
    worker = (dist / "js" / "worker.js").read_text()
    (block,) = re.findall(r"const BUILD = (\{.*\});\n", worker)
    facts = json.loads(block)
    assert (dist / "pyodide" / facts["stdlib"]).is_file()
    assert re.fullmatch(r"[0-9a-f]{16}", facts["snapshot"])
    assert facts["download"] > (dist / build.runtime_folder() / "pyodide.asm.wasm").stat().st_size
    assert "__BUILD__" not in worker and not (dist / "snapshot").exists()


def test_the_file_of_every_card_picture_holds_each_as_its_own_file_does(dist: Path) -> None:
    pictures = json.loads((dist / "cards" / "pictures.json").read_text())
    files = {path.relative_to(dist / "cards").as_posix() for path in (dist / "cards").rglob("*.svg")}
    assert set(pictures) == files and "back.svg" in files and "fr-four-colour/JD.svg" in files
    assert all(pictures[place] == (dist / "cards" / place).read_text() for place in files)
