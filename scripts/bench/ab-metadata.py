#!/usr/bin/env python3
"""ab-metadata.py [--states|--pairs] ROUNDS FILE BINARY [BINARY...]: tells builds of odsh apart on one metadata load.

hyperfine's rounds (scripts/bench-metadata.sh) compare odsh with its peers; a change of a millisecond or so between
two builds of odsh drowns there in how much this kind of machine varies from one second to the next. Here each round
runs `BINARY metadata summary FILE` for every binary and `xmllint --stream --noout FILE` once each, in a new random
order, so that a fast or slow stretch falls on all of them alike; the medians over all rounds and, per pair of
binaries, the median and mean of the differences within each round are printed.

Virtual CPUs can run at different speeds, and change within a fraction of a second. With --states (and `taskset`),
xmllint also runs pinned to each of the first two CPUs just before and just after each round, and the rounds are
grouped by what that showed: both fast, both slow, or mixed (one fast and one slow, or a change during the round). A
CPU counts as fast within 25% of the fastest pinned run. (Made for the reader odsh had on two threads, which fared
worst in mixed rounds; odsh now reads on one.) The pinned runs are not free: odsh's times came out higher with them (FAR_MANAGE, 30 rounds: 24.6 ms against
21.7 without), so compare binaries within one kind of run only.

With --pairs, xmllint instead runs on CPU 0 and CPU 1 at the same time just before and just after each round, and the
rounds are grouped by whether the two then ran at once (within 25% of the fastest such pair) or were contended. Some
stretches give the two virtual CPUs about one CPU's time between them: then a reader on two threads (odsh's was)
gains nothing and its time is its whole CPU time, while xmllint's is unchanged (seen: xmllint 28-30 ms alone on either CPU, 44-52 ms for
two at once; odsh 48-57 ms free and 49-89 ms pinned to one CPU).
"""
import random
import shutil
import statistics
import subprocess
import sys
import time


def timed(cmd):
    start = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = (time.perf_counter() - start) * 1000
    if done.returncode != 0:
        sys.exit(f"ab-metadata: {' '.join(cmd)} exited with {done.returncode}")
    return elapsed


def timed_pair(cmd):
    """Wall time of `cmd` pinned to CPU 0 and to CPU 1, both started at once."""
    start = time.perf_counter()
    procs = [subprocess.Popen(["taskset", "-c", str(c)] + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
             for c in (0, 1)]
    for p in procs:
        p.wait()
    return (time.perf_counter() - start) * 1000


def main():
    args = sys.argv[1:]
    states = bool(args) and args[0] in ("--states", "--pairs")
    pairs = states and args[0] == "--pairs"
    if states:
        args = args[1:]
    if len(args) < 3:
        sys.exit(__doc__.split("\n\n")[0])
    rounds, path, binaries = int(args[0]), args[1], args[2:]
    commands = {"xmllint": ["xmllint", "--stream", "--noout", path]}
    for b in binaries:
        commands[b] = [b, "metadata", "summary", path]
    pinned = states and shutil.which("taskset") is not None
    if states and not pinned:
        print("ab-metadata: no taskset: rounds are not grouped by CPU state")

    def floor_on(cpu):
        return timed(["taskset", "-c", str(cpu)] + commands["xmllint"])

    def probe():
        if not pinned:
            return None
        if pairs:
            pair = timed_pair(commands["xmllint"])
            return (pair, pair)
        return (floor_on(0), floor_on(1))

    rows = []   # (times by name, pinned xmllint before and after on CPU 0 and 1)
    for _ in range(rounds):
        before = probe()
        names = list(commands)
        random.shuffle(names)
        times = {name: timed(commands[name]) for name in names}
        after = probe()
        rows.append((times, before, after))

    def report(title, subset):
        if not subset:
            return
        print(f"{title} ({len(subset)} rounds)")
        for name in commands:
            values = [t[name] for t, _, _ in subset]
            q = statistics.quantiles(values, n=4) if len(values) > 1 else [values[0]] * 3
            print(f"  {name:40s} median {statistics.median(values):6.1f} ms  p25 {q[0]:6.1f}  p75 {q[2]:6.1f}")
        for i, a in enumerate(binaries):
            for b in binaries[i + 1:]:
                d = [t[b] - t[a] for t, _, _ in subset]
                print(f"  {b} - {a}: median {statistics.median(d):+.2f} ms, mean {statistics.mean(d):+.2f} ms")

    report("all", rows)
    if not pinned:
        return
    limit = min(min(b + a) for _, b, a in rows) * 1.25
    if pairs:
        groups = {"two CPUs at once": [], "contended": []}
        for row in rows:
            _, before, after = row
            groups["two CPUs at once" if before[0] < limit and after[0] < limit else "contended"].append(row)
        print(f"by whether two CPUs run at once (xmllint on CPU 0 and 1 together around each round; at once: under {limit:.1f} ms)")
    else:
        groups = {"both fast": [], "both slow": [], "mixed": []}
        for row in rows:
            _, before, after = row
            states = {(before[c] < limit, after[c] < limit) for c in (0, 1)}
            groups["both fast" if states == {(True, True)} else "both slow" if states == {(False, False)} else "mixed"].append(row)
        print(f"by CPU state (xmllint pinned to CPU 0 and 1 around each round; fast: under {limit:.1f} ms)")
    for title, subset in groups.items():
        report(title, subset)

if __name__ == "__main__":
    main()
