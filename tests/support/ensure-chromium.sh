#!/usr/bin/env bash
# The browser tests drive the system Chromium (CHROMIUM_PATH, or /usr/bin/chromium).
# Installs Debian's chromium when it is missing and we may; otherwise says what to do.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [[ -x "$browser" ]]; then exit 0; fi
if [[ -z "${CHROMIUM_PATH:-}" && $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "Chromium not found: installing Debian's chromium package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium was not found at $browser. Install it (Debian: sudo apt-get install chromium)" >&2
echo "or set CHROMIUM_PATH to a Chromium or Chrome executable." >&2
exit 1
