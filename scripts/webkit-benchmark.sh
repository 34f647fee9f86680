#!/usr/bin/env bash
# Figures of the real engine (issues #14, #31) for docs/performance.md: the suite with the reference
# pair in the simulated page and in WebKitGTK on the supervised workers at --jobs 1 and --jobs 2,
# each run N times (median, min–max, wall time as `bridgecheck run` reports it), per scenario, and
# what a fresh web view costs (the WebKit suite again at --jobs 1 with BRIDGECHECK_WEBKIT_RECYCLE=0:
# a new web view, and so a new web process, for every scenario). Measure on a quiet machine: the
# block records the load average before and after. No display is needed (bridgecheck starts its
# own Xvfb when there is none).
# Replaces the text between <!-- webkit-benchmarks:begin --> and <!-- webkit-benchmarks:end --> of
# FILE (default docs/performance.md).
#
#   scripts/webkit-benchmark.sh                 # 5 runs of each, release build
#   RUNS=3 BUILD=debug scripts/webkit-benchmark.sh
#   FILE=README.md scripts/webkit-benchmark.sh  # another file with the same markers
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${RUNS:-5}"
build="${BUILD:-release}"
file="${FILE:-docs/performance.md}"
grep -q '<!-- webkit-benchmarks:begin -->' "$file" || { echo "webkit-benchmark: $file has no <!-- webkit-benchmarks:begin --> marker" >&2; exit 2; }
scripts/setup.sh --webkit
swift build -c "$build" --product bridgecheck --traits WebKitGTK --scratch-path .build-webkit
bc=.build-webkit/$build/bridgecheck
unset DISPLAY WAYLAND_DISPLAY

# Seconds and scenario count of one `run`, from its last line ("N scenarios — … — 1.23s — …").
measure() {
  local line
  # A run that fails still has its time (and the failure is said): the figures are not lost.
  line=$("$@" 2>&1 | tail -1) || echo "webkit-benchmark: $* failed: $line" >&2
  echo "$line" | sed -E 's/^bridgecheck: ([0-9]+) scenarios.* — ([0-9.]+)s — .*/\2 \1/'
}
series() { # label, then the command
  local label="$1"; shift
  local times=() count=0
  for _ in $(seq "$runs"); do
    read -r seconds count < <(measure "$@")
    times+=("$seconds")
  done
  printf '%s %s %s\n' "$label" "$count" "${times[*]}"
}
stats() { # seconds… → "median (min–max)"
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END {
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%.2f s (%.2f–%.2f)", m, v[1], v[NR] }'
}
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
read -r _ n_sim sim < <(series simulated "$bc" run --engine simulated --jobs 1)
sim_times=($sim)
read -r _ n_wk wk < <(series webkitgtk "$bc" run --engine webkitgtk --jobs 1)
wk_times=(${wk})
read -r _ n_wk2 wk2 < <(series webkitgtk2 "$bc" run --engine webkitgtk --jobs 2)
wk2_times=(${wk2})
read -r _ n_fresh fresh < <(series fresh env BRIDGECHECK_WEBKIT_RECYCLE=0 "$bc" run --engine webkitgtk --jobs 1)
fresh_times=(${fresh})
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

m_sim=$(median "${sim_times[@]}"); m_wk=$(median "${wk_times[@]}"); m_wk2=$(median "${wk2_times[@]}")
m_fresh=$(median "${fresh_times[@]}")
block=$(mktemp)
trap 'rm -f "$block" "$block.doc"' EXIT
{
  echo "Measured by \`scripts/webkit-benchmark.sh\` (BUILD=$build) at \`$(git rev-parse --short HEAD)\` on $(date -u +%Y-%m-%d),"
  echo "$(nproc) cores, WebKitGTK $(pkg-config --modversion webkit2gtk-4.1), load $load_before before and $load_after after;"
  echo "$runs runs each, median (min–max), the reference pair on the $n_sim shipped scenarios, on the supervised workers:"
  echo
  echo "| | suite | per scenario |"
  echo "|---|---|---|"
  echo "| simulated page (\`--jobs 1\`) | $(stats "${sim_times[@]}") | $(awk -v t="$m_sim" -v n="$n_sim" 'BEGIN { printf "%.1f ms", t * 1000 / n }') |"
  echo "| WebKitGTK, \`--jobs 1\`, a web view recycled between scenarios (the default) | $(stats "${wk_times[@]}") | $(awk -v t="$m_wk" -v n="$n_wk" 'BEGIN { printf "%.0f ms", t * 1000 / n }') |"
  echo "| WebKitGTK, \`--jobs 2\` | $(stats "${wk2_times[@]}") | $(awk -v t="$m_wk2" -v n="$n_wk2" 'BEGIN { printf "%.0f ms", t * 1000 / n }') |"
  echo "| WebKitGTK, \`--jobs 1\`, a fresh web view per scenario (\`BRIDGECHECK_WEBKIT_RECYCLE=0\`) | $(stats "${fresh_times[@]}") | $(awk -v t="$m_fresh" -v n="$n_fresh" 'BEGIN { printf "%.0f ms", t * 1000 / n }') |"
  echo
  echo "A fresh web view (a new web process and its first load) costs about"
  echo "$(awk -v f="$m_fresh" -v w="$m_wk" -v n="$n_wk" 'BEGIN { printf "%.0f ms", (f - w) * 1000 / n }') a scenario more than a recycled one;"
  echo "two workers take $(awk -v a="$m_wk2" -v b="$m_wk" 'BEGIN { printf "%.2f", a / b }') of the time of one (each starts its web view and web process as it starts)."
} > "$block"
cat "$block"
if ! grep -q '<!-- webkit-benchmarks:begin -->' docs/performance.md || ! grep -q '<!-- webkit-benchmarks:end -->' docs/performance.md; then
  echo "webkit-benchmark: docs/performance.md has no webkit-benchmarks markers" >&2
  exit 1
fi
awk -v file="$block" '
  /<!-- webkit-benchmarks:begin -->/ { print; while ((getline line < file) > 0) print line; skip = 1; next }
  /<!-- webkit-benchmarks:end -->/ { skip = 0 }
  !skip { print }' "$file" > "$block.readme"
mv "$block.readme" "$file"
echo "webkit-benchmark: $file updated" >&2
