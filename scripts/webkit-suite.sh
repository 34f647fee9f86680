#!/usr/bin/env bash
# The suite in a real engine (issue #14): installs WebKitGTK and Xvfb when missing
# (scripts/setup.sh --webkit), builds bridgecheck with the WebKitGTK trait in a build folder of its
# own (.build-webkit, so that the default build is not rebuilt with other flags) and runs
# `bridgecheck run --engine webkitgtk` on a virtual display. Extra arguments go to `bridgecheck
# run` (e.g. --filter 'callbacks/*' --json reports/webkit.json).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --webkit
swift build -c release --product bridgecheck --traits WebKitGTK --scratch-path .build-webkit
exec xvfb-run -a .build-webkit/release/bridgecheck run --engine webkitgtk "$@"
