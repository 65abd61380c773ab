#!/usr/bin/env python3
"""answer-prompt.py PROMPT ANSWER [TIMEOUT] -- COMMAND...: runs COMMAND on a pseudo-terminal, as a person at a
terminal would: each time its output shows PROMPT, types ANSWER and Enter. Copies what the command writes to
standard output (\\r\\n as \\n) and exits with its exit status (124 when TIMEOUT seconds, default 60, passed)."""
import os
import pty
import select
import sys
import time


def main():
    if "--" not in sys.argv:
        sys.exit(__doc__)
    split = sys.argv.index("--")
    prompt, answer = sys.argv[1].encode(), sys.argv[2].encode()
    timeout = float(sys.argv[3]) if split > 3 else 60.0
    command = sys.argv[split + 1:]
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(command[0], command)
    seen, answered = b"", 0
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            sys.stdout.write("answer-prompt: timed out\n")
            sys.exit(124)
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # EIO: the command closed the terminal
            break
        if not chunk:
            break
        seen += chunk
        sys.stdout.write(chunk.replace(b"\r\n", b"\n").decode("utf-8", "replace"))
        sys.stdout.flush()
        while seen.count(prompt) > answered:
            answered += 1
            os.write(fd, answer + b"\r")
    _, status = os.waitpid(pid, 0)
    sys.exit(os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else status >> 8)


if __name__ == "__main__":
    main()
