#!/usr/bin/env python3
"""Stops `bridgecheck run --engine webkitgtk` with Ctrl-C (SIGINT), SIGTERM and SIGKILL while its
workers run scenarios, and checks what the real engine must do as the simulated page does: exit 130
or 143 with the JSON report written and marked interrupted (nothing for SIGKILL), and no process of
the run left (workers, web and network processes, and the Xvfb bridgecheck starts when there is no
display, which is why the display is unset here). Exits 1 if a promise is broken.

Usage: scripts/webkit_stop.py [--bridgecheck PATH] [--after SECONDS]
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hostile_corpus import PeakSampler, ROOT  # noqa: E402  (the same /proc sampler)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bridgecheck", default=os.path.join(ROOT, ".build-webkit", "debug", "bridgecheck"))
    parser.add_argument("--after", type=float, default=6, help="seconds at least before the signal, which waits for a web process too")
    options = parser.parse_args()
    environment = dict(os.environ)
    environment.pop("DISPLAY", None)
    environment.pop("WAYLAND_DISPLAY", None)
    broken = 0
    for signal_number, status in ((signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGKILL, -signal.SIGKILL)):
        with tempfile.TemporaryDirectory() as scratch:
            report_path = os.path.join(scratch, "report.json")
            process = subprocess.Popen(
                [options.bridgecheck, "run", "--engine", "webkitgtk", "--jobs", "2", "--json", report_path],
                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment)
            sampler = PeakSampler(process.pid)
            sampler.start()
            # At least --after seconds, and until a web process runs (a loaded machine starts workers slowly).
            started = time.monotonic()
            while time.monotonic() - started < 120 and (time.monotonic() - started < options.after or not any(
                    name.startswith("WebKitWebProces") for name, _ in list(sampler.seen.values()))):
                time.sleep(0.2)
            sent = time.monotonic()
            process.send_signal(signal_number)
            process.wait(timeout=60)
            stopped = time.monotonic() - sent
            sampler.stopped = True
            sampler.join()
            problems = []
            if process.returncode != status:
                problems.append("exit %s, expected %s" % (process.returncode, status))
            if signal_number != signal.SIGKILL:
                try:
                    with open(report_path) as handle:
                        report = json.load(handle)
                    if not report.get("interrupted"):
                        problems.append("the report does not say it was interrupted")
                    if report.get("summary", {}).get("total") != len(report.get("results", [])):
                        problems.append("incomplete report")
                except (OSError, ValueError) as error:
                    problems.append("no JSON report (%s)" % error)
            names = sorted(set(name for name, _ in sampler.seen.values()))
            if not any(name.startswith("WebKitWebProces") for name in names):
                problems.append("no web process ran before the signal (seen: %s): stop later (--after)" % ", ".join(names))
            survivors = sampler.survivors()
            if survivors:
                problems.append("processes outlived the run: %s" % ", ".join("%d (%s)" % item for item in sorted(survivors.items())))
            print("%-8s exit %4s after %5.2f s  %s" % (signal.Signals(signal_number).name, process.returncode, stopped,
                                                      "ok" if not problems else "BROKEN: " + "; ".join(problems)))
            broken += bool(problems)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
