"""What the built pages hand to their scripts: every string key is used and every one asked for is there, the
facts are Python's, the settings form is the settings table's, and each page gets its modules in one file."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import build
from krig import Game
from krig.webapp import facts, settings
from sitebuild.bundles import ENTRIES
from sitebuild.paths import MODULES

MODULE = r"""["'](\./[\w./-]+)["']"""  # one of ours (the vendored one is not read for strings)
IMPORT = re.compile(rf"""^import\s+(?:[^"';]*?\sfrom\s+)?{MODULE}|\bimport\(\s*{MODULE}\s*\)""", re.MULTILINE)
# strings.js's text("key", fallback), or say("key") in the pure modules that are handed it
ASKED = re.compile(r"""\b(?:text|say)\(\s*["'](\w+)["']""")
ASKED_PLURAL = re.compile(r"""\bplural\(\s*(?:["'](\w+)["']|[^,]*\?\s*["'](\w+)["']\s*:\s*["'](\w+)["'])""")
READ_BY_STRINGS = re.compile(r"\bdata\.(\w+)")
# The entries strings.js reads itself, by the function that reads them: the plural forms, the card names.
READ_FOR = {"plural": "plurals", "cardName": "cards"}
SOURCE = MODULES.parent  # the site root of the modules as written, which the build bundles
BUNDLED = re.compile(r"^// ([\w./-]+\.js)$", re.MULTILINE)  # esbuild's line before each module it took in


def json_block(html: str, name: str) -> dict:
    match = re.search(rf'<script type="application/json" id="{name}">(.*?)</script>', html, re.DOTALL)
    assert match, name
    return json.loads(match.group(1))


def modules(entry: str) -> set[str]:
    """Every module of ours `entry` imports, statically or with import(), itself included, as paths from the site
    root."""
    found, todo = set(), [entry]
    while todo:
        path = todo.pop()
        if path in found:
            continue
        found.add(path)
        folder = Path(path).parent
        for static, dynamic in IMPORT.findall((SOURCE / path).read_text()):
            todo.append((folder / (static or dynamic)).as_posix())
    return found


def asked(entry: str) -> set[str]:
    """The string keys the scripts of `entry` ask for."""
    keys = set()
    for path in modules(entry) - {"js/strings.js"}:
        script = (SOURCE / path).read_text()
        keys |= set(ASKED.findall(script))
        keys |= {key for function, key in READ_FOR.items() if re.search(rf"\b{function}\(", script)}
        table = settings.table("en")
        if "say(`bad_${" in script:  # deal.js: what a link gets wrong, by the deal setting's name (not a house rule's)
            keys |= {f"bad_{setting['name']}" for setting in table if setting["deal"] and "house" not in setting}
        if "text(`house_${" in script:  # board.js, stats.js: a house rule's name, by its name in the save
            keys |= {f"house_{setting['house']}" for setting in table if "house" in setting}
    return keys


def test_the_entries_strings_js_reads_itself_are_known() -> None:
    assert set(READ_BY_STRINGS.findall((SOURCE / "js" / "strings.js").read_text())) == set(READ_FOR.values())


@pytest.mark.parametrize(("page", "file"), build.PAGES.items())
def test_every_string_key_a_page_hands_to_its_scripts_is_used(dist: Path, page: str, file: str) -> None:
    handed = json_block((dist / "en" / file).read_text(), "krig-strings")
    assert set(handed) - asked(build.SCRIPTS[page]) == set()


@pytest.mark.parametrize(("page", "file"), build.PAGES.items())
def test_every_string_key_the_scripts_ask_for_is_handed_over(dist: Path, page: str, file: str) -> None:
    for lang in build.LANGUAGES:
        handed = json_block((dist / lang.code / file).read_text(), "krig-strings")
        assert asked(build.SCRIPTS[page]) - set(handed) == set(), lang.code


@pytest.mark.parametrize(("page", "file"), build.PAGES.items())
def test_every_plural_sentence_the_scripts_ask_for_has_every_form(dist: Path, page: str, file: str) -> None:
    wanted = {key for path in modules(build.SCRIPTS[page]) for match in
              ASKED_PLURAL.findall((SOURCE / path).read_text()) for key in match if key}
    for lang in build.LANGUAGES:
        forms = json_block((dist / lang.code / file).read_text(), "krig-strings").get("plurals", {})
        assert all(wanted <= set(keys) for keys in forms.values()), lang.code
        assert bool(forms) == bool(wanted)


@pytest.mark.parametrize("file", build.PAGES.values())
def test_the_facts_each_page_holds_are_pythons(dist: Path, file: str) -> None:
    for lang in build.LANGUAGES:
        assert json_block((dist / lang.code / file).read_text(), "krig-facts") == facts.page(lang.code)
    reader = (SOURCE / "js" / "facts.js").read_text()
    assert {name for name in facts.page("en") if f"facts.{name}" not in reader} == set()  # each one is read


class Form(HTMLParser):
    """Each setting's control on a page, as settings.js finds it (the element of its name, "face_down":
    #face-down, or its radio buttons): its values, and the one shown at first."""

    def __init__(self, names: list[str]) -> None:
        super().__init__()
        self.ids = {name.replace("_", "-"): name for name in names}
        self.found: dict[str, dict[str, Any]] = {}
        self.select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = dict(attrs)
        name = self.ids.get(attr.get("id") or "")
        if tag == "option" and self.select:
            control = self.found[self.select]
            control["values"].append(attr["value"])
            if "selected" in attr or len(control["values"]) == 1:
                control["shown"] = attr["value"]
        elif tag == "select" and name:
            self.select = name
            self.found[name] = {"kind": "choice", "values": []}
        elif tag == "input" and attr.get("type") == "radio" and attr.get("name") in self.ids.values():
            control = self.found.setdefault(attr["name"] or "", {"kind": "choice", "values": []})
            control["values"].append(attr["value"])
            if "checked" in attr:
                control["shown"] = attr["value"]
        elif tag == "input" and attr.get("type") == "range" and name:
            self.found[name] = {"kind": "range", "values": [attr["min"], attr["max"]], "shown": attr["value"]}
        elif tag == "input" and attr.get("type") == "checkbox" and name:
            self.found[name] = {"kind": "toggle", "values": ["False", "True"], "shown": str("checked" in attr)}

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.select = None


@pytest.mark.parametrize("lang", build.LANGUAGES, ids=lambda lang: lang.code)
def test_the_settings_form_is_the_settings_table(dist: Path, lang: Any) -> None:
    table = settings.table(lang.code)
    form = Form([setting["name"] for setting in table])
    form.feed((dist / lang.code / "index.html").read_text())
    for setting in table:
        values = [str(value) for value in setting["values"]]
        assert form.found[setting["name"]] == {"kind": setting["kind"], "values": values,
                                               "shown": str(setting["default"])}, setting["name"]
    assert form.found.keys() == {setting["name"] for setting in table}


def test_a_deal_setting_is_named_as_in_the_engines_save_and_a_choice_starts_at_its_default() -> None:
    save = Game.new(2, seed=1).to_dict()
    for setting in settings.table("en"):
        if "house" in setting:  # a house rule's toggle: the save lists the rule under its name
            assert Game.new(2, seed=1, house=[setting["house"]]).to_dict()["house"] == [setting["house"]]
        assert not setting["deal"] or "house" in setting or setting["name"] in save, setting["name"]
        assert setting["kind"] != "choice" or setting["values"][0] == setting["default"], setting["name"]


def test_the_page_scripts_tests_take_the_settings_table_as_python_gives_it() -> None:
    written = (Path(__file__).parents[1] / "js" / "choices.mjs").read_text()
    quoted = re.sub(r"(\w+):", r'"\1":', written.split("Object.freeze(", 1)[1].rsplit(");", 1)[0])
    choices = json.loads(re.sub(r",(\s*[}\]])", r"\1", quoted))  # JSON without the trailing commas
    assert choices == {"settings": settings.table("fr"), "unoffered": facts.page("fr")["unoffered"]}


def test_each_page_gets_every_module_it_imports_in_one_file(dist: Path) -> None:
    """A page asks for one script, its entry bundled with every module it imports, statically or with import()
    (sitebuild/bundles.py), the vendored one included; none is shipped apart. The engine's worker keeps its own
    file, which the page starts by its address."""
    assert set(build.SCRIPTS.values()) < set(ENTRIES)  # and the root page's
    shipped = {path.relative_to(dist).as_posix() for path in [*dist.glob("*.js"), *(dist / "js").glob("*.js")]}
    assert shipped == {*ENTRIES, "js/worker.js", "sw.js"}
    assert not (dist / "vendor").exists()
    for entry in ENTRIES:
        bundle = (dist / entry).read_text()
        assert IMPORT.search(bundle) is None and "import(" not in bundle
        assert set(BUNDLED.findall(bundle)) - {"vendor/idb-keyval.js"} == modules(entry)
