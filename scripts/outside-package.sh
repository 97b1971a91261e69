#!/usr/bin/env bash
# The "Adding your own design" check, from outside the repository: a new package in a temporary
# folder depends on this checkout by path, takes its design and its command-line tool verbatim
# from the DocC article (Sources/BarFrames/BarFrames.docc/AddingYourOwnDesign.md), and
#   1. builds, so every symbol the article uses is public and in a product (`package` symbols,
#      which an in-repository target could reach, are not);
#   2. renders a ring with its own `ring-barframes still` and `render`;
#   3. golden-tests it with BarFramesTesting: a run that records fails, the next passes, and a
#      changed style fails with reference, actual and diff images, which
#      `swift test --attachments-path DIR` writes to DIR as the test's attachments.
# Nothing in this checkout is written. Run by `make outside-package` and CI.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SWIFT="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/barframes-outside.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
PACKAGE="$WORK/RingPackage"
ARTICLE="$ROOT/Sources/BarFrames/BarFrames.docc/AddingYourOwnDesign.md"

fail() { echo "outside-package: FAIL: $*" >&2; exit 1; }
step() { echo "outside-package: $*"; }

mkdir -p "$PACKAGE/Sources/RingDesign" "$PACKAGE/Sources/ring-barframes" "$PACKAGE/Tests/RingDesignTests"

# The article's Swift blocks: the first is the design, the one importing BarFramesCLI the tool.
python3 - "$ARTICLE" "$PACKAGE" <<'PY'
import sys, pathlib
article, package = pathlib.Path(sys.argv[1]).read_text(), pathlib.Path(sys.argv[2])
blocks = [part.split("```", 1)[0] for part in article.split("```swift\n")[1:]]
tool = [b for b in blocks if b.startswith("import BarFramesCLI")]
test = [b for b in blocks if "import BarFramesTesting" in b]
if not blocks or len(tool) != 1 or len(test) != 1:
    sys.exit("outside-package: the article no longer has the design block, one `import BarFramesCLI` block "
             "and one golden test")
(package / "Sources/RingDesign/Ring.swift").write_text(blocks[0])
(package / "Sources/ring-barframes/main.swift").write_text(tool[0])
(package / "Tests/RingDesignTests/RingGoldenTests.swift").write_text(test[0])
PY

cat >"$PACKAGE/Package.swift" <<EOF
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "RingPackage",
  dependencies: [.package(name: "BarFrames", path: "$ROOT")],
  targets: [
    .target(name: "RingDesign", dependencies: [.product(name: "BarFrames", package: "BarFrames")]),
    .executableTarget(
      name: "ring-barframes",
      dependencies: ["RingDesign", .product(name: "BarFramesCLI", package: "BarFrames")]),
    .testTarget(
      name: "RingDesignTests",
      dependencies: ["RingDesign", .product(name: "BarFramesTesting", package: "BarFrames")],
      exclude: ["__Goldens__"]),
  ]
)
EOF

# A scene of the ring, for the tool and for the article's golden test (goldens in __Goldens__).
cat >"$PACKAGE/ring-style.json" <<'EOF'
{"version": 1, "design": "ring", "size": [80, 80], "lineWidth": 8, "progressColor": "#0000FF"}
EOF
cat >"$PACKAGE/ring.json" <<'EOF'
{"version": 1, "style": "ring-style.json", "duration": 2, "fps": 10,
 "events": [{"at": 0.5, "call": "setProgress", "args": {"value": 0.75}}]}
EOF
cd "$PACKAGE"
step "building a package that depends on $ROOT by path"
"$SWIFT" build --build-tests 2>&1 | tail -n 3 || fail "the package does not build"
TOOL="$("$SWIFT" build --show-bin-path)/ring-barframes"

step "ring-barframes still and render"
"$TOOL" still ring.json --at 1 -o ring.png || fail "still failed"
python3 - ring.png <<'PY' || fail "ring.png is not a 160 x 160 PNG (80 pt at the default @2x)"
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
w, h = struct.unpack(">II", data[16:24])
assert (w, h) == (160, 160), (w, h)
PY
"$TOOL" render ring.json -o frames --format png,apng --quiet || fail "render failed"
[ "$(find frames/ring -name 'ring-*.png' | wc -l)" = 21 ] || fail "render did not write 21 frames (2 s at 10 fps, both ends)"
[ -n "$(find frames/ring -name "ring*.apng" -size +0)" ] || fail "render wrote no APNG"

step "golden test: the recording run fails, the next passes"
# Recording is asked for explicitly: on CI (CI=true) a missing golden is not recorded by default.
if BARFRAMES_RECORD=missing CI= "$SWIFT" test --skip-build >record.log 2>&1; then
  cat record.log; fail "a run that records goldens passed"
fi
[ "$(find Tests/RingDesignTests/__Goldens__ -name '*.png' | wc -l)" = 3 ] || { cat record.log; fail "3 goldens were not recorded"; }
"$SWIFT" test --skip-build >verify.log 2>&1 || { cat verify.log; fail "the recorded goldens do not match"; }

step "golden test: a changed style fails with reference, actual and diff, attached to the test"
sed -i 's/#0000FF/#0000F0/' ring-style.json
mkdir attachments
if "$SWIFT" test --skip-build --attachments-path attachments >changed.log 2>&1; then
  cat changed.log; fail "a changed colour passed the golden test"
fi
grep -q "ring_t0.750" changed.log || { cat changed.log; fail "the failure does not name the frame"; }
grep -q "diff: .*diff.png" changed.log || { cat changed.log; fail "the failure does not point to a diff image"; }
for kind in reference actual diff; do
  file="attachments/ring_t0.750.$kind.png"
  [ "$(head -c 8 "$file" 2>/dev/null | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] \
    || { ls -la attachments; fail "swift test --attachments-path wrote no PNG $file"; }
done
step "ok"
