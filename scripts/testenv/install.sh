#!/usr/bin/env bash
# install.sh -- install the Debian packages of apt-packages.txt that are missing (needs root or sudo).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# The project's setup script, where present, installs this list together with everything else.
[ -x "$here/../setup.sh" ] && exec "$here/../setup.sh" --tests
missing=()
while read -r pkg; do
  case "$pkg" in ''|'#'*) continue ;; esac
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done <"$here/apt-packages.txt"
[ ${#missing[@]} -eq 0 ] && { echo "testenv: all packages present"; exit 0; }
sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}"
