#!/usr/bin/env bash
# Formats the Swift sources with the toolchain's `swift format` and the rules of .swift-format
# (Package.swift, Sources/, Tests/). With --lint, changes nothing and exits non-zero on any finding
# (what .ci/run does). The Swift native kit's bridges under conformance/ are left as written: their
# mutants are textual replacements of their lines.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! swift format --version >/dev/null 2>&1; then
  echo "format: this Swift toolchain has no 'swift format' (it ships with Swift 6)" >&2
  exit 2
fi
paths=(Package.swift Sources Tests)
if [ "${1:-}" = "--lint" ]; then
  exec swift format lint --strict --parallel --recursive "${paths[@]}"
fi
if [ "$#" -gt 0 ]; then
  echo "format: unknown argument '$1' (use no argument to format in place, or --lint to check)" >&2
  exit 2
fi
exec swift format format --in-place --parallel --recursive "${paths[@]}"
