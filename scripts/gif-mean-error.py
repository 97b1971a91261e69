#!/usr/bin/env python3
"""Mean absolute error per channel of a GIF against the PNG frames it was made from.

    scripts/gif-mean-error.py GIF PNG_DIR FPS

The GIF is decoded by ffmpeg and sampled at each PNG frame's time (frame i at i / FPS), so
merged and skipped frames count as what a viewer sees then. Only pixels opaque in the PNG
(alpha >= 128) count. Prints the error in levels (0-255). Needs ffmpeg, ffprobe, numpy, Pillow.
"""
import glob, json, subprocess, sys

import numpy as np
from PIL import Image

gif, png_dir, fps = sys.argv[1], sys.argv[2], float(sys.argv[3])
pngs = sorted(glob.glob(png_dir + "/*-[0-9]*.png"))
probe = subprocess.check_output(
    ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time", "-of", "json", gif])
starts = [float(p["pts_time"]) for p in json.loads(probe)["packets"]]
width, height = Image.open(pngs[0]).size
raw = subprocess.check_output(["ffmpeg", "-v", "error", "-i", gif, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
frames = np.frombuffer(raw, np.uint8).reshape(-1, height, width, 4)
assert len(frames) == len(starts), f"{len(frames)} decoded frames, {len(starts)} packets"
total, count, shown = 0, 0, 0
for i, path in enumerate(pngs):
    while shown + 1 < len(starts) and starts[shown + 1] <= i / fps + 1e-6:
        shown += 1
    source = np.asarray(Image.open(path).convert("RGBA")).astype(np.int32)
    opaque = source[..., 3] >= 128
    total += np.abs(source[..., :3] - frames[shown][..., :3].astype(np.int32))[opaque].sum()
    count += int(opaque.sum()) * 3
print("%.3f" % (total / max(count, 1)))
