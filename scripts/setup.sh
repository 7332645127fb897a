#!/usr/bin/env bash
# Install everything Krig needs into this checkout: a Python >= 3.12 virtualenv (.venv) with the build and test
# tools, the pinned front-end packages and test drivers (node_modules), and, with --browser, the browsers for the
# browser tests: Chromium, and Firefox ESR and WebKitGTK (with its WebDriver and an Xvfb screen) from Debian, and
# nginx with its brotli_static module for the deploy test of the documented nginx configuration.
# Safe to run again: each step is skipped when it is already done.
set -euo pipefail
cd "$(dirname "$0")/.."

want_browser=no
for arg in "$@"; do
  case "$arg" in
    --browser) want_browser=yes ;;
    *) echo "usage: scripts/setup.sh [--browser]" >&2; exit 2 ;;
  esac
done

say() { printf '\033[1m== %s\033[0m\n' "$*" >&2; }
is_root() { [ "$(id -u)" = 0 ]; }
have() { command -v "$1" >/dev/null 2>&1; }

apt_install() {
  if is_root && have apt-get; then
    if [ -z "${APT_UPDATED:-}" ]; then apt-get update -qq; APT_UPDATED=1; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
  else
    return 1
  fi
}

python_ok() { "$1" -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; }

find_python() {
  local candidate
  for candidate in python3.14 python3.13 python3.12 python3; do
    if have "$candidate" && python_ok "$(command -v "$candidate")"; then command -v "$candidate"; return; fi
  done
  for candidate in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.1[2-9]*/bin/python3; do
    if [ -x "$candidate" ] && python_ok "$candidate"; then echo "$candidate"; return; fi
  done
  return 1
}

if [ ! -x .venv/bin/python ] || ! python_ok .venv/bin/python; then
  python=$(find_python || true)
  if [ -z "$python" ]; then
    say "no Python >= 3.12 found; trying the system package"
    apt_install python3 python3-venv || true
    python=$(find_python || true)
  fi
  [ -n "$python" ] || { echo "Krig needs Python >= 3.12 (python3.12 or newer on the PATH, or pyenv's)." >&2; exit 1; }
  say "creating .venv with $("$python" --version)"
  rm -rf .venv
  "$python" -m venv .venv
fi

stamp=.venv/.krig-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  say "installing the Python tools"
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e ".[dev]"
  touch "$stamp"
fi

node_ok() { have node && node -e 'process.exit(Number(process.versions.node.split(".")[0]) < 18 ? 1 : 0)'; }
if ! node_ok; then
  say "installing Node.js"
  apt_install nodejs npm || { echo "Krig needs Node.js >= 18 and npm." >&2; exit 1; }
fi
if [ ! -d node_modules/pyodide ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing the pinned front-end packages"
  npm ci --no-audit --no-fund --loglevel=error
fi

if [ "$want_browser" = yes ] && [ ! -x /usr/bin/chromium ]; then
  say "installing Chromium and fonts for the browser tests"
  apt_install chromium fonts-dejavu-core fonts-noto-core || .venv/bin/python -m playwright install chromium
fi
# the tests drive Chromium's headless shell where there is one, the benchmarks Chromium itself (sitebuild/chromium.py)
if [ "$want_browser" = yes ] && [ ! -x /usr/bin/chromium-headless-shell ]; then
  say "installing Chromium's headless shell for the browser tests"
  apt_install chromium-headless-shell || say "no headless shell: the browser tests will drive Chromium itself"
fi

cross_browsers_ok() { [ -x /usr/bin/firefox-esr ] && [ -x /usr/bin/WebKitWebDriver ] && [ -x /usr/bin/Xvfb ]; }
if [ "$want_browser" = yes ] && ! cross_browsers_ok; then
  if is_root && have apt-get; then
    say "installing Firefox ESR, WebKitGTK's WebDriver and Xvfb for the cross-browser tests"
    apt_install firefox-esr webkit2gtk-driver xvfb
  else
    say "Firefox ESR and WebKitGTK need root and apt (firefox-esr webkit2gtk-driver xvfb): their tests will be skipped"
  fi
fi

nginx_ok() { [ -x /usr/sbin/nginx ] && compgen -G "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so" >/dev/null; }
if [ "$want_browser" = yes ] && ! nginx_ok; then
  if is_root && have apt-get; then
    say "installing nginx and its brotli_static module for the nginx deploy test"
    apt_install nginx libnginx-mod-http-brotli-static
  else
    say "nginx needs root and apt (nginx libnginx-mod-http-brotli-static): its deploy test will be skipped"
  fi
fi
