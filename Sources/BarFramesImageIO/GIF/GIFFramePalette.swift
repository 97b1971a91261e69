/// A frame reduced to at most 256 palette indices, ready for LZW.
///
/// Pixels with alpha < 128 become the transparent index; the others keep their RGB (alpha is
/// dropped — GIF has 1-bit transparency). If the frame then has at most 256 distinct entries
/// (counting transparency as one) they are used exactly, in order of first appearance;
/// otherwise the colours are quantized by median cut and mapped with Floyd–Steinberg dithering.
struct GIFFramePalette {
  /// RGB triples; `colors.count / 3` entries (not padded to a power of two).
  var colors: [UInt8]
  /// One palette index per pixel.
  var indices: [UInt8]
  /// The index used for transparent pixels, if any pixel is transparent.
  var transparentIndex: UInt8?
  /// Whether the colours had to be quantized (and dithered).
  var isQuantized: Bool

  static let transparencyThreshold: UInt8 = 128

  init(_ image: RGBAImage) {
    if let exact = Self.exact(image) {
      self = exact
    } else {
      self = Self.quantized(image)
    }
  }

  private init(colors: [UInt8], indices: [UInt8], transparentIndex: UInt8?, isQuantized: Bool) {
    self.colors = colors
    self.indices = indices
    self.transparentIndex = transparentIndex
    self.isQuantized = isQuantized
  }

  /// The exact palette, or `nil` if the frame has too many colours.
  private static func exact(_ image: RGBAImage) -> GIFFramePalette? {
    let count = image.width * image.height
    var indices = [UInt8](repeating: 0, count: count)
    var colors: [UInt8] = []
    colors.reserveCapacity(768)
    // Open addressing over 1024 slots (key = 0x01RRGGBB, 0 = empty); at most 256 are used.
    var keys = [UInt32](repeating: 0, count: 1024)
    var values = [UInt8](repeating: 0, count: 1024)
    var hasTransparency = false
    var overflow = false
    let transparentMarker: UInt8 = 255

    image.pixels.withUnsafeBufferPointer { pixels in
      indices.withUnsafeMutableBufferPointer { indices in
        var lastKey: UInt32 = 0
        var lastIndex: UInt8 = 0
        for i in 0..<count {
          let p = i * 4
          if pixels[p + 3] < transparencyThreshold {
            hasTransparency = true
            indices[i] = transparentMarker
            continue
          }
          let key = 0x0100_0000 | UInt32(pixels[p]) << 16 | UInt32(pixels[p + 1]) << 8 | UInt32(pixels[p + 2])
          if key == lastKey {  // flat frames are long runs of one colour
            indices[i] = lastIndex
            continue
          }
          var slot = Int((key &* 0x9E37_79B1) >> 22)
          while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & 1023 }
          if keys[slot] == 0 {
            let entries = colors.count / 3
            // Index 255 stays free for transparency while it might still be needed.
            guard entries < 256 else {
              overflow = true
              return
            }
            keys[slot] = key
            values[slot] = UInt8(entries)
            colors += [pixels[p], pixels[p + 1], pixels[p + 2]]
          }
          lastKey = key
          lastIndex = values[slot]
          indices[i] = lastIndex
        }
      }
    }
    let entries = colors.count / 3
    if overflow || (hasTransparency && entries > 255) { return nil }
    guard hasTransparency else {
      if colors.isEmpty { colors = [0, 0, 0] }
      return GIFFramePalette(colors: colors, indices: indices, transparentIndex: nil, isQuantized: false)
    }
    // Opaque entries are < 255 here, so 255 marks exactly the transparent pixels.
    let transparent = UInt8(entries)
    if transparent != transparentMarker {
      for i in 0..<count where indices[i] == transparentMarker { indices[i] = transparent }
    }
    colors += [0, 0, 0]
    return GIFFramePalette(colors: colors, indices: indices, transparentIndex: transparent, isQuantized: false)
  }

  /// Median-cut palette with Floyd–Steinberg dithering, for frames with more than 256 colours.
  private static func quantized(_ image: RGBAImage) -> GIFFramePalette {
    let count = image.width * image.height
    var histogram: [UInt32: Int] = [:]
    var hasTransparency = false
    image.pixels.withUnsafeBufferPointer { pixels in
      for i in 0..<count {
        let p = i * 4
        if pixels[p + 3] < transparencyThreshold {
          hasTransparency = true
          continue
        }
        let key = UInt32(pixels[p]) << 16 | UInt32(pixels[p + 1]) << 8 | UInt32(pixels[p + 2])
        histogram[key, default: 0] += 1
      }
    }
    // Sort for a deterministic result: dictionary order varies between runs.
    let entries = histogram.sorted { $0.key < $1.key }.map { MedianCut.Entry(color: $0.key, count: $0.value) }
    var palette = MedianCut.palette(entries, maximumColors: hasTransparency ? 255 : 256)
    let transparentIndex: UInt8? = hasTransparency ? UInt8(palette.count / 3) : nil
    let indices = FloydSteinberg.map(image, palette: palette, transparentIndex: transparentIndex)
    if hasTransparency { palette += [0, 0, 0] }
    return GIFFramePalette(colors: palette, indices: indices, transparentIndex: transparentIndex, isQuantized: true)
  }
}
