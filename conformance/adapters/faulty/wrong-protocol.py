#!/usr/bin/env python3
"""Faulty adapter: speaks a protocol version this bridgecheck does not."""
import json
import sys

HELLO = {"type": "hello", "protocol": 2, "name": "faulty-wrong-protocol",
         "transports": ["iframe"], "injections": ["bridge-loaded"]}
while True:
    line = sys.stdin.readline()
    if not line:
        break
    command = json.loads(line)
    if command["type"] == "hello":
        print(json.dumps(HELLO), flush=True)
    print(json.dumps({"type": "done", "seq": command["seq"]}), flush=True)
