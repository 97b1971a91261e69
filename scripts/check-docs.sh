#!/usr/bin/env bash
# Builds the documentation of every target that has a DocC catalog (Sources/<target>/*.docc) with
# `swift package generate-documentation --warnings-as-errors`: a broken symbol link or an
# undocumented parameter in those targets fails `make test`. Then every public type must be in a
# Topics group of its module's landing page: DocC puts a type nobody curated in a group it makes
# up itself ("Structures", "Enumerations": `"generated": true` in the page's render JSON), and
# such a group fails the check with the types it holds (DocC's "Extended Modules" group, other
# modules' types extended here, is not about this module's own types). The plugin's output is kept in
# .build/docs-output.log and printed only when the check fails.
# Usage: scripts/check-docs.sh   (SWIFT names the swift driver)
set -uo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-swift}"
log=.build/docs-output.log
mkdir -p .build

arguments=()
targets=()
for catalog in Sources/*/*.docc; do
  [ -d "$catalog" ] || continue
  target="$(basename "$(dirname "$catalog")")"
  targets+=("$target")
  arguments+=(--target "$target")
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
  echo "==== the documentation of ${targets[*]} has warnings (exit $status); see $log" >&2
  exit "$status"
fi

# The archives the plugin wrote, one per target, each with its landing page's render JSON.
uncurated=0
for target in "${targets[@]}"; do
  archive=".build/plugins/Swift-DocC/outputs/$target.doccarchive"
  page="$archive/data/documentation/$(echo "$target" | tr '[:upper:]' '[:lower:]').json"
  if [ ! -f "$page" ]; then
    echo "error: $page is missing: the plugin no longer writes $target's landing page there" >&2
    exit 1
  fi
  python3 - "$target" "$page" <<'PY' || uncurated=1
import json, sys
target, page = sys.argv[1], sys.argv[2]
data = json.load(open(page))
curated = [s for s in data.get("topicSections", []) if not s.get("generated")]
# "Extended Modules" lists other modules' types this one extends, not types of its own.
generated = [s for s in data.get("topicSections", []) if s.get("generated") and s.get("title") != "Extended Modules"]
if not curated:
    sys.exit(f"error: {target}: the landing page has no Topics group at all")
names = lambda ids: [data["references"].get(i, {}).get("title", i) for i in ids]
if generated:
    for section in generated:
        print(f"error: {target}: in no Topics group of {target}.md (DocC's own \"{section.get('title')}\"): "
              + ", ".join(names(section.get("identifiers", []))), file=sys.stderr)
    sys.exit(1)
PY
done
if [ "$uncurated" -ne 0 ]; then
  echo "==== add the types above to a Topics group of their module's landing page (Sources/<module>/<module>.docc)" >&2
  exit 1
fi
echo "Documentation of ${targets[*]}: no warnings, every public type in a Topics group"
