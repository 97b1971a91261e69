#!/usr/bin/env bash
# Compares our APNG and GIF with ffmpeg's on the same PNG frames at the same fps, and
# checks with ffprobe that frame counts and total durations agree with our manifest. With numpy
# and Pillow it also compares the GIFs' fidelity: the mean error per channel against the PNG
# frames (scripts/gif-mean-error.py), which must not be worse than ffmpeg's.
#
#   scripts/animated-sizes.sh [BARFRAMES] [EXAMPLE…]
#
# BARFRAMES defaults to the release build; examples default to four of the examples. Prints a
# Markdown table; exits 1 if any of our files is larger than ffmpeg's, our GIF is less faithful
# or ffprobe disagrees.
set -euo pipefail
cd "$(dirname "$0")/.."
BARFRAMES=${1:-$(swift build -c release --show-bin-path)/barframes}
shift || true
EXAMPLES=("$@")
[ ${#EXAMPLES[@]} -gt 0 ] || EXAMPLES=(seek-bar download-success bent-line-slider player-pause-layertime)
command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || { echo "needs ffmpeg and ffprobe" >&2; exit 2; }
python3 -c 'import numpy, PIL' 2>/dev/null && fidelity=1 || fidelity=0
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
status=0

duration() {  # end of the last packet: APNG has no container duration
  ffprobe -v error -select_streams v:0 -show_entries packet=pts_time,duration_time -of csv=p=0 "$1" \
    | awk -F, 'NF>=2 && $1!="" {end=$1+$2} END {printf "%.3f", end}'
}
frames() { ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames -of csv=p=0 "$1"; }

echo "| example | fps | frames | our APNG | ffmpeg APNG | ratio | our GIF | ffmpeg GIF | ratio | GIF error ours / ffmpeg | APNG frames (merged) | GIF frames (merged) | ffprobe duration APNG / GIF / exact |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
for name in "${EXAMPLES[@]}"; do
  out="$WORK/$name"
  "$BARFRAMES" render "Examples/$name.json" -o "$out" --format png,apng,gif --quiet --json > "$out.json"
  read -r fps count apng gif apngFrames apngMerged gifFrames gifMerged exact < <(python3 - "$out.json" <<'PY'
import json, sys
scene = json.load(open(sys.argv[1]))["scenes"][0]
files = {f["format"]: f for f in scene["files"]}
n = len(scene["frames"])
print(scene["fps"], n, files["apng"]["path"], files["gif"]["path"], files["apng"]["frames"], files["apng"]["mergedFrames"],
      files["gif"]["frames"], files["gif"]["mergedFrames"], "%.3f" % (n / scene["fps"]))
PY
)
  dir="$out/$name"
  pattern="$dir/$name-%0${#count}d@2x.png"
  [ -f "$(printf "$pattern" 0)" ] || pattern="$dir/$name-%0$(( ${#count} ))d@2x.png"
  ffmpeg -v error -y -framerate "$fps" -i "$pattern" -f apng -plays 0 "$WORK/$name.ffmpeg.apng"
  ffmpeg -v error -y -framerate "$fps" -i "$pattern" -vf "split[a][b];[a]palettegen[p];[b][p]paletteuse" "$WORK/$name.ffmpeg.gif"
  ours_apng=$(stat -c %s "$out/$apng"); ours_gif=$(stat -c %s "$out/$gif")
  ff_apng=$(stat -c %s "$WORK/$name.ffmpeg.apng"); ff_gif=$(stat -c %s "$WORK/$name.ffmpeg.gif")
  probe_apng=$(frames "$out/$apng"); probe_gif=$(frames "$out/$gif")
  dur_apng=$(duration "$out/$apng"); dur_gif=$(duration "$out/$gif")
  ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
  errors="–"
  if [ $fidelity = 1 ]; then
    ours_error=$(python3 scripts/gif-mean-error.py "$out/$gif" "$dir" "$fps")
    ff_error=$(python3 scripts/gif-mean-error.py "$WORK/$name.ffmpeg.gif" "$dir" "$fps")
    errors="$ours_error / $ff_error"
    awk -v a="$ours_error" -v b="$ff_error" 'BEGIN {exit !(a <= b)}' \
      || { echo "  $name: our GIF's mean error $ours_error is above ffmpeg's $ff_error" >&2; status=1; }
  fi
  echo "| $name | $fps | $count | $ours_apng | $ff_apng | $(ratio "$ours_apng" "$ff_apng") | $ours_gif | $ff_gif | $(ratio "$ours_gif" "$ff_gif") | $errors | $apngFrames ($apngMerged) | $gifFrames ($gifMerged) | $dur_apng / $dur_gif / $exact |"
  [ "$ours_apng" -le "$ff_apng" ] || { echo "  $name: our APNG is larger than ffmpeg's" >&2; status=1; }
  [ "$ours_gif" -le "$ff_gif" ] || { echo "  $name: our GIF is larger than ffmpeg's" >&2; status=1; }
  [ "$probe_apng" = "$apngFrames" ] || { echo "  $name: ffprobe reads $probe_apng APNG frames, the manifest says $apngFrames" >&2; status=1; }
  [ "$probe_gif" = "$gifFrames" ] || { echo "  $name: ffprobe reads $probe_gif GIF frames, the manifest says $gifFrames" >&2; status=1; }
  for d in "$dur_apng" "$dur_gif"; do
    awk -v d="$d" -v e="$exact" 'BEGIN {exit !(d - e <= 0.0101 && e - d <= 0.0101)}' \
      || { echo "  $name: ffprobe duration $d s, expected $exact s (±1 cs)" >&2; status=1; }
  done
done
exit $status
