#!/usr/bin/env python3
"""Compare two folders of PNG goldens pixel by pixel, independently of BarFrames' own decoder.

    golden_compare.py HOST_DIR OTHER_DIR [--tolerance 1] [--diff-dir DIR]

Both folders must hold the same relative PNG paths. Each pair is decoded with Pillow and compared
as RGBA: a pixel "differs" when any channel differs at all, and is "beyond tolerance" when a
channel differs by more than --tolerance. Prints one line per file that is not byte-identical
and a summary; writes an amplified difference image (each channel's |Δ| × 64, on black) of every
file whose pixels differ to --diff-dir. Exits 0 when the file lists match, every pair has the same
size and mode and no pixel is beyond tolerance; 1 otherwise.
"""

import argparse
import os
import sys

try:
    from PIL import Image, ImageChops
except ImportError:  # the caller installs Pillow first; say so if it did not
    sys.exit("golden_compare.py: Pillow is required (python3 -m pip install Pillow)")


def pngs(root):
    found = set()
    for folder, _, files in os.walk(root):
        for name in files:
            if name.endswith(".png"):
                found.add(os.path.relpath(os.path.join(folder, name), root))
    return found


def compare(a_path, b_path):
    """Returns (problem, max_delta, differing_pixels, beyond, total_pixels, diff_image, where)."""
    a, b = Image.open(a_path), Image.open(b_path)
    if a.size != b.size or a.mode != b.mode:
        return (f"size/mode {a.size} {a.mode} vs {b.size} {b.mode}", 255, 0, 0, 0, None, [])
    a, b = a.convert("RGBA"), b.convert("RGBA")
    diff = ImageChops.difference(a, b)
    bands = diff.split()
    max_delta = max(band.getextrema()[1] for band in bands)
    # Per pixel, the largest channel difference.
    per_pixel = bands[0]
    for band in bands[1:]:
        per_pixel = ImageChops.lighter(per_pixel, band)
    histogram = per_pixel.histogram()
    total = a.size[0] * a.size[1]
    differing = total - histogram[0]
    where = []
    if differing:
        width = a.size[0]
        data = per_pixel.tobytes()
        for index, value in enumerate(data):
            if value:
                x, y = index % width, index // width
                where.append((x, y, value, a.getpixel((x, y)), b.getpixel((x, y))))
                if len(where) == 8:
                    break
    return (None, max_delta, differing, histogram, total, diff if differing else None, where)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("host")
    parser.add_argument("other")
    parser.add_argument("--tolerance", type=int, default=1)
    parser.add_argument("--diff-dir")
    args = parser.parse_args()

    host, other = pngs(args.host), pngs(args.other)
    ok = True
    for name in sorted(host - other):
        print(f"  only in {args.host}: {name}")
        ok = False
    for name in sorted(other - host):
        print(f"  only in {args.other}: {name}")
        ok = False
    if not host and not other:
        print("  no PNG files to compare")
        ok = False

    compared = byte_identical = pixel_identical = within = 0
    overall_max = 0
    total_differing = total_beyond = 0
    for name in sorted(host & other):
        a_path, b_path = os.path.join(args.host, name), os.path.join(args.other, name)
        compared += 1
        with open(a_path, "rb") as fa, open(b_path, "rb") as fb:
            if fa.read() == fb.read():
                byte_identical += 1
                pixel_identical += 1
                continue
        problem, max_delta, differing, histogram, total, diff, where = compare(a_path, b_path)
        if problem:
            print(f"  {name}: {problem}")
            ok = False
            overall_max = 255
            continue
        overall_max = max(overall_max, max_delta)
        total_differing += differing
        beyond = sum(histogram[args.tolerance + 1 :]) if differing else 0
        total_beyond += beyond
        if differing == 0:
            pixel_identical += 1
            print(f"  {name}: same pixels, different PNG bytes")
            continue
        if beyond == 0:
            within += 1
        else:
            ok = False
        shown = ", ".join(
            f"({x},{y}) Δ{value} {tuple(pa)}→{tuple(pb)}" for x, y, value, pa, pb in where[:4]
        )
        print(
            f"  {name}: max Δ {max_delta}, {differing} of {total} px differ, "
            f"{beyond} beyond ±{args.tolerance}; first: {shown}"
        )
        if args.diff_dir:
            target = os.path.join(args.diff_dir, name)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            amplified = diff.point(lambda v: min(255, v * 64))
            Image.merge("RGB", amplified.split()[:3]).save(target)
            alpha = amplified.split()[3]
            if alpha.getextrema()[1]:
                alpha.save(target[:-4] + "-alpha.png")

    print(
        f"PNG: {compared} files compared, {byte_identical} byte-identical, "
        f"{pixel_identical} pixel-identical, {within} within ±{args.tolerance}, "
        f"{compared - pixel_identical - within} beyond; max difference {overall_max} levels; "
        f"{total_differing} pixels differ, {total_beyond} beyond ±{args.tolerance}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
