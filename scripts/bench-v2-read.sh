#!/usr/bin/env bash
# bench-v2-read.sh [--smoke] [ODSH_BINARY]: odsh and pyodata reading the same rows from OData V2 reference servers.
# Per server, one hyperfine run side by side (whole processes: start-up, $metadata, every page, every row):
#   odsh URL --no-cache -o ndjson --all -c "SET count"      all pages, typed entities written as NDJSON
#   python scripts/bench/read_pyodata.py URL SET            pyodata: all pages (__next), every property touched
# on pyslet (Northwind V2 Orders, 830 rows, server paging 20 a page, JSON) and mock-sap (GWSAMPLE_BASIC
# SalesOrderLineItemSet, the largest set there, one page), plus one run of each under /usr/bin/time for peak memory.
# Before timing, both must have read as many rows as the service's $count says (the script fails otherwise), and on
# pyslet the requests each made are counted in its log.
# --smoke: everything once, no hyperfine (pyslet's Customers, 91 rows in 5 pages, instead of its slow Orders).
# ODSH_BINARY (or $ODSH_BIN) defaults to .build-static/release/odsh, (re)built first with
# `bash scripts/build-release.sh`. Servers: scripts/testenv/refsrv.sh on free loopback ports, stopped
# on exit. pyodata and requests go into the benchmark venv (${XDG_CACHE_HOME:-~/.cache}/odsh-bench/venv) when missing.
# Results: bench-out/ (or $BENCH_OUT). RUNS (default 5 on pyslet, 20 on mock-sap) and WARMUP (default 1) override.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

smoke=0
if [ "${1:-}" = --smoke ]; then smoke=1; shift; fi

bash scripts/setup.sh --tests
if ! command -v swift >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then PATH="$PATH:/opt/swift/usr/bin"; fi

odsh="${1:-${ODSH_BIN:-}}"
# A smoke run uses the debug build, as the other benchmarks' smoke runs do.
if [ -z "$odsh" ] && [ "$smoke" = 1 ]; then
  [ -x .build/debug/odsh ] || swift build --product odsh
  odsh=.build/debug/odsh
fi
source "$root/scripts/bench/odsh-binary.sh"
odsh_binary "$odsh"

# pyodata (and requests, the HTTP session its docs use) in the benchmark venv, made on first use.
venv="${XDG_CACHE_HOME:-$HOME/.cache}/odsh-bench/venv"
python="$venv/bin/python"
with_pyodata=1
if [ "$smoke" = 1 ] && ! { [ -x "$python" ] && "$python" -c 'import pyodata, requests' 2>/dev/null; }; then
  # A smoke run installs nothing from PyPI: without the venv it checks odsh alone.
  echo "bench: no benchmark venv with pyodata at $venv: this smoke run checks odsh alone"
  with_pyodata=0
elif ! [ -x "$python" ] || ! "$python" -c 'import pyodata, requests' 2>/dev/null; then
  echo "bench: installing pyodata and requests into $venv"
  [ -x "$python" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check pyodata requests
fi

out="${BENCH_OUT:-$root/bench-out}"
mkdir -p "$out"
tmp="$(mktemp -d)"
ports=()
cleanup() {
  local p
  for p in "${ports[@]}"; do bash scripts/testenv/refsrv.sh stop "$p" >/dev/null 2>&1 || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT

# start KIND: a reference server on a free port (also stopped by a watchdog should this script be killed).
start() {
  local line
  line="$(bash scripts/testenv/refsrv.sh start "$1" $$ | grep '^PORT=')" || { echo "bench: cannot start the $1 server" >&2; exit 1; }
  port="${line#PORT=}"
  ports+=("$port")
}
# pyslet logs every request (REFSRV_LOG): the script counts what each client asked for.
REFSRV_LOG=1 start v2-atom
pyslet_port="$port"
pyslet_log="${REFSRV_STATE:-${XDG_CACHE_HOME:-$HOME/.cache}/odata-refsrv}/run/v2atom-$pyslet_port.log"
start v2
sap_port="$port"

pyslet_set=Orders
[ "$smoke" = 1 ] && pyslet_set=Customers
cases=(
  "pyslet|http://127.0.0.1:$pyslet_port/northwind/|$pyslet_set|${RUNS:-5}"
  "mock-sap|http://127.0.0.1:$sap_port/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/|SalesOrderLineItemSet|${RUNS:-20}"
)
# log_requests: the requests for the set's rows pyslet has logged so far ($metadata left out).
log_requests() { grep -c "GET /northwind/$pyslet_set" "$pyslet_log" || true; }

summary="$out/v2-read-summary.tsv" # server, name, max RSS KiB, rows
: >"$summary"
for case in "${cases[@]}"; do
  IFS='|' read -r server url set runs <<<"$case"
  odsh_cmd=("$odsh" "$url" --no-cache -o ndjson --all -c "$set count")
  pyodata_cmd=("$python" "$root/scripts/bench/read_pyodata.py" "$url" "$set")
  expected="$(curl -sf "$url$set/\$count" | tr -d '[:space:]')" || { echo "bench: $url$set/\$count failed" >&2; exit 1; }

  echo
  echo "== $server: $url$set ($expected rows)"
  before="$(log_requests)"
  /usr/bin/time -f %M -o "$tmp/odsh.rss" "${odsh_cmd[@]}" >"$tmp/odsh.ndjson"
  odsh_requests=$(( $(log_requests) - before ))
  before="$(log_requests)"
  if [ "$with_pyodata" = 1 ]; then
    /usr/bin/time -f %M -o "$tmp/pyodata.rss" "${pyodata_cmd[@]}" >"$tmp/pyodata.out"
  else
    echo "rows $expected (pyodata not run)" >"$tmp/pyodata.out"; echo 0 >"$tmp/pyodata.rss"
  fi
  pyodata_requests=$(( $(log_requests) - before ))
  # The last line of a counted NDJSON result is the count ({"@odata.count": N}), not a row.
  odsh_rows="$(grep -vc "^{\"@odata.count\":" "$tmp/odsh.ndjson")"
  pyodata_rows="$(sed -n 's/^rows \([0-9]*\) .*/\1/p' "$tmp/pyodata.out")"
  echo "   odsh read $odsh_rows rows, pyodata: $(cat "$tmp/pyodata.out")"
  if [ "$server" = pyslet ]; then
    echo "   requests for $set (pyslet's log): odsh $odsh_requests, pyodata $pyodata_requests"
  fi
  if [ "$odsh_rows" != "$expected" ] || [ "$pyodata_rows" != "$expected" ]; then
    echo "bench: FAILED: the service has $expected rows in $set; odsh read $odsh_rows, pyodata ${pyodata_rows:-none}" >&2
    exit 1
  fi
  # No row twice (a paging loop that went wrong would repeat a page).
  distinct="$(grep -v "^{\"@odata.count\":" "$tmp/odsh.ndjson" | sort -u | wc -l)"
  if [ "$distinct" != "$expected" ]; then echo "bench: FAILED: odsh wrote only $distinct distinct rows" >&2; exit 1; fi
  printf '%s\todsh\t%s\t%s\n' "$server" "$(cat "$tmp/odsh.rss")" "$odsh_rows" >>"$summary"
  printf '%s\tpyodata\t%s\t%s\n' "$server" "$(cat "$tmp/pyodata.rss")" "$pyodata_rows" >>"$summary"
  if [ "$server" = pyslet ]; then
    # Memory must not grow with the pages read: the same set, first page only, for comparison.
    /usr/bin/time -f %M -o "$tmp/odsh-first.rss" "$odsh" "$url" --no-cache -o ndjson -c "$set" >/dev/null
    first_kib="$(cat "$tmp/odsh-first.rss")"
    all_kib="$(cat "$tmp/odsh.rss")"
    memory_line="odsh peak RSS on pyslet's $set: first page only $((first_kib / 1024)) MiB, all $odsh_requests pages $((all_kib / 1024)) MiB"
    echo "   $memory_line"
    # More than 25% (and 4 MiB) above the one-page run would mean pages pile up in memory.
    if [ "$all_kib" -gt $((first_kib * 5 / 4)) ] && [ "$all_kib" -gt $((first_kib + 4096)) ]; then
      echo "bench: FAILED: reading every page took much more memory than one page ($memory_line)" >&2
      exit 1
    fi
  fi
  [ "$smoke" = 1 ] && continue

  hyperfine -N --warmup "${WARMUP:-1}" --runs "$runs" \
    --export-markdown "$out/v2-read-$server.md" --export-json "$out/v2-read-$server.json" \
    -n odsh "$(printf '%q ' "${odsh_cmd[@]}")" -n pyodata "$(printf '%q ' "${pyodata_cmd[@]}")"
done

if [ "$smoke" = 1 ]; then
  echo
  echo "bench-v2-read: smoke run passed (every row read on pyslet and mock-sap$([ "$with_pyodata" = 1 ] && echo ", by odsh and pyodata" || echo ", by odsh"))"
  echo "bench: a smoke run (--smoke: tiny input, few runs, $odsh): it shows the pipeline works; its times and verdicts mean nothing"
  exit 0
fi

echo
echo "== Summary (whole processes; CPU: user + system, the client's own work while the server makes pages; peak RSS"
echo "   of one run). Markdown and JSON: $out/v2-read-*"
echo "   load average now: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores (other work on the machine skews the times)"
python3 - "$out" "$summary" <<'PY'
import json, sys
out, summary = sys.argv[1], sys.argv[2]
rss, rows = {}, {}
for line in open(summary):
    server, name, kib, n = line.rstrip("\n").split("\t")
    rss[server, name], rows[server] = int(kib), int(n)
for server in ("pyslet", "mock-sap"):
    results = {r["command"]: r for r in json.load(open(f"{out}/v2-read-{server}.json"))["results"]}
    print(f"  {server} ({rows[server]} rows)")
    for name in ("odsh", "pyodata"):
        r = results[name]
        print(f"    {name:8} {r['mean'] * 1000:8.1f} ms ± {r['stddev'] * 1000:6.1f} (fastest {r['min'] * 1000:8.1f})"
              f"   CPU {(r['user'] + r['system']) * 1000:6.1f} ms   peak RSS {rss[server, name] / 1024:6.1f} MiB")
    o, p = results["odsh"], results["pyodata"]
    cpu = (p["user"] + p["system"]) / (o["user"] + o["system"])
    print(f"    pyodata/odsh = {p['mean'] / o['mean']:5.2f}x (fastest runs: {p['min'] / o['min']:5.2f}x),"
          f" CPU {cpu:4.1f}x, memory {rss[server, 'pyodata'] / rss[server, 'odsh']:4.1f}x")
PY
echo "  $memory_line (memory does not grow with the number of pages)"
