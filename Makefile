# The two commands of the README: `make start` and `make test`. Both install what is missing first.
.PHONY: start test check test-js crossbrowser setup build bench lighthouse catalogs lint types screenshots

# pytest's workers in make test: four on two cores, since a browser test spends most of its time waiting for the
# page (a full run kept two workers' cores about a third busy)
WORKERS ?= 4

start: setup
	.venv/bin/python build.py serve

# The site the tests use starts building first, beside the steps before pytest (tests/builtsite.py).
test: setup
	.venv/bin/python tests/builtsite.py &
	$(MAKE) --no-print-directory test-js
	scripts/setup.sh --browser
	.venv/bin/ruff check .
	$(MAKE) --no-print-directory types
	.venv/bin/python -m pytest -n $(WORKERS) --dist loadfile --no-loadscope-reorder --durations=25

# The fast loop, under a minute: all of make test but the browsers and the runs of Pyodide under Node.js, with
# the tests spread over every core by pytest-xdist (the site is built once, beside them: tests/conftest.py).
check: setup test-js
	.venv/bin/ruff check .
	$(MAKE) --no-print-directory types
	.venv/bin/python -m pytest -q -n auto -m "not browser and not crossbrowser and not pyodide and not slow"

# The page's pure modules (state, deals, stored records, keys, history) under Node's own test runner: seconds.
test-js:
	node --test tests/js/

# Only the Firefox ESR and WebKitGTK smoke suite (make test runs it too).
crossbrowser: setup
	scripts/setup.sh --browser
	.venv/bin/python -m pytest tests/crossbrowser

setup:
	scripts/setup.sh

# SITE_URL=https://example.org/krig/ for a site whose address is known (docs/deploy.md)
build: setup
	.venv/bin/python build.py $(if $(SITE_URL),--site-url $(SITE_URL))

bench: setup
	.venv/bin/python benchmarks/engine.py

# Lighthouse on every language's pages, mobile and desktop, with and without a site URL (docs/performance.md)
lighthouse: setup
	.venv/bin/python benchmarks/lighthouse.py

catalogs: setup
	.venv/bin/python build.py catalogs

lint: setup
	.venv/bin/ruff check .

# Type checks (config in pyproject.toml): `mypy --strict` on the engine (with a cache of its own, as its options
# differ), plain mypy on the rest of the Python. A test folder with its own conftest.py is a run of its own, since
# mypy takes one module per name.
types: setup
	rm -rf build/types && mkdir -p build/types/krig
	ln -s $(CURDIR)/engine/*.py build/types/krig/ && ln -s $(CURDIR)/site/webapp build/types/krig/webapp
	.venv/bin/mypy --strict --cache-dir build/mypy-strict -p krig --exclude 'krig/webapp/'
	.venv/bin/mypy build/types/krig/webapp build.py sitebuild browsers benchmarks tools tests/*.py tests/engine tests/site
	.venv/bin/mypy tests/browser
	.venv/bin/mypy tests/crossbrowser

screenshots: setup
	KRIG_SCREENSHOTS=$(CURDIR)/docs/screenshots .venv/bin/python -m pytest tests/browser/test_a11y.py -k en
	KRIG_INSTALL_SCREENSHOTS=1 .venv/bin/python -m pytest tests/browser/test_install.py
