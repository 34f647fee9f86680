#!/usr/bin/env python3
"""Faulty adapter: a correct native side (the Python reference adapter) that leaves processes
behind in every way a process can detach, to show that none outlives the run:

- at start, a child that stays in the adapter's process group,
- a child that calls setsid (a session and process group of its own),
- a double-forked daemon (its parent exits at once, so it is orphaned immediately),
- on every `start` command, one more child that calls setsid.

Each leftover sleeps for ten minutes with this file's path on its command line, so a test can
find them. Usage: python3 detaches-children.py [PATH-OF-adapter.py] (then speak the adapter protocol).
"""
import os
import runpy
import subprocess
import sys

HERE = os.path.abspath(__file__)
SLEEPER = [sys.executable, "-c", "import time, sys; time.sleep(600)", HERE]


def child_in_group():
    subprocess.Popen(SLEEPER, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def child_in_new_session():
    subprocess.Popen(SLEEPER, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     start_new_session=True)


def double_forked_daemon():
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.execv(SLEEPER[0], SLEEPER)
        os._exit(0)
    os.wait()


child_in_group()
child_in_new_session()
double_forked_daemon()

# Every `start` leaves one more detached child: wrap the reference adapter's command handling.
adapter_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(HERE), "..", "python", "adapter.py")
module = runpy.run_path(adapter_path, run_name="bridgecheck_reference_adapter")
Adapter = module["Adapter"]
original_handle = Adapter.handle


def handle(self, line):
    if '"start"' in line:
        child_in_new_session()
    return original_handle(self, line)


Adapter.handle = handle
module["main"]()
