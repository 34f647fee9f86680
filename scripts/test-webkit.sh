#!/usr/bin/env bash
# The optional real engine (package trait WebKitGTK, issue #14): installs WebKitGTK and Xvfb when
# missing (scripts/setup.sh --webkit), builds with the trait in a build folder of its own
# (.build-webkit, so that the default build's folder is not rebuilt with other flags), runs its
# tests on a virtual display, then every hostile page bridge of conformance/hostile/ under
# `bridgecheck run --engine webkitgtk` on the fixtures each names (scripts/hostile_corpus.py
# --engine webkitgtk --check: exit 1, a complete report with the reason expected.json gives, no
# process left behind), and stops a WebKit run with SIGINT, SIGTERM and SIGKILL (scripts/webkit_stop.py:
# exit status, an interrupted complete report, no process left). Not part of scripts/test.sh: the default build and CI need JavaScriptCore
# alone (CI runs a named subset of the corpus after its fidelity check, .ci/run).
#
#   scripts/test-webkit.sh                      # the engine's tests and the whole corpus
#   scripts/test-webkit.sh --filter NAME        # only these tests (arguments go to swift test)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --webkit
swift build --traits WebKitGTK --build-tests --scratch-path .build-webkit
# One test at a time: the host measures the web processes of its own process (their main threads
# and their workers' threads, as a bridgecheck worker has one), so tests running at once would see
# each other's pages (a worker that loops in one test would be blamed in another).
xvfb-run -a swift test --traits WebKitGTK --skip-build --scratch-path .build-webkit --no-parallel --filter WebKitEngineTests "$@"
if [ "$#" -eq 0 ]; then
  python3 scripts/hostile_corpus.py --bridgecheck .build-webkit/debug/bridgecheck --engine webkitgtk --check \
    --time-limit 120
  python3 scripts/webkit_stop.py --bridgecheck .build-webkit/debug/bridgecheck
fi
