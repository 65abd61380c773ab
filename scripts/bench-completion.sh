#!/usr/bin/env bash
# bench-completion.sh [ODSH_BINARY]: how long TAB takes on the largest model of the corpus (Microsoft Graph v1.0,
# 3.4 MB, 1182 entity types): `odsh complete --repeat N` loads the model once and times N completions in process,
# at several kinds of cursor position. Target: under 10 ms each.
# --smoke [ODSH_BINARY]: the whole pipeline once, quickly, to show it works (the README test runs it): Northwind V4,
# 2 completions each, the debug build by default.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
graph="${ODSH_SHARED:-$root/../shared}/corpus/metadata/msgraph-v1.0-Prod.v2.xml"
repeat=200
smoke=false
if [ "${1:-}" = --smoke ]; then
  smoke=true; shift
  [ $# -gt 0 ] || set -- .build/debug/odsh
  graph="${ODSH_SHARED:-$root/../shared}/corpus/metadata/northwind-v4.xml" repeat=2
fi
[ -f "$graph" ] || { echo "bench: $graph not found (set ODSH_SHARED)" >&2; exit 1; }
if [ $# -gt 0 ]; then odsh="$1"; else
  bash scripts/build-release.sh >&2
  odsh=.build-static/release/odsh
fi
for line in 'u' 'users where ' 'users where dis' 'users where employeeOrgData/' 'users expand ' \
            "users where accountEnabled = true and displayName = 'x' order by " 'users where displayName eq ' \
            'call ' '.describe micro'; do
  printf '%-70s ' "$line"
  "$odsh" complete --metadata "$graph" --repeat "$repeat" "$line"
done
if $smoke; then echo "bench: a smoke run (--smoke: tiny input, few runs, $odsh): it shows the pipeline works; its times and verdicts mean nothing"; fi
