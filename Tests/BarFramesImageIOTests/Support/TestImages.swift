import BarFramesImageIO

/// Deterministic images shaped like what the renderer produces.
enum TestImages {
  /// A progress bar: a track colour with a fill up to `progress`, rounded-ish ends, opaque.
  static func flatBar(width: Int = 750, height: Int = 120, progress: Double = 0.4) -> RGBAImage {
    var image = RGBAImage(width: width, height: height, filledWith: .init(red: 230, green: 230, blue: 235))
    let fillEnd = Int(Double(width) * progress)
    for y in (height / 3)..<(2 * height / 3) {
      for x in 0..<fillEnd { image[x, y] = .init(red: 0, green: 122, blue: 255) }
    }
    return image
  }

  /// A long, shallow antialiased stroke, like the bent lines' edges: a light band `thickness`
  /// pixels thick on a grey ground, rising `rise` pixels over the width, each pixel shaded by
  /// the part of it the band covers (at the pixel's centre column).
  static func shallowStroke(width: Int = 520, height: Int = 24, rise: Double = 9, thickness: Double = 9) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    for x in 0..<width {
      let top = 3 + rise * (Double(x) + 0.5) / Double(width)
      for y in 0..<height {
        let covered = max(0, min(Double(y + 1), top + thickness) - max(Double(y), top))
        let grey = UInt8(170 + (34 * covered).rounded())
        image[x, y] = .init(red: grey, green: grey, blue: grey)
      }
    }
    return image
  }

  /// A bar on a transparent background, with anti-aliased (translucent) top and bottom edges.
  static func transparentBar(width: Int, height: Int, progress: Double = 0.6) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    let fillEnd = max(1, Int(Double(width) * progress))
    for y in 0..<height {
      let alpha: UInt8 = (y == 0 || y == height - 1) ? 96 : 255
      for x in 0..<fillEnd { image[x, y] = .init(red: 52, green: 199, blue: 89, alpha: alpha) }
    }
    return image
  }

  /// Noise from a fixed linear congruential generator: every byte differs, the worst case for filters.
  static func noise(width: Int, height: Int, opaque: Bool, seed: UInt64 = 1) -> RGBAImage {
    var state = seed
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for i in 0..<pixels.count {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      pixels[i] = UInt8(truncatingIfNeeded: state >> 33)
      if opaque && i % 4 == 3 { pixels[i] = 255 }
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// A smooth two-axis gradient with far more than 256 colours.
  static func gradient(width: Int, height: Int) -> RGBAImage {
    var image = RGBAImage(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        image[x, y] = .init(
          red: UInt8(x * 255 / max(1, width - 1)), green: UInt8(y * 255 / max(1, height - 1)),
          blue: UInt8((x + y) * 255 / max(1, width + height - 2)), alpha: 255)
      }
    }
    return image
  }

  /// A gradient like `gradient`'s whose alpha rises from 64 to 255 across.
  static func translucentGradient(width: Int, height: Int) -> RGBAImage {
    var image = gradient(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width { image[x, y].alpha = UInt8(64 + x * 191 / max(1, width - 1)) }
    }
    return image
  }

  /// An `icon` × `icon` picture of random pixels enlarged `scale` times with bilinear
  /// filtering (sampled at pixel centres, edges clamped): smooth blobs with thousands of
  /// colours, as an icon drawn larger than its pixels looks. Alpha is random too unless
  /// `opaque`.
  static func enlargedIcon(icon: Int = 4, scale: Int = 50, seed: UInt64, opaque: Bool = true) -> RGBAImage {
    var state = seed
    let source = (0..<(icon * icon)).map { _ -> [Int] in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let word = Int(truncatingIfNeeded: state >> 33)
      return [word & 0xFF, word >> 8 & 0xFF, word >> 16 & 0xFF, opaque ? 255 : word >> 24 & 0xFF]
    }
    let size = icon * scale
    // Positions in units of 1 / (2 × scale) source pixels, so that all arithmetic is exact.
    let unit = 2 * scale
    var image = RGBAImage(width: size, height: size)
    for y in 0..<size {
      for x in 0..<size {
        let sx = min(max(2 * x + 1 - scale, 0), (icon - 1) * unit)
        let sy = min(max(2 * y + 1 - scale, 0), (icon - 1) * unit)
        let (x0, y0) = (sx / unit, sy / unit)
        let (fx, fy) = (sx - x0 * unit, sy - y0 * unit)
        let (x1, y1) = (min(x0 + 1, icon - 1), min(y0 + 1, icon - 1))
        var channels = [UInt8](repeating: 0, count: 4)
        for k in 0..<4 {
          let upper = source[y0 * icon + x0][k] * (unit - fx) + source[y0 * icon + x1][k] * fx
          let lower = source[y1 * icon + x0][k] * (unit - fx) + source[y1 * icon + x1][k] * fx
          channels[k] = UInt8((upper * (unit - fy) + lower * fy + unit * unit / 2) / (unit * unit))
        }
        image[x, y] = .init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels[3])
      }
    }
    return image
  }

  /// The number of distinct RGBA values in an image.
  static func distinctColors(_ image: RGBAImage) -> Int {
    var seen = Set<UInt32>()
    for i in stride(from: 0, to: image.pixels.count, by: 4) {
      seen.insert(
        UInt32(image.pixels[i]) << 24 | UInt32(image.pixels[i + 1]) << 16 | UInt32(image.pixels[i + 2]) << 8
          | UInt32(image.pixels[i + 3]))
    }
    return seen.count
  }
}
