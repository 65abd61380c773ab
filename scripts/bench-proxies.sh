#!/usr/bin/env bash
# bench-proxies.sh [ODSH_BINARY]: what proxy classes for Microsoft Graph v1.0 (3.4 MB of metadata) cost: the time to
# generate them, side by side with loading the same metadata (`odsh metadata summary`, the floor under generating),
# and the time to compile them, as a package made with `odsh generate swift --package` against a tagged clone of this
# repository: once whole (the library and the proxies), then the proxies alone (their sources touched), debug and
# release. SAP's generator runs on macOS only, so there is no peer to run beside it here. Results: bench-out/ (or
# $BENCH_OUT): proxies.json/md (hyperfine) and proxies-compile.txt.
# ODSH_BINARY defaults to .build-static/release/odsh, (re)built first with `bash scripts/build-release.sh`.
# --smoke [ODSH_BINARY]: the pipeline once, quickly, on the small SAP Cloud SDK V4 API_TEST_SRV, the debug build of
# odsh by default, debug compile only, results in a temporary folder.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
smoke=false smoke_out=""
corpus="${ODSH_SHARED:-$root/../shared}/corpus/metadata"
doc="$corpus/msgraph-v1.0-cleanMetadata.xml"
configurations="debug release"
if [ "${1:-}" = --smoke ]; then
  smoke=true; shift
  [ $# -gt 0 ] || set -- .build/debug/odsh
  doc="$corpus/sap-cloudsdk-v4-API_TEST_SRV.v2.xml"
  BENCH_RUNS=2 configurations="debug"
  [ -n "${BENCH_OUT:-}" ] || { BENCH_OUT="$(mktemp -d)"; smoke_out="$BENCH_OUT"; }
fi
if [ ! -f "$doc" ]; then
  echo "bench-proxies: corpus not found at $corpus (set ODSH_SHARED to the shared folder)" >&2
  exit 1
fi
if ! command -v hyperfine >/dev/null; then bash scripts/setup.sh --tests; fi
if ! command -v swift >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then PATH="$PATH:/opt/swift/usr/bin"; fi

source "$root/scripts/bench/odsh-binary.sh"
odsh_binary "${1:-}"

out="${BENCH_OUT:-$root/bench-out}"
mkdir -p "$out"
work="$(mktemp -d)"
trap 'rm -rf "$work" ${smoke_out:+"$smoke_out"}' EXIT

q() { printf '%q' "$1"; }
generate_cmd="$(q "$odsh") generate swift -q --allow-case-conflicts $(q "$doc") --destination $(q "$work/gen")"
load_cmd="$(q "$odsh") metadata summary -q $(q "$doc")"
hyperfine -N --warmup 1 --runs "${BENCH_RUNS:-10}" --export-json "$out/proxies.json" --export-markdown "$out/proxies.md" \
  -n generate "$generate_cmd" -n load "$load_cmd"
echo "files: $(find "$work/gen" -name '*.swift' | wc -l), lines: $(cat "$work"/gen/*.swift | wc -l), bytes: $(cat "$work"/gen/*.swift | wc -c)"

# The committed library, tagged, as a dependency sees it.
git clone --quiet --no-hardlinks "$root" "$work/odsh"
git -C "$work/odsh" -c tag.gpgSign=false tag 99.1.0
"$odsh" generate swift -q --allow-case-conflicts "$doc" --destination "$work/Proxies" --package --module Proxies \
  --library "file://$work/odsh" --library-version 99.1.0
seconds() { python3 -c 'import sys, time; print(f"{time.time() - float(sys.argv[1]):.1f}")' "$1"; }
{
  for c in $configurations; do
    start="$(date +%s.%N)"
    swift build -c "$c" --package-path "$work/Proxies" >"$work/build-$c.log" 2>&1 || { tail -30 "$work/build-$c.log"; exit 1; }
    echo "$c, library and proxies: $(seconds "$start") s"
    touch "$work"/Proxies/Sources/Proxies/*.swift
    start="$(date +%s.%N)"
    swift build -c "$c" --package-path "$work/Proxies" >>"$work/build-$c.log" 2>&1 || { tail -30 "$work/build-$c.log"; exit 1; }
    echo "$c, the proxies alone: $(seconds "$start") s"
  done
  echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$out/proxies-compile.txt"
if $smoke; then echo "bench: a smoke run (--smoke: tiny input, few runs, $odsh): it shows the pipeline works; its times and verdicts mean nothing"; fi
