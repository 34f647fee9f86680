#!/usr/bin/env python3
"""bridgecheck dialect bridge: the native side of the flutter-es7 dialect, behind the bridgecheck
adapter protocol.

The ES2017 page scripts of Flutter webview wrappers change only the page API (Promises instead of
callbacks); the wire, and so the native side, is the flutter dialect's: this runs
../flutter/native.py.
"""

import os
import runpy

runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "flutter", "native.py"), run_name="__main__")
