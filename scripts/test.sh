#!/usr/bin/env bash
# test.sh [SWIFT-TEST-ARGS...]: the project's test command. Installs what is missing (setup.sh --tests), builds, makes the
# packages the package test installs (scripts/package.sh), runs the tests. Extra arguments go to `swift test`
# (e.g. --filter ODataModelTests, --no-parallel). Exit code = swift test's.
# A fixture a test needs (../shared, tmux, nginx, ...) that is missing skips the test, or fails it when CI=true
# (.ci/run sets it); the run ends with a summary of what was skipped and why (the tests write it to $ODSH_SKIP_LOG).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root" || exit

bash scripts/setup.sh --tests || exit
if ! command -v swift >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then PATH="$PATH:/opt/swift/usr/bin"; fi

# The tests find the corpus and the reference servers in ../shared beside the repo root, or in $ODSH_SHARED.
shared="$(realpath -m "${ODSH_SHARED:-$root/../shared}")"
if [ -d "$shared" ]; then
  export ODSH_SHARED="$shared"
  echo "shared: $shared (corpus: $shared/corpus, reference servers: $shared/refsrv)"
else
  echo "========================================================================================"
  echo "NOTICE: ../shared not found: tests that need the corpus or reference servers will be skipped (CI=true: fail)"
  echo "        (looked for $shared; set ODSH_SHARED to its path)"
  echo "========================================================================================"
fi

# The package test (PackageTests) installs the .deb that package.sh makes from a release build; that build takes
# minutes (most of them one compiler job on one core), so it is made here once, not by the test, and while the debug
# build and the tests run. This script holds $ODSH_PACKAGE_LOCK locked until package.sh has ended and its exit status
# is in $ODSH_PACKAGE_LOCK.status (its output in .log); the package test waits for that lock. ODSH_SKIP_PACKAGE=1
# leaves the packages out (the test then says so).
package_pid=""
if [ -z "${ODSH_SKIP_PACKAGE:-}" ] && command -v dpkg-deb >/dev/null && command -v flock >/dev/null; then
  export ODSH_PACKAGE_LOCK="${TMPDIR:-/tmp}/odsh-package-$$.lock"
  rm -f "$ODSH_PACKAGE_LOCK.status" "$ODSH_PACKAGE_LOCK.log"
  exec 9>"$ODSH_PACKAGE_LOCK"
  flock -x 9
  # The subshell keeps descriptor 9, and the lock with it, until it has written the status; package.sh does not
  # inherit it (a process it leaves behind cannot hold the lock). A build that hangs ends after 40 minutes.
  ( timeout 2400 bash scripts/package.sh >"$ODSH_PACKAGE_LOCK.log" 2>&1 9>&-; echo $? >"$ODSH_PACKAGE_LOCK.status" ) &
  package_pid=$!
  exec 9>&-
fi
package_result() {
  [ -n "$package_pid" ] || return 0
  wait "$package_pid"
  local status; status="$(cat "$ODSH_PACKAGE_LOCK.status" 2>/dev/null || echo "?")"
  if [ "$status" != 0 ]; then
    echo "scripts/package.sh failed (exit $status); its last lines:"
    tail -n 30 "$ODSH_PACKAGE_LOCK.log"
  fi
  rm -f "$ODSH_PACKAGE_LOCK" "$ODSH_PACKAGE_LOCK.status" "$ODSH_PACKAGE_LOCK.log"
  [ "$status" = 0 ]
}

# (With the index store: on Linux `swift test` finds the XCTest cases through it.)
swift build || { package_result; exit 1; }
# Every process the tests start (Spawn.start, and the servers and watchdogs the scripts of scripts/testenv start)
# is noted here as "PID STARTTIME COMMAND"; once the tests have ended, none may be left (see below).
export ODSH_TEST_PIDS="${TMPDIR:-/tmp}/odsh-test-pids-$$.txt"
: >"$ODSH_TEST_PIDS"
# Each test that finds a fixture missing adds a line "FIXTURE: REASON" here (TestSupport's Fixture).
export ODSH_SKIP_LOG="${TMPDIR:-/tmp}/odsh-skips-$$.log"
: >"$ODSH_SKIP_LOG"
# Swift Testing runs tests concurrently in-process anyway; --parallel also spreads XCTest cases over workers.
swift test --parallel "$@"
status=$?
package_result || { [ "$status" -eq 0 ] && status=1; }

if [ -s "$ODSH_SKIP_LOG" ]; then
  echo "========================================================================================"
  if [[ "${CI:-}" =~ ^([Tt]rue|TRUE|1|yes)$ ]]; then
    echo "MISSING FIXTURES (CI=true: each failed the tests that need it), tests and suites per fixture:"
  else
    echo "SKIPPED: tests that found a fixture missing (CI=true makes these failures), tests and suites per fixture:"
  fi
  sort "$ODSH_SKIP_LOG" | uniq -c | sort -rn
  echo "========================================================================================"
else
  echo "skipped for a missing fixture: none"
fi
rm -f "$ODSH_SKIP_LOG"

# No process a test started may outlive the run. Servers watch their test process and end within a second or two of
# it (watchdogs within a few), so those still there after 20 s were left behind: they are named, killed, and the
# run fails. A PID counts only with the start time noted for it (another process may have its PID by now).
start_of() { local s; s="$(cat "/proc/$1/stat" 2>/dev/null)" || return 0; s="${s##*) }"; set -- $s; echo "${20}"; }
# True when PID's parents lead to this script (the scan's own subshells and commands).
ours() {
  local p="$1" s
  for _ in 1 2 3 4 5; do
    [ "$p" = "$$" ] && return 0
    s="$(cat "/proc/$p/stat" 2>/dev/null)" || return 1; s="${s##*) }"; set -- $s; p="$2"
    [ "$p" -le 1 ] && return 1
  done
  return 1
}
leftovers() {
  local pid start what seen=" "
  while read -r pid start what; do
    [ -n "$pid" ] && [ "$(start_of "$pid")" = "$start" ] && echo "$pid $start $what" && seen+="$pid "
  done <"$ODSH_TEST_PIDS"
  # Also any process that inherited this run's ODSH_TEST_PIDS, noted or not (a script that started a server its own
  # way, as bench-verify.sh once did): the tests started it, whoever its parent is now.
  for d in /proc/[0-9]*; do
    pid="${d#/proc/}"
    [[ "$seen" == *" $pid "* ]] && continue
    grep -qzxF "ODSH_TEST_PIDS=$ODSH_TEST_PIDS" "$d/environ" 2>/dev/null || continue
    ours "$pid" && continue
    echo "$pid $(start_of "$pid") (not noted) $(tr '\0' ' ' <"$d/cmdline" 2>/dev/null | cut -c1-200)"
  done
}
left=""
for _ in $(seq 1 20); do
  left="$(leftovers)"
  [ -z "$left" ] && break
  sleep 1
done
if [ -n "$left" ]; then
  echo "========================================================================================"
  echo "LEFT BEHIND: processes the tests started that are still running after the run (now killed):"
  echo "$left"
  echo "========================================================================================"
  for signal in TERM KILL; do
    while read -r pid start _; do
      [ "$(start_of "$pid")" = "$start" ] && kill -"$signal" "$pid" 2>/dev/null
    done <<<"$left"
    sleep 1
  done
  [ "$status" -eq 0 ] && status=1
else
  echo "processes left behind by the tests: none ($(wc -l <"$ODSH_TEST_PIDS") started)"
fi
rm -f "$ODSH_TEST_PIDS"
exit "$status"
