#!/usr/bin/env python3
"""Faulty adapter: writes its events but forgets the final done."""
import json
import sys

HELLO = {"type": "hello", "protocol": 1, "name": "faulty-missing-done",
         "transports": ["iframe"], "injections": ["bridge-loaded"]}
while True:
    line = sys.stdin.readline()
    if not line:
        break
    command = json.loads(line)
    if command["type"] == "hello":
        print(json.dumps(HELLO), flush=True)
