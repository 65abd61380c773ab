#!/usr/bin/env bash
# setup.sh: install the Debian packages that odsh's build, tests and scripts need, and only those that are missing.
# Idempotent and non-interactive; prints one line per action and nothing when there is nothing to do.
# Extra package names come from scripts/*/apt-packages.txt (one a line, '#' starts a comment).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Build: libedit-dev libcurl4-openssl-dev libxml2-dev pkg-config (the system-library modules).
# Tests and scripts: xmllint, hyperfine, tmux and less (REPL tests: the default pager), nginx-light, openssl (TLS test server), mandoc (man page),
# curl, python3-venv (reference servers, benchmark venv), time (/usr/bin/time for peak memory).
wanted=(libedit-dev libcurl4-openssl-dev libxml2-dev pkg-config libxml2-utils hyperfine tmux less nginx-light openssl
  mandoc curl python3-venv time)
shopt -s nullglob
for list in scripts/*/apt-packages.txt; do
  while IFS= read -r line || [ -n "$line" ]; do
    line="${line%%#*}"
    for name in $line; do wanted+=("$name"); done
  done <"$list"
done

missing=()
for name in "${wanted[@]}"; do
  case " ${missing[*]} " in *" $name "*) continue ;; esac
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
