#!/usr/bin/env bash
# setup.sh [--tests] [--list]: install the Debian packages odsh needs, and only those that are missing.
#   (no option)  building and running odsh, and the sample service of run-sample.sh: scripts/apt-packages.txt
#   --tests      also what the tests and benchmarks need: scripts/testenv/apt-packages.txt, scripts/bench/...
#   --list       print the names wanted (one a line, installed or not) and install nothing
# Idempotent and non-interactive; prints one line per action and nothing when there is nothing to do.
# In the lists, one name or more a line, '#' starts a comment.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

lists=(scripts/apt-packages.txt)
list_only=
for arg in "$@"; do
  case "$arg" in
    --tests) lists+=(scripts/testenv/apt-packages.txt scripts/bench/apt-packages.txt) ;;
    --list) list_only=1 ;;
    *) echo "setup: unknown option $arg (setup.sh [--tests] [--list])" >&2; exit 2 ;;
  esac
done

wanted=()
for list in "${lists[@]}"; do
  while IFS= read -r line || [ -n "$line" ]; do
    line="${line%%#*}"
    for name in $line; do
      case " ${wanted[*]} " in *" $name "*) ;; *) wanted+=("$name") ;; esac
    done
  done <"$list"
done
if [ -n "$list_only" ]; then printf '%s\n' "${wanted[@]}"; exit 0; fi

missing=()
for name in "${wanted[@]}"; do
  # "installed" only: a removed package whose config files remain is still known to dpkg -s.
  if [ "$(dpkg-query -W -f='${db:Status-Status}' "$name" 2>/dev/null)" != installed ]; then missing+=("$name"); fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && { sudo -n true 2>/dev/null || [ -t 0 ]; }; then
    sudo=(sudo)
  else
    echo "setup: missing Debian packages; as root run:" >&2
    echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# Wait for a concurrent apt/dpkg run (another worktree's setup) instead of failing on its lock.
apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -y -o DPkg::Lock::Timeout=300 -o APT::Install-Recommends=false)
run() {
  echo "setup: apt-get $*"
  if ! "${apt[@]}" "$@" >"$log" 2>&1; then
    tail -n 20 "$log" >&2
    echo "setup: apt-get $1 failed" >&2
    exit 1
  fi
}
run update
run install "${missing[@]}"
