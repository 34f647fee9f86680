#!/usr/bin/env python3
"""Runs one command and prints its wall time and the peak resident memory of its whole process
tree (the command, its workers and anything below them), sampled from /proc every 20 ms: how the
figures of docs/performance.md for `bridgecheck mutants` and `--jobs` were measured.

Usage: scripts/measure_tree.py [--repeat N] -- COMMAND [ARG...]
Prints one line per run: `wall 12.34 s  peak 456 MiB  exit 0`, then the median of the runs.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile_corpus import PeakSampler  # noqa: E402  (the same /proc sampler)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=1, help="how many runs (default 1)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the command, after --")
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("give the command after --")
    walls, peaks = [], []
    for _ in range(options.repeat):
        start = time.monotonic()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        sampler = PeakSampler(process.pid)
        sampler.start()
        code = process.wait()
        wall = time.monotonic() - start
        sampler.stopped = True
        sampler.join()
        walls.append(wall)
        peaks.append(sampler.peak)
        print("wall %.2f s  peak %d MiB  exit %d" % (wall, sampler.peak >> 20, code), flush=True)
    if options.repeat > 1:
        print("median wall %.2f s (%.2f-%.2f)  median peak %d MiB" % (
            statistics.median(walls), min(walls), max(walls), int(statistics.median(peaks)) >> 20))


if __name__ == "__main__":
    main()
