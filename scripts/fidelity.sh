#!/usr/bin/env bash
# The fidelity check of issue #14: installs WebKitGTK and Xvfb when missing (scripts/setup.sh
# --webkit), builds bridgecheck with the WebKitGTK trait in a build folder of its own (.build-webkit)
# and runs `bridgecheck fidelity` on a virtual display: every fixture in the simulated page and in
# WebKitGTK, with the reference pair, every mutant and each dialect bridge's own pair. Extra
# arguments go to `bridgecheck fidelity`, e.g. --pair reference --pair 'dialect:*', or
# --markdown conformance/FIDELITY.md to rewrite the committed report (about half an hour for all
# pairs here). BRIDGECHECK_BUILD=debug builds faster and runs slower (what CI does).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --webkit
configuration="${BRIDGECHECK_BUILD:-release}"
swift build -c "$configuration" --product bridgecheck --traits WebKitGTK --scratch-path .build-webkit
exec xvfb-run -a ".build-webkit/$configuration/bridgecheck" fidelity "$@"
