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

TIMEFORMAT='wall %R s, user %U s, sys %S s'
echo "== 1,000 seeds of callbacks/page-to-native-response, --jobs 2 (the seeds share both cores; 5 runs)"
for round in 1 2 3 4 5; do
  uptime
  time "$bin" run --explore 1000 --filter callbacks/page-to-native-response --jobs 2 --color never | tail -1
done

echo "== the whole suite, --explore $seeds (--jobs 2)"
uptime
time "$bin" run --explore "$seeds" --jobs 2 --color never | tail -1

echo "== fuzz --runs $runs --seed 1 (--jobs 2)"
uptime
time "$bin" fuzz --runs "$runs" --seed 1 --jobs 2

echo "== exploration mutants"
uptime
time "$bin" exploration-mutants --jobs 2
