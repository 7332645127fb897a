"""The examples in the docstrings of every module of `krig` and `krig.webapp`, in the README and in docs/engine.md
run and say what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import krig
import krig.webapp

ROOT = Path(__file__).resolve().parent.parent
MODULES = ["krig", "krig.webapp"] + [
    module.name
    for package in (krig, krig.webapp)
    for module in pkgutil.iter_modules(package.__path__, package.__name__ + ".")
    if module.name != "krig.__main__"  # runs the command line when imported
]


def test_every_module_of_both_packages_is_collected() -> None:
    assert {"krig.game", "krig.save", "krig.cli", "krig.webapp.bridge", "krig.webapp.narrate",
            "krig.webapp.gamelog", "krig.webapp.replay", "krig.webapp.facts"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_example_in_the_docs() -> None:
    result = doctest.testfile(str(ROOT / "docs" / "engine.md"), module_relative=False)
    assert result.attempted and result.failed == 0


def test_readme_example_runs_as_shown() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False)
    assert result.attempted >= 5
    assert result.failed == 0
