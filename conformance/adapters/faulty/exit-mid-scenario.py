#!/usr/bin/env python3
"""Faulty adapter: shakes hands and starts, then exits at the first command of the scenario."""
import json
import sys

HELLO = {"type": "hello", "protocol": 1, "name": "faulty-exit-mid-scenario",
         "transports": ["iframe", "message-handlers"], "injections": ["bridge-loaded", "document-start"]}
if "--minor" in sys.argv:  # claim a later minor version (2: the harness then pipelines, docs/adapter-protocol.md)
    HELLO["minor"] = int(sys.argv[sys.argv.index("--minor") + 1])
started = False
while True:
    line = sys.stdin.readline()
    if not line:
        break
    command = json.loads(line)
    if command["type"] == "hello":
        print(json.dumps(HELLO), flush=True)
    elif command["type"] == "start":
        started = True
    elif started:
        sys.stderr.write("exit-mid-scenario: giving up on %s\n" % command["type"])
        sys.exit(1)
    print(json.dumps({"type": "done", "seq": command["seq"]}), flush=True)
