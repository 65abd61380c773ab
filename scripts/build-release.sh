#!/usr/bin/env bash
# build-release.sh [SWIFT-BUILD-ARGS...]: builds odsh as it ships, into .build-static/release/odsh: release, the Swift
# runtime linked statically, full RELRO (-z now: every symbol bound at start, the relocated data then made read-only)
# and none of its symbols exported (SwiftPM exports all of the library targets'; the loader would look every symbol
# the shared libraries bind up in the executable first). Nothing looks symbols up in odsh: `dlsym(nil, ...)` finds
# glibc's. The linker flags are given here, not in Package.swift, where unsafe flags would keep the package from
# being used as a versioned dependency. ODSH_PRODUCT=odsh-mcp builds `odsh mcp`'s server the same way
# (.build-static/release/odsh-mcp), which scripts/package.sh ships beside odsh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if ! command -v swift >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then PATH="$PATH:/opt/swift/usr/bin"; fi
# No debug information (-gnone): the shipped binary is stripped, and perf names functions from the symbol table.
exec swift build -c release --static-swift-stdlib --product "${ODSH_PRODUCT:-odsh}" --scratch-path .build-static \
  -Xswiftc -gnone -Xlinker -z -Xlinker now -Xlinker --no-export-dynamic "$@"
