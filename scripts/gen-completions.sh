#!/usr/bin/env bash
# gen-completions.sh [ODSH_BINARY]: writes completions/odsh.{bash,zsh,fish} from the argument parser's declaration
# (swift-argument-parser generates them; profile names and other dynamic values are asked of odsh at TAB time).
# A test checks the committed files match the current binary: run this after changing options.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
odsh="${1:-.build/debug/odsh}"
[ -x "$odsh" ] || swift build --product odsh
mkdir -p completions
"$odsh" --generate-completion-script bash > completions/odsh.bash
"$odsh" --generate-completion-script zsh > completions/_odsh
"$odsh" --generate-completion-script fish > completions/odsh.fish
echo "wrote completions/odsh.bash completions/_odsh completions/odsh.fish"
