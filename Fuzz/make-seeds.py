#!/usr/bin/env python3
"""Writes the seed corpus under Fuzz/Corpus/ from the repository's own files.

    python3 Fuzz/make-seeds.py

- json:  every JSON file in Examples/, Styles/, Styles/schema/ and docs/probes/.
- scene: every example scene as it is (its style by path, resolved from Examples/), and once
         more with its style inlined, so mutations reach the style's parameters.
- probe: docs/probes/*.json, and one probe of each animation type and layer event.
- icon:  Styles/video-player-icon.png, and small PNGs of every colour type and bit depth,
         interlaced and not, with and without palette transparency.
- png-decoder: the same PNGs but the interlaced ones (our decoder refuses those by design),
         and colour keys at 8 and 16 bits.
- webp, deflate, gif, png-encoder: small inputs in each round-trip target's own layout (see its
         Sources/BarFramesFuzzing/*Fuzzing.swift): flat colours, runs, gradients, transparency.

Names say where a seed comes from; `make fuzz` never writes here (new inputs go to
.build-fuzz/corpus/), and `make fuzz-merge` adds only inputs that reach new code.
"""
import json
import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "Fuzz" / "Corpus"


def write(target, name, data):
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data if isinstance(data, bytes) else data.encode())


def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def json_seeds():
    for folder in ["Examples", "Styles", "Styles/schema", "docs/probes"]:
        for path in sorted((ROOT / folder).glob("*.json")):
            write("json", folder.replace("/", "-") + "-" + path.name, path.read_bytes())


def scene_seeds():
    for path in sorted((ROOT / "Examples").glob("*.json")):
        write("scene", path.name, path.read_bytes())
        scene = json.loads(path.read_text())
        if not isinstance(scene.get("style"), str):
            continue
        style_path = (path.parent / scene["style"]).resolve()
        style = json.loads(style_path.read_text())
        icon = style.get("progressBarIconImage")
        if icon:
            # Relative to the scene's folder once inlined.
            style["progressBarIconImage"] = "../" + str((style_path.parent / icon).resolve().relative_to(ROOT))
        scene["style"] = style
        write("scene", "inline-" + path.name, compact(scene))


def probe_seeds():
    for path in sorted((ROOT / "docs/probes").glob("*.json")):
        write("probe", path.name, path.read_bytes())
    probes = {
        "basic-speed-offset": {
            "layers": [{"speed": 2, "timeOffset": 0.5, "beginTime": 0.25}],
            "modelValue": 1,
            "animation": {"type": "basic", "byValue": 3, "duration": 1, "repeatCount": 2.5, "autoreverses": True,
                          "fillMode": "both", "timingFunction": [0.25, 0.1, 0.25, 1], "additive": True},
            "times": [0, 0.3, 1.2, 2.8, 6],
        },
        "keyframe-point-paced": {
            "animation": {"type": "keyframe", "values": [[0, 0], [10, 5], [20, 0]], "keyTimes": [0, 0.4, 1],
                          "calculationMode": "paced", "duration": 2, "repeatDuration": 3, "cumulative": True,
                          "timingFunctions": ["easeIn", "easeOut"]},
            "times": [0, 0.5, 1, 1.5, 2.5, 3.5],
        },
        "keyframe-path-rotate": {
            "animation": {"type": "keyframe", "path": "M0 0 L10 0 Q20 0 20 10 C20 20 0 20 0 10 Z",
                          "rotationMode": "autoReverse", "calculationMode": "discrete", "duration": 1},
            "times": [0, 0.25, 0.5, 0.75, 1],
        },
        "group-color": {
            "modelValue": [0, 0, 0, 1],
            "animation": {"type": "group", "duration": 2, "speed": 0.5, "beginTime": 0.5, "fillMode": "backwards",
                          "removedOnCompletion": False,
                          "animations": [{"fromValue": [1, 0, 0, 1], "toValue": [0, 0, 1, 1], "duration": 1},
                                         {"type": "keyframe", "values": [[0, 1, 0, 1], [1, 1, 1, 0]],
                                          "beginTime": 1, "duration": 0.5, "timingFunction": "easeInEaseOut"}]},
            "times": [0, 1, 2, 3, 4, 5],
        },
        "layer-events": {
            "layers": [{"events": [{"at": 0.5, "action": "pause"}, {"at": 1, "action": "resume"},
                                   {"at": 1.5, "action": "set", "speed": -1, "timeOffset": 2, "beginTime": 1.5}]},
                       {"speed": 3, "events": [{"at": 2, "action": "set", "speed": 0}]}],
            "animation": {"fromValue": 0, "toValue": 1, "duration": 4},
            "addedAt": 0.2,
            "times": [0, 0.5, 0.75, 1.25, 1.75, 2.5, 3],
        },
    }
    for name, probe in probes.items():
        write("probe", name + ".json", compact({"version": 1, "probes": [dict({"id": name}, **probe)]}))


def chunk(kind, data):
    body = kind.encode() + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def png(width, height, color_type, depth, interlaced=False, palette=None, trns=None):
    """A PNG whose samples are a gradient, each row with a different filter type."""
    channels = CHANNELS[color_type]
    maximum = (1 << depth) - 1 if color_type != 3 else min((1 << depth), len(palette) // 3) - 1

    def sample(x, y, c):
        return (x * 7 + y * 13 + c * 29) % (maximum + 1)

    bpp = max(1, channels * depth // 8)

    def paeth(a, b, c):
        p = a + b - c
        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
        return a if pa <= pb and pa <= pc else b if pb <= pc else c

    def filtered(kind, line, previous):
        out = bytearray()
        for i, v in enumerate(line):
            a = line[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
            out.append((v - predictor) % 256)
        return bytes([kind]) + bytes(out)

    def rows(xs, ys):
        raw = b""
        previous = None
        for n, y in enumerate(ys):
            bits = []
            for x in xs:
                for c in range(channels):
                    bits.append(sample(x, y, c))
            if depth < 8:
                line = 0
                for value in bits:
                    line = line << depth | value
                pad = (-len(bits) * depth) % 8
                line <<= pad
                data = line.to_bytes((len(bits) * depth + pad) // 8, "big")
            else:
                data = b"".join(v.to_bytes(depth // 8, "big") for v in bits)
            # Every row a different filter type (0 none, 1 sub, 2 up, 3 average, 4 Paeth).
            raw += filtered(n % 5, data, previous or bytes(len(data)))
            previous = data
        return raw

    if interlaced:
        raw = b""
        for x0, y0, dx, dy in ADAM7:
            xs, ys = list(range(x0, width, dx)), list(range(y0, height, dy))
            if xs and ys:
                raw += rows(xs, ys)
    else:
        raw = rows(range(width), range(height))
    out = b"\x89PNG\r\n\x1a\n" + chunk("IHDR", struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, int(interlaced)))
    out += chunk("tEXt", b"Comment\x00BarFrames fuzz seed")
    if palette:
        out += chunk("PLTE", palette)
    if trns:
        out += chunk("tRNS", trns)
    compressed = zlib.compress(raw, 9)
    # Two IDAT chunks, as encoders that stream write them.
    out += chunk("IDAT", compressed[: len(compressed) // 2]) + chunk("IDAT", compressed[len(compressed) // 2:])
    return out + chunk("IEND", b"")


def png_decoder_seeds():
    for path in sorted((CORPUS / "icon").glob("*.png")):
        if not path.name.startswith("interlaced"):
            write("png-decoder", path.name, path.read_bytes())
    write("png-decoder", "gray8-trns.png", png(6, 4, 0, 8, trns=bytes([0, 13])))
    write("png-decoder", "gray16-trns.png", png(3, 3, 0, 16, trns=bytes([0, 0])))
    write("png-decoder", "rgb16-trns.png", png(3, 2, 2, 16, trns=bytes([0, 0, 0, 29, 0, 58])))


def round_trip_seeds():
    gradient = bytes((x * 9 + y * 31 + c * 70) % 256 for y in range(12) for x in range(10) for c in range(4))
    # webp: width - 1, height - 1, mode (bit 0: palette of mode >> 1 + 1 colours), pixels, rectangle.
    write("webp", "raw-gradient", bytes([9, 11, 0]) + gradient)
    write("webp", "raw-gradient-inner-rect", bytes([9, 11, 0]) + gradient + bytes([3, 2, 1, 4]))
    write("webp", "two-colours", bytes([15, 7, 3]) + bytes([255, 0, 0, 255, 0, 0, 0, 0]) + bytes(i // 5 % 2 for i in range(128)))
    write("webp", "palette-16", bytes([20, 20, 31]) + bytes(range(64)) + bytes((i * 7) % 16 for i in range(441)))
    write("webp", "transparent-colours", bytes([4, 4, 0]) + bytes([i % 251 if i % 4 != 3 else 0 for i in range(100)]))
    # deflate: mode (bit 0: run pairs; bits 1-3: cuts; bit 4: repeated past 32 KiB), cut places, data.
    write("deflate", "text", bytes([0]) + (ROOT / "Fuzz/README.md").read_bytes()[:1500])
    write("deflate", "text-cut", bytes([6, 40, 200, 201]) + (ROOT / "Fuzz/README.md").read_bytes()[:700])
    write("deflate", "runs", bytes([1]) + bytes([0, 255, 7, 16, 0, 15, 200, 1, 200, 0]))
    write("deflate", "runs-cut", bytes([5, 128, 30]) + bytes([9, 17, 9, 200, 10, 1, 11, 2, 11, 255]))
    write("deflate", "text-repeated-cut", bytes([0x14, 100, 180]) + (ROOT / "Fuzz/README.md").read_bytes()[200:900])
    write("deflate", "rows", bytes([0]) + bytes([1] + [0] * 40 + [2] + [3, 4, 5] * 13 + [1] + [255] * 39))
    # gif: width - 1, height - 1, mode (bits 0-5: palette size - 1; bit 6: raw; bit 7: differences),
    # palette, then frames: delay, rectangle (after the first), pixels.
    palette = bytes([255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 0, 0, 250, 250, 250, 200])
    first = bytes(i % 4 for i in range(48))
    write("gif", "bar", bytes([11, 3, 3]) + palette + bytes([10]) + first + bytes([4, 0, 0, 3, 3]) + bytes([1] * 16)
          + bytes([4, 4, 0, 3, 3]) + bytes([2] * 16) + bytes([0, 0, 0, 11, 0]) + bytes([3] * 12))
    write("gif", "with-differences", bytes([11, 3, 131]) + palette + bytes([7]) + first + bytes([3, 2, 1, 5, 2]) + bytes([0] * 18))
    write("gif", "raw-gradient", bytes([9, 5, 64, 5]) + gradient[:240] + bytes([9, 0, 0, 9, 5]) + gradient[240:480])
    write("gif", "one-frame", bytes([0, 0, 0, 0, 0, 0, 255, 100, 0]))
    # 256 colours in one frame: more than the table holds, so the writer quantizes.
    noise = bytes(v for i in range(256) for v in ((i * 37) % 256, (i * 91) % 256, (i * 13 + 7) % 256, 255))
    write("gif", "quantized", bytes([15, 15, 64, 4]) + noise + bytes([4, 2, 2, 5, 5]) + noise[:100])
    # png-encoder: width - 1, height - 1, mode (bits 0-1 preset, 2-3 colour type, 4 opaque, 5 raw,
    # 6-7 palette size), pixels, band heights.
    write("png-encoder", "raw-gradient-fast", bytes([9, 11, 0x20]) + gradient)
    write("png-encoder", "raw-gradient-small-rgba", bytes([9, 11, 0x2A]) + gradient + bytes([2, 5]))
    write("png-encoder", "opaque-rgb-balanced", bytes([9, 11, 0x35]) + gradient + bytes([0, 1, 2]))
    write("png-encoder", "palette-fast", bytes([30, 5, 0x40]) + bytes(range(20)) + bytes(i // 3 % 5 for i in range(186)))
    write("png-encoder", "palette-opaque-small", bytes([15, 15, 0x92]) + bytes(range(68)) + bytes(i % 17 for i in range(256)))


def icon_seeds():
    write("icon", "video-player-icon.png", (ROOT / "Styles/video-player-icon.png").read_bytes())
    palette = bytes(range(0, 48))  # 16 entries
    seeds = {
        "gray1": (9, 5, 0, 1), "gray2": (7, 3, 0, 2), "gray4": (5, 5, 0, 4), "gray8": (6, 4, 0, 8), "gray16": (3, 3, 0, 16),
        "rgb8": (5, 4, 2, 8), "rgb16": (3, 2, 2, 16), "gray-alpha8": (4, 4, 4, 8), "gray-alpha16": (2, 3, 4, 16),
        "rgba8": (6, 6, 6, 8), "rgba16": (2, 2, 6, 16),
    }
    for name, (w, h, color_type, depth) in seeds.items():
        write("icon", name + ".png", png(w, h, color_type, depth))
    write("icon", "indexed4-trns.png", png(7, 5, 3, 4, palette=palette, trns=bytes([0, 128, 255])))
    write("icon", "indexed8.png", png(5, 5, 3, 8, palette=palette))
    write("icon", "indexed1.png", png(11, 3, 3, 1, palette=palette[:6]))
    write("icon", "rgb8-trns.png", png(4, 4, 2, 8, trns=bytes([0, 7, 0, 13, 0, 29])))
    write("icon", "interlaced-rgba8.png", png(9, 9, 6, 8, interlaced=True))
    write("icon", "interlaced-gray2.png", png(10, 3, 0, 2, interlaced=True))
    write("icon", "interlaced-1x1.png", png(1, 1, 2, 8, interlaced=True))


if __name__ == "__main__":
    json_seeds()
    scene_seeds()
    probe_seeds()
    icon_seeds()
    png_decoder_seeds()
    round_trip_seeds()
