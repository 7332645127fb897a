"""The examples in the engine's docstrings run and say what they show."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs" / "engine.md"
MODULES = [
    "krig",
    "krig.cards",
    "krig.rng",
    "krig.game",
    "krig.save",
    "krig.rules",
    "krig.fast",
    "krig.chances",
    "krig.cli",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_example_in_the_docs() -> None:
    result = doctest.testfile(str(DOCS), module_relative=False)
    assert result.attempted and result.failed == 0
