#!/usr/bin/env bash
# The docs-site browser suite: installs Chromium if missing, builds the site (incrementally, unless
# SITE_SKIP_BUILD=1 and a build exists), then runs Playwright against the built site.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

bash "$here/system-deps.sh"
if [[ "${SITE_SKIP_BUILD:-0}" != "1" || ! -f "$root/apps/site/build/index.html" ]]; then
  (cd "$root/apps/site" && "$root/node_modules/.bin/docusaurus" build)
fi
exec "$root/node_modules/.bin/playwright" test --config "$here/playwright.config.ts" "$@"
