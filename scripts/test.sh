#!/usr/bin/env bash
# test.sh [SWIFT-TEST-ARGS...]: the project's test command. Installs what is missing (setup.sh --tests), builds, makes the
# packages the package test installs (scripts/package.sh), runs the tests. Extra arguments go to `swift test`
# (e.g. --filter ODataModelTests, --no-parallel). Exit code = swift test's.
# A fixture a test needs (../shared, tmux, nginx, ...) that is missing skips the test, or fails it when CI=true
# (.ci/run sets it); the run ends with a summary of what was skipped and why (the tests write it to $ODSH_SKIP_LOG).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root" || exit

bash scripts/setup.sh --tests || exit
if ! command -v swift >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then PATH="$PATH:/opt/swift/usr/bin"; fi

# The tests find the corpus and the reference servers in ../shared beside the repo root, or in $ODSH_SHARED.
shared="$(realpath -m "${ODSH_SHARED:-$root/../shared}")"
if [ -d "$shared" ]; then
  export ODSH_SHARED="$shared"
  echo "shared: $shared (corpus: $shared/corpus, reference servers: $shared/refsrv)"
else
  echo "========================================================================================"
  echo "NOTICE: ../shared not found: tests that need the corpus or reference servers will be skipped (CI=true: fail)"
  echo "        (looked for $shared; set ODSH_SHARED to its path)"
  echo "========================================================================================"
fi

swift build || exit
# The package test (PackageTests) installs the .deb that package.sh makes from a release build; that build takes
# minutes, so it is made here once, not by the test. ODSH_SKIP_PACKAGE=1 leaves it out (the test then says so).
if [ -z "${ODSH_SKIP_PACKAGE:-}" ] && command -v dpkg-deb >/dev/null; then
  bash scripts/package.sh || exit
fi
# Each test that finds a fixture missing adds a line "FIXTURE: REASON" here (TestSupport's Fixture).
export ODSH_SKIP_LOG="${TMPDIR:-/tmp}/odsh-skips-$$.log"
: >"$ODSH_SKIP_LOG"
# Swift Testing runs tests concurrently in-process anyway; --parallel also spreads XCTest cases over workers.
swift test --parallel "$@"
status=$?

if [ -s "$ODSH_SKIP_LOG" ]; then
  echo "========================================================================================"
  if [[ "${CI:-}" =~ ^([Tt]rue|TRUE|1|yes)$ ]]; then
    echo "MISSING FIXTURES (CI=true: each failed the tests that need it), tests and suites per fixture:"
  else
    echo "SKIPPED: tests that found a fixture missing (CI=true makes these failures), tests and suites per fixture:"
  fi
  sort "$ODSH_SKIP_LOG" | uniq -c | sort -rn
  echo "========================================================================================"
else
  echo "skipped for a missing fixture: none"
fi
rm -f "$ODSH_SKIP_LOG"
exit "$status"
