# The two commands of the README: `make start` and `make test`. Both install what is missing first.
.PHONY: start test crossbrowser setup build bench catalogs lint screenshots

start: setup
	.venv/bin/python build.py serve

test: setup
	scripts/setup.sh --browser
	.venv/bin/ruff check .
	.venv/bin/python -m pytest

crossbrowser: setup
	scripts/setup.sh --browser
	.venv/bin/python -m pytest tests/crossbrowser

setup:
	scripts/setup.sh

build: setup
	.venv/bin/python build.py

bench: setup
	.venv/bin/python benchmarks/engine.py

catalogs: setup
	.venv/bin/python build.py catalogs

lint: setup
	.venv/bin/ruff check .

screenshots: setup
	KRIG_SCREENSHOTS=$(CURDIR)/docs/screenshots .venv/bin/python -m pytest tests/browser/test_a11y.py -k en
