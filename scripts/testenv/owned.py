"""owned.py OWNER_PID OWNER_START SCRIPT [ARGS...] -- run the Python program SCRIPT (as __main__, with ARGS) for as
long as the process OWNER_PID, started at OWNER_START (field 22 of /proc/PID/stat), lives.

The reference servers run through it when a test process starts them (scripts/testenv/refsrv.sh): the server
itself ends within half a second of its owner, even when the owner is killed, with no watchdog process that could
be lost on the way, and a PID that has since been given to another process (pid_max is small here) is not taken
for the owner.
"""
import os
import runpy
import sys
import threading
import time


def start_time(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def watch(owner, started):
    while start_time(owner) == started:
        time.sleep(0.5)
    os._exit(0)


if len(sys.argv) < 4:
    sys.exit("usage: owned.py OWNER_PID OWNER_START SCRIPT [ARGS...]")
owner, started = int(sys.argv[1]), sys.argv[2]
if start_time(owner) != started:
    sys.exit("owned.py: the owner %d is gone" % owner)
threading.Thread(target=watch, args=(owner, started), daemon=True).start()
sys.argv = sys.argv[3:]
sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[0])))
runpy.run_path(sys.argv[0], run_name="__main__")
