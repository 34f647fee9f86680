#!/usr/bin/env python3
"""Runs every hostile page bridge of conformance/hostile/ over the whole suite (or a filter)
through `bridgecheck run --js`, the way a CI gate would, and checks what the issue promises:

- the run ends (exit 1 for a bridge that breaks something, never a crash or a hang),
- the JSON report is complete (one result per fixture) and every affected scenario is `error`
  with the reason the manifest (conformance/hostile/expected.json) names,
- the wall time and the peak resident memory of the whole process tree (bridgecheck, its
  workers and anything below them), sampled from /proc every 20 ms, stay within bounds.

- no process of the run outlives it: every process seen below the command while it ran (its
  workers, adapters, and with --engine webkitgtk the web and network processes and the Xvfb it
  started) is gone within a few seconds of its end.

With --engine webkitgtk each run is `bridgecheck run --engine webkitgtk …` (a build with the
WebKitGTK trait) with no display set, so that bridgecheck starts its own Xvfb, which must end with
it; a script's expectations are its `webkitgtk` entry over its own
(what the real engine does where it differs). With --check each script runs only on the fixtures
its `check` entry names (as the CLI tests do) instead of the whole suite.

Prints one line per script and a summary; exits 1 if any script broke a promise.

Usage: scripts/hostile_corpus.py [--bridgecheck PATH] [--engine simulated|webkitgtk] [--check]
                                 [--filter GLOB]... [--jobs N] [--time-limit S] [--memory-limit MB]
                                 [SCRIPT...]
"""
import argparse
import fnmatch
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOSTILE = os.path.join(ROOT, "conformance", "hostile")
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


def tree_rss(root):
    """Resident bytes of `root` and every process below it, from /proc."""
    parents = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry, "rb") as handle:
                stat = handle.read()
        except OSError:
            continue
        close = stat.rfind(b")")
        fields = stat[close + 2:].split()
        if len(fields) > 1:
            parents[int(entry)] = int(fields[1])
    children = {}
    for pid, parent in parents.items():
        children.setdefault(parent, []).append(pid)
    total, pending = 0, [root]
    while pending:
        pid = pending.pop()
        pending.extend(children.get(pid, []))
        try:
            with open("/proc/%d/statm" % pid) as handle:
                total += int(handle.read().split()[1]) * PAGE_SIZE
        except (OSError, IndexError, ValueError):
            pass
    return total


def start_time(pid):
    """The start time of `pid` (field 22 of /proc/PID/stat), None when it is gone or a zombie."""
    try:
        with open("/proc/%d/stat" % pid, "rb") as handle:
            stat = handle.read()
    except OSError:
        return None
    close = stat.rfind(b")")
    fields = stat[close + 2:].split()
    if not fields or fields[0] in (b"Z", b"X"):
        return None
    return fields[19] if len(fields) > 19 else None


def descendants(root):
    """`root` and every process below it now, with each one's command name."""
    parents = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry, "rb") as handle:
                stat = handle.read()
        except OSError:
            continue
        close = stat.rfind(b")")
        fields = stat[close + 2:].split()
        if len(fields) > 1:
            parents[int(entry)] = (int(fields[1]), stat[stat.find(b"(") + 1:close].decode("utf-8", "replace"))
    children = {}
    for pid, (parent, _) in parents.items():
        children.setdefault(parent, []).append(pid)
    found, pending = {}, [root]
    while pending:
        pid = pending.pop()
        if pid in parents:
            found[pid] = parents[pid][1]
        pending.extend(children.get(pid, []))
    return found


class PeakSampler(threading.Thread):
    """Samples the resident memory of a process tree every 20 ms, and notes every process seen in it."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.stopped = pid, 0, False
        self.seen = {}

    def run(self):
        while not self.stopped:
            self.peak = max(self.peak, tree_rss(self.pid))
            for pid, name in descendants(self.pid).items():
                if pid not in self.seen:
                    self.seen[pid] = (name, start_time(pid))
            time.sleep(0.02)

    def survivors(self, wait=3.0):
        """The processes seen in the tree that are still alive `wait` seconds after its end."""
        deadline = time.monotonic() + wait
        while True:
            alive = {pid: name for pid, (name, started) in self.seen.items()
                     if started is not None and start_time(pid) == started}
            if not alive or time.monotonic() >= deadline:
                return alive
            time.sleep(0.1)


def load_manifest():
    path = os.path.join(HOSTILE, "expected.json")
    if not os.path.exists(path):
        return {}
    with open(path) as handle:
        data = json.load(handle)
    entries = data.get("scripts", data) if isinstance(data, dict) else data
    return {entry["script"]: entry for entry in entries}


def affected(entry, result_id):
    scope = entry.get("affects", "all")
    if scope == "all":
        return True
    if scope in ("none", [], None):
        return False
    return any(fnmatch.fnmatchcase(result_id, pattern) for pattern in scope)


def for_engine(entry, engine):
    """The script's expectations in `engine`: its own, with its `engine` entry over them."""
    merged = dict(entry)
    merged.update(entry.get(engine, {}) if engine != "simulated" else {})
    return merged


# In a real engine a loaded machine may bring a scenario to the supervisor's own limits first: they
# end it within its limits too, and name the code under test.
SUPERVISOR_LIMITS = ["did not end within its wall-clock limit", "out of memory: the processes running this scenario"]


def check(entry, report, exit_code, engine="simulated"):
    """The broken promises of one run, in words."""
    problems = []
    if entry.get("status") == "refused":
        # A page script that does not load is refused before any scenario runs, with no report.
        if exit_code != 2:
            problems.append("exit %s, expected 2 (refused before the run)" % exit_code)
        return problems
    status = entry.get("status")
    statuses = [status] if isinstance(status, str) else (status or [])
    # Where a scenario may pass (a real engine that stopped the trick by itself), the run may too.
    expected_exits = [entry.get("exit", 1)] + ([0] if "pass" in statuses else [])
    if exit_code not in expected_exits:
        problems.append("exit %s, expected %s" % (exit_code, " or ".join(str(code) for code in expected_exits)))
    if report is None:
        problems.append("no JSON report")
        return problems
    results = report.get("results", [])
    if report.get("summary", {}).get("total") != len(results):
        problems.append("incomplete report")
    reason = entry.get("reason")
    reasons = [reason] if isinstance(reason, str) else (reason or [])
    if status and status != "as-bridge":
        for result in results:
            if result["status"] == "skip" or not affected(entry, result["id"]):
                continue
            if engine != "simulated" and result["status"] == "error" and any(
                    text in (result.get("message") or "") for text in SUPERVISOR_LIMITS):
                continue
            if result["status"] not in statuses:
                problems.append("%s: %s, expected %s" % (result["id"], result["status"], status))
            elif result["status"] != "pass" and reasons and not any(text in (result.get("message") or "") for text in reasons):
                problems.append("%s: message has none of %r: %s" % (result["id"], reasons, (result.get("message") or "")[:160]))
            if len(problems) > 5:
                break
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bridgecheck", default=os.path.join(ROOT, ".build", "release", "bridgecheck"))
    parser.add_argument("--engine", choices=["simulated", "webkitgtk"], default="simulated")
    parser.add_argument("--check", action="store_true", help="run each script on the fixtures its `check` entry names")
    parser.add_argument("--filter", action="append", default=[])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--time-limit", type=float, default=60, help="seconds one script's run may take")
    parser.add_argument("--memory-limit", type=int, default=2048, help="bridgecheck --memory-limit, in MB")
    parser.add_argument("--margin", type=int, default=1024, help="MB the process tree may use above the limit")
    parser.add_argument("scripts", nargs="*")
    options = parser.parse_args()

    manifest = load_manifest()
    scripts = options.scripts or sorted(name for name in os.listdir(HOSTILE) if name.endswith(".js"))
    broken = 0
    print("%-42s %5s %8s %9s  %s" % ("script", "exit", "wall s", "peak MB", "outcomes"))
    for script in scripts:
        name = os.path.basename(script)
        path = script if os.path.sep in script else os.path.join(HOSTILE, script)
        with tempfile.TemporaryDirectory() as scratch:
            report_path = os.path.join(scratch, "report.json")
            entry = for_engine(manifest.get(name, {}), options.engine)
            command = [options.bridgecheck, "run", "--js", path, "--jobs", str(options.jobs),
                       "--memory-limit", "%dM" % options.memory_limit, "--json", report_path, "--format", "json"]
            environment = dict(os.environ)
            if options.engine != "simulated":
                command += ["--engine", options.engine]
                # Without a display, bridgecheck starts an Xvfb of its own, which must end with it too.
                environment.pop("DISPLAY", None)
                environment.pop("WAYLAND_DISPLAY", None)
            # A script whose trick the suite does not see (no `check` entry) runs on the two usual fixtures.
            checked = entry.get("check") or ["callbacks/page-to-native-response", "data/absent-versus-null-data"]
            for pattern in options.filter + (checked if options.check else []):
                command += ["--filter", pattern]
            started = time.monotonic()
            process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environment)
            sampler = PeakSampler(process.pid)
            sampler.start()
            try:
                _, stderr = process.communicate(timeout=options.time_limit)
                exit_code = process.returncode
            except subprocess.TimeoutExpired:
                process.kill()
                _, stderr = process.communicate()
                exit_code = "timeout"
            sampler.stopped = True
            sampler.join()
            wall = time.monotonic() - started
            try:
                with open(report_path) as handle:
                    report = json.load(handle)
            except (OSError, ValueError):
                report = None
        counts = {}
        for result in (report or {}).get("results", []):
            counts[result["status"]] = counts.get(result["status"], 0) + 1
        if options.check and entry.get("status") == "as-bridge":
            entry = dict(entry, exit=exit_code if exit_code in (0, 1) else 1)
        problems = check(entry, report, exit_code, options.engine)
        if name not in manifest:
            problems.append("no entry in conformance/hostile/expected.json: add one with the outcome it must get")
        peak_mb = sampler.peak / 1048576
        if peak_mb > options.memory_limit + options.margin:
            problems.append("peak memory %.0f MB over the limit plus margin" % peak_mb)
        survivors = sampler.survivors()
        if survivors:
            problems.append("processes outlived the run: %s" % ", ".join(
                "%d (%s)" % item for item in sorted(survivors.items())))
        outcome = " ".join("%s=%d" % item for item in sorted(counts.items()))
        print("%-42s %5s %8.1f %9.0f  %s" % (name, exit_code, wall, peak_mb, outcome))
        for problem in problems:
            print("    BROKEN: " + problem)
        if problems:
            broken += 1
            tail = stderr.decode("utf-8", "replace").strip().splitlines()[-3:]
            for line in tail:
                print("    stderr: " + line)
        sys.stdout.flush()
    if not options.scripts:
        # The whole corpus: every page bridge of the folder runs, and every entry has its page bridge.
        for name in sorted(set(manifest) - set(scripts)):
            print("%-42s BROKEN: an entry of expected.json with no page bridge in conformance/hostile/" % name)
            broken += 1
    print("hostile-corpus: %d scripts, %d broke a promise" % (len(scripts), broken))
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
