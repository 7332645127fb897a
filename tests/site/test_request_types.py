"""The request types are one list, Python's (``session.HANDLERS``): the bridge answers each of them, the page is
handed their names (``facts.page("en")["requests"]``, ``REQUESTS`` in facts.js), and every request the page sends
is of one of them. So are the kinds of error (``failures.Failure``, ``ERRORS`` in facts.js and worker.js) and the codes
of the refusals the page says in its words (``failures.REFUSALS``, ``REFUSALS`` in facts.js)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from krig.webapp import bridge, facts, failures
from krig.webapp.session import HANDLERS, Session
from sitebuild.paths import MODULES

SCRIPTS = sorted(MODULES.glob("*.js"))  # the page's modules as written
NOT_REQUESTS = {"module", "application/json", "image/svg+xml", "unit", "conjunction",  # a worker's, files', Intl's
                "progress", "fatal", "snapshot-stored", "snapshot-failed", "stdlib-fallback",  # worker → page
                "skip-waiting"}  # page → service worker
"""Every other ``type: "…"`` that the page's scripts write: none of them goes to the bridge."""


def code(path: Path) -> str:
    """A script without its comments (a `//` inside a string is left alone where a quote comes before it)."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    return re.sub(r"^([^\"'`\n]*?)//.*$", r"\1", text, flags=re.M)


def sent() -> dict[str, set[str]]:
    """Per script, the request types it names: ``REQUESTS.<type>``, and the literal types it writes."""
    return {path.name: {*re.findall(r"\bREQUESTS\.(\w+)", code(path)),
                        *re.findall(r"\btype: \"([^\"]+)\"", code(path))} - NOT_REQUESTS
            for path in SCRIPTS}


def test_every_request_type_the_page_sends_is_one_the_bridge_answers() -> None:
    named = sent()
    assert {"flip", "restore"} <= named["play.js"] and named["stats.js"] == {"simulate"}
    assert "init" in named["worker.js"]  # the worker's own request, the one it sends by its literal name
    unknown = {script: types - set(HANDLERS) for script, types in named.items() if types - set(HANDLERS)}
    assert unknown == {}
    assert set().union(*named.values()) == set(HANDLERS)  # and no type is answered that the page never sends


def test_the_page_is_handed_the_request_types_the_bridge_answers() -> None:
    assert facts.page("en")["requests"] == sorted(HANDLERS)
    assert "REQUESTS" in (MODULES / "facts.js").read_text(encoding="utf-8")


def test_the_bridge_answers_each_request_type_it_hands_over_and_refuses_any_other() -> None:
    bridge.SESSION = Session()
    for kind in facts.page("en")["requests"]:
        answer = json.loads(bridge.handle(json.dumps({"type": kind})))
        assert "unknown request type" not in answer.get("error", {}).get("message", ""), (kind, answer)
    refused = json.loads(bridge.handle(json.dumps({"type": "shuffle_again"})))
    assert refused == {"ok": False, "error": {"kind": "request", "message": "unknown request type 'shuffle_again'"}}


def test_every_kind_of_error_the_page_names_is_pythons_and_none_is_written_by_hand() -> None:
    kinds = {str(kind) for kind in failures.Failure}
    for path in SCRIPTS:
        named = set(re.findall(r"\bERRORS(?:\.([\w]+)|\[\"([\w-]+)\"\])", code(path)))
        assert {dotted or quoted for dotted, quoted in named} <= kinds, path.name
        assert not re.search(r"(?:error\??\.kind [!=]== |kind: |EngineError\()\"", code(path)), path.name
    assert facts.page("en")["errors"] == [str(kind) for kind in failures.Failure]
    assert set(facts.page("en")["fatal"]) < kinds


def test_every_refusal_code_the_page_names_is_pythons_and_none_is_written_by_hand() -> None:
    codes = set(failures.REFUSALS)
    named = set()
    for path in SCRIPTS:
        found = set(re.findall(r"\bREFUSALS(?:\.([\w]+)|\[\"([\w-]+)\"\])", code(path)))
        named |= {dotted or quoted for dotted, quoted in found}
        assert not re.search(r"\.code [!=]== \"", code(path)), path.name
    assert named == codes - {"damaged"}  # a damaged save, and any other, is said by default
    assert facts.page("en")["refusals"] == list(failures.REFUSALS)
