import CBarFramesKernels

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A rectangle of whole pixels: the region an animation frame rewrites.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public var area: Int { width * height }

  public var description: String { "\(width)×\(height) at (\(x), \(y))" }

  /// The smallest rectangle holding both.
  public func union(_ other: PixelRect) -> PixelRect {
    let left = min(x, other.x)
    let top = min(y, other.y)
    let right = max(x + width, other.x + other.width)
    let bottom = max(y + height, other.y + other.height)
    return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// The overlap of both, or nil if they do not overlap.
  public func intersection(_ other: PixelRect) -> PixelRect? {
    let left = max(x, other.x)
    let top = max(y, other.y)
    let right = min(x + width, other.x + other.width)
    let bottom = min(y + height, other.y + other.height)
    guard left < right, top < bottom else { return nil }
    return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
  }

  public func contains(_ other: PixelRect) -> Bool {
    other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
  }
}

extension RGBAImage {
  /// The whole image as a rectangle.
  public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

  /// The smallest rectangle outside which `self` and `other` (same size) are byte-identical,
  /// or nil if they are identical everywhere. RGB of transparent pixels counts: a decoder
  /// hands those bytes back too.
  public func changedRect(from other: RGBAImage) -> PixelRect? {
    precondition(width == other.width && height == other.height, "Images of different sizes")
    let rowBytes = width * 4
    return pixels.withUnsafeBytes { a in
      other.pixels.withUnsafeBytes { b in
        let pa = a.baseAddress!
        let pb = b.baseAddress!
        func rowDiffers(_ y: Int) -> Bool { memcmp(pa + y * rowBytes, pb + y * rowBytes, rowBytes) != 0 }
        guard let top = (0..<height).first(where: rowDiffers) else { return nil }
        let bottom = (top..<height).last(where: rowDiffers)!
        let wa = a.bindMemory(to: UInt32.self)
        let wb = b.bindMemory(to: UInt32.self)
        var left = width
        var right = -1
        for y in top...bottom {
          let row = y * width
          // Most rows differ nowhere left of the edge found so far (nor right of the other):
          // one memcmp says so before any pixel is looked at.
          if left > 0, memcmp(pa + row * 4, pb + row * 4, left * 4) != 0 {
            var x = 0
            while wa[row + x] == wb[row + x] { x += 1 }
            left = x
          }
          let tail = right + 1
          if tail < width, memcmp(pa + (row + tail) * 4, pb + (row + tail) * 4, (width - tail) * 4) != 0 {
            var x = width - 1
            while wa[row + x] == wb[row + x] { x -= 1 }
            right = x
          }
        }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
      }
    }
  }

  /// The pixels inside `rect`, as an image of their own.
  public func cropped(to rect: PixelRect) -> RGBAImage {
    if rect == bounds { return self }
    var out = [UInt8](repeating: 0, count: rect.area * 4)
    pixels.withUnsafeBytes { source in
      out.withUnsafeMutableBytes { target in
        for row in 0..<rect.height {
          memcpy(
            target.baseAddress! + row * rect.width * 4, source.baseAddress! + ((rect.y + row) * width + rect.x) * 4,
            rect.width * 4)
        }
      }
    }
    return RGBAImage(width: rect.width, height: rect.height, pixels: out)
  }

  /// Sets every pixel inside `rect` to transparent black (what APNG's and GIF's "dispose to
  /// background" leave).
  public mutating func clear(_ rect: PixelRect) {
    let width = self.width
    pixels.withUnsafeMutableBytes { raw in
      for row in rect.y..<(rect.y + rect.height) {
        memset(raw.baseAddress! + (row * width + rect.x) * 4, 0, rect.width * 4)
      }
    }
  }

  /// The bounding box, within `scan`, of the pixels where `self` differs from a canvas that is
  /// `canvas` except inside `replaced`, where it is `replacement` (transparent black if nil);
  /// nil if there are none. Only `scan` is read: the animation writers pass the rectangles
  /// where the two can differ at all, so a frame costs what changed, not the canvas.
  package func differingRect(
    from canvas: RGBAImage, replacing replaced: PixelRect? = nil, with replacement: RGBAImage? = nil, scan: PixelRect
  ) -> PixelRect? {
    let inside = replaced.flatMap { $0.intersection(scan) }
    var left = Int.max
    var top = Int.max
    var right = -1
    var bottom = -1
    let width = self.width
    pixels.withUnsafeBytes { i in
      canvas.pixels.withUnsafeBytes { c in
        (replacement ?? canvas).pixels.withUnsafeBytes { r in
          let iw = i.bindMemory(to: UInt32.self).baseAddress!
          let cw = c.bindMemory(to: UInt32.self).baseAddress!
          let rw: UnsafePointer<UInt32>? = replacement == nil ? nil : r.bindMemory(to: UInt32.self).baseAddress!
          /// Looks at `count` pixels of row `y` from column `x` against `under` (nil: transparent black).
          func compare(_ y: Int, _ x: Int, _ count: Int, _ under: UnsafePointer<UInt32>?) {
            let k = y * width + x
            guard let (first, last) = Self.differingSpan(iw + k, under.map { $0 + k }, count: count) else { return }
            left = min(left, x + first)
            right = max(right, x + last)
            top = min(top, y)
            bottom = y
          }
          for y in scan.y..<(scan.y + scan.height) {
            // A row crossing the replaced rectangle compares three spans: canvas, replacement,
            // canvas; others one.
            if let inside, y >= inside.y, y < inside.y + inside.height {
              compare(y, scan.x, inside.x - scan.x, cw)
              compare(y, inside.x, inside.width, rw)
              compare(y, inside.x + inside.width, scan.x + scan.width - inside.x - inside.width, cw)
            } else {
              compare(y, scan.x, scan.width, cw)
            }
          }
        }
      }
    }
    guard right >= 0 else { return nil }
    return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
  }

  /// The first and last of `count` pixels at `a` that differ from those at `b` (transparent
  /// black if nil), or nil if none does.
  @inline(__always)
  private static func differingSpan(
    _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>?, count: Int
  ) -> (first: Int, last: Int)? {
    let first = equalPrefix(a, b, count: count)
    guard first < count else { return nil }
    return (first, count - 1 - equalSuffix(a + first, b.map { $0 + first }, count: count - first))
  }

  /// How many of the `count` pixels at `a` equal those at `b` (transparent black if nil)
  /// before the first that differs; `count` if none does.
  ///
  /// Eight pixels to an instruction (`barframes_equal_prefix`, AVX2): the animation writers
  /// skip the long stretches a frame shares with its canvas this way, in fewer instructions
  /// than a `memcmp` followed by a Swift loop over 32-byte words (docs/performance.md).
  @inline(__always)
  package static func equalPrefix(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>?, count: Int) -> Int {
    barframes_equal_prefix(a, b, count)
  }

  /// How many of the last of the `count` pixels at `a` equal those at `b` (transparent black
  /// if nil) after the last that differs; `count` if none does.
  @inline(__always)
  package static func equalSuffix(_ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>?, count: Int) -> Int {
    barframes_equal_suffix(a, b, count)
  }

  /// `self` with `rect` replaced by the same pixels of `replacement`, or cleared if nil.
  package func replacing(_ rect: PixelRect, with replacement: RGBAImage?) -> RGBAImage {
    guard let replacement else { return clearing(rect) }
    var copy = self
    copy.pixels.withUnsafeMutableBytes { target in
      replacement.pixels.withUnsafeBytes { source in
        for row in rect.y..<(rect.y + rect.height) {
          let offset = (row * width + rect.x) * 4
          memcpy(target.baseAddress! + offset, source.baseAddress! + offset, rect.width * 4)
        }
      }
    }
    return copy
  }

  /// Whether `self` and `other` (same size) have the same pixels inside `rect`.
  package func hasSamePixels(as other: RGBAImage, in rect: PixelRect) -> Bool {
    pixels.withUnsafeBytes { a in
      other.pixels.withUnsafeBytes { b in
        for row in rect.y..<(rect.y + rect.height) {
          let offset = (row * width + rect.x) * 4
          if memcmp(a.baseAddress! + offset, b.baseAddress! + offset, rect.width * 4) != 0 { return false }
        }
        return true
      }
    }
  }

  /// The smallest rectangle within `rect` outside which `self` and `other` agree there, or nil.
  package func changedRect(from other: RGBAImage, within rect: PixelRect) -> PixelRect? {
    differingRect(from: other, scan: rect)
  }

  /// A copy with `rect` cleared.
  package func clearing(_ rect: PixelRect) -> RGBAImage {
    var copy = self
    copy.clear(rect)
    return copy
  }

  /// Whether every pixel inside `rect` is transparent black (all four bytes zero).
  package func isTransparent(in rect: PixelRect) -> Bool {
    pixels.withUnsafeBytes { raw in
      let words = raw.bindMemory(to: UInt32.self).baseAddress!
      for y in rect.y..<(rect.y + rect.height) {
        let row = words + y * width + rect.x
        // A row OR-ed together without an early exit vectorises; rows are short.
        var any: UInt32 = 0
        for x in 0..<rect.width { any |= row[x] }
        if any != 0 { return false }
      }
      return true
    }
  }

  /// Whether the pixel bytes are identical (a `memcmp`, without `Array`'s element loop).
  public func hasSamePixels(as other: RGBAImage) -> Bool {
    guard width == other.width, height == other.height else { return false }
    return pixels.withUnsafeBytes { a in
      other.pixels.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
    }
  }
}
