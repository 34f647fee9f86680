#!/usr/bin/env bash
# The correct pairs under explored schedules: the reference pair and each dialect bridge's own pair
# (conformance/dialects/dialects.json) run the whole suite with `bridgecheck run --explore SEEDS`
# (default 20). A correct pair must pass under every schedule a real web view can take, so a fixture
# that asks for an order the protocol does not guarantee fails here (docs/webkit-engine.md,
# "Verdicts that depend on the schedule"). BRIDGECHECK names the executable (default: a debug build).
set -euo pipefail
cd "$(dirname "$0")/.."
seeds="${1:-20}"
bridgecheck="${BRIDGECHECK:-.build/debug/bridgecheck}"
[ -x "$bridgecheck" ] || swift build --product bridgecheck
status=0
echo "explore-pairs: reference, $seeds seeds" >&2
"$bridgecheck" run --explore "$seeds" --color never | grep -E '^    (FAIL|ERROR) |fails under|^bridgecheck:' || status=1
while IFS=$'\t' read -r name profile page native; do
  echo "explore-pairs: dialect $name, $seeds seeds" >&2
  "$bridgecheck" run --js "$page" --profile "$profile" --native "$native" --explore "$seeds" --color never \
    | grep -E '^    (FAIL|ERROR) |fails under|^bridgecheck:' || status=1
done < <(python3 -c '
import json, shlex
for d in json.load(open("conformance/dialects/dialects.json"))["dialects"]:
    print(d["name"], d["profile"], d["page"], shlex.join(d["native"]), sep="\t")
')
exit "$status"
