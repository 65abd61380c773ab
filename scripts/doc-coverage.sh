#!/usr/bin/env bash
# doc-coverage.sh [--list] [--require PERCENT] [--skip-build] [--graphs DIR] [LIBRARY...]: how many public symbols
# of each library have a doc comment, from the symbol graphs the compiler writes (scripts/symbol-graphs.sh).
#
# Libraries: ODataModel, ODataQuery, ODataClient and the umbrella OData (all four unless named). Per library it prints
# the public symbols, the documented ones and the percentage; --list adds the undocumented ones, each with its file
# and line; --require 100 exits 1 when a library named is below that percentage.
#
# What is counted: every public (or open) symbol the library declares in this package's Sources/: types, members,
# enum cases, initializers, operators, protocol requirements, and the members its extensions add to other modules'
# types (`Property.equal` in ODataQuery, `String.queryExpression`). Not counted: what the compiler synthesizes or
# inherits from the standard library (default implementations, synthesized `==`/`hash`/`Codable` members), which has
# no source location in this package. A symbol is documented when it has a doc comment of its own (`///` or `/**`)
# at its declaration; the text a protocol requirement would lend it does not count, whether the protocol is the
# standard library's (`description` of CustomStringConvertible) or this package's (`category` of CategorizedError).
# The umbrella's figures are those of the three libraries it re-exports, taken together, but for one type:
# swift-symbolgraph-extract (Swift 6.3) leaves every symbol whose name begins with the module's name and `Version` out
# of a module's graph (taking them for the `<Module>VersionNumber` of a framework), so ODataModel's ODataVersion counts
# in ODataModel's figures only.
#
# --skip-build reads the modules already built in $ODSH_BUILD_DIR (else .build/debug) instead of running
# `swift build --target OData` first (the tests use it: they run inside `swift test`, which holds the build folder).
# --graphs DIR reads symbol graphs already in DIR/LIBRARY/ (building and extracting nothing).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root" || exit 1
if ! command -v swift >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then PATH="$PATH:/opt/swift/usr/bin"; fi

list=0 require="" build=1 graphs="" libraries=()
while [ $# -gt 0 ]; do
  case "$1" in
    --list) list=1 ;;
    --require) [ $# -ge 2 ] || { echo "doc-coverage.sh: --require needs a percentage" >&2; exit 2; }; require="$2"; shift ;;
    --require=*) require="${1#--require=}" ;;
    --skip-build) build=0 ;;
    --graphs) [ $# -ge 2 ] || { echo "doc-coverage.sh: --graphs needs a folder" >&2; exit 2; }; graphs="$2"; shift ;;
    -h|--help) sed -n '2,/^set /p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "doc-coverage.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) libraries+=("$1") ;;
  esac
  shift
done
[ ${#libraries[@]} -gt 0 ] || libraries=(ODataModel ODataQuery ODataClient OData)
for l in "${libraries[@]}"; do
  case "$l" in ODataModel|ODataQuery|ODataClient|OData) ;; *) echo "doc-coverage.sh: no library $l" >&2; exit 2 ;; esac
done
if [ -n "$require" ] && ! [[ "$require" =~ ^[0-9]+(\.[0-9]+)?$ ]]; then
  echo "doc-coverage.sh: --require takes a percentage such as 100, not $require" >&2; exit 2
fi

if [ -z "$graphs" ]; then
  if [ $build = 1 ]; then
    swift build --target OData >&2 || { echo "doc-coverage.sh: the build failed" >&2; exit 1; }
  fi
  graphs="$(mktemp -d "${TMPDIR:-/tmp}/odsh-doc-coverage.XXXXXX")"
  trap 'rm -rf "$graphs"' EXIT
  bash scripts/symbol-graphs.sh "$graphs" "${libraries[@]}" || exit 1
fi

python3 - "$root/Sources/" "$graphs" "$list" "$require" "${libraries[@]}" <<'EOF'
import glob, json, os, sys
from urllib.parse import unquote, urlparse

sources, graphs, show_list, require = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4]
libraries = sys.argv[5:]

def path_of(uri):
    return unquote(urlparse(uri).path) if uri else ""

below = []
for library in libraries:
    files = sorted(glob.glob(os.path.join(graphs, library, "*.symbols.json")))
    if not files:
        print(f"doc-coverage.sh: no symbol graph for {library} in {graphs}", file=sys.stderr)
        sys.exit(1)
    seen, undocumented = {}, []
    for f in files:
        with open(f, encoding="utf-8") as fh:
            graph = json.load(fh)
        for s in graph.get("symbols", []):
            if s.get("accessLevel") not in ("public", "open"):
                continue
            location = path_of(s.get("location", {}).get("uri"))
            if not location.startswith(sources):
                continue  # synthesized or inherited: no source of ours
            key = s["identifier"]["precise"]
            if key in seen:
                continue
            doc = s.get("docComment") or {}
            own = path_of(doc.get("uri")) == location  # lent by a protocol: the protocol's file, or none
            text = "".join(line.get("text", "") for line in doc.get("lines", [])).strip()
            seen[key] = own and bool(text)
            if not seen[key]:
                line = s.get("location", {}).get("position", {}).get("line", -1) + 1
                name = ".".join(s["pathComponents"])
                undocumented.append((os.path.relpath(location, os.path.dirname(sources.rstrip("/"))), line, name,
                                     s["kind"]["displayName"]))
    total, documented = len(seen), sum(seen.values())
    percent = 100.0 * documented / total if total else 100.0
    shown = f"{percent:.1f}" if documented < total else "100"
    if documented < total and shown == "100.0":
        shown = "99.9"
    print(f"{library:<12} {total:>5} public symbols, {documented:>5} documented, {shown:>5}%")
    if show_list:
        for path, line, name, kind in sorted(undocumented):
            print(f"  {path}:{line}: {name} ({kind})")
    if require and percent < float(require):
        below.append(library)

if below:
    print(f"doc-coverage.sh: below {require}%: {', '.join(below)}", file=sys.stderr)
    sys.exit(1)
EOF
