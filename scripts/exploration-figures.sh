#!/usr/bin/env bash
# Measures the figures of docs/exploration.md and docs/performance.md (release build).
#
# scripts/exploration-figures.sh [SEEDS] [RUNS]
#   1. 1,000 explored seeds of one scenario (reference pair, --jobs 2);
#   2. the whole suite under SEEDS explored schedules each (default 75: 135 x 75 = 10,125 schedules);
#   3. RUNS fuzzed values (default 100,000), sent both ways;
#   4. the exploration mutants: fixed fixtures miss them, --explore or fuzz catch them.
#
# scripts/exploration-figures.sh suite [SEEDS] [SHARDS] [FIRST-LAST]
#   The whole suite, reference pair, every scenario under SEEDS explored schedules (default
#   10,000: 1.35 million schedules), in SHARDS shards of the fixtures (default 9, 15
#   scenarios each), run one after the other with --jobs 2. Each shard writes its JSON report to
#   reports/exploration-suite-SEEDS/shard-K-of-SHARDS.json and prints a progress line (its
#   schedules, wall time and load, and the time the rest of the run should take). A shard whose
#   report is already there is not run again, so an interrupted run resumes where it stopped, and
#   FIRST-LAST (e.g. 1-3) runs only those shards (to estimate the whole, or to share it between
#   machines). Once every shard is there, the figure for docs/performance.md is written to
#   reports/exploration-suite-SEEDS/figure.md and printed.
#
# BRIDGECHECK_BIN=path uses that executable instead of building the release one.
# Prints the machine load with each part: the figures mean little on a busy machine.
set -euo pipefail
cd "$(dirname "$0")/.."
# BRIDGECHECK_BIN=path runs that executable instead of building the release one (e.g. the debug
# build for a rough estimate; the published figures come from the release build).
if [[ -n "${BRIDGECHECK_BIN:-}" ]]; then
  bin="$BRIDGECHECK_BIN"
else
  swift build -c release --product bridgecheck >/dev/null
  bin=.build/release/bridgecheck
fi
TIMEFORMAT='wall %R s, user %U s, sys %S s'

# The load average over the last minute.
load() { cut -d' ' -f1 /proc/loadavg; }

suite() {
  local seeds="${1:-10000}" shards="${2:-9}" range="${3:-}"
  local first=1 last="$shards"
  if [[ -n "$range" ]]; then
    [[ "$range" =~ ^([0-9]+)-([0-9]+)$ ]] || { echo "FIRST-LAST must look like 1-3, not $range" >&2; exit 2; }
    first="${BASH_REMATCH[1]}" last="${BASH_REMATCH[2]}"
    if ((first < 1 || last > shards || first > last)); then
      echo "shards $range: give a range within 1-$shards" >&2
      exit 2
    fi
  fi
  local out="reports/exploration-suite-$seeds"
  mkdir -p "$out"
  echo "== the whole suite, reference pair, --explore $seeds, shards $first-$last of $shards (--jobs 2), reports in $out/"
  local started=$SECONDS
  for ((k = first; k <= last; k++)); do
    local report="$out/shard-$k-of-$shards.json"
    if [[ -s "$report" ]]; then
      echo "shard $k/$shards: already done ($report)"
      continue
    fi
    local before_load
    before_load=$(load)
    local t0=$SECONDS status=0
    "$bin" run --explore "$seeds" --shard "$k/$shards" --jobs 2 --color never \
      --json "$report.partial" >"$out/shard-$k-of-$shards.txt" 2>&1 || status=$?
    if ((status != 0 && status != 1)); then
      echo "shard $k/$shards: bridgecheck ended with status $status: see $out/shard-$k-of-$shards.txt" >&2
      rm -f "$report.partial"
      exit "$status"
    fi
    mv "$report.partial" "$report"
    echo "$before_load $(load)" >"$out/shard-$k-of-$shards.load"
    python3 - "$report" "$((SECONDS - t0))" "$before_load" "$(load)" "$k" "$shards" "$first" "$last" \
      "$((SECONDS - started))" <<'PY'
import json, sys
report, wall, load_before, load_after, k, shards, first, last, elapsed = sys.argv[1:]
data = json.load(open(report))
summary = data["summary"]
explored = summary.get("exploration", {})
done = int(k) - int(first) + 1
left = int(last) - int(k)
estimate = int(elapsed) / done * left
print(
    f"shard {k}/{shards}: {summary['passed']} passed, {summary['failed']} failed, {summary['errors']} errors; "
    f"{explored.get('schedules', 0)} schedules ({explored.get('distinctSchedules', 0)} distinct) in {wall} s "
    f"(load {load_before} -> {load_after}); {done} of {int(last) - int(first) + 1} shards of this run done, "
    f"about {estimate / 60:.0f} min to go",
    flush=True,
)
PY
  done
  python3 - "$out" "$seeds" "$shards" <<'PY'
import glob, json, os, sys
out, seeds, shards = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
reports = sorted(glob.glob(os.path.join(out, f"shard-*-of-{shards}.json")))
if len(reports) < shards:
    print(f"{len(reports)} of {shards} shards done: run the others for the figure "
          f"(scripts/exploration-figures.sh suite {seeds} {shards})")
    sys.exit(0)
totals = dict(scenarios=0, schedules=0, distinct=0, passed=0, failed=0, errors=0, skipped=0, ms=0.0)
failing = []
loads = []
for path in reports:
    try:
        loads += [float(x) for x in open(path[: -len(".json")] + ".load").read().split()]
    except (OSError, ValueError):
        pass
    data = json.load(open(path))
    summary, explored = data["summary"], data["summary"].get("exploration", {})
    totals["scenarios"] += explored.get("scenarios", 0)
    totals["schedules"] += explored.get("schedules", 0)
    totals["distinct"] += explored.get("distinctSchedules", 0)
    for key in ("passed", "failed", "errors", "skipped"):
        totals[key] += summary[key]
    totals["ms"] += summary["durationMs"]
    failing += [r["id"] + " (seed " + r.get("exploration", {}).get("failingSeed", "?") + ")"
                for r in data["results"] if r["status"] in ("fail", "error")]
seconds = totals["ms"] / 1000
wall = f"{seconds:.0f} s" if seconds < 600 else f"{seconds / 60:.0f} min"
load_range = f"{min(loads):.1f}–{max(loads):.1f}" if loads else "not recorded"
verdict = "no failure" if not failing else f"{len(failing)} failing: " + ", ".join(failing)
figure = (
    f"The whole suite explored, reference pair: `run --explore {seeds}` in {shards} shards "
    f"(`scripts/exploration-figures.sh suite {seeds} {shards}`): {totals['schedules']:,} schedules of "
    f"{totals['scenarios']} scenarios ({totals['distinct']:,} distinct), {verdict}; "
    f"{wall} of wall time in all, --jobs 2, load {load_range}."
)
open(os.path.join(out, "figure.md"), "w").write(figure + "\n")
print(figure)
PY
}

if [[ "${1:-}" == "suite" ]]; then
  shift
  suite "$@"
  exit 0
fi

seeds="${1:-75}"
runs="${2:-100000}"

echo "== 1,000 seeds of callbacks/page-to-native-response, --jobs 2 (the seeds share both cores; 5 runs)"
for round in 1 2 3 4 5; do
  echo "load $(load)"
  time "$bin" run --explore 1000 --filter callbacks/page-to-native-response --jobs 2 --color never | tail -1
done

echo "== the whole suite, --explore $seeds (--jobs 2)"
echo "load $(load)"
time "$bin" run --explore "$seeds" --jobs 2 --color never | tail -3

echo "== fuzz --runs $runs --seed 1 (--jobs 2)"
echo "load $(load)"
time "$bin" fuzz --runs "$runs" --seed 1 --jobs 2

echo "== exploration mutants"
echo "load $(load)"
time "$bin" exploration-mutants --jobs 2
