#!/usr/bin/env bash
# run-sample.sh: set up, build, and run odsh's main job on the sample service this repository ships: Northwind's
# customers, orders, order lines and products (scripts/sample/: the $metadata, the rows with their source and
# licence, and the server script), served by odatapy from PyPI (pinned in scripts/sample/requirements.txt, in a
# venv under ${XDG_CACHE_HOME:-~/.cache}/odsh-sample) on a free loopback port, and stopped again on the way out.
# Nothing else is needed: not ../shared, not the network once the venv is made.
# On a terminal it opens the interactive shell; otherwise it runs a short tour of statements and their results.
# ODSH_SAMPLE_MODE=repl|tour chooses; ODSH_BIN=PATH runs that odsh instead of building a release binary.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if [ -t 0 ] && [ -t 1 ]; then default=repl; else default=tour; fi
mode="${ODSH_SAMPLE_MODE:-$default}"
case "$mode" in repl | tour) ;; *) echo "run-sample: ODSH_SAMPLE_MODE is repl or tour" >&2; exit 2 ;; esac

bash scripts/setup.sh
if [ -n "${ODSH_BIN:-}" ]; then
  [ -x "$ODSH_BIN" ] || { echo "run-sample: ODSH_BIN=$ODSH_BIN is not an executable" >&2; exit 2; }
  odsh="$(cd "$(dirname "$ODSH_BIN")" && pwd)/$(basename "$ODSH_BIN")"
else
  if ! command -v swift >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then PATH="$PATH:/opt/swift/usr/bin"; fi
  echo "run-sample: building odsh (release; the first build takes minutes)"
  bash scripts/build-release.sh >/dev/null
  odsh="$root/.build-static/release/odsh"
fi

# The venv, made once and made again when the pinned versions change.
state="${XDG_CACHE_HOME:-$HOME/.cache}/odsh-sample"
venv="$state/venv"
if ! cmp -s scripts/sample/requirements.txt "$venv/requirements.txt" 2>/dev/null; then
  echo "run-sample: installing $(grep -v '^#' scripts/sample/requirements.txt | tr '\n' ' ')into $venv (once)"
  rm -rf "$venv"
  mkdir -p "$state"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r scripts/sample/requirements.txt
  cp scripts/sample/requirements.txt "$venv/requirements.txt"
fi

# The server picks a free port itself (port 0) and prints its address; its own session, so that Ctrl-C in the
# shell does not reach it. Stopped, and its log removed, however this script ends.
run="$(mktemp -d)"
setsid "$venv/bin/python" scripts/sample/sample_server.py 0 >"$run/log" 2>&1 &
server=$!
stop() {
  # (Under set -e: the server's own status, 143 after the TERM, is not this script's.)
  if kill "$server" 2>/dev/null; then wait "$server" 2>/dev/null || true; fi
  rm -rf "$run"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
service=
for _ in $(seq 1 120); do
  service="$(sed -n 's/^odsh sample service on \(http:[^ ]*\)$/\1/p' "$run/log")"
  [ -n "$service" ] && break
  if ! kill -0 "$server" 2>/dev/null; then echo "run-sample: the sample service did not start:" >&2; cat "$run/log" >&2; exit 1; fi
  sleep 0.5
done
[ -n "$service" ] || { echo "run-sample: the sample service did not start within 60 s:" >&2; cat "$run/log" >&2; exit 1; }
echo "run-sample: the sample service runs at $service"

if [ "$mode" = repl ]; then
  "$odsh" "$service" || status=$?
  exit "${status:-0}"
fi

# The tour: each command as typed, then what it prints.
tour() {
  local arg shown=
  for arg in "$@"; do
    if [ "$arg" = "$service" ]; then shown+=" URL"
    elif [[ "$arg" =~ ^[A-Za-z0-9_./:=-]+$ ]]; then shown+=" $arg"
    else shown+=" \"$arg\""; fi
  done
  printf '\n$ odsh%s\n' "$shown"
  "$odsh" "$@"
}
echo "(URL stands for $service; run this on a terminal for the interactive shell)"
tour metadata sets "$service"
tour "$service" -o table -c "Customers where Country = 'UK' select CustomerID, CompanyName, City order by CompanyName top 5"
tour "$service" -o vertical -c "Orders(10248) select OrderID, OrderDate, Freight expand Customer(select CompanyName)"
tour "$service" -c "count Orders where Freight > 100"
tour "$service" -c ".url Products where UnitPrice > 50 and not Discontinued select ProductName, UnitPrice"
tour "$service" -o table -c "Products where UnitPrice > 50 and not Discontinued select ProductName, UnitPrice order by UnitPrice desc"
tour "$service" -c ".url Orders group by ShipCountry aggregate count as N, sum(Freight) as TotalFreight order by TotalFreight desc top 5"
tour "$service" -o table -c "Orders group by ShipCountry aggregate count as N, sum(Freight) as TotalFreight order by TotalFreight desc top 5"
tour "$service" -o table -c "Orders group by CustomerID aggregate sum(Freight) as TotalFreight top 3 by TotalFreight order by TotalFreight desc"
tour "$service" -o table -c "Products compute UnitPrice mul 1.2 as Gross select ProductName, UnitPrice, Gross where Gross > 60 order by Gross desc"
