#!/usr/bin/env bash
# symbol-graphs.sh OUTDIR MODULE...: writes the public symbol graphs of the package's modules, as built, into OUTDIR
# (one folder per module), with swift-symbolgraph-extract reading the modules of the debug build; it builds nothing
# itself (doc-coverage.sh and build-docs.sh build first, unless told not to). Synthesized members (the standard
# library's default implementations) are left out; the umbrella module OData gets the symbols of the three modules it
# re-exports. The build folder is $ODSH_BUILD_DIR, else .build/debug.
# symbol-graphs.sh --flags: prints instead, one a line, the flags that let a Swift tool (swiftc, the extractor) import
# the modules of that build (build-docs.sh type-checks the catalog's code with them).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
if ! command -v swift-symbolgraph-extract >/dev/null && [ -x /opt/swift/usr/bin/swift-symbolgraph-extract ]; then
  PATH="$PATH:/opt/swift/usr/bin"
fi

print_flags=0
[ "${1:-}" = --flags ] && { print_flags=1; shift; }
[ $print_flags = 1 ] || [ $# -ge 2 ] || { echo "usage: symbol-graphs.sh OUTDIR MODULE... | --flags" >&2; exit 2; }
out="${1:-}"; [ $# -gt 0 ] && shift
bin="$(realpath -m "${ODSH_BUILD_DIR:-$root/.build/debug}")"
[ -d "$bin/Modules" ] || { echo "symbol-graphs.sh: no build in $bin (run swift build first)" >&2; exit 1; }

# What the compiler was given to see the C modules: the module maps SwiftPM wrote for C targets, their include
# folders, the module maps of the system-library targets, and those libraries' headers (pkg-config).
flags=(-I "$bin/Modules" -target "$(uname -m)-unknown-linux-gnu" -module-cache-path "$bin/ModuleCache")
for map in "$bin"/*.build/module.modulemap; do [ -f "$map" ] && flags+=(-Xcc "-fmodule-map-file=$map"); done
for inc in Sources/*/include; do [ -d "$inc" ] && flags+=(-Xcc -I -Xcc "$root/$inc"); done
for map in Sources/*/module.modulemap; do [ -f "$map" ] && flags+=(-Xcc "-fmodule-map-file=$root/$map"); done
for lib in libxml-2.0 libcurl; do
  for f in $(pkg-config --cflags-only-I "$lib" 2>/dev/null); do flags+=(-Xcc "$f"); done
done
if [ $print_flags = 1 ]; then printf '%s\n' "${flags[@]}"; exit 0; fi

for module in "$@"; do
  [ -f "$bin/Modules/$module.swiftmodule" ] || { echo "symbol-graphs.sh: $module is not built in $bin" >&2; exit 1; }
  rm -rf "${out:?}/$module"; mkdir -p "$out/$module"
  extra=()
  # The umbrella's graph holds what it re-exports (`@_exported import` in Sources/OData/OData.swift).
  if [ "$module" = OData ]; then extra=(-experimental-allowed-reexported-modules=ODataModel,ODataQuery,ODataClient); fi
  swift-symbolgraph-extract -module-name "$module" "${flags[@]}" "${extra[@]}" \
    -minimum-access-level public -skip-synthesized-members -output-dir "$out/$module"
done
