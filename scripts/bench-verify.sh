#!/usr/bin/env bash
# bench-verify.sh [ODSH_BINARY]: what concurrency on one session gives where a user feels it, against a service made
# slow: the V4 reference server's Northwind (26 entity sets, 20 rows a page) behind scripts/bench/slow-proxy.py,
# which answers every request DELAY_MS (default 200) late. Side by side in one hyperfine run:
#   odsh verify --jobs 1 | --jobs 4 | --jobs 8          (every set read with $top=1)
#   odsh -c "Orders" -o ndjson, all 830 orders in 42 pages (the pages are requested one after another), and for
#   it, from one traced run, the time outside its requests: the most that reading one page ahead could save
# Needs ../shared (or ODSH_SHARED) for the reference server. ODSH_BINARY defaults to .build-static/release/odsh, (re)built
# first with `bash scripts/build-release.sh`; hyperfine is installed when missing.
# Environment: RUNS (default 5), DELAY_MS (default 200), BENCH_EXPORT (a Markdown file for hyperfine's table).
# --smoke [ODSH_BINARY]: the whole pipeline once, quickly, to show it works (the README test runs it): one run each,
# 20 ms per answer, the debug build by default, the orders left out.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
smoke=false
if [ "${1:-}" = --smoke ]; then
  smoke=true; shift
  [ $# -gt 0 ] || set -- "$root/.build/debug/odsh"
  RUNS=1 DELAY_MS=20
fi
shared="${ODSH_SHARED:-$root/../shared}"
[ -x "$shared/refsrv/start-v4.sh" ] || { echo "bench-verify.sh: $shared/refsrv not found (set ODSH_SHARED)" >&2; exit 2; }
cd "$root"
if ! command -v hyperfine >/dev/null || ! command -v curl >/dev/null; then bash scripts/setup.sh --tests; fi
source "$root/scripts/bench/odsh-binary.sh"
odsh_binary "${1:-}"

upstream_port="$(python3 "$root/scripts/testenv/free-port.py")"
proxy_port="$(python3 "$root/scripts/testenv/free-port.py")"
proxy=""
# The reference server's state folder, fixed now: XDG_CACHE_HOME changes below, and stop.sh must find the PID file
# that start wrote (it did not, and the server outlived the run).
export REFSRV_STATE="${REFSRV_STATE:-${XDG_CACHE_HOME:-$HOME/.cache}/odata-refsrv}"
cleanup() {
  [ -n "$proxy" ] && kill "$proxy" 2>/dev/null
  bash "$root/scripts/testenv/refsrv.sh" stop "$upstream_port" >/dev/null 2>&1 || true
}
trap cleanup EXIT
# Owned by this script: the server ends with it even when it is killed (and a test run notes its PID).
ODSH_SHARED="$shared" REFSRV_PORT="$upstream_port" bash "$root/scripts/testenv/refsrv.sh" start v4 "$$" >/dev/null
python3 "$root/scripts/bench/slow-proxy.py" "$proxy_port" "http://127.0.0.1:$upstream_port" "${DELAY_MS:-200}" &
proxy=$!
url="http://127.0.0.1:$proxy_port/northwind/"
for _ in $(seq 1 50); do curl -s -o /dev/null "$url" && break; sleep 0.1; done

export XDG_CACHE_HOME="$(mktemp -d)"  # a metadata cache of its own, filled once below
"$odsh" metadata sets "$url" >/dev/null
echo "odsh: $odsh; service: $url (${DELAY_MS:-200} ms per answer)"
orders=(-n "all 830 orders, ndjson" "$odsh $url -o ndjson -c Orders")
$smoke && orders=()
hyperfine --runs "${RUNS:-5}" --warmup "$($smoke && echo 0 || echo 1)" ${BENCH_EXPORT:+--export-markdown "$BENCH_EXPORT"} \
  -n "verify --jobs 1" "$odsh verify $url --jobs 1" \
  -n "verify --jobs 4" "$odsh verify $url --jobs 4" \
  -n "verify --jobs 8" "$odsh verify $url --jobs 8" \
  "${orders[@]}"
if ! $smoke; then
  # What one page ahead could save at most: the reading's time outside its requests (start-up, and between the end
  # of a page and the request for the next, whose link ends the page). One traced run: wall against the sum of the
  # requests' own times.
  trace="$(mktemp)"
  start=$(date +%s%N)
  "$odsh" "$url" -o ndjson --trace -c Orders 2>"$trace" >/dev/null
  wall=$(( ($(date +%s%N) - start) / 1000000 ))
  grep -oE '\(([0-9]+) ms' "$trace" | tr -d '(' | awk -v wall="$wall" \
    '{ s += $1 } END { printf "all 830 orders: %d ms wall, %d ms in %d requests, %d ms outside them (%.1f%%): the most reading one page ahead could save\n", wall, s, NR, wall - s, 100 * (wall - s) / wall }'
  rm -f "$trace"
fi
rm -rf "$XDG_CACHE_HOME"
if $smoke; then echo "bench: a smoke run (--smoke: tiny input, few runs, $odsh): it shows the pipeline works; its times and verdicts mean nothing"; fi
