#!/usr/bin/env python3
"""Faulty adapter: answers `start` with an endless stream of log events (a logging loop)."""
import json
import sys

HELLO = {"type": "hello", "protocol": 1, "name": "faulty-flood",
         "transports": ["iframe", "message-handlers"], "injections": ["bridge-loaded", "document-start"]}
if "--minor" in sys.argv:  # claim a later minor version (2: the harness then pipelines, docs/adapter-protocol.md)
    HELLO["minor"] = int(sys.argv[sys.argv.index("--minor") + 1])
LOG = json.dumps({"type": "log", "level": "debug", "code": "spin", "message": "still starting"}) + "\n"
while True:
    line = sys.stdin.readline()
    if not line:
        break
    command = json.loads(line)
    if command["type"] == "hello":
        print(json.dumps(HELLO), flush=True)
    elif command["type"] == "start":
        try:
            while True:
                sys.stdout.write(LOG * 1000)
                sys.stdout.flush()
        except BrokenPipeError:
            sys.exit(1)
    print(json.dumps({"type": "done", "seq": command["seq"]}), flush=True)
