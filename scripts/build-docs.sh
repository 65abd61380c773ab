#!/usr/bin/env bash
# build-docs.sh [--skip-build] [--output DIR]: builds the library's documentation, the DocC catalog of the umbrella
# module (Sources/OData/OData.docc, with the doc comments of ODataModel, ODataQuery and ODataClient, which it
# re-exports) into a static website in DIR (default .build/docs/OData.doccarchive; open index.html through a web server,
# or `docc preview`). It uses the toolchain's own `docc` on the symbol graphs of scripts/symbol-graphs.sh, so the
# package needs no documentation plugin and its users fetch nothing for it. Prints DocC's warnings (unresolved links,
# say) and exits 1 when there is any; --skip-build uses the modules already built (.build/debug, or $ODSH_BUILD_DIR).
# The Swift code of the catalog's pages is type-checked against the same modules first, so that a call renamed in the
# library fails here rather than misleads a reader.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root" || exit 1
if ! command -v swift >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then PATH="$PATH:/opt/swift/usr/bin"; fi

build=1 output="$root/.build/docs/OData.doccarchive"
while [ $# -gt 0 ]; do
  case "$1" in
    --skip-build) build=0 ;;
    --output) [ $# -ge 2 ] || { echo "build-docs.sh: --output needs a folder" >&2; exit 2; }; output="$(realpath -m "$2")"; shift ;;
    -h|--help) sed -n '2,/^set /p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "build-docs.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

# Swift toolchains for Linux carry docc beside swift (usr/bin/docc).
docc="$(command -v docc || true)"
[ -n "$docc" ] || docc="$(dirname "$(command -v swift)")/docc"
if [ ! -x "$docc" ]; then
  echo "build-docs.sh: no docc beside $(command -v swift); a Swift toolchain of 5.6 or later has one" >&2
  exit 1
fi

if [ $build = 1 ]; then
  swift build --target OData >&2 || { echo "build-docs.sh: the build failed" >&2; exit 1; }
fi
work="$root/.build/docs"
mkdir -p "$work"
bash scripts/symbol-graphs.sh "$work/symbol-graphs" OData || exit 1

# Each page's ```swift blocks in order, as the body of one throwing function (their imports above it): an async one
# for a page whose code awaits, else a synchronous one, so that a page of blocking calls is checked against the
# blocking API (in an async function the async overloads of the same names would be chosen). Blocks that are a
# package manifest's lines (starting with `.package`) are left out.
pages=(OData.md GettingStarted.md AsyncPaging.md)
mapfile -t flags < <(bash scripts/symbol-graphs.sh --flags) || exit 1
python3 - "$work/snippets.swift" "${pages[@]/#/Sources/OData/OData.docc/}" <<'EOF'
import re, sys
out, pages = sys.argv[1], sys.argv[2:]
imports, functions = {"import Foundation"}, []
for n, page in enumerate(pages):
    text = open(page, encoding="utf-8").read()
    body = []
    for block in re.findall(r"^```swift\n(.*?)^```", text, flags=re.S | re.M):
        if block.lstrip().startswith(".package"):
            continue
        for line in block.splitlines():
            (imports.add(line.strip()) if line.startswith("import ") else body.append("    " + line))
    effects = "async throws" if any(re.search(r"\bawait\b", line) for line in body) else "throws"
    functions.append(f"// {page}\nfunc page{n}() {effects} {{\n" + "\n".join(body) + "\n}\n")
with open(out, "w", encoding="utf-8") as f:
    f.write("\n".join(sorted(imports)) + "\n\n" + "\n".join(functions))
EOF
swiftc -typecheck -parse-as-library -swift-version 6 -suppress-warnings "${flags[@]}" "$work/snippets.swift" ||
  { echo "build-docs.sh: the code of the catalog's pages does not compile (as one function per page: $work/snippets.swift)" >&2; exit 1; }

rm -rf "$output"
diagnostics="$work/diagnostics.json"
"$docc" convert Sources/OData/OData.docc \
  --additional-symbol-graph-dir "$work/symbol-graphs/OData" \
  --output-dir "$output" \
  --fallback-display-name OData --fallback-bundle-identifier org.odsh.OData \
  --diagnostics-file "$diagnostics" || { echo "build-docs.sh: docc failed" >&2; exit 1; }

# docc prints its diagnostics as it goes and writes them to the file too: count those that matter there.
python3 - "$diagnostics" "$output" <<'EOF'
import json, sys
with open(sys.argv[1], encoding="utf-8") as f:
    serious = [d for d in json.load(f).get("diagnostics", []) if d.get("severity") in ("warning", "error")]
if serious:
    print(f"build-docs.sh: {len(serious)} warning(s) or error(s) (above); the documentation is in {sys.argv[2]}",
          file=sys.stderr)
    sys.exit(1)
print(f"documentation: {sys.argv[2]}")
EOF
