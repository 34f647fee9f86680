#!/usr/bin/env bash
# The tests: set up, fuzz the fixtures for a minute (no crash, hang or
# undocumented exit code), then `swift test` (unit, end-to-end and mutation
# tests). With arguments (e.g. --filter X), only `swift test` with them.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# The Android native kit's end-to-end tests need a JDK, Android's org.json and Gson (Debian packages): the kit's
# build script installs what is missing, and checks that the kit compiles.
scripts/android-kit.sh .build/android-kit >/dev/null
# The JUnit report is validated against junit-10.xsd with xmllint (libxml2-utils).
if ! command -v xmllint >/dev/null 2>&1; then
  echo "test: installing libxml2-utils (xmllint) to validate JUnit reports" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq libxml2-utils >/dev/null
fi
swift build --product bridgecheck
# The Swift reference adapter, a program of its own (the adapter tests and the benchmark run it).
swift build --product bridgecheck-reference-adapter
if [ "$#" -eq 0 ]; then
  # The native bridges of our own in each dialect (conformance/dialects/): one exchange each.
  python3 -m unittest discover -s conformance/dialects/_native -p 'test_*.py'
fi
if [ "$#" -eq 0 ]; then
  BRIDGECHECK=.build/debug/bridgecheck scripts/fuzz-fixtures.sh --time 60 --batch-size 100 --jobs 2 \
    --timeout 300 --seed 1 --findings "${TMPDIR:-/tmp}/bridgecheck-fuzz-findings"
fi
if [ "$#" -eq 0 ]; then
  # The memory-flatness tests measure this process's resident memory, which the other tests
  # running in parallel move by tens of MiB: they run after the rest, alone and one at a time.
  swift test --skip 'LeaveMemoryFlat'
  exec swift test --no-parallel --filter 'LeaveMemoryFlat'
fi
exec swift test "$@"
