#!/usr/bin/env bash
# `npm run check`: types, lint and formatting. The three are independent, so they run side by
# side; the check fails when any of them does.
set -uo pipefail
cd "$(dirname "$0")/.."
npx tsc -p . &
types=$!
npx eslint . &
lint=$!
npx prettier --check . --log-level warn &
format=$!
status=0
for pid in "$types" "$lint" "$format"; do wait "$pid" || status=1; done
exit "$status"
