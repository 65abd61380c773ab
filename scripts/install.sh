#!/usr/bin/env bash
# install.sh [--prefix DIR] [--binary FILE] [--uninstall]: builds a release odsh (Swift runtime linked in) and installs
# it, stripped, with its manual and shell completions under PREFIX (default /usr/local):
#   PREFIX/bin/odsh
#   PREFIX/share/man/man1/odsh.1
#   PREFIX/share/bash-completion/completions/odsh
#   PREFIX/share/zsh/site-functions/_odsh
#   PREFIX/share/fish/vendor_completions.d/odsh.fish
# --binary FILE installs that odsh instead of building one (the README test installs the debug build).
# --uninstall removes exactly these files.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
prefix=/usr/local
uninstall=false
binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="${2:?--prefix needs a directory}"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --binary) binary="${2:?--binary needs a file}"; shift 2 ;;
    --binary=*) binary="${1#--binary=}"; shift ;;
    --uninstall) uninstall=true; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
files=(
  "bin/odsh"
  "share/man/man1/odsh.1"
  "share/bash-completion/completions/odsh"
  "share/zsh/site-functions/_odsh"
  "share/fish/vendor_completions.d/odsh.fish"
)
if $uninstall; then
  for f in "${files[@]}"; do
    if [ -e "$prefix/$f" ]; then rm -f "$prefix/$f"; echo "removed $prefix/$f"; fi
  done
  exit 0
fi
if [ -n "$binary" ]; then
  [ -x "$binary" ] || { echo "install.sh: --binary $binary is not an executable" >&2; exit 2; }
  binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
fi
cd "$root"
if [ -z "$binary" ]; then
  bash scripts/setup.sh
  bash scripts/build-release.sh
  binary=.build-static/release/odsh
fi
# Stripped: the symbol tables are most of a release binary's size, and nothing installed needs them.
install -D -m 0755 --strip "$binary" "$prefix/bin/odsh"
install -D -m 0644 man/odsh.1 "$prefix/share/man/man1/odsh.1"
install -D -m 0644 completions/odsh.bash "$prefix/share/bash-completion/completions/odsh"
install -D -m 0644 completions/_odsh "$prefix/share/zsh/site-functions/_odsh"
install -D -m 0644 completions/odsh.fish "$prefix/share/fish/vendor_completions.d/odsh.fish"
for f in "${files[@]}"; do echo "installed $prefix/$f"; done
