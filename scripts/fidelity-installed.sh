#!/usr/bin/env bash
# `bridgecheck fidelity` from an installed copy, run from an empty folder (issue #35: every command
# works from any folder): the WebKitGTK build that scripts/fidelity.sh made is installed with
# scripts/install.sh into a temporary prefix and compares one fixture of the reference pair in both
# engines; it must find its fixtures, mutants and profiles there and agree (exit 0). Run after
# scripts/fidelity.sh (CI does); bridgecheck starts a display of its own when there is none.
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-.build-webkit/debug/bridgecheck}"
[ -x "$binary" ] || { echo "fidelity-installed: no WebKitGTK build at $binary (run scripts/fidelity.sh first)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
BRIDGECHECK_BINARY="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")" scripts/install.sh "$work/prefix" >/dev/null
mkdir "$work/empty"
cd "$work/empty"
"$work/prefix/bin/bridgecheck" fidelity --pair reference --filter 'callbacks/page-to-native-response' --jobs 1
echo "fidelity-installed: the installed copy ran fidelity from an empty folder" >&2
