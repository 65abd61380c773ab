#!/usr/bin/env bash
# run-sample.sh: set everything up and run odsh's main job on a sample Northwind service.
# With ../shared (or $ODSH_SHARED): Northwind V4 from the corpus, and in url/repl mode the V4 reference server
# (odatapy on 127.0.0.1). Without it: scripts/sample/northwind-mini.xml, shipped in this repo.
# ODSH_BIN=PATH runs that odsh instead of building a release binary (the README test runs the debug build).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

# The interactive shell on a terminal; otherwise a few one-shot statements. ODSH_SAMPLE_MODE=file|url|repl|oneshot.
if [ -t 0 ] && [ -t 1 ]; then default=repl; else default=oneshot; fi
mode="${ODSH_SAMPLE_MODE:-$default}"
case "$mode" in file | url | repl | oneshot) ;; *) echo "run-sample: ODSH_SAMPLE_MODE is file, url, repl or oneshot" >&2; exit 2 ;; esac

bash scripts/setup.sh
if [ -n "${ODSH_BIN:-}" ]; then
  [ -x "$ODSH_BIN" ] || { echo "run-sample: ODSH_BIN=$ODSH_BIN is not an executable" >&2; exit 2; }
  odsh="$(cd "$(dirname "$ODSH_BIN")" && pwd)/$(basename "$ODSH_BIN")"
else
  bash scripts/build-release.sh
  odsh="$root/.build-static/release/odsh"
fi

shared="${ODSH_SHARED:-$root/../shared}"
if [ ! -d "$shared/corpus" ]; then
  echo "run-sample: $shared not found: using the small sample shipped in scripts/sample/"
  exec "$odsh" metadata summary "$root/scripts/sample/northwind-mini.xml"
fi

if [ "$mode" = file ]; then
  exec "$odsh" metadata summary "$shared/corpus/metadata/northwind-v4.xml"
fi

# url and repl need the server: a free loopback port, stopped again on the way out.
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
bash "$shared/refsrv/start-v4.sh" "$port"
trap 'bash "$shared/refsrv/stop.sh" "$port" >/dev/null' EXIT
service="http://127.0.0.1:$port/northwind/"
case "$mode" in
  url) "$odsh" metadata summary "$service" ;;
  repl) "$odsh" "$service" ;;
  oneshot)
    set -x
    "$odsh" metadata sets "$service"
    "$odsh" "$service" -o table -c "Customers where Country = 'UK' select CustomerID, CompanyName, City order by CompanyName top 5"
    "$odsh" "$service" -o vertical -c "Orders(10248) select OrderID, Freight expand Customer(select CompanyName)"
    "$odsh" "$service" -c "count Orders where Freight > 100"
    ;;
esac
