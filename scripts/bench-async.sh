#!/usr/bin/env bash
# bench-async.sh [--smoke]: what odsh's async API does under concurrent load (issue 48), in one run:
#   (a) burst     20 requests of 1 s at once on one DataService: with the per-host connection limit raised to 32
#                 they end within 1.5 s; with the default limit (8) they run 8 at a time, in order (waves of 8, 8, 4,
#                 none overtaken by one started after it), none lost (20 arrived at the server, 20 succeeded)
#   (b) ticker    100 requests of 2 s under way (limit 100) while a task ticks every 50 ms: no tick is more than
#                 100 ms late
#   (c) two services  10 requests of 5 s hang on one service (default limit) while one fast request goes to another
#                 DataService: it ends in its own time (under 250 ms; none of the slow ones has ended by then), the
#                 other service on another port, and again on the same host and port under another path
#   (d) throughput  2,000 GETs of one small static entity from nginx, 32 at a time: odsh through HTTPClient and
#                 through DataService.executeQuery (decoded), async-http-client (scripts/bench/async, ahc-bench) and
#                 `curl --parallel --parallel-max 32`; odsh must reach AHC's requests/s and 0.8x curl's. The best of
#                 RUNS runs (default 5) each; the peak RSS is the largest of them. odsh's and AHC's requests/s are
#                 timed in the process, from the first request to the last answer; curl's from its whole process,
#                 less its start-up (the fastest run of one GET).
# Every program runs under /usr/bin/time (peak RSS, whole-process wall time). The closing Markdown table gives each
# measurement against its target; it also goes to bench-out/async-bench.md (or $BENCH_OUT).
# Needs: Swift (PATH or /opt/swift/usr/bin), python3, and nginx, curl and GNU time, which `scripts/setup.sh --tests`
# installs when missing. The bench package scripts/bench/async (odsh's libraries by path, async-http-client) is
# built in release into scripts/bench/async/.build (the first build takes several minutes; later runs reuse it).
# The delay server is scripts/bench/delay-server.py; the nginx is one of its own in a temporary folder. The per-host
# limit is set through HTTPConfiguration.maxConnectionsPerHost, on a line marked `ENGINE:` in the bench package until
# the multi-handle engine brings it (until then the limit asked for is not applied).
# --smoke: the whole pipeline once, quickly, with small numbers (10 requests of 200-300 ms, 100 GETs, 1 run), results
# in a temporary folder: it shows the script works; its times and verdicts mean nothing.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
smoke=false
if [ "${1:-}" = --smoke ]; then smoke=true; shift; fi
[ $# -eq 0 ] || { sed -n '2,26p' "$0" >&2; exit 2; }

if $smoke; then
  burst_n=10 burst_delay=200 tick_n=10 tick_delay=300 hang_n=3 hang_delay=1000 gets=100 runs=1
  out="${BENCH_OUT:-$(mktemp -d)}"
else
  burst_n=20 burst_delay=1000 tick_n=100 tick_delay=2000 hang_n=10 hang_delay=5000 gets=2000 runs="${RUNS:-5}"
  out="${BENCH_OUT:-$root/bench-out}"
fi
raised=32 default_limit=8 concurrency=32 tick_limit="$tick_n"
mkdir -p "$out"

if { ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; } || ! command -v curl >/dev/null \
   || [ ! -x /usr/bin/time ]; then
  bash scripts/setup.sh --tests
fi
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
if ! command -v swift >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then PATH="$PATH:/opt/swift/usr/bin"; fi

# The bench package: built once, reused (incremental: seconds when nothing changed, odsh's sources included).
pkg="$root/scripts/bench/async"
echo "bench: swift build -c release --package-path scripts/bench/async"
# (Progress lines and the warnings about a dependency's CMakeLists.txt files left out.)
swift build -c release --package-path "$pkg" 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]|unhandled; explicitly declare|CMakeLists.txt$' \
  || true
bin="$(swift build -c release --package-path "$pkg" --show-bin-path)"
for program in odsh-async-bench ahc-bench; do
  [ -x "$bin/$program" ] || { echo "bench: the build made no $bin/$program" >&2; exit 1; }
done

tmp="$(mktemp -d)"
delay_pid="" other_pid="" nginx_pid=""
cleanup() {
  for pid in $delay_pid $other_pid; do kill "$pid" 2>/dev/null || true; done
  # nginx by its master's PID, and only while that PID is still our nginx (its command line names our config).
  if [ -n "$nginx_pid" ] && grep -qa -- "$tmp/nginx/nginx.conf" "/proc/$nginx_pid/cmdline" 2>/dev/null; then
    kill "$nginx_pid" 2>/dev/null || true
    for _ in $(seq 1 20); do [ -e "/proc/$nginx_pid" ] || break; sleep 0.1; done
  fi
  rm -rf "$tmp"
  if $smoke && [ -z "${BENCH_OUT:-}" ]; then rm -rf "$out"; fi
}
trap cleanup EXIT

wait_for() {
  for _ in $(seq 1 100); do
    curl -s -o /dev/null "$1" && return 0
    sleep 0.1
  done
  echo "bench: nothing answers at $1" >&2; exit 1
}

# Two delay servers: the one every check uses, and a second host:port for (c).
delay_port="$(python3 scripts/testenv/free-port.py)"
python3 scripts/bench/delay-server.py "$delay_port" --log "$tmp/delay.log" &
delay_pid=$!
other_port="$(python3 scripts/testenv/free-port.py)"
python3 scripts/bench/delay-server.py "$other_port" --log "$tmp/other.log" &
other_pid=$!
base="http://127.0.0.1:$delay_port"
wait_for "$base/svc/\$metadata"
wait_for "http://127.0.0.1:$other_port/svc/\$metadata"

# nginx: the same service's $metadata and Things(1) as static files, keep-alive for as long as a run lasts.
mkdir -p "$tmp/nginx/svc" "$tmp/nginx/tmp"
nginx_port="$(python3 scripts/testenv/free-port.py)"
curl -s -o "$tmp/nginx/svc/\$metadata" "$base/svc/\$metadata"
printf '{"@odata.context":"http://127.0.0.1:%s/svc/$metadata#Things/$entity","ID":1,"Name":"thing 1"}' \
  "$nginx_port" >"$tmp/nginx/svc/Things(1)"
user_line=""; [ "$(id -u)" -eq 0 ] && user_line="user root;"  # workers must read files in the private folder
cat >"$tmp/nginx/nginx.conf" <<CONF
$user_line
worker_processes 1;
pid $tmp/nginx/nginx.pid;
error_log $tmp/nginx/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $tmp/nginx/tmp/body;
  proxy_temp_path $tmp/nginx/tmp/proxy;
  fastcgi_temp_path $tmp/nginx/tmp/fastcgi;
  uwsgi_temp_path $tmp/nginx/tmp/uwsgi;
  scgi_temp_path $tmp/nginx/tmp/scgi;
  keepalive_requests 1000000;
  keepalive_timeout 120s;
  types { }
  server {
    listen 127.0.0.1:$nginx_port;
    root $tmp/nginx;
    location /svc/ {
      default_type "application/json;odata.metadata=minimal";
      add_header OData-Version 4.0;
    }
    location = "/svc/\$metadata" {
      default_type application/xml;
      add_header OData-Version 4.0;
    }
  }
}
CONF
"$nginx_bin" -p "$tmp/nginx" -c "$tmp/nginx/nginx.conf" -e "$tmp/nginx/error.log" </dev/null >/dev/null \
  2>>"$tmp/nginx/error.log" || { cat "$tmp/nginx/error.log" >&2; exit 1; }
for _ in $(seq 1 50); do [ -s "$tmp/nginx/nginx.pid" ] && break; sleep 0.1; done
nginx_pid="$(cat "$tmp/nginx/nginx.pid")"
static="http://127.0.0.1:$nginx_port/svc/"
wait_for "${static}Things(1)"

# run NAME COMMAND...: runs it under /usr/bin/time, shows its output, and sets $line (its machine-readable line, the
# one that starts with a word and a key=value field), $wall_s and $rss_kb. A failing command ends the benchmark.
run() {
  local name="$1"; shift
  if ! /usr/bin/time -f '%e %M' -o "$tmp/$name.time" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"; then
    cat "$tmp/$name.out" "$tmp/$name.err" >&2
    echo "bench: $name failed: $*" >&2; exit 1
  fi
  case "$name" in curl*) ;; *) sed 's/^/   /' "$tmp/$name.out" ;; esac
  line="$(grep -E '^[a-z-]+ [a-z_]+=' "$tmp/$name.out" | head -n 1 || true)"
  read -r wall_s rss_kb <"$tmp/$name.time"
}
# field LINE KEY: the value of KEY=VALUE in LINE.
field() { sed -n "s/.* $2=\([^ ]*\).*/\1/p" <<<"$1"; }
# A server log's summary line, for the requests since the log was last emptied.
server_summary() { python3 scripts/bench/delay-server.py --summary "$1"; }
# Waves of LIMIT for N requests: "8,8,4".
expected_waves() {
  python3 -c "import sys; n, l = int(sys.argv[1]), int(sys.argv[2]); print(','.join(str(min(l, n - i)) for i in range(0, n, l)))" \
    "$1" "$2"
}
calc() { python3 -c "print($1)"; }
is_true() { [ "$(calc "$1")" = True ]; }
mib() { calc "round($1 / 1024, 1)"; }

rows=()
failures=0
row() {  # row CHECK TARGET MEASURED WALL RSS_KB VERDICT(true/false)
  local verdict=pass
  [ "$6" = true ] || { verdict=FAIL; failures=$((failures + 1)); }
  rows+=("| $1 | $2 | $3 | $4 s | $(mib "$5") MiB | $verdict |")
}
ok_if() { if is_true "$1"; then echo true; else echo false; fi; }

echo
echo "== (a) $burst_n requests of $burst_delay ms at once on one DataService"
: >"$tmp/delay.log"
run burst-raised "$bin/odsh-async-bench" burst "$base/d/$burst_delay/svc/" "$burst_n" "$raised"
s="$(server_summary "$tmp/delay.log")"; echo "   $s"
wall_ms="$(field "$line" wall_ms)"
seen="$(field "$line" ok)/$burst_n in $(calc "round($wall_ms / 1000, 2)") s"
seen+="; at most $(field "$s" max_in_flight) at the server at once"
row "(a) limit $raised: $burst_n × ${burst_delay} ms" "all succeed within $(calc "$burst_delay * 1.5 / 1000") s" "$seen" \
  "$wall_s" "$rss_kb" "$(ok_if "$(field "$line" ok) == $burst_n and $wall_ms <= $burst_delay * 1.5")"

: >"$tmp/delay.log"
run burst-default "$bin/odsh-async-bench" burst "$base/d/$burst_delay/svc/" "$burst_n" default
s="$(server_summary "$tmp/delay.log")"; echo "   $s"
want="$(expected_waves "$burst_n" "$default_limit")"
got_waves="$(field "$line" waves)" got_server="$(field "$s" arrival_waves)"
good=false
# None lost: all succeeded, and the server saw each key once; that many at a time: the server never had more under
# way, and both the ends and the arrivals come in waves of the limit; in order: none overtaken by a later one.
if [ "$(field "$line" ok)" = "$burst_n" ] && [ "$(field "$s" things)" = "$burst_n" ] \
   && [ "$(field "$s" keys)" = "$burst_n" ] && [ "$(field "$s" max_in_flight)" = "$default_limit" ] \
   && [ "$got_waves" = "$want" ] && [ "$got_server" = "$want" ] && [ "$(field "$line" overtaken)" = 0 ]; then
  good=true
fi
seen="$(field "$line" ok)/$burst_n ok, $(field "$s" things) arrived; at most $(field "$s" max_in_flight) at once;"
seen+=" waves: ended $got_waves, arrived $got_server; $(field "$line" overtaken) overtaken;"
seen+=" $(calc "round($(field "$line" wall_ms) / 1000, 2)") s"
row "(a) default limit: $burst_n × ${burst_delay} ms" "$default_limit at a time (waves $want), in order, none lost" \
  "$seen" "$wall_s" "$rss_kb" "$good"

echo
echo "== (b) $tick_n requests of $tick_delay ms under way while a task ticks every 50 ms"
: >"$tmp/delay.log"
run ticker "$bin/odsh-async-bench" ticker "$base/d/$tick_delay/svc/" "$tick_n" "$tick_limit"
s="$(server_summary "$tmp/delay.log")"; echo "   $s"
stall="$(field "$line" max_stall_ms)"
seen="max stall $stall ms; $(field "$line" ok)/$tick_n ok in $(calc "round($(field "$line" wall_ms) / 1000, 2)") s;"
seen+=" at most $(field "$s" max_in_flight) at the server at once"
row "(b) ticker, $tick_n × ${tick_delay} ms (limit $tick_limit)" "no tick over 100 ms late" "$seen" \
  "$wall_s" "$rss_kb" "$(ok_if "$stall <= 100 and $(field "$line" ok) == $tick_n")"

echo
echo "== (c) one fast request to a second service while $hang_n requests of $hang_delay ms hang on the first"
for where in other same; do
  if [ "$where" = other ]; then fast="http://127.0.0.1:$other_port/d/0/svc/"; label="another port"
  else fast="$base/d/0/svc/"; label="same host:port"; fi
  : >"$tmp/delay.log"
  run "two-$where" "$bin/odsh-async-bench" two-services "$base/d/$hang_delay/svc/" "$fast" "$hang_n"
  s="$(server_summary "$tmp/delay.log")"; echo "   slow service: $s"
  fast_ms="$(field "$line" fast_ms)"
  done_before="$(field "$line" hanging_done_before)"
  seen="$fast_ms ms (alone $(field "$line" alone_ms) ms); $(field "$s" max_in_flight) slow ones at the server at once,"
  seen+=" $done_before ended before"
  row "(c) second service on $label" "fast request under 250 ms" "$seen" "$wall_s" "$rss_kb" \
    "$(ok_if "$(field "$line" ok) == 1 and $fast_ms <= 250 and $done_before == 0")"
done

echo
echo "== (d) $gets GETs of ${static}Things(1) from nginx, $concurrency at a time (best of $runs)"
for i in $(seq 1 "$gets"); do printf 'url = "%sThings(1)"\noutput = "/dev/null"\n' "$static"; done >"$tmp/curl.cfg"
declare -A best_rps best_wall max_rss
# measure NAME COMMAND...: runs it $runs times; keeps the best requests/s, its process wall time, the largest RSS.
measure() {
  local name="$1"; shift
  local r rps
  best_rps[$name]=0 max_rss[$name]=0
  for r in $(seq 1 "$runs"); do
    run "$name-$r" "$@"
    [ "$(field "$line" ok)" = "$gets" ] || { echo "bench: $name: $(field "$line" ok) of $gets succeeded" >&2; exit 1; }
    rps="$(field "$line" rps)"
    if [ "$rps" -gt "${best_rps[$name]}" ]; then best_rps[$name]="$rps" best_wall[$name]="$wall_s"; fi
    if [ "$rss_kb" -gt "${max_rss[$name]}" ]; then max_rss[$name]="$rss_kb"; fi
  done
}
measure odsh-http "$bin/odsh-async-bench" throughput "$static" "$gets" "$concurrency" http
measure odsh-service "$bin/odsh-async-bench" throughput "$static" "$gets" "$concurrency" service
measure ahc "$bin/ahc-bench" throughput "$static" "$gets" "$concurrency"

# curl has no in-process clock: its requests/s come from the whole process's wall time, and again with its start-up
# taken off (the fastest of $runs runs of one GET), which is what the target compares with.
startup_ns=""
for r in $(seq 1 "$runs"); do
  t0="$(date +%s%N)"
  run "curl-one-$r" curl -s -o /dev/null -w '%{http_code}\n' "${static}Things(1)"
  t1="$(date +%s%N)"
  if [ -z "$startup_ns" ] || [ $((t1 - t0)) -lt "$startup_ns" ]; then startup_ns=$((t1 - t0)); fi
done
best_rps[curl]=0 best_net=0 max_rss[curl]=0
for r in $(seq 1 "$runs"); do
  t0="$(date +%s%N)"
  run "curl-$r" curl -s --parallel --parallel-max "$concurrency" -w '%{http_code}\n' -K "$tmp/curl.cfg"
  t1="$(date +%s%N)"
  good="$(grep -c '^200$' "$tmp/curl-$r.out" || true)"
  [ "$good" = "$gets" ] || { echo "bench: curl got $good answers of 200 for $gets GETs" >&2; exit 1; }
  rps="$(calc "round($gets / (($t1 - $t0) / 1e9))")"
  net="$(calc "round($gets / (max($t1 - $t0 - $startup_ns, 1) / 1e9))")"
  echo "   curl: $gets GETs in $(calc "round(($t1 - $t0) / 1e6, 1)") ms, the whole process: $rps requests/s;" \
    "without its start-up ($(calc "round($startup_ns / 1e6, 1)") ms, one GET): $net requests/s"
  if [ "$rps" -gt "${best_rps[curl]}" ]; then best_rps[curl]="$rps" best_wall[curl]="$wall_s"; fi
  if [ "$net" -gt "$best_net" ]; then best_net="$net"; fi
  if [ "$rss_kb" -gt "${max_rss[curl]}" ]; then max_rss[curl]="$rss_kb"; fi
done

ahc="${best_rps[ahc]}"
for name in odsh-http odsh-service; do
  what="odsh, HTTPClient"; [ "$name" = odsh-service ] && what="odsh, DataService (decoded)"
  rps="${best_rps[$name]}"
  row "(d) $what" "≥ AHC ($ahc/s) and ≥ 0.8 × curl ($(calc "round(0.8 * $best_net)")/s)" \
    "$rps requests/s ($(calc "round($rps / $ahc, 2)") × AHC, $(calc "round($rps / $best_net, 2)") × curl)" \
    "${best_wall[$name]}" "${max_rss[$name]}" "$(ok_if "$rps >= $ahc and $rps >= 0.8 * $best_net")"
done
rows+=("| (d) async-http-client 1.37.0 | (peer) | $ahc requests/s | ${best_wall[ahc]} s | $(mib "${max_rss[ahc]}") MiB | |")
seen="$best_net requests/s without start-up (${best_rps[curl]}/s whole process)"
rows+=("| (d) curl --parallel --parallel-max $concurrency | (peer) | $seen | ${best_wall[curl]} s | $(mib "${max_rss[curl]}") MiB | |")

{
  echo "| check | target | measured | wall (process) | peak RSS | verdict |"
  echo "| --- | --- | --- | --- | --- | --- |"
  printf '%s\n' "${rows[@]}"
} >"$out/async-bench.md"
echo
echo "== Summary ($(git log -1 --format='%h %s' | cut -c1-60); load average $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores)"
cat "$out/async-bench.md"
echo
echo "$failures of $((${#rows[@]} - 2)) checks missed their target."
echo "Requests/s: in-process for odsh and AHC (from the first request to the last answer); for curl, its whole process"
echo "less its start-up. Wall (process): /usr/bin/time's, start-up and (for DataService) \$metadata included."
if $smoke; then echo "bench: a smoke run (--smoke: tiny input, 1 run, $bin): it shows the pipeline works; its times and verdicts mean nothing"; fi
