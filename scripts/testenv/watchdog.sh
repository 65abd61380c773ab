#!/usr/bin/env bash
# watchdog.sh OWNER_PID COMMAND... -- run COMMAND once OWNER_PID has exited (detached; survives the caller).
# Fixtures started for a test run stop with it, even when the test process crashes.
owner="$1"; shift
setsid bash -c 'while kill -0 "$0" 2>/dev/null; do sleep 1; done; "$@"' "$owner" "$@" </dev/null >/dev/null 2>&1 &
