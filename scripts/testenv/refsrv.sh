#!/usr/bin/env bash
# refsrv.sh start KIND [OWNER_PID]  -- start a reference OData server of /work/shared/refsrv on a free port
#                                      KIND: v4 (odatapy), v2 (mock-sap), v2-atom (pyslet), v2-fn (pyslet with
#                                      function imports: pyslet_functions_server.py beside this script). Prints PORT=N.
#                                      With OWNER_PID, the server stops when that process ends. Also prints
#                                      LOG=FILE, the server's log (with REFSRV_LOG=1 set, its request log).
# refsrv.sh stop PORT
# The shared scripts live in $ODSH_SHARED/refsrv (default: ../shared beside the package root).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
shared="${ODSH_SHARED:-$root/../shared}"
refsrv="$shared/refsrv"
[ -x "$refsrv/start-v4.sh" ] || { echo "refsrv.sh: no reference servers in $refsrv (set ODSH_SHARED)" >&2; exit 2; }
state="${REFSRV_STATE:-${XDG_CACHE_HOME:-$HOME/.cache}/odata-refsrv}"
mkdir -p "$state"

case "${1:-}" in
  start)
    kind="${2:?usage: refsrv.sh start v4|v2|v2-atom|v2-fn [OWNER_PID]}"; owner="${3:-}"
    case "$kind" in v4|v2|v2-atom|v2-fn) ;; *) echo "refsrv.sh: unknown kind $kind" >&2; exit 2 ;; esac
    port="$(python3 "$here/free-port.py")"
    # One start at a time: the first one builds the shared venv, which must not happen twice at once.
    exec 9>"$state/.odsh-testenv.lock"
    flock 9
    if [ "$kind" = v2-fn ]; then
      # As start-v2-atom.sh does for pyslet_v2_server.py, with the shared venv, data and PID files (stop.sh finds them).
      (
        source "$refsrv/common.sh"
        ensure_venv; ensure_data
        pidf="$RUN/v2fn-$port.pid"; log="$RUN/v2fn-$port.log"
        nohup "$VENV/bin/python" "$here/pyslet_functions_server.py" "$port" "$DATA" "$refsrv" >"$log" 2>&1 &
        echo $! >"$pidf"
        wait_up "http://127.0.0.1:$port/northwind/\$metadata" "$pidf" "$log"
      ) 9>&- >&2
    else
      "$refsrv/start-$kind.sh" "$port" 9>&- >&2
    fi
    flock -u 9
    [ -n "$owner" ] && "$here/watchdog.sh" "$owner" "$refsrv/stop.sh" "$port"
    echo "PORT=$port"
    # Where start-*.sh (common.sh's $RUN) and the v2-fn start above write the server's output.
    echo "LOG=$state/run/${kind//-/}-$port.log"
    ;;
  stop)
    "$refsrv/stop.sh" "${2:?usage: refsrv.sh stop PORT}"
    ;;
  *)
    sed -n '2,8p' "$0" >&2; exit 2 ;;
esac
