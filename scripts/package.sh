#!/usr/bin/env bash
# package.sh [--out DIR] [--binary FILE]: builds odsh as it ships (scripts/build-release.sh: release, the Swift
# runtime linked in) and packs it, stripped, with its manual and shell completions, as
#   DIR/odsh_VERSION_ARCH.deb              install: sudo apt install ./odsh_VERSION_ARCH.deb
#   DIR/odsh-VERSION-linux-ARCH.tar.gz     unpack: tar -xzf ... -C /usr/local --strip-components=1
# (DIR defaults to .build-package). VERSION is the one `odsh --version` prints (ODataClientVersion.swift).
# The .deb depends on libcurl4, libedit2 and libxml2 (libcurl is loaded at run time, so no tool sees it) and on
# what dpkg-shlibdeps finds the binary linked to; without dpkg-shlibdeps (package dpkg-dev), on the packages
# that own the libraries ldd lists. `odsh mcp`'s server, odsh-mcp, goes to PREFIX/libexec/odsh/ (built beside odsh;
# with --binary FILE, taken from FILE's folder). --binary FILE packs that odsh instead of building one. Maintainer:
# $ODSH_MAINTAINER, else the author of the last commit.
# Prints OUT=, DEB=, TARBALL=, VERSION= lines last.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
out=.build-package
binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="${2:?--out needs a directory}"; shift 2 ;;
    --out=*) out="${1#--out=}"; shift ;;
    --binary) binary="${2:?--binary needs a file}"; shift 2 ;;
    --binary=*) binary="${1#--binary=}"; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "package.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
command -v dpkg-deb >/dev/null || { echo "package.sh: dpkg-deb not found (package dpkg)" >&2; exit 2; }

version="$(sed -n 's/.*public static let version = "\([^"]*\)".*/\1/p' Sources/ODataClient/HTTP/ODataClientVersion.swift)"
[ -n "$version" ] || { echo "package.sh: no version in Sources/ODataClient/HTTP/ODataClientVersion.swift" >&2; exit 1; }
arch="$(dpkg --print-architecture)"

if [ -z "$binary" ]; then
  bash scripts/build-release.sh
  ODSH_PRODUCT=odsh-mcp bash scripts/build-release.sh
  binary=.build-static/release/odsh
fi
mcp_server="$(dirname "$binary")/odsh-mcp"
[ -x "$mcp_server" ] || { echo "package.sh: $mcp_server (odsh mcp's server) is not built beside $binary" >&2; exit 2; }
[ -x "$binary" ] || { echo "package.sh: $binary is not an executable" >&2; exit 2; }
built="$("$binary" --version)"
[ "$built" = "$version" ] || { echo "package.sh: $binary says version $built, the source $version" >&2; exit 1; }

mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The files, laid out under a prefix: PREFIX/bin/odsh, PREFIX/share/...
lay_out() {
  local prefix="$1" zsh_dir="$2"
  install -D -m 0755 --strip "$binary" "$prefix/bin/odsh"
  install -D -m 0755 --strip "$mcp_server" "$prefix/libexec/odsh/odsh-mcp"
  install -D -m 0644 man/odsh.1 "$prefix/share/man/man1/odsh.1"
  install -D -m 0644 completions/odsh.bash "$prefix/share/bash-completion/completions/odsh"
  install -D -m 0644 completions/_odsh "$prefix/share/$zsh_dir/_odsh"
  install -D -m 0644 completions/odsh.fish "$prefix/share/fish/vendor_completions.d/odsh.fish"
}

# .deb: /usr, the manual gzipped, zsh's Debian folder, owned by root (no fakeroot needed).
pkg="$work/deb"
lay_out "$pkg/usr" zsh/vendor-completions
gzip -9n "$pkg/usr/share/man/man1/odsh.1"
install -D -m 0644 README.md "$pkg/usr/share/doc/odsh/README.md"
# Debian's machine-readable copyright file (DEP-5); the licence's full text is in base-files' common-licenses.
cat >"$pkg/usr/share/doc/odsh/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: odsh

Files: *
Copyright: 2026 odsh developers
License: Apache-2.0

License: Apache-2.0
 Licensed under the Apache License, Version 2.0 (the "License");
 you may not use this file except in compliance with the License.
 You may obtain a copy of the License at
 .
 https://www.apache.org/licenses/LICENSE-2.0
 .
 Unless required by applicable law or agreed to in writing, software
 distributed under the License is distributed on an "AS IS" BASIS,
 WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 See the License for the specific language governing permissions and
 limitations under the License.
 .
 On Debian systems, the complete text of the Apache version 2.0 license
 can be found in "/usr/share/common-licenses/Apache-2.0".
EOF
chmod 0644 "$pkg/usr/share/doc/odsh/copyright"

if command -v dpkg-shlibdeps >/dev/null; then
  # dpkg-shlibdeps wants a source package's debian/control beside it.
  mkdir -p "$work/src/debian"
  printf 'Source: odsh\n\nPackage: odsh\nArchitecture: any\n' >"$work/src/debian/control"
  found="$(cd "$work/src" && dpkg-shlibdeps -O "$pkg/usr/bin/odsh" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
else
  found="$(ldd "$pkg/usr/bin/odsh" | awk '/=> \// { print $3 }' | while read -r lib; do
    dpkg -S "$(readlink -f "$lib")" 2>/dev/null || dpkg -S "$lib" 2>/dev/null || true
  done | cut -d: -f1 | sort -u | paste -sd, | sed 's/,/, /g')"
fi
# The fixed three, unless the tools named them already (with a version).
depends="$found"
for name in libxml2 libedit2 libcurl4; do
  case ", $found" in *", $name "* | *", $name,"* | *", $name") ;; *) depends="$name${depends:+, $depends}" ;; esac
done

# Maintainer: $ODSH_MAINTAINER, else the author of the last commit.
maintainer="${ODSH_MAINTAINER:-$(git log -1 --format='%an <%ae>' 2>/dev/null || true)}"
[ -n "$maintainer" ] || maintainer="odsh maintainers <root@localhost>"
mkdir -p "$pkg/DEBIAN"
cat >"$pkg/DEBIAN/control" <<EOF
Package: odsh
Version: $version
Architecture: $arch
Maintainer: $maintainer
Depends: $depends
Section: utils
Priority: optional
Installed-Size: $(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
Description: OData command-line shell for OData V2 and V4 services
 odsh explores, queries and checks OData services (SAP Gateway, CAP, and any
 OData V2 or V4 service): a REPL with completion from the service's metadata,
 a query language that becomes OData URLs, one-shot scripting with table,
 JSON, NDJSON and CSV output, metadata diffs by SAP's compatibility rules,
 profiles with sign-in, and an HTTP trace with secrets redacted.
EOF
deb="$out/odsh_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$deb" >/dev/null

# .tar.gz: odsh-VERSION/{bin,share} for a prefix such as /usr/local or ~/.local.
name="odsh-$version-linux-$arch"
lay_out "$work/tar/odsh-$version" zsh/site-functions
install -m 0644 README.md LICENSE NOTICE "$work/tar/odsh-$version/"
tarball="$out/$name.tar.gz"
tar -C "$work/tar" --owner=0 --group=0 --numeric-owner -czf "$tarball" "odsh-$version"

echo "OUT=$out"
echo "VERSION=$version"
echo "DEB=$deb"
echo "TARBALL=$tarball"
