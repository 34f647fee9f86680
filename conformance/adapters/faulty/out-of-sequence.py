#!/usr/bin/env python3
"""Faulty adapter: answers `start` with the seq of a command it has not received yet."""
import json
import sys

HELLO = {"type": "hello", "protocol": 1, "name": "faulty-out-of-sequence",
         "transports": ["iframe", "message-handlers"], "injections": ["bridge-loaded", "document-start"]}
if "--minor" in sys.argv:  # claim a later minor version (2: the harness then pipelines, docs/adapter-protocol.md)
    HELLO["minor"] = int(sys.argv[sys.argv.index("--minor") + 1])
while True:
    line = sys.stdin.readline()
    if not line:
        break
    command = json.loads(line)
    seq = command["seq"]
    if command["type"] == "hello":
        print(json.dumps(HELLO), flush=True)
    elif command["type"] == "start":
        seq += 1
    print(json.dumps({"type": "done", "seq": seq}), flush=True)
