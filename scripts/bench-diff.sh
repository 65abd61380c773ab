#!/usr/bin/env bash
# bench-diff.sh [ODSH_BINARY]: what comparing two metadata documents costs on top of loading them. One hyperfine run
# side by side (whole processes) on Microsoft Graph v1.0 Prod, two versions 12 days apart (3.4 MB each):
#   diff    odsh diff --fail-on never OLD NEW                                  loads both, compares, prints
#   loads   sh -c 'odsh metadata summary OLD >/dev/null; odsh metadata summary NEW >/dev/null'   loads both
# The target: diff adds at most half the time of loading both, i.e. diff/loads <= 1.5. The loads command starts two
# processes (and a shell) where diff starts one, so a few runs of `odsh diff --timings` also give the split inside
# one process: load old, load new, compare. Results: bench-out/ (or $BENCH_OUT).
# ODSH_BINARY defaults to .build-static/release/odsh, (re)built first with `bash scripts/build-release.sh`.
# --smoke [ODSH_BINARY]: the whole pipeline once, quickly, to show it works (the README test runs it): two small
# versions of the SAP Cloud SDK's V4 API_TEST_SRV, 2 runs, the debug build by default, results in a temporary folder.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
smoke=false smoke_out=""
warmup=3 timing_runs=7

corpus="${ODSH_SHARED:-$root/../shared}/corpus/metadata"
old="$corpus/msgraph-v1.0-Prod.v1.xml"
new="$corpus/msgraph-v1.0-Prod.v2.xml"
if [ "${1:-}" = --smoke ]; then
  smoke=true; shift
  [ $# -gt 0 ] || set -- .build/debug/odsh
  old="$corpus/sap-cloudsdk-v4-API_TEST_SRV.v1.xml" new="$corpus/sap-cloudsdk-v4-API_TEST_SRV.v2.xml"
  BENCH_RUNS=2 warmup=0 timing_runs=1
  [ -n "${BENCH_OUT:-}" ] || { BENCH_OUT="$(mktemp -d)"; smoke_out="$BENCH_OUT"; trap 'rm -rf "$smoke_out"' EXIT; }
fi
if [ ! -f "$old" ] || [ ! -f "$new" ]; then
  echo "bench-diff: corpus not found at $corpus (set ODSH_SHARED to the shared folder)" >&2
  exit 1
fi
if ! command -v hyperfine >/dev/null; then bash scripts/setup.sh --tests; fi
if ! command -v swift >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then PATH="$PATH:/opt/swift/usr/bin"; fi

source "$root/scripts/bench/odsh-binary.sh"
odsh_binary "${1:-}"

out="${BENCH_OUT:-$root/bench-out}"
mkdir -p "$out"

# Does it work at all, and what did it find?
"$odsh" diff -q --fail-on never "$old" "$new"

q() { printf '%q' "$1"; }
diff_cmd="$(q "$odsh") diff --fail-on never $(q "$old") $(q "$new")"
loads_cmd="sh -c '\"\$0\" metadata summary \"\$1\" >/dev/null; \"\$0\" metadata summary \"\$2\" >/dev/null' $(q "$odsh") $(q "$old") $(q "$new")"
hyperfine -N --warmup "$warmup" --runs "${BENCH_RUNS:-15}" --export-json "$out/diff.json" --export-markdown "$out/diff.md" \
  -n diff "$diff_cmd" -n loads "$loads_cmd"

echo
echo "== In one process (odsh diff --timings, $timing_runs runs; median):"
for _ in $(seq "$timing_runs"); do
  "$odsh" diff --timings -q --fail-on never "$old" "$new" 2>&1 >/dev/null | grep 'load old' || true
done >"$out/diff-timings.txt"
cat "$out/diff-timings.txt"

python3 - "$out/diff.json" "$out/diff-timings.txt" <<'PY'
import json, re, statistics, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
d, l = r["diff"], r["loads"]
print()
print(f"== Summary (hyperfine, {len(d['times'])} runs each)")
print(f"   diff   {d['mean'] * 1000:7.1f} ms ± {d['stddev'] * 1000:5.1f}  (fastest {d['min'] * 1000:7.1f})")
print(f"   loads  {l['mean'] * 1000:7.1f} ms ± {l['stddev'] * 1000:5.1f}  (fastest {l['min'] * 1000:7.1f})")
ratio, fastest = d["mean"] / l["mean"], d["min"] / l["min"]
print(f"   diff/loads = {ratio:.2f} (fastest runs {fastest:.2f}); comparing adds {ratio - 1:+.0%} of loading both "
      f"(target <= +50%: {'meets target' if ratio <= 1.5 else 'MISSES target'})")
rows = [tuple(float(v) for v in re.findall(r"([0-9.]+) ms", line)) for line in open(sys.argv[2])]
rows = [x for x in rows if len(x) >= 3]
if rows:
    load = statistics.median(a + b for a, b, *_ in rows)
    compare = statistics.median(x[2] for x in rows)
    print(f"   in one process: loading both {load:.1f} ms, comparing {compare:.1f} ms = {compare / load:.0%} of loading (median of {len(rows)})")
PY
echo "   load average now: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores (other work on the machine skews the times)"
if $smoke; then echo "bench: a smoke run (--smoke: tiny input, few runs, $odsh): it shows the pipeline works; its times and verdicts mean nothing"; fi
