#!/usr/bin/env bash
# Measures the figures of docs/exploration.md and the README (release build):
#   1. 1,000 explored seeds of one scenario (reference pair, one job);
#   2. the whole suite under SEEDS explored schedules each (default 75: 135 x 75 = 10,125 schedules);
#   3. RUNS fuzzed values (default 100,000), sent both ways;
#   4. the exploration mutants: fixed fixtures miss them, --explore or fuzz catch them.
# Prints the machine load before each part: the figures mean little on a busy machine.
# Usage: scripts/exploration-figures.sh [SEEDS] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
seeds="${1:-75}"
runs="${2:-100000}"
swift build -c release --product bridgecheck >/dev/null
bin=.build/release/bridgecheck

echo "== 1,000 seeds of callbacks/page-to-native-response, --jobs 1 (3 runs)"
for round in 1 2 3; do
  uptime
  start=$(date +%s.%N)
  "$bin" run --explore 1000 --filter callbacks/page-to-native-response --jobs 1 --color never | tail -1
  end=$(date +%s.%N)
  echo "wall: $(echo "$end - $start" | bc) s"
done

echo "== the whole suite, --explore $seeds (--jobs 2)"
uptime
"$bin" run --explore "$seeds" --jobs 2 --color never | tail -1

echo "== fuzz --runs $runs --seed 1 (--jobs 2)"
uptime
start=$(date +%s.%N)
"$bin" fuzz --runs "$runs" --seed 1 --jobs 2
end=$(date +%s.%N)
echo "wall: $(echo "$end - $start" | bc) s"

echo "== exploration mutants"
uptime
"$bin" exploration-mutants --jobs 2
