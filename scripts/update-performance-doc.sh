#!/usr/bin/env bash
# Replaces the figures of docs/performance.md with a new run of `barframes-bench`: the section
# between the lines `<!-- barframes-bench:begin -->` and `<!-- barframes-bench:end -->` becomes the
# bench's Markdown (the date, the machine, whether it was idle, the command and every table).
# Everything outside the two markers, the prose that explains the figures, is kept byte for byte.
# The README's summary, between `<!-- barframes-bench:summary:begin -->` and
# `<!-- barframes-bench:summary:end -->`, becomes the run's first lines (date, machine, idle) and
# its disk-and-memory part: that table, the flush and re-render lines and the targets.
#
# Usage: scripts/update-performance-doc.sh [--doc FILE] [--readme FILE] [--from FILE] [-- BENCH ARGUMENTS...]
#   --doc FILE    the document to update (docs/performance.md)
#   --readme FILE the README whose summary to update (README.md; `none` leaves it)
#   --from FILE   take the bench's Markdown from FILE (an earlier `barframes-bench --markdown`)
#                 instead of building and running the bench
#   -- ARGS       passed on to `barframes-bench --markdown` (e.g. -- --format-costs)
# The bench takes a minute or more and both cores; run it on an idle machine (its report says when
# the load average was above 1 as it started). SWIFT names the swift driver.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
doc="$root/docs/performance.md"
readme="$root/README.md"
from=""
while [ $# -gt 0 ]; do
  case "$1" in
    --doc) doc="${2:?--doc needs a file}"; shift 2 ;;
    --from) from="${2:?--from needs a file}"; shift 2 ;;
    --) shift; break ;;
    --readme) readme="${2:?--readme needs a file or none}"; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "update-performance-doc.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done

begin='<!-- barframes-bench:begin -->'
end='<!-- barframes-bench:end -->'
summary_begin='<!-- barframes-bench:summary:begin -->'
summary_end='<!-- barframes-bench:summary:end -->'
# Checked before the bench runs: a document without exactly one begin marker followed by one end
# marker would lose text, so it is refused and left as it is.
check_markers() {
  local markers
  markers="$(grep -nxF -e "$2" -e "$3" "$1" | cut -d: -f2- | tr '\n' '|')" || true
  if [ "$markers" != "$2|$3|" ]; then
    echo "update-performance-doc.sh: $1 must hold the line '$2' once, then the line '$3' once" >&2
    exit 65
  fi
}
check_markers "$doc" "$begin" "$end"
if [ "$readme" != none ]; then check_markers "$readme" "$summary_begin" "$summary_end"; fi

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

# Replaces the lines between markers $2 and $3 of document $1 with file $4; the new document is
# written beside the old one, then renamed over it: an interrupted run leaves the old.
replace_section() {
  new="$(mktemp "$(dirname "$1")/.bench-doc.XXXXXX")"
  awk -v begin="$2" -v end="$3" -v section="$4" '
    $0 == begin {
      print
      print "<!-- Written by scripts/update-performance-doc.sh from barframes-bench --markdown; edit the bench, not this. -->"
      print ""
      while ((getline line < section) > 0) print line
      print ""
      skipping = 1
      next
    }
    $0 == end { skipping = 0 }
    !skipping { print }
  ' "$1" >"$new"
  chmod --reference="$1" "$new" 2>/dev/null || true
  mv "$new" "$1"
  new=""
  echo "Updated $1"
}

replace_section "$doc" "$begin" "$end" "$work/bench.md"
if [ "$readme" != none ]; then
  # The run's first paragraphs (date and machine, idle or not), then from the line naming where
  # the files were written to the targets.
  awk '
    NR <= 3 { print; next }
    /^Pipeline, naive and flush figures/ { copying = 1; print "" }
    copying { print }
    copying && /^Targets:/ { exit }
  ' "$work/bench.md" >"$work/summary.md"
  replace_section "$readme" "$summary_begin" "$summary_end" "$work/summary.md"
fi
