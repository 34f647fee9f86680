#!/usr/bin/env python3
"""Faulty adapter: dies before reading anything (a missing import, a bad path...)."""
import sys

sys.stderr.write("crash-on-start: cannot open the bridge library: no such file\n")
sys.exit(3)
