#!/usr/bin/env bash
# bench-oneshot.sh [--smoke] [ODSH_BINARY]: what a one-shot query costs a script that calls odsh, next to curl of the
# same data URL, against the OData V4 reference server (odatapy's Northwind, started on a free loopback port through
# scripts/testenv/refsrv.sh and stopped on exit). One hyperfine run, side by side, whole processes:
#   odsh URL -o json -c "Customers('ALFKI')"                    metadata cached and within its freshness window: one
#                                                               request (the data)
#   curl -sS -g -H 'Accept: application/json' URL/Customers('ALFKI')   the same data request, nothing else
#   odsh URL --metadata-max-age 0 -o json -c "Customers('ALFKI')"   the old behaviour: $metadata asked for first (the
#                                                               whole document: this server sends no validators)
#   floor URL/Customers('ALFKI')                               scripts/bench/oneshot-floor.c, compiled with cc: the same
#                                                               request from a C program that loads libxml2 and libcurl
#                                                               as odsh does; the least odsh's design can take (left out,
#                                                               with a message, when there is no C compiler)
# Before timing, each command runs once: all three must print the customer, and odsh's trace must show the requests
# each odsh command makes (1 and 2). The cache lives in a temporary XDG folder, filled by one untimed run.
# Then each command once under valgrind --tool=callgrind for its instructions (odsh on a `strip --strip-debug` copy,
# since valgrind cannot read this toolchain's debug info): deterministic where wall times on a shared machine are not.
# NO_CALLGRIND=1 (or no valgrind) leaves them out.
# The summary gives median, mean and fastest per command and the ratios against curl on the medians (target: odsh
# within the window at most 1.5x curl), and what the libraries alone take (floor / curl) and odsh's own work above them
# (odsh / floor).
# ODSH_BINARY defaults to .build-static/release/odsh, (re)built first with `bash scripts/build-release.sh`.
# RUNS (default 30) and WARMUP (default 3) override. Exports: bench-out/oneshot.{md,json} (or $BENCH_OUT).
# --smoke [ODSH_BINARY]: the whole pipeline once, quickly (2 runs, the debug build by default, results in a
# temporary folder): it shows the script works; its times mean nothing.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
smoke=false smoke_out=""
if [ "${1:-}" = --smoke ]; then smoke=true; shift; fi
runs="${RUNS:-30}" warmup="${WARMUP:-3}"
if $smoke; then
  runs=2 warmup=0
  [ $# -gt 0 ] || set -- .build/debug/odsh
  [ -n "${BENCH_OUT:-}" ] || { BENCH_OUT="$(mktemp -d)"; smoke_out="$BENCH_OUT"; }
fi

bash scripts/setup.sh --tests
if ! command -v swift >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then PATH="$PATH:/opt/swift/usr/bin"; fi
source "$root/scripts/bench/odsh-binary.sh"
odsh_binary "${1:-}"

out="${BENCH_OUT:-$root/bench-out}"
mkdir -p "$out"
tmp="$(mktemp -d)"
port=""
# Fixed before XDG_CACHE_HOME changes below, so that stop finds the PID file start wrote.
export REFSRV_STATE="${REFSRV_STATE:-${XDG_CACHE_HOME:-$HOME/.cache}/odata-refsrv}"
cleanup() {
  [ -z "$port" ] || bash scripts/testenv/refsrv.sh stop "$port" >/dev/null 2>&1 || true
  rm -rf "$tmp" ${smoke_out:+"$smoke_out"}
}
trap cleanup EXIT
line="$(bash scripts/testenv/refsrv.sh start v4 $$ | grep '^PORT=')" || { echo "bench: cannot start the V4 reference server" >&2; exit 1; }
port="${line#PORT=}"
url="http://127.0.0.1:$port/northwind/"
statement="Customers('ALFKI')"

# A cache of this run's own, so that neither the user's cache nor profiles take part.
export XDG_CACHE_HOME="$tmp/cache" XDG_CONFIG_HOME="$tmp/config" XDG_STATE_HOME="$tmp/state"
window=("$odsh" "$url" -o json -c "$statement")
asking=("$odsh" "$url" --metadata-max-age 0 -o json -c "$statement")
curl_cmd=(curl -sS -g -H 'Accept: application/json' "$url$statement")
floor_cmd=()
if command -v cc >/dev/null && cc -O2 -o "$tmp/oneshot-floor" scripts/bench/oneshot-floor.c \
    $(pkg-config --cflags libxml-2.0 libcurl) -Wl,--no-as-needed $(pkg-config --libs libxml-2.0) -ldl; then
  floor_cmd=("$tmp/oneshot-floor" "$url$statement")
else
  echo "bench: no C compiler (cc) or the headers of libxml2 and libcurl are missing: the floor is left out" >&2
fi

# The untimed first run fills the cache; then each command once: the customer, and how many requests odsh makes.
"${window[@]}" >/dev/null
check() {  # check NAME REQUESTS CMD...: CMD prints ALFKI; REQUESTS (unless -) is the count of requests in odsh's trace
  local name="$1" want="$2"; shift 2
  "$@" >"$tmp/stdout" 2>/dev/null || { echo "bench: $name failed" >&2; exit 1; }
  grep -q '"CustomerID":"ALFKI"\|"CustomerID": *"ALFKI"' "$tmp/stdout" || { echo "bench: $name did not print ALFKI" >&2; exit 1; }
  if [ "$want" != - ]; then
    local got
    got="$("$@" --trace 2>&1 >/dev/null | grep -c '^HTTP GET ' || true)"
    [ "$got" = "$want" ] || { echo "bench: $name made $got requests, expected $want" >&2; exit 1; }
    printf '   %-24s %s request(s) per run\n' "$name" "$got"
  fi
}
echo "== one-shot query of $url$statement"
check "odsh (window)" 1 "${window[@]}"
check "odsh --metadata-max-age 0" 2 "${asking[@]}"
check curl - "${curl_cmd[@]}"
floor_args=()
if [ ${#floor_cmd[@]} -gt 0 ]; then
  check floor - "${floor_cmd[@]}"
  floor_args=(-n floor "$(printf '%q ' "${floor_cmd[@]}")")
fi

# instructions NAME CMD...: the instructions callgrind counts for one run of CMD, written to $tmp/instructions.tsv.
: >"$tmp/instructions.tsv"
callgrind=true
if $smoke || [ "${NO_CALLGRIND:-}" = 1 ] || ! command -v valgrind >/dev/null; then callgrind=false; fi
source "$root/scripts/bench/callgrind.sh"
instructions() {
  local name="$1" count; shift
  count="$(instructions_of "$@")"
  [ -z "$count" ] || printf '%s\t%s\n' "$name" "$count" >>"$tmp/instructions.tsv"
}
if $callgrind; then
  stripped_copy "$odsh" "$tmp/odsh-stripped"
  instructions "odsh (window)" "$tmp/odsh-stripped" "${window[@]:1}"
  instructions curl "${curl_cmd[@]}"
  instructions "odsh --metadata-max-age 0" "$tmp/odsh-stripped" "${asking[@]:1}"
  [ ${#floor_cmd[@]} -eq 0 ] || instructions floor "${floor_cmd[@]}"
fi

hyperfine -N --warmup "$warmup" --runs "$runs" --export-json "$out/oneshot.json" --export-markdown "$out/oneshot.md" \
  -n "odsh (window)" "$(printf '%q ' "${window[@]}")" \
  -n curl "$(printf '%q ' "${curl_cmd[@]}")" \
  -n "odsh --metadata-max-age 0" "$(printf '%q ' "${asking[@]}")" \
  "${floor_args[@]}"

echo
echo "== Summary ($runs runs each, whole process). JSON: $out/oneshot.json"
echo "   load average now: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores (other work on the machine skews the times)"
python3 - "$out/oneshot.json" "$tmp/instructions.tsv" <<'PY'
import json, statistics, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
counted = dict(line.rstrip("\n").split("\t") for line in open(sys.argv[2]) if line.strip())
def median(name): return statistics.median(results[name]["times"])
for name, r in results.items():
    print(f"  {name:27} median {median(name) * 1000:7.1f} ms   mean {r['mean'] * 1000:7.1f} ms ± {r['stddev'] * 1000:5.1f}"
          f"   fastest {min(r['times']) * 1000:7.1f} ms" + (f"   {int(counted[name]) / 1e6:6.1f} M instructions" if name in counted else ""))
curl = median("curl")
ratio = median("odsh (window)") / curl
print(f"  odsh (window) / curl             = {ratio:5.2f}x on medians   target <= 1.5x: {'meets target' if ratio <= 1.5 else 'MISSES target'}")
print(f"  odsh --metadata-max-age 0 / curl = {median('odsh --metadata-max-age 0') / curl:5.2f}x on medians")
if "floor" in results:
    floor = median("floor")
    print(f"  floor / curl                     = {floor / curl:5.2f}x on medians   (libcurl and libxml2 loaded as odsh loads them)")
    print(f"  odsh (window) / floor            = {median('odsh (window)') / floor:5.2f}x on medians   "
          f"(odsh's own work: {(median('odsh (window)') - floor) * 1000:.1f} ms)")
if "curl" in counted:
    base = int(counted["curl"])
    for name in ("odsh (window)", "floor"):
        if name in counted:
            print(f"  instructions {name + ' / curl':21}= {int(counted[name]) / base:5.2f}x   (callgrind, one run each)")
PY
if $smoke; then echo "bench: a smoke run (--smoke: few runs, $odsh): it shows the pipeline works; its times and verdicts mean nothing"; fi
