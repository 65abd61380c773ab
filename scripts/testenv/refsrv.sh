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
    port="${REFSRV_PORT:-$(python3 "$here/free-port.py")}"  # REFSRV_PORT: a port of your choice
    # One start at a time: the first one builds the shared venv, which must not happen twice at once.
    exec 9>"$state/.odsh-testenv.lock"
    flock 9
    # As start-$kind.sh does (same venv, data, PID and log files, so stop.sh finds them), but with an OWNER_PID the
    # server runs through owned.py and ends by itself within half a second of its owner, even a killed one.
    owner_start=""
    if [ -n "$owner" ]; then
      owner_start="$(s="$(cat "/proc/$owner/stat")"; s="${s##*) }"; set -- $s; echo "${20}")"
    fi
    (
      source "$refsrv/common.sh"
      # start_server NAME READY_PATH SCRIPT ARGS...: SCRIPT (a Python program) on $port, in the background.
      start_server() {
        local name="$1" ready="$2"; shift 2
        local pidf="$RUN/$name-$port.pid" log="$RUN/$name-$port.log"
        if [ -n "$owner" ]; then set -- "$here/owned.py" "$owner" "$owner_start" "$@"; fi
        nohup "$VENV/bin/python" "$@" >"$log" 2>&1 &
        echo $! >"$pidf"
        if [ -n "${ODSH_TEST_PIDS:-}" ]; then
          echo "$! $(s="$(cat "/proc/$!/stat")"; s="${s##*) }"; set -- $s; echo "${20}") refsrv $kind on port $port" >>"$ODSH_TEST_PIDS"
        fi
        wait_up "http://127.0.0.1:$port$ready" "$pidf" "$log"
      }
      ensure_venv
      case "$kind" in
        v4) ensure_odatapy_sdist; ensure_data
            start_server v4 "/northwind/\$metadata" "$refsrv/odatapy_v4_server.py" "$port" "$SDIST" "$DATA" ;;
        v2) extra=(); [ -n "${REFSRV_NO_CSRF:-}" ] && extra+=(--no-csrf)
            start_server v2 "/sap/opu/odata/IWBEP/GWSAMPLE_BASIC/\$metadata" "$VENV/bin/mock-sap" --host 127.0.0.1 \
              --port "$port" --seed 42 --clock 2025-01-01T00:00 -q "${extra[@]}" ;;
        v2-atom) ensure_data
            start_server v2atom "/northwind/\$metadata" "$refsrv/pyslet_v2_server.py" "$port" "$DATA" ;;
        v2-fn) ensure_data
            start_server v2fn "/northwind/\$metadata" "$here/pyslet_functions_server.py" "$port" "$DATA" "$refsrv" ;;
      esac
    ) 9>&- >&2
    flock -u 9
    # A second line: the watchdog stops it by its PID file should the server outlive its owner all the same.
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
