#!/usr/bin/env bash
# The tests: set up, then `swift test` (unit, end-to-end and mutation tests).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build --product bridgecheck
exec swift test "$@"
