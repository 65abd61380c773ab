"""with-tty.py COMMAND [ARG...] -- runs COMMAND with a pseudo-terminal as its standard input.

Standard output and standard error stay as they are (the test reads them). For the tests of what odsh does when a
person may be at a terminal (a browser sign-in) without driving a whole terminal session. Exits with the command's
status (128 + N when a signal N ended it).
"""
import os
import subprocess
import sys

master, slave = os.openpty()
try:
    result = subprocess.run(sys.argv[1:], stdin=slave)
finally:
    os.close(slave)
    os.close(master)
sys.exit(result.returncode if result.returncode >= 0 else 128 - result.returncode)
