#!/usr/bin/env python3
"""Our animated WebP's image data against libwebp's lossless encoder on the same rectangles.

For each frame (ANMF) of OUT/<scene>/<scene>@2x.webp, the rectangle it stores is cut from the
PNG frame it shows and encoded by libwebp through Pillow (lossless, exact colours under
transparency), at `cwebp -lossless -exact`'s defaults (quality 75, method 4: the yardstick,
which ours should stay within 1.1 × of on every frame) and at its slowest (quality 100,
method 6); the sums of the image chunks are compared, and the frame where ours is largest
against the defaults is named, with how many frames are over 1.1 × of the defaults.
WEBP_DUMP=DIR saves each scene's worst rectangle there as DIR/<scene>-worst.png (for
`cwebp -lossless -exact -v` and `webpinfo`).

    barframes render Examples/seek-bar.json -o OUT --format png,webp
    python3 scripts/webp-vs-libwebp.py OUT seek-bar
"""
import struct, io, sys, glob, json, os
from PIL import Image
def riff_chunks(b, start, end):
    i = start
    while i + 8 <= end:
        tag = b[i:i+4]; n, = struct.unpack('<I', b[i+4:i+8])
        yield tag, i + 8, n
        i += 8 + n + (n & 1)
for scene in sys.argv[2:]:
    d = sys.argv[1] + '/' + scene
    b = open(glob.glob(d + '/*.webp')[0], 'rb').read()
    man = json.load(open(sys.argv[1] + '/manifest.json'))
    fps = [s for s in man['scenes'] if s['name'] == scene][0]['fps']
    pngs = sorted(glob.glob(d + '/*.png'))
    ours = 0; theirs = {}; t = 0; worst = (0, None); over = 0; frames = 0; worst_crop = None
    for tag, off, n in riff_chunks(b, 12, len(b)):
        if tag != b'ANMF': continue
        x = (b[off] | b[off+1] << 8 | b[off+2] << 16) * 2; y = (b[off+3] | b[off+4] << 8 | b[off+5] << 16) * 2
        w = (b[off+6] | b[off+7] << 8 | b[off+8] << 16) + 1; h = (b[off+9] | b[off+10] << 8 | b[off+11] << 16) + 1
        dur = b[off+12] | b[off+13] << 8 | b[off+14] << 16
        frame = round(t * fps / 1000); t += dur
        size = sum(m + 8 + (m & 1) for tg, o, m in riff_chunks(b, off + 16, off + n))
        ours += size
        crop = Image.open(pngs[frame]).convert('RGBA').crop((x, y, x + w, y + h))
        for quality, method in ((75, 4), (100, 6)):
            buf = io.BytesIO(); crop.save(buf, 'WEBP', lossless=True, quality=quality, method=method, exact=True)
            v = buf.getvalue()
            image = sum(m + 8 + (m & 1) for tg, o, m in riff_chunks(v, 12, len(v)) if tg in (b'VP8L', b'ALPH', b'VP8 '))
            theirs[method] = theirs.get(method, 0) + image
            if method == 4:
                frames += 1; over += size / image > 1.1
            if method == 4 and size / image > worst[0]:
                worst = (size / image, 'frame %d (%d×%d): %d against %d' % (frame, w, h, size, image))
                worst_crop = crop
    print(scene, 'ours', ours,
          ' '.join('libwebp m%d %d (ours/theirs %.3f)' % (k, v, ours / v) for k, v in theirs.items()),
          '; largest against m4: %.3f, %s' % worst, '; %d of %d frames over 1.1' % (over, frames))
    if os.environ.get('WEBP_DUMP') and worst_crop is not None:
        worst_crop.save(os.path.join(os.environ['WEBP_DUMP'], scene + '-worst.png'))
