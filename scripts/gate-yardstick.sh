#!/usr/bin/env bash
# The default gate next to the yardstick issue #30 set it by, both measured on this machine.
#
#   scripts/gate-yardstick.sh [ROUNDS]       # default 9 rounds
#
# Issue #30 asks for the default gate "in about a second at --jobs 2 on this machine kind (today
# 0.24 s with one schedule; `--explore 10` is 0.96 s)". Those two figures are of commit 374d9f8
# (the code the issue was written against) on the machine of that day, and machines of this kind
# have run the same build from half to twice as fast (docs/performance.md). So the script builds
# 374d9f8 (release, in .build-compare/374d9f8, as scripts/compare-builds.sh does) next to this
# checkout and runs, in alternated rounds, each build in its own folder with its own suite:
#
#   374d9f8        bridgecheck run --jobs 2              its one schedule   (the issue: 0.24 s)
#   374d9f8        bridgecheck run --jobs 2 --explore 10 eleven schedules   (the issue: 0.96 s)
#   this checkout  bridgecheck run --jobs 2 --schedules single
#   this checkout  bridgecheck run --jobs 2              the default gate
#
# and prints the wall time of each (median, min–max) and the gate on the issue's machine: its
# wall time here times the issue's figure over the same yardstick's time here, for each yardstick.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds="${1:-9}"
rev=374d9f8
base_dir=".build-compare/$rev"
git cat-file -e "$rev^{commit}" 2>/dev/null || {
  echo "commit $rev is not in this clone's history: fetch the full history (git fetch --unshallow)" >&2
  exit 1
}
if [[ ! -d "$base_dir" ]]; then
  mkdir -p .build-compare
  git worktree add --detach "$base_dir" "$rev" >/dev/null
fi
echo "building $rev (release) in $base_dir and this checkout (release)" >&2
(cd "$base_dir" && swift build -c release --product bridgecheck >/dev/null 2>&1) || {
  echo "the build of $rev failed: (cd $base_dir && swift build -c release --product bridgecheck)" >&2
  exit 1
}
swift build -c release --product bridgecheck >/dev/null 2>&1 || {
  echo "the build of this checkout failed: swift build -c release --product bridgecheck" >&2
  exit 1
}

raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
TIMEFORMAT=%R
# One timed run: LABEL DIR ARGS... ; a failing run stops the script (each side's suite passes).
timed() {
  local label=$1 dir=$2
  shift 2
  local seconds
  seconds=$({ time (cd "$dir" && .build/release/bridgecheck "$@" >/dev/null 2>&1); } 2>&1) || {
    echo "$label failed: (cd $dir && .build/release/bridgecheck $*)" >&2
    exit 1
  }
  echo "$label $seconds" >>"$raw"
}
for ((i = 1; i <= rounds; i++)); do
  timed old-single "$base_dir" run --jobs 2 --color never
  timed old-explore10 "$base_dir" run --jobs 2 --explore 10 --color never
  timed single . run --jobs 2 --schedules single --color never
  timed gate . run --jobs 2 --color never
done

load_after=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
head=$(git rev-parse --short HEAD)$([[ -n "$(git status --porcelain --untracked-files=no)" ]] && echo "+changes" || true)
python3 - "$raw" "$rev" "$rounds" "$head" "$load_before" "$load_after" <<'PY'
import statistics, sys
raw, rev, rounds, head, load_before, load_after = sys.argv[1:]
times = {}
for line in open(raw):
    label, seconds = line.split()
    times.setdefault(label, []).append(float(seconds))
def fig(label):
    t = times[label]
    return f"{statistics.median(t):.2f} s ({min(t):.2f}–{max(t):.2f})"
print(f"this checkout {head} and {rev}, release builds, load average (1, 5, 15 min) {load_before} before "
      f"and {load_after} after")
print(f"wall time at --jobs 2, median (min–max) of {rounds} alternated rounds, this machine:")
print(f"  {rev}, one schedule (the issue: 0.24 s):      {fig('old-single')}")
print(f"  {rev}, --explore 10 (the issue: 0.96 s):      {fig('old-explore10')}")
print(f"  this checkout, --schedules single:            {fig('single')}")
print(f"  this checkout, the default gate:              {fig('gate')}")
gate = statistics.median(times["gate"])
for label, issue in (("old-single", 0.24), ("old-explore10", 0.96)):
    here = statistics.median(times[label])
    name = "one schedule" if label == "old-single" else "--explore 10"
    print(f"  the gate on the issue's machine, by {rev}'s {name}: "
          f"{gate:.2f} × {issue} / {here:.2f} = {gate * issue / here:.2f} s")
PY
