#!/usr/bin/env bash
# The onboarding suite twice: on SQLite (the default DATA_DIR file), then on PostgreSQL — a private
# server from scripts/with-postgres.sh, on which the global setup creates the suite's own empty
# database (backups there go through pg_dump/pg_restore, and a second API node joins for a moment).
# Usage: bash e2e/onboarding/run.sh [playwright args...]
set -euo pipefail
cd "$(dirname "$0")/../.."
scripts/system-deps.sh chromium postgres

echo "onboarding: SQLite" >&2
npx playwright test -c e2e/onboarding "$@"

echo "onboarding: PostgreSQL" >&2
# The SPA was built by the first run.
ADMIN_SKIP_BUILD=1 scripts/with-postgres.sh npx playwright test -c e2e/onboarding "$@"
