"""The examples in the engine's docstrings run and say what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "engine",
    "engine.cards",
    "engine.rng",
    "engine.game",
    "engine.save",
    "engine.simulate",
    "engine.chances",
    "engine.cli",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
