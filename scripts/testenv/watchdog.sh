#!/usr/bin/env bash
# watchdog.sh OWNER_PID COMMAND... -- run COMMAND once OWNER_PID has exited (detached; survives the caller).
# Fixtures started for a test run stop with it, even when the test process crashes. The owner is known by its PID
# and its start time (/proc/PID/stat): a PID given to another process since (pid_max is small) is not the owner.
# With $ODSH_TEST_PIDS set (scripts/test.sh), the watchdog's PID goes there: one still alive after the run is a
# fixture that did not stop (test.sh fails the run).
owner="$1"; shift
start_of() { local s; s="$(cat "/proc/$1/stat" 2>/dev/null)" || return 0; s="${s##*) }"; set -- $s; echo "${20}"; }
started="$(start_of "$owner")"
[ -n "$started" ] || { "$@" </dev/null >/dev/null 2>&1; exit 0; }  # the owner is already gone
setsid bash -c '
  start_of() { local s; s="$(cat "/proc/$1/stat" 2>/dev/null)" || return 0; s="${s##*) }"; set -- $s; echo "${20}"; }
  owner="$0" started="$1"; shift
  while [ "$(start_of "$owner")" = "$started" ]; do sleep 1; done
  "$@"' "$owner" "$started" "$@" </dev/null >/dev/null 2>&1 &
if [ -n "${ODSH_TEST_PIDS:-}" ]; then echo "$! $(start_of $!) watchdog for $owner: $*" >>"$ODSH_TEST_PIDS"; fi
