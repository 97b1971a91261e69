#!/usr/bin/env bash
# Runs the built test suite (`swift test --skip-build`), keeping its whole output in
# .build/test-output.log. When it fails, the failing tests' lines are printed again at the end:
# a CI log that keeps only its last lines then still names what failed.
# Usage: scripts/run-tests.sh [swift test arguments...]   (SWIFT names the swift driver)
set -uo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-swift}"
log=.build/test-output.log
mkdir -p .build

"$swift" test --skip-build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

# The five suites that finished last (Swift Testing's "Suite X passed after N seconds"). Suites
# run side by side and Swift Testing counts each one's time from the start of the run, so this
# is what set the run's length, waiting for a core or for the shared browser included: the next
# slowdown is seen where it is.
slowest=$(sed -nE 's/^.*Suite (.+) (passed|failed) after ([0-9.]+) seconds.*$/\3 \1/p' "$log" | sort -rn | head -n 5)
if [ -n "$slowest" ]; then
  echo
  echo "==== the five suites that finished last (seconds from the start of the run):"
  printf '%s\n' "$slowest" | awk '{ time = $1; $1 = ""; printf "%8.1f %s\n", time, substr($0, 2) }'
  grep -E 'Test run with .* (passed|failed) after' "$log" | tail -n 1
fi
if [ "$status" -ne 0 ]; then
  echo
  echo "==== the test run failed (exit $status); its failures, from $log:"
  # Swift Testing: "✘ Test … recorded an issue at …" with its indented detail lines; known issues
  # (withKnownIssue) are expected and left out. XCTest: "error: …" and "Test Case '…' failed".
  awk '/✘ Test .*recorded an issue|: error: |Test Case .* failed|Fatal error|Program crashed/ { print; more = 1; next }
       more && /^[[:space:]]/ { print; next }
       { more = 0 }' "$log" | tail -n 80
  grep -E '✘ Test .* failed after' "$log" | tail -n 20
fi
exit "$status"
