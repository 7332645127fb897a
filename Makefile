# The two commands of the README: `make start` and `make test`. Both install what is missing first.
.PHONY: start test test-js crossbrowser setup build bench catalogs lint types screenshots

start: setup
	.venv/bin/python build.py serve

test: setup test-js
	scripts/setup.sh --browser
	.venv/bin/ruff check .
	$(MAKE) --no-print-directory types
	.venv/bin/python -m pytest

# The page's pure modules (state, deals, stored records, keys, history) under Node's own test runner: seconds.
test-js:
	node --test tests/js/

# Only the Firefox ESR and WebKitGTK smoke suite (make test runs it too).
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

# Type checks (config in pyproject.toml): `mypy --strict` on the engine, plain mypy on the worker's bridge.
types: setup
	mkdir -p build/types && ln -sfn ../../engine build/types/krig
	.venv/bin/mypy --strict -p krig
	.venv/bin/mypy site/webapp

screenshots: setup
	KRIG_SCREENSHOTS=$(CURDIR)/docs/screenshots .venv/bin/python -m pytest tests/browser/test_a11y.py -k en
