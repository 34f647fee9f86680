#!/usr/bin/env bash
# The main job: set up, build bridgecheck (release) and run the whole
# conformance suite against the built-in reference bridges. Extra arguments
# go to `bridgecheck run` (e.g. --json reports/suite.json --level should).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product bridgecheck
exec .build/release/bridgecheck run "$@"
