#!/usr/bin/env python3
"""Faulty adapter: correct answers, written to a block-buffered stdout that is never flushed (the
usual state of stdout when it is a pipe). Nothing reaches the harness until the process exits."""
import io
import json
import os
import sys

# Buffered explicitly, so that PYTHONUNBUFFERED=1 in the environment does not hide the mistake.
out = io.TextIOWrapper(io.BufferedWriter(io.FileIO(os.dup(1), "w"), buffer_size=1 << 16), line_buffering=False)
HELLO = {"type": "hello", "protocol": 1, "name": "faulty-never-flushes",
         "transports": ["iframe", "message-handlers"], "injections": ["bridge-loaded", "document-start"]}
if "--minor" in sys.argv:  # claim a later minor version (2: the harness then pipelines, docs/adapter-protocol.md)
    HELLO["minor"] = int(sys.argv[sys.argv.index("--minor") + 1])
while True:
    line = sys.stdin.readline()
    if not line:
        break
    command = json.loads(line)
    if command["type"] == "hello":
        out.write(json.dumps(HELLO) + "\n")
    elif command["type"] == "navigation":
        out.write(json.dumps({"type": "policy", "id": command["id"], "policy": "allow"}) + "\n")
    out.write(json.dumps({"type": "done", "seq": command["seq"]}) + "\n")
out.flush()
