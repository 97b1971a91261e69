#!/usr/bin/env bash
# asan.sh — the image-format module's unit tests (BarFramesImageIOTests) built and run with
# AddressSanitizer, in .build-asan/ (its own scratch path: the ordinary build is untouched).
#
#   scripts/asan.sh [swift test arguments…]     # make asan
#
# An out-of-bounds access, a use after free or a leak in the encoders, decoders or the C
# kernels they call fails the run with ASan's report. Prints how long the build and the run took.
# The sanitized build is a whole second build of the package (SwiftPM links every test target
# into one test product), so it is slow the first time and incremental after.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SCRATCH=.build-asan
started=$(date +%s)
if ! "$SWIFT" build --build-tests --scratch-path "$SCRATCH" --sanitize=address 2>&1 \
  | { grep -v "^\[[0-9]*/[0-9]*\] \|Cannot export local symbol" || true; }; then
  echo "asan: error: the build failed" >&2
  exit 1
fi
built=$(date +%s)
echo "asan: built in $(( built - started )) s"
# Swift's backtracer would catch the fault before AddressSanitizer reports it. Leaks are
# checked (LeakSanitizer) but for those inside the toolchain's libraries (lsan-suppressions.txt).
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0"
status=0
"$SWIFT" test --skip-build --scratch-path "$SCRATCH" --sanitize=address --filter BarFramesImageIOTests "$@" || status=$?
echo "asan: tests ran in $(( $(date +%s) - built )) s (exit $status)"
exit $status
