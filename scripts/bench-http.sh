#!/usr/bin/env bash
# bench-http.sh [ODSH_BINARY] -- time fetching a large $metadata over loopback, side by side in one hyperfine run:
#   curl -s URL -o /dev/null   |   odsh metadata summary URL   |   odsh metadata summary FILE
# The document (default: the 3.4 MB Microsoft Graph v1.0 CSDL of the shared corpus; BENCH_FILE overrides) is served
# as SERVICE/$metadata by `python3 -m http.server` on 127.0.0.1. ODSH_BINARY defaults to .build-static/release/odsh,
# (re)built first with `bash scripts/build-release.sh`. What is missing (hyperfine, curl) is installed first.
# Environment: RUNS (default 20), WARMUP (default 3), BENCH_EXPORT (a Markdown file for hyperfine's table).
# --smoke [ODSH_BINARY]: the whole pipeline once, quickly, to show it works (the README test runs it): the small
# Northwind mini sample, 2 runs, the debug build by default.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
smoke=false
if [ "${1:-}" = --smoke ]; then
  smoke=true; shift
  [ $# -gt 0 ] || set -- "$root/.build/debug/odsh"
  BENCH_FILE="${BENCH_FILE:-$root/scripts/sample/northwind-mini.xml}" RUNS=2 WARMUP=0
fi
shared="${ODSH_SHARED:-$root/../shared}"
file="${BENCH_FILE:-$shared/corpus/metadata/msgraph-v1.0-Prod.v2.xml}"
[ -r "$file" ] || { echo "bench-http.sh: cannot read $file (set ODSH_SHARED or BENCH_FILE)" >&2; exit 2; }
cd "$root"
if ! command -v hyperfine >/dev/null || ! command -v curl >/dev/null; then bash scripts/setup.sh --tests; fi
source "$root/scripts/bench/odsh-binary.sh"
odsh_binary "${1:-}"

dir="$(mktemp -d)"
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT
mkdir -p "$dir/svc"
ln -s "$(cd "$(dirname "$file")" && pwd)/$(basename "$file")" "$dir/svc/\$metadata"
port="$(python3 "$root/scripts/testenv/free-port.py")"
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$dir" >/dev/null 2>&1 &
server=$!
url="http://127.0.0.1:$port/svc/\$metadata"
for _ in $(seq 1 50); do
  curl -s -o /dev/null "$url" && break
  sleep 0.1
done

echo "document: $file ($(wc -c <"$file") bytes), served at $url"
commands=(-n "curl URL" "curl -s '$url' -o /dev/null")
# Asking the service every run (a conditional GET: http.server sends Last-Modified), as before the freshness window.
commands+=(-n "odsh metadata summary URL" "'$odsh' metadata summary --metadata-max-age 0 '$url' >/dev/null")
commands+=(-n "odsh metadata summary FILE" "'$odsh' metadata summary '$file' >/dev/null")
export_args=()
[ -n "${BENCH_EXPORT:-}" ] && export_args=(--export-markdown "$BENCH_EXPORT")
hyperfine --warmup "${WARMUP:-3}" --runs "${RUNS:-20}" "${export_args[@]}" "${commands[@]}"
if $smoke; then echo "bench: a smoke run (--smoke: tiny input, few runs, $odsh): it shows the pipeline works; its times and verdicts mean nothing"; fi
