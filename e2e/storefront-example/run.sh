#!/usr/bin/env bash
# The example storefront's browser suite: installs Chromium if missing, then runs Playwright (its
# global setup starts the local server, builds the storefront against it and serves the build).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

bash "$root/scripts/system-deps.sh" chromium
exec "$root/node_modules/.bin/playwright" test --config "$here/playwright.config.ts" "$@"
