#!/usr/bin/env python3
"""Faulty adapter: the Python reference adapter, correct in everything but one command, which it
hangs on, floods, dies on or answers with garbage. Aimed at the commands protocol 1.2 lets the
harness write without waiting for their answer (`registerHandler`, `stop`), whose failures are
found later: they must still end a scenario, or replace the process, within the limits.

    python3 late-fault.py --fault hang|flood|exit|garbage --on stop|registerHandler [--minor N]

`--minor N` caps the minor version of its hello (1: the harness waits for every answer).
"""
import importlib.util
import os
import sys
import time


def option(name, default):
    return sys.argv[sys.argv.index(name) + 1] if name in sys.argv else default


FAULT = option("--fault", "hang")
TARGET = option("--on", "stop")
MINOR = int(option("--minor", "2"))

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("adapter", os.path.join(HERE, "..", "python", "adapter.py"))
adapter = importlib.util.module_from_spec(spec)
spec.loader.exec_module(adapter)
adapter.PROTOCOL_MINOR = MINOR
adapter.ADAPTER_NAME = "faulty-late-%s-on-%s" % (FAULT, TARGET)


class LateFaultAdapter(adapter.Adapter):
    def perform(self, command):
        if command.get("type") != TARGET:
            return super().perform(command)
        sys.stderr.write("late-fault: %s on %s\n" % (FAULT, TARGET))
        sys.stderr.flush()
        if FAULT == "hang":
            while True:
                time.sleep(3600)
        if FAULT == "exit":
            os._exit(1)
        if FAULT == "garbage":
            sys.stdout.buffer.write(b"late-fault: not a protocol line\n")
            sys.stdout.buffer.flush()
            return super().perform(command)
        line = b'{"type":"log","level":"debug","code":"spin","message":"still going"}\n' * 1000
        try:
            while True:
                sys.stdout.buffer.write(line)
                sys.stdout.buffer.flush()
        except BrokenPipeError:
            os._exit(1)


def serve():
    late = LateFaultAdapter(sys.stdout.buffer)
    for line in sys.stdin.buffer:
        if line.strip() and not late.handle(line.decode("utf-8", errors="surrogateescape")):
            return


if __name__ == "__main__":
    serve()
