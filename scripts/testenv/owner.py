"""owner.py -- what a fixture server started by a test watches so that it ends with the test process.

The owner is the process named by $ODSH_TEST_OWNER ("PID STARTTIME", which TestSupport's Spawn gives every program
it starts), else the given PID, else the parent. It is known by its PID and its start time (field 22 of
/proc/PID/stat), read when the owner is named, not when the server gets round to it: a server whose test process
was killed while it was still starting up (when its parent is already PID 1) still ends, and a PID given to another
process since is not taken for the owner.
"""
import os
import threading
import time


def start_time(pid):
    """Field 22 of /proc/PID/stat, or None when there is no such process."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError, ValueError):
        return None


def owner(pid=None):
    """(PID, STARTTIME) of the owner."""
    spec = os.environ.get("ODSH_TEST_OWNER", "").split()
    if len(spec) == 2 and (pid is None or int(spec[0]) == pid):
        return int(spec[0]), spec[1]
    pid = pid or os.getppid()
    return pid, start_time(pid)


def alive(who):
    return who[1] is not None and start_time(who[0]) == who[1]


def watch(pid=None, interval=0.5):
    """Ends this process (os._exit(0)) once the owner is gone; checks every `interval` seconds in a daemon thread."""
    who = owner(pid)

    def loop():
        while alive(who):
            time.sleep(interval)
        os._exit(0)

    threading.Thread(target=loop, daemon=True).start()
