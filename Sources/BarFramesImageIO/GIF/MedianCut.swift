/// Heckbert's median cut: split the colour box with the longest side at its pixel-weighted
/// median until there are enough boxes; each box's weighted mean becomes a palette entry.
enum MedianCut {
  struct Entry {
    var color: UInt32  // 0xRRGGBB
    var count: Int

    func channel(_ c: Int) -> Int { Int((color >> UInt32(16 - 8 * c)) & 0xFF) }
  }

  /// RGB triples, at most `maximumColors` entries.
  static func palette(_ entries: [Entry], maximumColors: Int) -> [UInt8] {
    guard !entries.isEmpty else { return [0, 0, 0] }
    var entries = entries
    var boxes: [Range<Int>] = [0..<entries.count]

    func longestSide(_ box: Range<Int>) -> (channel: Int, length: Int) {
      var lower = [255, 255, 255]
      var upper = [0, 0, 0]
      for entry in entries[box] {
        for c in 0..<3 {
          lower[c] = min(lower[c], entry.channel(c))
          upper[c] = max(upper[c], entry.channel(c))
        }
      }
      let lengths = (0..<3).map { upper[$0] - lower[$0] }
      let channel = lengths.firstIndex(of: lengths.max()!)!
      return (channel, lengths[channel])
    }

    while boxes.count < maximumColors {
      // Split the box whose longest side, weighted by its pixel count's root, is largest:
      // big boxes of many pixels go first, but a rare outlier colour still gets split eventually.
      var best: (index: Int, channel: Int, score: Double)?
      for (i, box) in boxes.enumerated() where box.count > 1 {
        let (channel, length) = longestSide(box)
        guard length > 0 else { continue }
        let pixels = entries[box].reduce(0) { $0 + $1.count }
        let score = Double(length) * Double(pixels).squareRoot()
        if best == nil || score > best!.score { best = (i, channel, score) }
      }
      guard let (index, channel, _) = best else { break }
      let box = boxes[index]
      entries[box].sort { $0.channel(channel) < $1.channel(channel) }
      let total = entries[box].reduce(0) { $0 + $1.count }
      var running = 0
      var split = box.lowerBound + 1
      for i in box {
        running += entries[i].count
        if running * 2 >= total {
          split = min(max(i + 1, box.lowerBound + 1), box.upperBound - 1)
          break
        }
      }
      boxes[index] = box.lowerBound..<split
      boxes.append(split..<box.upperBound)
    }

    var palette: [UInt8] = []
    palette.reserveCapacity(boxes.count * 3)
    for box in boxes {
      var sums = [0, 0, 0]
      var total = 0
      for entry in entries[box] {
        for c in 0..<3 { sums[c] += entry.channel(c) * entry.count }
        total += entry.count
      }
      for c in 0..<3 { palette.append(UInt8((sums[c] + total / 2) / total)) }
    }
    return palette
  }
}

/// Quantizes the pixels of a GIF frame that need new colours.
enum GIFColorQuantizer {
  /// Pixels with alpha below this are transparent; the others opaque.
  static let transparencyThreshold: UInt8 = 128

  /// Replaces the pixels of `shown` inside `rect` where `mask` (one flag per pixel of `rect`)
  /// is true by `image`'s colours reduced to a median-cut palette of 255 entries (the 256th is
  /// transparency), with Floyd–Steinberg dithering among those pixels only — so only `rect`
  /// matters: no error reaches or leaves it.
  static func quantize(_ image: RGBAImage, into shown: inout RGBAImage, in rect: PixelRect, where mask: [Bool]) {
    let crop = image.cropped(to: rect)
    var histogram: [UInt32: Int] = [:]
    let pixels = crop.pixels
    for i in mask.indices where mask[i] {
      let p = i * 4
      histogram[UInt32(pixels[p]) << 16 | UInt32(pixels[p + 1]) << 8 | UInt32(pixels[p + 2]), default: 0] += 1
    }
    // Sorted for a deterministic result: dictionary order varies between runs.
    let entries = histogram.sorted { $0.key < $1.key }.map { MedianCut.Entry(color: $0.key, count: $0.value) }
    let palette = MedianCut.palette(entries, maximumColors: 255)
    let indices = FloydSteinberg.map(crop, palette: palette, transparentIndex: nil, mask: mask)
    let width = shown.width
    shown.pixels.withUnsafeMutableBufferPointer { out in
      for i in mask.indices where mask[i] {
        let e = Int(indices[i]) * 3
        let o = ((rect.y + i / rect.width) * width + rect.x + i % rect.width) * 4
        out[o] = palette[e]
        out[o + 1] = palette[e + 1]
        out[o + 2] = palette[e + 2]
        out[o + 3] = 255
      }
    }
  }
}

/// Maps pixels to the nearest palette entry, diffusing each pixel's error to its neighbours
/// (7/16 right, 3/16 down-left, 5/16 down, 1/16 down-right). Transparent pixels take
/// `transparentIndex` and pass no error on.
enum FloydSteinberg {
  /// With a `mask`, only the pixels where it is true are mapped and pass error on.
  static func map(_ image: RGBAImage, palette: [UInt8], transparentIndex: UInt8?, mask: [Bool]? = nil) -> [UInt8] {
    let width = image.width
    let entries = palette.count / 3
    var indices = [UInt8](repeating: 0, count: width * image.height)
    // Errors in 1/16 units for this row and the next, with a pixel of padding on each side.
    var current = [Int32](repeating: 0, count: (width + 2) * 3)
    var next = [Int32](repeating: 0, count: (width + 2) * 3)
    // A direct-mapped cache of nearest-entry searches keyed by the exact (dithered) colour.
    var cacheKeys = [UInt32](repeating: UInt32.max, count: 4096)
    var cacheValues = [UInt8](repeating: 0, count: 4096)

    func nearest(_ r: Int, _ g: Int, _ b: Int) -> Int {
      let key = UInt32(r << 16 | g << 8 | b)
      let slot = Int((key &* 0x9E37_79B1) >> 20)
      if cacheKeys[slot] == key { return Int(cacheValues[slot]) }
      var best = 0
      var bestDistance = Int.max
      for e in 0..<entries {
        let dr = r - Int(palette[e * 3])
        let dg = g - Int(palette[e * 3 + 1])
        let db = b - Int(palette[e * 3 + 2])
        let distance = dr * dr + dg * dg + db * db
        if distance < bestDistance {
          bestDistance = distance
          best = e
        }
      }
      cacheKeys[slot] = key
      cacheValues[slot] = UInt8(best)
      return best
    }

    for y in 0..<image.height {
      for i in 0..<next.count { next[i] = 0 }
      for x in 0..<width {
        let p = (y * width + x) * 4
        if let mask, !mask[y * width + x] { continue }
        if image.pixels[p + 3] < GIFColorQuantizer.transparencyThreshold, let transparentIndex {
          indices[y * width + x] = transparentIndex
          continue
        }
        var value = [0, 0, 0]
        for c in 0..<3 {
          value[c] = min(255, max(0, Int(image.pixels[p + c]) + Int(current[(x + 1) * 3 + c]) / 16))
        }
        let index = nearest(value[0], value[1], value[2])
        indices[y * width + x] = UInt8(index)
        for c in 0..<3 {
          let error = Int32(value[c] - Int(palette[index * 3 + c]))
          current[(x + 2) * 3 + c] += error * 7
          next[x * 3 + c] += error * 3
          next[(x + 1) * 3 + c] += error * 5
          next[(x + 2) * 3 + c] += error
        }
      }
      swap(&current, &next)
    }
    return indices
  }
}
