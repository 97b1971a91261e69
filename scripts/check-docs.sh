#!/usr/bin/env bash
# Builds the documentation of every target that has a DocC catalog (Sources/<target>/*.docc) with
# `swift package generate-documentation --warnings-as-errors`: a broken symbol link or an
# undocumented parameter in those targets fails `make test`. The plugin's output is kept in
# .build/docs-output.log and printed only when the check fails.
# Usage: scripts/check-docs.sh   (SWIFT names the swift driver)
set -uo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-swift}"
log=.build/docs-output.log
mkdir -p .build

arguments=()
for catalog in Sources/*/*.docc; do
  [ -d "$catalog" ] && arguments+=(--target "$(basename "$(dirname "$catalog")")")
done
if [ ${#arguments[@]} -eq 0 ]; then
  echo "error: no DocC catalog under Sources/*/, nothing to check" >&2
  exit 1
fi

"$swift" package generate-documentation "${arguments[@]}" --warnings-as-errors >"$log" 2>&1
status=$?
if [ "$status" -ne 0 ]; then
  cat "$log"
  echo
  echo "==== the documentation of${arguments[*]//--target/} has warnings (exit $status); see $log" >&2
  exit "$status"
fi
echo "Documentation of${arguments[*]//--target/}: no warnings"
