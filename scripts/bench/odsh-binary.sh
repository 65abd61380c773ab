# Sourced by the benchmark scripts. odsh_binary [PATH]: sets $odsh to an absolute path of the odsh to time: PATH when
# given (it must be an executable), else the release build with the Swift runtime linked statically, as odsh ships,
# (re)built first: always (incremental, a few seconds when up to date), since timing a stale binary would mislead.
odsh_binary() {
  if [ -n "${1:-}" ]; then
    odsh="$1"
    if [ ! -x "$odsh" ]; then echo "bench: $odsh is not an executable" >&2; exit 1; fi
  else
    echo "bench: bash scripts/build-release.sh"
    bash scripts/build-release.sh
    odsh=.build-static/release/odsh
  fi
  odsh="$(cd "$(dirname "$odsh")" && pwd)/$(basename "$odsh")"
}
