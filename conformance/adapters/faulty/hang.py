#!/usr/bin/env python3
"""Faulty adapter: shakes hands, then never answers `start` (a deadlock in the bridge).

With --at-hello it never answers `hello` either (an adapter that hangs as it starts).
"""
import json
import os
import sys
import time

HELLO = {"type": "hello", "protocol": 1, "name": "faulty-hang",
         "transports": ["iframe", "message-handlers"], "injections": ["bridge-loaded", "document-start"]}
if "--minor" in sys.argv:  # claim a later minor version (2: the harness then pipelines, docs/adapter-protocol.md)
    HELLO["minor"] = int(sys.argv[sys.argv.index("--minor") + 1])
while True:
    line = sys.stdin.readline()
    if not line:
        break
    command = json.loads(line)
    if command["type"] == "hello" and "--at-hello" in sys.argv:
        sys.stderr.write("hang: stuck before answering hello\n")
        sys.stderr.flush()
        while True:
            time.sleep(3600)
    if command["type"] == "hello":
        print(json.dumps(HELLO), flush=True)
    elif command["type"] == "start":
        # Tests that interrupt a run wait for this file: a scenario is then in flight.
        marker = os.environ.get("HANG_STARTED_MARKER")
        if marker:
            open(marker, "w").close()
        sys.stderr.write("hang: waiting for a lock that is never released\n")
        sys.stderr.flush()
        while True:
            time.sleep(3600)
    print(json.dumps({"type": "done", "seq": command["seq"]}), flush=True)
