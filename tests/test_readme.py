"""The README's engine example runs as shown."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_example_runs_as_shown() -> None:
    result = doctest.testfile(str(README), module_relative=False)
    assert result.attempted >= 5
    assert result.failed == 0
