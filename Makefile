# The two commands of the README: `make start` and `make test`. Both install what is missing first.
.PHONY: start test test-js setup build bench catalogs lint screenshots

start: setup
	.venv/bin/python build.py serve

test: setup test-js
	scripts/setup.sh --browser
	.venv/bin/ruff check .
	.venv/bin/python -m pytest

# The page's pure modules (state, deals, stored records, keys, history) under Node's own test runner: seconds.
test-js:
	node --test tests/js/

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
