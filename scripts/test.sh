#!/usr/bin/env bash
# Every test layer, in dependency order: the Worker bundles the Remix build, so it is built first.
set -euo pipefail
cd "$(dirname "$0")/.."
. ./scripts/offline-env.sh

step() {
  local name=$1
  shift
  local started=$SECONDS
  echo "── $name"
  "$@"
  echo "── $name: $((SECONDS - started)) s"
}

step build npm run build
step typecheck npm run typecheck
step lint npm run lint
step unit npm run test:unit
step worker npm run test:worker
step bundle npm run test:bundle
# One line on which Chromium the browser tests drive; unpacks the npm-shipped one on first use (tests/e2e/browser.ts).
node_modules/.bin/tsx tests/e2e/browser.ts
step browser npm run test:e2e
