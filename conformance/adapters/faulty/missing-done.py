#!/usr/bin/env python3
"""Faulty adapter: writes its events but forgets the final done."""
import json
import sys

HELLO = {"type": "hello", "protocol": 1, "name": "faulty-missing-done",
         "transports": ["iframe"], "injections": ["bridge-loaded"]}
if "--minor" in sys.argv:  # claim a later minor version (2: the harness then pipelines, docs/adapter-protocol.md)
    HELLO["minor"] = int(sys.argv[sys.argv.index("--minor") + 1])
while True:
    line = sys.stdin.readline()
    if not line:
        break
    command = json.loads(line)
    if command["type"] == "hello":
        print(json.dumps(HELLO), flush=True)
