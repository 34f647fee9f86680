#!/usr/bin/env bash
# The optional real engine (package trait WebKitGTK, issue #14): installs WebKitGTK and Xvfb when
# missing (scripts/setup.sh --webkit), builds with the trait in a build folder of its own
# (.build-webkit, so that the default build's folder is not rebuilt with other flags) and runs its
# tests on a virtual display. Not part of scripts/test.sh: the default build and CI need
# JavaScriptCore alone.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --webkit
swift build --traits WebKitGTK --build-tests --scratch-path .build-webkit
exec xvfb-run -a swift test --traits WebKitGTK --skip-build --scratch-path .build-webkit --filter WebKitEngineTests "$@"
