#!/usr/bin/env bash
# Runs the built test suite (`swift test --skip-build`), keeping its whole output in
# .build/test-output.log and Swift Testing's JSON event stream in .build/test-events.jsonl. It
# ends with the five suites that cost the most time (scripts/suite-times.py) and, when the run
# fails, the failing tests' lines again: a CI log that keeps only its last lines then still
# names what failed and where the time went.
# Usage: scripts/run-tests.sh [swift test arguments...]   (SWIFT names the swift driver)
set -uo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-swift}"
log=.build/test-output.log
events=.build/test-events.jsonl
# Where the page tests' browsers spent their time (Tests/BarFramesTestSupport/BrowserDriver.swift).
browsers=.build/browser-times.jsonl
mkdir -p .build
rm -f "$events" "$browsers"

BARFRAMES_BROWSER_LOG="$PWD/$browsers" "$swift" test --skip-build --event-stream-output-path "$events" --event-stream-version 0 "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

# The five slowest suites, each by the seconds during which one of its tests ran (computed from
# the event stream's instants). Swift Testing's own "Suite X passed after N seconds" counts from
# the start of the run, so it names the suites that finished last, not those that cost the most.
# Without Python or an event stream (the test process crashed before writing one), those lines
# are the best there is.
echo
if [ -s "$events" ] && command -v python3 >/dev/null 2>&1 && python3 scripts/suite-times.py "$events" 5 "$browsers"; then
  :
else
  echo "==== (no event stream to time suites by; the five suites that finished last, seconds from the start of the run:)"
  sed -nE 's/^.*Suite (.+) (passed|failed) after ([0-9.]+) seconds.*$/\3 \1/p' "$log" | sort -rn | head -n 5 \
    | awk '{ time = $1; $1 = ""; printf "%8.1f %s\n", time, substr($0, 2) }'
fi
grep -E 'Test run with .* (passed|failed) after' "$log" | tail -n 1
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
