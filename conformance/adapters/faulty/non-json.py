#!/usr/bin/env python3
"""Faulty adapter: prints a progress message on stdout (which carries protocol lines only)."""
import json
import sys

HELLO = {"type": "hello", "protocol": 1, "name": "faulty-non-json",
         "transports": ["iframe", "message-handlers"], "injections": ["bridge-loaded", "document-start"]}
if "--minor" in sys.argv:  # claim a later minor version (2: the harness then pipelines, docs/adapter-protocol.md)
    HELLO["minor"] = int(sys.argv[sys.argv.index("--minor") + 1])
while True:
    line = sys.stdin.readline()
    if not line:
        break
    command = json.loads(line)
    if command["type"] == "hello":
        print(json.dumps(HELLO), flush=True)
    elif command["type"] == "start":
        print("Starting bridge...", flush=True)
    print(json.dumps({"type": "done", "seq": command["seq"]}), flush=True)
