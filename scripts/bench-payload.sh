#!/usr/bin/env bash
# bench-payload.sh [ODSH_BINARY]: how fast odsh decodes a large OData V4 JSON payload into entities and writes them as
# NDJSON, next to jq doing the plainest version of the same job. One hyperfine run side by side (whole processes):
#   odsh payload decode --metadata scripts/bench/orders-v4.xml --entity-set Orders PAYLOAD   entities, typed, as NDJSON
#   jq -c '.value[]' PAYLOAD                                                                  the same rows, untyped
# plus one run of each under /usr/bin/time for peak memory (max RSS), and a check that both wrote the same rows.
# The payload (100,000 orders with expanded details, about 50 MB) is made by scripts/bench/gen-v4-payload.py.
# ODSH_BINARY defaults to .build-static/release/odsh, (re)built first with `bash scripts/build-release.sh`.
# Results: bench-out/ (or $BENCH_OUT). ROWS overrides the row count.
# --smoke [ODSH_BINARY]: the whole pipeline once, quickly, to show it works (the README test runs it): 200 rows,
# 2 runs, the debug build by default, results in a temporary folder.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
smoke=false smoke_out=""
warmup=2
if [ "${1:-}" = --smoke ]; then
  smoke=true; shift
  [ $# -gt 0 ] || set -- .build/debug/odsh
  ROWS="${ROWS:-200}" RUNS=2 warmup=0
  [ -n "${BENCH_OUT:-}" ] || { BENCH_OUT="$(mktemp -d)"; smoke_out="$BENCH_OUT"; }
fi

bash scripts/setup.sh --tests
if ! command -v swift >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then PATH="$PATH:/opt/swift/usr/bin"; fi

source "$root/scripts/bench/odsh-binary.sh"
odsh_binary "${1:-}"

out="${BENCH_OUT:-$root/bench-out}"
mkdir -p "$out"
rows="${ROWS:-100000}"
payload="$out/v4-orders.json"
[ "$rows" = 100000 ] || payload="$out/v4-orders-$rows.json"
if [ ! -s "$payload" ]; then
  echo "bench: generating $payload ($rows orders)"
  python3 scripts/bench/gen-v4-payload.py "$payload" "$rows"
fi
metadata="$root/scripts/bench/orders-v4.xml"
bytes="$(stat -c %s "$payload")"
mb="$(python3 -c "print(f'{$bytes / 1e6:.1f}')")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp" ${smoke_out:+"$smoke_out"}' EXIT

odsh_cmd=("$odsh" payload decode --metadata "$metadata" --entity-set Orders --quiet "$payload")
jq_cmd=(jq -c '.value[]' "$payload")

echo
echo "== $payload ($mb MB, $rows orders with expanded Order_Details)"
# One run each: the rows they write, and their peak memory.
/usr/bin/time -f %M -o "$tmp/odsh.rss" "${odsh_cmd[@]}" >"$tmp/odsh.ndjson"
/usr/bin/time -f %M -o "$tmp/jq.rss" "${jq_cmd[@]}" >"$tmp/jq.ndjson"
odsh_lines="$(wc -l <"$tmp/odsh.ndjson")"
jq_lines="$(wc -l <"$tmp/jq.ndjson")"
echo "   odsh wrote $odsh_lines lines, jq $jq_lines (expected $rows)"
# Same rows: compared as JSON values (odsh writes typed values: Edm.Single 0 as 0.0, no @odata.etag unless asked).
python3 - "$tmp/odsh.ndjson" "$tmp/jq.ndjson" "$rows" <<'PY'
import json, sys
a, b, rows = open(sys.argv[1]), open(sys.argv[2]), int(sys.argv[3])
n = 0
for la, lb in zip(a, b):
    x, y = json.loads(la), json.loads(lb)
    y.pop("@odata.etag", None)
    if x != y:
        sys.exit(f"bench: row {n} differs:\n  odsh {la.strip()[:300]}\n  jq   {lb.strip()[:300]}")
    n += 1
if n != rows:
    sys.exit(f"bench: compared {n} rows, expected {rows}")
print(f"   the {n} rows are equal as JSON values")
PY

hyperfine -N --warmup "$warmup" --runs "${RUNS:-10}" --export-markdown "$out/payload-bench.md" --export-json "$out/payload-bench.json" \
  -n odsh "$(printf '%q ' "${odsh_cmd[@]}")" -n jq "$(printf '%q ' "${jq_cmd[@]}")"

echo
echo "== Summary (whole processes; peak RSS of one run). Markdown and JSON: $out/"
echo "   load average now: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores (other work on the machine skews the times)"
python3 - "$out/payload-bench.json" "$bytes" "$(cat "$tmp/odsh.rss")" "$(cat "$tmp/jq.rss")" <<'PY'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
size = int(sys.argv[2]) / 1e6
rss = {"odsh": int(sys.argv[3]), "jq": int(sys.argv[4])}
for name in ("odsh", "jq"):
    r = results[name]
    print(f"  {name:5} {r['mean'] * 1000:7.1f} ms ± {r['stddev'] * 1000:5.1f} (fastest {r['min'] * 1000:7.1f})"
          f"   {size / r['mean']:6.1f} MB/s   peak RSS {rss[name] / 1024:6.1f} MiB")
o, j = results["odsh"], results["jq"]
ratio, fastest = j["mean"] / o["mean"], j["min"] / o["min"]
print(f"  jq/odsh = {ratio:5.2f}x (fastest runs: {fastest:5.2f}x)   target >= 4x: {'meets target' if ratio >= 4 else 'MISSES target'}")
speed = size / o["mean"]
print(f"  odsh end to end {speed:5.1f} MB/s (fastest run {size / o['min']:5.1f} MB/s)   aim 100 MB/s: {'reached' if speed >= 100 else 'not reached'}")
PY
if $smoke; then echo "bench: a smoke run (--smoke: tiny input, few runs, $odsh): it shows the pipeline works; its times and verdicts mean nothing"; fi
