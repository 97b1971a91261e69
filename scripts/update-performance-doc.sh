#!/usr/bin/env bash
# Replaces the figures of docs/performance.md with a new run of `barframes-bench`: the section
# between the lines `<!-- barframes-bench:begin -->` and `<!-- barframes-bench:end -->` becomes the
# bench's Markdown (the date, the machine, whether it was idle, the command and every table).
# Everything outside the two markers, the prose that explains the figures, is kept byte for byte.
#
# Usage: scripts/update-performance-doc.sh [--doc FILE] [--from FILE] [-- BENCH ARGUMENTS...]
#   --doc FILE    the document to update (docs/performance.md)
#   --from FILE   take the bench's Markdown from FILE (an earlier `barframes-bench --markdown`)
#                 instead of building and running the bench
#   -- ARGS       passed on to `barframes-bench --markdown` (e.g. -- --format-costs)
# The bench takes a minute or more and both cores; run it on an idle machine (its report says when
# the load average was above 1 as it started). SWIFT names the swift driver.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
doc="$root/docs/performance.md"
from=""
while [ $# -gt 0 ]; do
  case "$1" in
    --doc) doc="${2:?--doc needs a file}"; shift 2 ;;
    --from) from="${2:?--from needs a file}"; shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "update-performance-doc.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done

begin='<!-- barframes-bench:begin -->'
end='<!-- barframes-bench:end -->'
# Checked before the bench runs: a document without exactly one begin marker followed by one end
# marker would lose text, so it is refused and left as it is.
markers="$(grep -nxF -e "$begin" -e "$end" "$doc" | cut -d: -f2- | tr '\n' '|')" || true
if [ "$markers" != "$begin|$end|" ]; then
  echo "update-performance-doc.sh: $doc must hold the line '$begin' once, then the line '$end' once" >&2
  exit 65
fi

work="$(mktemp -d)"
new=""
trap 'rm -rf "$work"; if [ -n "$new" ]; then rm -f "$new"; fi' EXIT
if [ -n "$from" ]; then
  cp "$from" "$work/bench.md"
else
  swift="${SWIFT:-swift}"
  # The bench runs `barframes` (beside it) as a child: build both, in release mode.
  (cd "$root" && "$swift" build -c release --product barframes && "$swift" build -c release --product barframes-bench)
  bin="$(cd "$root" && "$swift" build -c release --show-bin-path)"
  # From the package root: the bench reads Examples/ and writes its scratch files there.
  (cd "$root" && "$bin/barframes-bench" --markdown "$@") >"$work/bench.md"
fi
if ! grep -q '^| workload |' "$work/bench.md"; then
  echo "update-performance-doc.sh: the bench's output holds no table; $doc is unchanged" >&2
  exit 65
fi

# The new document beside the old one, then renamed over it: an interrupted run leaves the old.
new="$(mktemp "$(dirname "$doc")/.performance.XXXXXX")"
awk -v begin="$begin" -v end="$end" -v bench="$work/bench.md" '
  $0 == begin {
    print
    print "<!-- Written by scripts/update-performance-doc.sh from barframes-bench --markdown; edit the bench, not this. -->"
    print ""
    while ((getline line < bench) > 0) print line
    print ""
    skipping = 1
    next
  }
  $0 == end { skipping = 0 }
  !skipping { print }
' "$doc" >"$new"
chmod --reference="$doc" "$new" 2>/dev/null || true
mv "$new" "$doc"
new=""
echo "Updated $doc"
