#!/usr/bin/env bash
# `make docs`: the API reference of every module with a DocC catalog (Sources/<module>/*.docc),
# as one static HTML site that any web server (or GitHub Pages) serves as files:
# `--transform-for-static-hosting`, one combined archive with a page per module. Open
# DOCS/documentation/barframes/index.html through a server, e.g. `python3 -m http.server -d DOCS`.
# Usage: scripts/build-docs.sh   (SWIFT names the swift driver, DOCS the output folder: docs-site,
# BASE_PATH the URL path it is served under when not /, e.g. BASE_PATH=BarFrames)
set -euo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-swift}"
output="${DOCS:-docs-site}"

arguments=()
for catalog in Sources/*/*.docc; do
  [ -d "$catalog" ] && arguments+=(--target "$(basename "$(dirname "$catalog")")")
done
[ ${#arguments[@]} -gt 0 ] || { echo "error: no DocC catalog under Sources/*/" >&2; exit 1; }
[ -n "${BASE_PATH:-}" ] && arguments+=(--hosting-base-path "$BASE_PATH")

"$swift" package --allow-writing-to-directory "$output" generate-documentation "${arguments[@]}" \
  --enable-experimental-combined-documentation --transform-for-static-hosting --output-path "$output"
[ -f "$output/index.html" ] || { echo "error: no $output/index.html was written" >&2; exit 1; }
echo "API reference: $output/ (serve it: python3 -m http.server -d $output, then open /documentation/barframes/)"
