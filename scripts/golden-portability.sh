#!/usr/bin/env bash
# golden-portability.sh — prove that BarFrames' goldens and SVG previews do not depend on the
# Debian release: build the release `barframes` once on this (Debian 12) host, run that very
# binary against a Debian 13 root's libraries (Cairo, pixman, FreeType, zlib, the DejaVu font)
# with chroot, and compare what both sides write.
#
#   scripts/golden-portability.sh [--rev REV] [--suite SUITE] [--mirror URL] [--refresh] [--host-lib SO]
#   make portability
#
# Passes (exit 0) when
#   - the example goldens (`barframes golden record Examples/*.json`) recorded on both sides are
#     the same files and no channel of any pixel differs by more than 1 level, checked twice: by
#     scripts/golden_compare.py (Pillow) and by `barframes golden verify --tolerance 1
#     --max-ratio 0` run inside the root against the host's goldens;
#   - the SVG previews and animated SVGs (`barframes render Examples --format svg,animated-svg`) are byte-identical.
# Anything else exits 1. Everything lives in .build-portability/ (git-ignored): the root is
# created once with debootstrap and reused; results are in .build-portability/out/.
#
# Options:
#   --rev REV      build commit REV (exported with `git archive`) instead of the working tree
#   --suite SUITE  the other Debian release (default: trixie)
#   --mirror URL   Debian mirror for debootstrap (default: http://deb.debian.org/debian)
#   --refresh      delete and re-create the root
#   --host-lib SO  experiment: run the root side with the host's copy of this library (e.g.
#                  libcairo.so.2, libpixman-1.so.0; repeatable), to tell which library causes a
#                  difference
# Environment: SWIFT (the swift driver), PORTABILITY_DIR (instead of .build-portability).
# Needs root (debootstrap, chroot) and network access to the Debian mirror for the first run.

set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SWIFT=${SWIFT:-$(command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)}
DIR=${PORTABILITY_DIR:-$repo/.build-portability}
SUITE=trixie
MIRROR=http://deb.debian.org/debian
REV=""
REFRESH=0
HOST_LIBS=""
TOLERANCE=1
# What the binary needs besides the Swift runtime it carries: Cairo (pulls in pixman and libpng),
# FreeType, zlib, libdeflate, and the C/C++ runtime the Swift libraries link against (the pinned
# font is compiled into the binary).
PACKAGES=libcairo2,libfreetype6,zlib1g,libdeflate0,libwebp7,libwebpmux3,libwebpdemux2,libstdc++6,libgcc-s1
# Reported on both sides.
VERSIONED="libc6 libcairo2 libpixman-1-0 libfreetype6 libpng16-16 libpng16-16t64 zlib1g"

while [ $# -gt 0 ]; do
  case "$1" in
    --rev) REV=$2; shift 2 ;;
    --suite) SUITE=$2; shift 2 ;;
    --mirror) MIRROR=$2; shift 2 ;;
    --refresh) REFRESH=1; shift ;;
    --host-lib) HOST_LIBS="$HOST_LIBS $2"; shift 2 ;;
    -h | --help) sed -n '2,/^$/s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "golden-portability: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done

fail() { echo "golden-portability: error: $*" >&2; exit 1; }
started=$(date +%s)
phase_start=$started
phase() { # phase NAME: prints the previous phase's duration and starts timing the next
  local now; now=$(date +%s)
  [ -n "${phase_name:-}" ] && printf '   (%s: %ds)\n' "$phase_name" $((now - phase_start))
  phase_name=$1; phase_start=$now
  printf '\n== %s\n' "$1"
}

case "$SUITE" in '' | *[!a-z0-9-]*) fail "--suite: expected a Debian codename such as trixie, got '$SUITE'" ;; esac
[ "$(id -u)" = 0 ] || fail "run as root (debootstrap and chroot need it), e.g. sudo make portability"
[ -x "$SWIFT" ] || command -v "$SWIFT" >/dev/null || fail "swift not found (set SWIFT=)"
mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)
ROOT=$DIR/$SUITE
OUT=$DIR/out

# ---------------------------------------------------------------------------------------------
phase "tools"
if ! command -v debootstrap >/dev/null; then
  echo "installing debootstrap"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null \
    || fail "could not install debootstrap"
fi
PYTHON=python3
if ! python3 -c 'import PIL' 2>/dev/null; then
  if [ ! -x "$DIR/venv/bin/python" ] || ! "$DIR/venv/bin/python" -c 'import PIL' 2>/dev/null; then
    echo "installing Pillow into $DIR/venv"
    python3 -m venv "$DIR/venv" && "$DIR/venv/bin/python" -m pip install -q Pillow \
      || fail "could not install Pillow (python3 -m venv + pip)"
  fi
  PYTHON=$DIR/venv/bin/python
fi
echo "debootstrap $(dpkg-query -W -f='${Version}' debootstrap 2>/dev/null || echo '?'), $("$PYTHON" -c 'import sys, PIL; print("Python", sys.version.split()[0], "Pillow", PIL.__version__)')"

# ---------------------------------------------------------------------------------------------
phase "Debian $SUITE root ($ROOT)"
stamp="suite=$SUITE packages=$PACKAGES"
if [ "$REFRESH" = 1 ] || [ "$(cat "$ROOT/.barframes-root" 2>/dev/null)" != "$stamp" ]; then
  for root in "$ROOT" "$ROOT.tmp"; do  # never delete through a mount left by an interrupted run
    if [ -d "$root/proc" ] && mountpoint -q "$root/proc"; then umount "$root/proc" || fail "$root/proc is mounted"; fi
    rm -rf --one-file-system "$root"
  done
  echo "debootstrap --variant=minbase --include=$PACKAGES $SUITE (a few minutes; log: $DIR/debootstrap.log)"
  debootstrap --variant=minbase --include="$PACKAGES" "$SUITE" "$ROOT.tmp" "$MIRROR" >"$DIR/debootstrap.log" 2>&1 \
    || { tail -20 "$DIR/debootstrap.log" >&2; fail "debootstrap failed (log: $DIR/debootstrap.log)"; }
  echo "$stamp" >"$ROOT.tmp/.barframes-root"
  mv "$ROOT.tmp" "$ROOT"
else
  echo "reusing the root (--refresh to re-create it)"
fi
echo "Debian $(cat "$ROOT/etc/debian_version") in the root, Debian $(cat /etc/debian_version) on the host"

# Runs a command inside the root. It needs /proc: without it the Swift runtime sees no
# command-line arguments and libdispatch can trap (barframes works around both,
# the toolchain does not). /proc is mounted in a private mount namespace when possible (the mount
# disappears with the command, so nothing stays mounted after an interruption), else once,
# unmounted on exit.
if unshare --mount --fork true 2>/dev/null; then
  in_root() { unshare --mount --fork -- sh -c 'mount -t proc proc "$0/proc" && exec chroot "$0" "$@"' "$ROOT" "$@"; }
else
  mountpoint -q "$ROOT/proc" || { mount -t proc proc "$ROOT/proc" && trap 'umount "$ROOT/proc"' EXIT; } \
    || fail "could not mount /proc in the root"
  in_root() { chroot "$ROOT" "$@"; }
fi
# The same clean environment on both sides (no BARFRAMES_* variable, same locale).
clean_env=(env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root LC_ALL=C.UTF-8)

# ---------------------------------------------------------------------------------------------
if [ -n "$REV" ]; then
  sha=$(git -C "$repo" rev-parse --verify "$REV^{commit}") || fail "no commit '$REV'"
  src=$DIR/src
  if [ "$(cat "$src/.barframes-rev" 2>/dev/null)" != "$sha" ]; then
    rm -rf "$src" && mkdir -p "$src"
    git -C "$repo" archive "$sha" | tar -x -C "$src"
    [ -f "$repo/Package.resolved" ] && cp "$repo/Package.resolved" "$src/"
    echo "$sha" >"$src/.barframes-rev"
  fi
  scratch=$DIR/build-rev
  what="commit $(git -C "$repo" rev-parse --short "$sha")"
else
  src=$repo
  scratch=$DIR/build
  what="the working tree at $(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo '?')"
  if [ -n "$(git -C "$repo" status --porcelain -- Sources Package.swift Examples Styles 2>/dev/null)" ]; then
    what="$what + uncommitted changes"
  fi
fi
phase "build (release, $what)"
if ! "$SWIFT" build -c release --product barframes --package-path "$src" --scratch-path "$scratch" >"$DIR/build.log" 2>&1; then
  grep -E 'error:' "$DIR/build.log" | sort -u | head -20 >&2 || true
  fail "swift build failed (log: $DIR/build.log)"
fi
tail -1 "$DIR/build.log"
bin="$("$SWIFT" build -c release --package-path "$src" --scratch-path "$scratch" --show-bin-path)/barframes"
[ -x "$bin" ] || fail "no binary at $bin"

# ---------------------------------------------------------------------------------------------
phase "stage the binary and its Swift runtime in the root"
toolchain=$(cd "$(dirname "$(readlink -f "$(command -v "$SWIFT")")")/.." && pwd)
stage=$ROOT/opt/barframes
rm -rf "$stage" && mkdir -p "$stage/bin" "$stage/lib"
cp "$bin" "$stage/bin/barframes"
host_ldd=$(ldd "$bin")
if grep -q 'not found' <<<"$host_ldd"; then echo "$host_ldd" >&2; fail "the host binary has unresolved libraries"; fi
swift_libs=$(awk -v t="$toolchain/" '$2 == "=>" && index($3, t) == 1 { print $3 }' <<<"$host_ldd")
[ -n "$swift_libs" ] || fail "ldd found no library under $toolchain; is $bin a Swift binary?"
for lib in $swift_libs; do cp -L "$lib" "$stage/lib/"; done
for so in $HOST_LIBS; do
  path=$(awk -v n="$so" '$1 == n && $2 == "=>" { print $3 }' <<<"$host_ldd")
  [ -n "$path" ] || fail "--host-lib $so: the binary does not load $so on the host"
  cp -L "$path" "$stage/lib/" && echo "EXPERIMENT: the root side uses the host's $so ($path)"
done
echo "copied $(wc -w <<<"$swift_libs") Swift runtime libraries from $toolchain:" $(for l in $swift_libs; do basename "$l"; done)
root_ldd=$(in_root env LD_LIBRARY_PATH=/opt/barframes/lib LD_TRACE_LOADED_OBJECTS=1 /opt/barframes/bin/barframes)
if grep -q 'not found' <<<"$root_ldd"; then echo "$root_ldd" >&2; fail "libraries missing in the root: add their packages to PACKAGES"; fi
for name in libcairo libpixman libfreetype libpng libz.so; do
  printf '  %-12s host: %-48s root: %s\n' "$name" \
    "$(awk -v n="$name" 'index($1, n) == 1 { print $3; exit }' <<<"$host_ldd")" \
    "$(awk -v n="$name" 'index($1, n) == 1 { print $3; exit }' <<<"$root_ldd")"
done
cmp -s "$bin" "$stage/bin/barframes" && echo "the root runs the same file (sha256 $(sha256sum "$bin" | cut -c1-16)…)"

# Identical inputs on both sides, run from identical relative paths.
host_work=$DIR/work-host
root_work=$ROOT/work
for work in "$host_work" "$root_work"; do
  rm -rf "$work" && mkdir -p "$work"
  cp -r "$src/Examples" "$src/Styles" "$work/"
  mkdir -p "$work/committed" && cp -r "$src/Tests/Goldens" "$work/committed/"
done
rm -rf "$OUT" && mkdir -p "$OUT"
on_host() { (cd "$host_work" && "${clean_env[@]}" BARFRAMES_ARTIFACTS="$host_work/artifacts" "$bin" "$@"); }
on_root() { in_root "${clean_env[@]}" BARFRAMES_ARTIFACTS=/work/artifacts LD_LIBRARY_PATH=/opt/barframes/lib sh -c 'cd /work && exec /opt/barframes/bin/barframes "$@"' barframes "$@"; }
scenes=$(cd "$host_work" && ls Examples/*.json)

# ---------------------------------------------------------------------------------------------
phase "record the example goldens on the host and in $SUITE"
# shellcheck disable=SC2086
on_host golden record $scenes --golden goldens >"$OUT/record-host.log" 2>&1 || { cat "$OUT/record-host.log" >&2; fail "golden record failed on the host"; }
# shellcheck disable=SC2086
on_root golden record $scenes --golden goldens >"$OUT/record-$SUITE.log" 2>&1 || { cat "$OUT/record-$SUITE.log" >&2; fail "golden record failed in $SUITE"; }
echo "host: $(find "$host_work/goldens" -name '*.png' | wc -l) PNGs, $SUITE: $(find "$root_work/goldens" -name '*.png' | wc -l) PNGs"

phase "render the SVG previews on the host and in $SUITE"
on_host render Examples -o svg --format svg,animated-svg --quiet >"$OUT/svg-host.log" 2>&1 || { cat "$OUT/svg-host.log" >&2; fail "render --format svg,animated-svg failed on the host"; }
on_root render Examples -o svg --format svg,animated-svg --quiet >"$OUT/svg-$SUITE.log" 2>&1 || { cat "$OUT/svg-$SUITE.log" >&2; fail "render --format svg,animated-svg failed in $SUITE"; }
echo "host: $(find "$host_work/svg" -name '*.svg' | wc -l) SVGs, $SUITE: $(find "$root_work/svg" -name '*.svg' | wc -l) SVGs"

# ---------------------------------------------------------------------------------------------
phase "compare"
cp -r "$host_work/goldens" "$OUT/goldens-host"
cp -r "$root_work/goldens" "$OUT/goldens-$SUITE"
cp -r "$host_work/svg" "$OUT/svg-host"
cp -r "$root_work/svg" "$OUT/svg-$SUITE"

echo "-- PNG goldens, pixel by pixel (scripts/golden_compare.py, Pillow)"
set +e
"$PYTHON" "$repo/scripts/golden_compare.py" "$OUT/goldens-host" "$OUT/goldens-$SUITE" \
  --tolerance "$TOLERANCE" --diff-dir "$OUT/diff" | tee "$OUT/compare.txt"
png_rc=${PIPESTATUS[0]}
set -e
png_line=$(grep '^PNG:' "$OUT/compare.txt" || echo "PNG: the comparison did not run")

echo "-- the host's goldens verified by barframes in $SUITE (--tolerance $TOLERANCE --max-ratio 0)"
cp -r "$host_work/goldens" "$root_work/host-goldens"
set +e
# shellcheck disable=SC2086
on_root golden verify $scenes --golden host-goldens --tolerance "$TOLERANCE" --max-ratio 0 \
  --report verify-report >"$OUT/verify-$SUITE.log" 2>&1
verify_rc=$?
set -e
tail -5 "$OUT/verify-$SUITE.log" | sed 's/^/   /'
[ -d "$root_work/verify-report" ] && cp -r "$root_work/verify-report" "$OUT/verify-report"

echo "-- SVG previews, byte for byte"
svg_total=0; svg_same=0; svg_rc=0
: >"$OUT/svg-diff.txt"
while IFS= read -r name; do
  svg_total=$((svg_total + 1))
  if [ -f "$OUT/svg-$SUITE/$name" ] && cmp -s "$OUT/svg-host/$name" "$OUT/svg-$SUITE/$name"; then
    svg_same=$((svg_same + 1))
  else
    svg_rc=1
    diff -u "$OUT/svg-host/$name" "$OUT/svg-$SUITE/$name" >>"$OUT/svg-diff.txt" 2>&1 || true
  fi
done < <(cd "$OUT/svg-host" && find . -name '*.svg' | sed 's|^\./||' | sort)
diff -rq "$OUT/svg-host" "$OUT/svg-$SUITE" >"$OUT/svg-diff-files.txt" 2>&1 || svg_rc=1
[ "$svg_total" -gt 0 ] || svg_rc=1
echo "   $svg_same of $svg_total SVG files byte-identical$( [ "$svg_rc" != 0 ] && echo "; differences: $OUT/svg-diff.txt ($(wc -l <"$OUT/svg-diff-files.txt") files listed in svg-diff-files.txt)")"

echo "-- for information: the committed goldens (Tests/Goldens) at --tolerance $TOLERANCE --max-ratio 0"
set +e
# shellcheck disable=SC2086
on_host golden verify $scenes --golden committed/Goldens --tolerance "$TOLERANCE" --max-ratio 0 >"$OUT/committed-host.log" 2>&1
committed_host=$?
# shellcheck disable=SC2086
on_root golden verify $scenes --golden committed/Goldens --tolerance "$TOLERANCE" --max-ratio 0 >"$OUT/committed-$SUITE.log" 2>&1
committed_root=$?
set -e
verdict() { case $1 in 0) echo "all match" ;; 2) echo "$(grep -c '^MISMATCH' "$2") frames MISMATCH (not re-recorded since the renderer changed? $2)" ;; *) echo "ERROR (exit $1; $2)" ;; esac; }
echo "   host: $(verdict $committed_host "$OUT/committed-host.log")"
echo "   $SUITE: $(verdict $committed_root "$OUT/committed-$SUITE.log")"

# ---------------------------------------------------------------------------------------------
phase "versions"
versions() { awk 'NF == 2' | awk '{ printf "%s %s, ", $1, $2 }' | sed 's/, $//; s/:amd64//g'; }
host_versions=$(dpkg-query -W -f='${Package} ${Version}\n' $VERSIONED 2>/dev/null | versions || true)
root_versions=$(chroot "$ROOT" dpkg-query -W -f='${Package} ${Version}\n' $VERSIONED 2>/dev/null | versions || true)
echo "host ($(. /etc/os-release; echo "$PRETTY_NAME")): $host_versions"
echo "$SUITE ($(. "$ROOT/etc/os-release"; echo "$PRETTY_NAME")): $root_versions"

# ---------------------------------------------------------------------------------------------
phase_name_last=$phase_name
now=$(date +%s); printf '   (%s: %ds)\n' "$phase_name_last" $((now - phase_start))
verify_text=$(case $verify_rc in 0) echo "pass" ;; 2) echo "FAIL (mismatch, see $OUT/verify-$SUITE.log)" ;; *) echo "ERROR (exit $verify_rc, see $OUT/verify-$SUITE.log)" ;; esac)
{
  echo
  echo "== summary ($(date -u +%Y-%m-%dT%H:%MZ), $what, $((now - started)) s)"
  echo "host Debian $(cat /etc/debian_version) vs $SUITE Debian $(cat "$ROOT/etc/debian_version"), the same binary$( [ -n "$HOST_LIBS" ] && echo "; EXPERIMENT: $SUITE side with the host's$HOST_LIBS")"
  echo "$png_line"
  echo "golden verify in $SUITE against the host's goldens (±$TOLERANCE, ratio 0): $verify_text ($(tail -1 "$OUT/verify-$SUITE.log"))"
  echo "SVG: $svg_same of $svg_total files byte-identical: $( [ "$svg_rc" = 0 ] && echo yes || echo NO)"
  echo "results: $OUT"
} | tee "$OUT/summary.txt"

note=""; [ -n "$HOST_LIBS" ] && note=" (EXPERIMENT with the host's$HOST_LIBS: not a portability result)"
if [ "$png_rc" = 0 ] && [ "$verify_rc" = 0 ] && [ "$svg_rc" = 0 ]; then
  echo "PORTABLE$note"
  exit 0
fi
echo "NOT PORTABLE$note" >&2
exit 1
