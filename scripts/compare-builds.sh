#!/usr/bin/env bash
# Compares the suite time of this checkout with an earlier commit, on this machine, in one run.
#
#   scripts/compare-builds.sh REV [PAIRS] [JOBS]      # wall time, PAIRS runs of each, alternated
#   scripts/compare-builds.sh REV --instructions      # instructions counted by valgrind (callgrind)
#
# REV is built (release) in a worktree under .build-compare/REV; this checkout is built too. Each
# side then runs its own shipped suite in process against the reference pair
# (`bridgecheck run --in-process --jobs JOBS`), and the time the run reports for its scenarios
# (`summary.durationMs` of the JSON report: process start and fixture loading left out) is taken.
# Runs alternate, base then this checkout, PAIRS times (default 15, JOBS default 1), so that a
# slow spell of the machine slows both sides; the script prints each side's median, minimum and
# maximum and the median of the pair-by-pair ratios.
#
# --instructions runs each side's suite once under `valgrind --tool=callgrind` and prints the
# instructions executed by the whole process (start-up and fixture loading included): a count
# that does not depend on what else the machine is doing, for machines too noisy for wall time.
# Under valgrind the run is about 100 times slower, so the few fixtures that depend on the page's
# time limits may end differently; the script prints each side's verdict counts next to the figure.
set -euo pipefail
cd "$(dirname "$0")/.."

rev="${1:?usage: scripts/compare-builds.sh REV [PAIRS [JOBS] | --instructions]}"
mode="${2:-15}"
jobs="${3:-1}"
base_dir=".build-compare/$(git rev-parse --short "$rev")"

if [[ ! -d "$base_dir" ]]; then
  mkdir -p .build-compare
  git worktree add --detach "$base_dir" "$rev" >/dev/null
fi
echo "building $rev (release) in $base_dir and this checkout (release)" >&2
(cd "$base_dir" && swift build -c release --product bridgecheck >/dev/null)
swift build -c release --product bridgecheck >/dev/null

if [[ "$mode" == "--instructions" ]]; then
  command -v valgrind >/dev/null || { echo "valgrind is not installed: apt-get install -y valgrind" >&2; exit 1; }
  for side in base head; do
    dir=$([[ $side == base ]] && echo "$base_dir" || echo ".")
    copy=$(mktemp -d)
    # valgrind cannot read the debug information of Swift 6 release binaries: a stripped copy,
    # with the resource bundles beside it, runs the same code.
    strip -o "$copy/bridgecheck" "$dir/.build/release/bridgecheck"
    cp -r "$dir"/.build/release/*.resources "$copy/"
    log="$copy/callgrind.log"
    (cd "$dir" && valgrind --tool=callgrind --smc-check=all-non-file --callgrind-out-file="$copy/out" \
      "$copy/bridgecheck" run --in-process --jobs 1 --color never >"$log" 2>&1 || true)
    refs=$(grep -o 'I   refs: *[0-9,]*' "$log" | grep -o '[0-9,]*$')
    verdicts=$(grep -o '[0-9]* scenarios — .* xpass' "$log" | tail -1)
    echo "$side: $refs instructions ($verdicts)"
    rm -rf "$copy"
  done
  exit 0
fi

raw=$(mktemp)
trap 'rm -f "$raw" "$raw.json"' EXIT
for ((i = 1; i <= mode; i++)); do
  for side in base head; do
    dir=$([[ $side == base ]] && echo "$base_dir" || echo ".")
    (cd "$dir" && .build/release/bridgecheck run --in-process --jobs "$jobs" --color never --json "$raw.json" >/dev/null 2>&1 || true)
    python3 -c "import json, sys; print(sys.argv[1], json.load(open(sys.argv[2]))['summary']['durationMs'])" \
      "$side" "$raw.json" >>"$raw"
  done
done
python3 - "$raw" "$rev" "$mode" "$jobs" <<'PY'
import statistics, sys
raw, rev, pairs, jobs = sys.argv[1:]
rows = [line.split() for line in open(raw)]
times = {side: [float(ms) for name, ms in rows if name == side] for side in ("base", "head")}
print(f"suite in process, --jobs {jobs}, {pairs} alternated runs of each, the run's own scenario time in ms:")
for side, label in (("base", rev), ("head", "this checkout")):
    t = times[side]
    print(f"  {label:>14}: median {statistics.median(t):.1f} (min {min(t):.1f}, max {max(t):.1f})")
ratios = [h / b for b, h in zip(times["base"], times["head"])]
print(f"  this checkout / {rev}: median of the pair ratios ×{statistics.median(ratios):.3f} "
      f"(min ×{min(ratios):.3f}, max ×{max(ratios):.3f}); ratio of the minimums ×{min(times['head']) / min(times['base']):.3f}")
PY
