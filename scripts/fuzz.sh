#!/usr/bin/env bash
# fuzz.sh — build the libFuzzer targets with AddressSanitizer and run each for a while.
#
#   scripts/fuzz.sh [TARGET…]          # make fuzz; targets default to all of them
#   scripts/fuzz.sh --merge [TARGET…]  # make fuzz-merge
#
# FUZZ_SECONDS (default 60) is each target's time. Builds go to .build-fuzz/ (its own scratch path, so the
# ordinary build is untouched). Each run reads the committed seeds (Fuzz/Corpus/<target>) and
# past crash inputs (Fuzz/Crashes/<target>) and writes what it finds to
# .build-fuzz/corpus/<target>, never to the committed corpus; `--merge` adds to
# Fuzz/Corpus/<target> only the inputs of that scratch corpus that reach new code.
#
# A crash, a broken property (the targets trap with its message), a leak (LeakSanitizer), a
# timeout or running out of memory fails the run; the input is kept as .build-fuzz/artifacts/<target>/crash-… (or
# timeout-…, oom-…) and its path printed with the command that replays it. After fixing the
# cause, copy it to Fuzz/Crashes/<target>/ so every `make test` replays it.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SECONDS_EACH=${FUZZ_SECONDS:-60}
SCRATCH=.build-fuzz
merge=0
if [ "${1:-}" = "--merge" ]; then merge=1; shift; fi
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(json scene probe icon webp deflate gif png-encoder png-decoder)

# `--sanitize fuzzer` makes SwiftPM leave libFuzzer's main() in place (it renames an
# executable's own main otherwise); `-sanitize=fuzzer,address` then instruments every module
# for coverage and AddressSanitizer (SwiftPM passes its own two `--sanitize` values as separate
# flags, of which the compiler keeps only the last).
build=("$SWIFT" build -c debug --scratch-path "$SCRATCH" --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address)
started=$(date +%s)
for target in "${TARGETS[@]}"; do
  echo "fuzz: building fuzz-$target"
  "${build[@]}" --product "fuzz-$target" 2>&1 | grep -v "Cannot export local symbol" | grep -E "error|warning: |Compiling|Build complete" | grep -v "^\[" || true
  [ -x "$SCRATCH/debug/fuzz-$target" ] || { echo "fuzz: error: fuzz-$target did not build" >&2; exit 1; }
done
echo "fuzz: built in $(( $(date +%s) - started )) s"

# Swift's backtracer catches the trap before AddressSanitizer and libFuzzer can report it.
export SWIFT_BACKTRACE=enable=no
status=0
for target in "${TARGETS[@]}"; do
  binary="$SCRATCH/debug/fuzz-$target"
  corpus="$SCRATCH/corpus/$target"
  artifacts="$SCRATCH/artifacts/$target"
  mkdir -p "$corpus" "$artifacts" "Fuzz/Crashes/$target"
  if [ $merge = 1 ]; then
    echo "fuzz: merging $corpus into Fuzz/Corpus/$target"
    "$binary" -merge=1 "Fuzz/Corpus/$target" "$corpus" 2>&1 | grep -E "MERGE-OUTER: [0-9]+ new files" || true
    continue
  fi
  echo "fuzz: fuzz-$target for $SECONDS_EACH s"
  log="$artifacts/last-run.log"
  # -timeout: an input that takes 20 s is a finding (time must not grow faster than the input);
  # -rss_limit_mb: so must memory. The seed corpus sets the largest input size.
  if "$binary" -max_total_time="$SECONDS_EACH" -timeout=20 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" \
    "$corpus" "Fuzz/Corpus/$target" "Fuzz/Crashes/$target" >"$log" 2>&1; then
    grep -E "^stat::number_of_executed_units|^Done|DONE" "$log" | tail -2 | sed "s/^/fuzz: fuzz-$target: /"
  else
    status=1
    echo "fuzz: error: fuzz-$target failed; the end of its log ($log):" >&2
    grep -v "^    #\|^INFO\|^#[0-9]" "$log" | tail -25 >&2
    for input in $(grep -o "Test unit written to [^ ]*" "$log" | sed 's/Test unit written to //'); do
      echo "fuzz: reproducer: $input" >&2
      echo "fuzz:   replay: SWIFT_BACKTRACE=enable=no $binary $input" >&2
    done
  fi
done
echo "fuzz: done in $(( $(date +%s) - started )) s"
exit $status
