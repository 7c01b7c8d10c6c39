#!/usr/bin/env bash
# The browser tests drive Debian's headless shell of Chromium (CHROMIUM_PATH, or
# /usr/lib/chromium/chromium-headless-shell): the suite is bound by CPU, and the shell renders the
# same pages for about a fifth less than the full browser. Installs it when it is missing and we
# may; otherwise says what to do.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/lib/chromium/chromium-headless-shell}"
if [[ -x "$browser" ]]; then exit 0; fi
if [[ -z "${CHROMIUM_PATH:-}" && $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "Chromium's headless shell not found: installing Debian's chromium-headless-shell package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
  exit 0
fi
echo "Chromium's headless shell was not found at $browser. Install it" >&2
echo "(Debian: sudo apt-get install chromium-headless-shell), or set CHROMIUM_PATH to a Chromium" >&2
echo "or Chrome executable." >&2
exit 1
