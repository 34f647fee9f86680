#!/usr/bin/env bash
# Fixture fuzzing: mutated fixtures must never crash or hang bridgecheck.
# Builds bridgecheck (debug unless BRIDGECHECK is set), then runs
# scripts/fuzz_fixtures.py with the given options, e.g.
#   scripts/fuzz-fixtures.sh --count 10000 --seed 7 --jobs 2
#   scripts/fuzz-fixtures.sh --time 60 --timeout 60          # a bounded CI run
# Exit status: 0 no finding, 1 findings (written to fuzz-findings/), 2 usage.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${BRIDGECHECK:-}" ]]; then
  swift build --product bridgecheck >&2
  BRIDGECHECK=.build/debug/bridgecheck
fi
exec python3 scripts/fuzz_fixtures.py --bridgecheck "$BRIDGECHECK" "$@"
