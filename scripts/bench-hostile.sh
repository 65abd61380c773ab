#!/usr/bin/env bash
# bench-hostile.sh [ODSH_BINARY] -- peak memory (max RSS, /usr/bin/time) and exit status of odsh for each hostile
# answer of issues 28 and 38, against the project's own hostile servers on loopback (scripts/testenv/hostile-server.py
# and fixture-server.py next-links). Default binary: the debug build. Prints one line per case:
#   CASE  EXIT  PEAK-MiB  SECONDS
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
odsh="$(realpath -m "${1:-$root/.build/debug/odsh}")"
[ -x "$odsh" ] || { echo "bench-hostile.sh: $odsh is not built (swift build)" >&2; exit 2; }
[ -x /usr/bin/time ] || bash "$root/scripts/setup.sh" --tests
dir="$(mktemp -d)"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$dir"; }
trap cleanup EXIT
start() {  # start NAME SCRIPT ARGS...: runs a server in the background (this shell is its parent, which it
           # watches), waits for its PORT= line, sets NAME to the port
  local var="$1"; shift
  python3 "$@" >"$dir/$var.out" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do
    if grep -q '^PORT=' "$dir/$var.out" 2>/dev/null; then
      printf -v "$var" '%s' "$(grep -m1 '^PORT=' "$dir/$var.out" | cut -d= -f2)"
      return
    fi
    sleep 0.1
  done
  echo "bench-hostile.sh: $1 did not start" >&2; exit 2
}
cd "$root/scripts/testenv"
start hostile hostile-server.py
start fixture fixture-server.py next-links
cd "$dir"
export XDG_CACHE_HOME="$dir/cache" XDG_CONFIG_HOME="$dir/config" XDG_DATA_HOME="$dir/data" XDG_STATE_HOME="$dir/state"
run() {  # run NAME ARGS...: odsh with ARGS, stdout to /dev/null (through head -c $HEAD bytes when HEAD is set)
  local name="$1"; shift
  local t0 t1 status=0
  t0=$(date +%s%N)
  if [ -n "${HEAD:-}" ]; then
    { s=0; /usr/bin/time -f "%M" -o "$dir/rss" "$odsh" "$@" 2>"$dir/err" || s=$?; echo "$s" >"$dir/status"; } | head -c "$HEAD" >/dev/null
    status=$(cat "$dir/status")
  else
    /usr/bin/time -f "%M" -o "$dir/rss" "$odsh" "$@" >/dev/null 2>"$dir/err" || status=$?
  fi
  t1=$(date +%s%N)
  [ "$status" = 0 ] || [ "$status" = 4 ] || sed "s/^/    /" "$dir/err" >&2
  awk -v n="$name" -v s="$status" -v kb="$(tail -1 "$dir/rss")" -v ns="$((t1 - t0))" \
    'BEGIN { printf "%-48s exit %-3s peak %7.1f MiB  %6.2f s\n", n, s, kb / 1024, ns / 1e9 }'
}
h="http://127.0.0.1:$hostile"
f="http://127.0.0.1:$fixture"
echo "odsh: $odsh"
run "1 GiB of blanks inside a JSON array"        "$h/blanks/1024/" --no-cache -o ndjson -c Items
run "a 400 MiB string value (limit 64 MiB)"      "$h/bigstring/400/" --no-cache -o ndjson -c Items
run "a 400 MiB string value, --max-value-size 500" "$h/bigstring/400/" --no-cache -o ndjson --max-value-size 500 -c 'Items select ID'
run "a 300 MiB error body"                       "$h/bigerror/300/" --no-cache -o ndjson -c Items
run "an endless \$metadata (limit 128 MiB)"      "$f/endless/" --no-cache -c Items
# All of it model: the byte limit, not the 30 s timeout, is to stop it (a slow machine makes the server slow too).
run "an endless \$metadata of entity types (128 MiB)" "$f/endless-types/" --no-cache --timeout 600 -c Items
HEAD=$((1 << 30)) run "an endless octet-stream, 1 GiB of it to a pipe" "$f/bigbody/" --no-cache -c 'get /blob'
# Issue 38: cycles and runs of empty pages end (exit 4), framing and timeouts hold (exit 3), long lists are linear.
run "next links A->B->A (exit 4)"                "$h/loop/2/" --no-cache -o ndjson -c Items
run "next links 1->2->3->1, relative (exit 4)"   "$h/loop-rel/3/" --no-cache -o ndjson -c Items
run "a V2 page whose __next is itself (exit 4)"  "$h/v2loop/1/" --no-cache -o ndjson -c Items
run "empty pages without end (exit 4)"           "$h/emptyrun/" --no-cache -o ndjson -c Items
run "two different Content-Lengths (exit 3)"     "$h/two-lengths/" --no-cache -o ndjson -c Items
run "top 2 against a page that never ends"       "$h/stall/" --no-cache --timeout 30 -o ndjson -c 'Items top 2'
curl -s "$h/gzip/2048/Items" -o /dev/null  # the server makes the 2 GiB bomb once, before it is timed
run "a 2 GiB gzip bomb, --timeout 20 (exit 3)"   "$h/gzip/2048/" --no-cache --timeout 20 -o ndjson -c Items
run "a catalog entry on another origin (exit 3)" "$h" AWAY_SRV -u bob:pw --no-cache -c Items
names() { local sep="$1" n="$2"; awk -v n="$n" -v sep="$sep" 'BEGIN { split("ID Name Note", p, " ");
  for (i = 0; i < n; i++) printf "%s%s", (i ? ", " : ""), p[i % 3 + 1] sep }'; }
# In files: 100,000 names are longer than one argument may be.
{ printf 'Items select '; names '' 20000; echo; } >"$dir/select-20000.odsh"
{ printf 'Items select '; names '' 100000; echo; } >"$dir/select-100000.odsh"
{ printf 'Items order by '; names ' desc' 100000; echo; } >"$dir/orderby-100000.odsh"
run "select of 20,000 items (--dry-run)"         "$h/rows/1/" --no-cache --dry-run -f "$dir/select-20000.odsh"
run "select of 100,000 items (--dry-run)"        "$h/rows/1/" --no-cache --dry-run -f "$dir/select-100000.odsh"
run "order by of 100,000 items (--dry-run)"      "$h/rows/1/" --no-cache --dry-run -f "$dir/orderby-100000.odsh"
