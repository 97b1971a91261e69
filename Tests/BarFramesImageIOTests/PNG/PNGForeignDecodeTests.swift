import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

/// Decoding PNGs written by other encoders: a tiny stdlib-only Python encoder (every filter,
/// colour type, bit depth, palette + tRNS), and Cairo's writer via `rsvg-convert`.
@Suite("PNG decoder on other encoders' files")
struct PNGForeignDecodeTests {
  /// Writes `<name>.png` and the expected straight RGBA8 pixels `<name>.rgba` for each fixture,
  /// and lists `name width height` lines in `manifest.txt`.
  static let fixtureScript = #"""
    import os, struct, sys, zlib
    out = sys.argv[1]
    manifest = []

    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)

    def paeth(a, b, c):
        p = a + b - c
        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
        return a if pa <= pb and pa <= pc else (b if pb <= pc else c)

    def filt(kind, row, prev, bpp):
        out = bytearray()
        for i, x in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            pred = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
            out.append((x - pred) & 0xff)
        return bytes([kind]) + bytes(out)

    def pack(samples, depth):
        if depth == 8: return bytes(samples)
        if depth == 16: return b''.join(struct.pack('>H', s) for s in samples)
        out, acc, n = bytearray(), 0, 0
        for s in samples:
            acc = (acc << depth) | s; n += depth
            if n == 8: out.append(acc); acc, n = 0, 0
        if n: out.append(acc << (8 - n))
        return bytes(out)

    def write(name, w, h, ctype, depth, rows, rgba, filters, extra=b'', split=1, interlace=0):
        channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ctype]
        bpp = max(1, channels * depth // 8)
        raw, prev = b'', None
        for y, samples in enumerate(rows):
            row = pack(samples, depth)
            prev = prev or bytes(len(row))
            raw += filt(filters(y), row, prev, bpp)
            prev = row
        z = zlib.compress(raw, 9)
        parts = [z[i * len(z) // split:(i + 1) * len(z) // split] for i in range(split)]
        data = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, depth, ctype, 0, 0, interlace))
        data += extra + b''.join(chunk(b'IDAT', p) for p in parts) + chunk(b'IEND', b'')
        open(os.path.join(out, name + '.png'), 'wb').write(data)
        open(os.path.join(out, name + '.rgba'), 'wb').write(bytes(rgba))
        manifest.append('%s %d %d' % (name, w, h))

    W, H = 13, 7
    def color(x, y): return ((x * 37 + y * 11) % 256, (x * 5 + y * 71) % 256, (x * y * 13 + 7) % 256, (x * 19 + y * 23) % 256)
    pix = [[color(x, y) for x in range(W)] for y in range(H)]
    for f in range(5):
        write('rgb8-filter%d' % f, W, H, 2, 8, [sum(([r, g, b] for r, g, b, a in row), []) for row in pix],
              [v for row in pix for r, g, b, a in row for v in (r, g, b, 255)], lambda y, f=f: f)
        write('rgba8-filter%d' % f, W, H, 6, 8, [sum((list(p) for p in row), []) for row in pix],
              [v for row in pix for p in row for v in p], lambda y, f=f: f)
    write('rgba8-mixed-split', W, H, 6, 8, [sum((list(p) for p in row), []) for row in pix],
          [v for row in pix for p in row for v in p], lambda y: (y * 3) % 5, split=3)
    write('gray8', W, H, 0, 8, [[p[0] for p in row] for row in pix],
          [v for row in pix for p in row for v in (p[0], p[0], p[0], 255)], lambda y: y % 5)
    write('gray-alpha8', W, H, 4, 8, [sum(([p[0], p[3]] for p in row), []) for row in pix],
          [v for row in pix for p in row for v in (p[0], p[0], p[0], p[3])], lambda y: 4 - y % 5)
    for depth in (1, 2, 4):
        m = (1 << depth) - 1
        rows = [[(x + y) % (m + 1) for x in range(W)] for y in range(H)]
        write('gray%d' % depth, W, H, 0, depth, rows,
              [v for row in rows for s in row for v in (s * 255 // m,) * 3 + (255,)], lambda y: y % 5)
    rows16 = [[(p[0] << 8 | p[1]) for p in row] for row in pix]
    write('gray16-trns', W, H, 0, 16, rows16,
          [v for row in rows16 for s in row for v in (s >> 8,) * 3 + (0 if s == rows16[1][2] else 255,)],
          lambda y: y % 5, extra=chunk(b'tRNS', struct.pack('>H', rows16[1][2])))
    write('rgb16', W, H, 2, 16, [sum(([p[0] << 8 | p[3], p[1] << 8, p[2] << 8 | 0xff] for p in row), []) for row in pix],
          [v for row in pix for p in row for v in (p[0], p[1], p[2], 255)], lambda y: y % 5)
    write('rgba16', W, H, 6, 16, [sum(([p[0] << 8 | 1, p[1] << 8, p[2] << 8, p[3] << 8 | 0x80] for p in row), []) for row in pix],
          [v for row in pix for p in row for v in p], lambda y: (y + 2) % 5)
    key = pix[2][3][:3]
    write('rgb8-trns', W, H, 2, 8, [sum(([r, g, b] for r, g, b, a in row), []) for row in pix],
          [v for row in pix for r, g, b, a in row for v in (r, g, b, 0 if (r, g, b) == key else 255)],
          lambda y: y % 5, extra=chunk(b'tRNS', struct.pack('>HHH', *key)))
    palette = [(i * 40 % 256, 255 - i * 20, i * 7) for i in range(12)]
    alphas = [0, 64, 128, 200]
    for depth in (4, 8):
        rows = [[(x * 3 + y) % 12 for x in range(W)] for y in range(H)]
        plte = chunk(b'PLTE', bytes(v for p in palette for v in p)) + chunk(b'tRNS', bytes(alphas))
        write('palette%d-trns' % depth, W, H, 3, depth, rows,
              [v for row in rows for i in row for v in palette[i] + ((alphas[i] if i < len(alphas) else 255),)],
              lambda y: y % 5, extra=plte)
    rows = [[(x + y) % 2 for x in range(W)] for y in range(H)]
    write('palette1', W, H, 3, 1, rows, [v for row in rows for i in row for v in palette[i] + (255,)], lambda y: 0,
          extra=chunk(b'PLTE', bytes(v for p in palette[:2] for v in p)))
    write('one-pixel', 1, 1, 6, 8, [[1, 2, 3, 4]], [1, 2, 3, 4], lambda y: 4)
    write('interlaced', W, H, 2, 8, [sum(([r, g, b] for r, g, b, a in row), []) for row in pix], [], lambda y: 0, interlace=1)
    open(os.path.join(out, 'manifest.txt'), 'w').write('\n'.join(manifest) + '\n')
    """#

  @Test(
    "Python-written fixtures (all filters, colour types, bit depths, palette + tRNS) decode exactly",
    .enabled(if: ExternalTools.python3 != nil, "python3 is not installed"))
  func pythonFixtures() throws {
    let directory = try ExternalTools.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try ExternalTools.run(ExternalTools.python3!, ["-c", Self.fixtureScript, directory.path])
    try #require(result.status == 0, "fixture script failed: \(result.stderr)")
    let manifest = try String(contentsOf: directory.appendingPathComponent("manifest.txt"), encoding: .utf8)
    var checked = 0
    for line in manifest.split(separator: "\n") {
      let fields = line.split(separator: " ")
      let name = String(fields[0])
      let png = try Array(Data(contentsOf: directory.appendingPathComponent(name + ".png")))
      if name == "interlaced" {
        #expect(throws: PNGDecodingError.interlaced) { try PNGDecoder.decode(png) }
        continue
      }
      let expected = try Array(Data(contentsOf: directory.appendingPathComponent(name + ".rgba")))
      let image = try PNGDecoder.decode(png)
      #expect(image.width == Int(fields[1])! && image.height == Int(fields[2])!, "\(name)")
      #expect(image.pixels == expected, "\(name)")
      checked += 1
    }
    #expect(checked == 24)
  }

  @Test(
    "Cairo's PNG writer (via rsvg-convert) decodes to what ffmpeg decodes",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert") && ExternalTools.hasFFmpeg,
      "rsvg-convert or ffmpeg is not installed"))
  func cairoOutput() throws {
    let directory = try ExternalTools.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let svg = directory.appendingPathComponent("bar.svg")
    let png = directory.appendingPathComponent("bar.png")
    try """
    <svg xmlns="http://www.w3.org/2000/svg" width="151" height="23">
      <rect x="2.5" y="4.5" width="140" height="14" rx="7" fill="#e5e5ea"/>
      <rect x="2.5" y="4.5" width="61.3" height="14" rx="7" fill="#007aff" fill-opacity="0.8"/>
      <circle cx="63" cy="11.5" r="9" fill="#fff" stroke="#000" stroke-opacity="0.2"/>
    </svg>
    """.write(to: svg, atomically: true, encoding: .utf8)
    let render = try ExternalTools.run("/usr/bin/rsvg-convert", ["-o", png.path, svg.path])
    try #require(render.status == 0, "\(render.stderr)")
    let image = try PNGDecoder.decode(Array(Data(contentsOf: png)))
    let raw = try ExternalTools.run(
      ExternalTools.ffmpeg, ["-v", "error", "-i", png.path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
    #expect(image.width == 151 && image.height == 23)
    #expect(!image.isOpaque)
    #expect(image.pixels == Array(raw.stdout))
  }
}
