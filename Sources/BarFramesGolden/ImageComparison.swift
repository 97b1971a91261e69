import BarFramesImageIO

/// How different two images may be and still match.
///
/// A pixel *differs* when any of its four channels (straight R, G, B, A) differs by more than
/// ``perChannel``; two fully transparent pixels never differ, whatever their colour bytes. The
/// images match when the ratio of differing **pixels** (not bytes, not channels) to all pixels
/// is at most ``maxDifferingPixelRatio``.
///
/// Tolerances that would pass any image are refused: `perChannel` must be below 255 and the
/// ratio below 1.
public struct GoldenTolerance: Hashable, Sendable, CustomStringConvertible {
  /// The largest per-channel difference, 0…254, that still counts as equal.
  public let perChannel: Int
  /// The largest fraction of pixels, 0 ≤ r < 1, allowed to differ.
  public let maxDifferingPixelRatio: Double

  public init(perChannel: Int, maxDifferingPixelRatio: Double) {
    precondition((0...254).contains(perChannel), "GoldenTolerance.perChannel must be 0…254 (255 would pass any image), got \(perChannel)")
    precondition(
      maxDifferingPixelRatio >= 0 && maxDifferingPixelRatio < 1,
      "GoldenTolerance.maxDifferingPixelRatio must be in 0..<1 (1 would pass any image), got \(maxDifferingPixelRatio)")
    self.perChannel = perChannel
    self.maxDifferingPixelRatio = maxDifferingPixelRatio
  }

  /// Every pixel identical.
  public static let exact = GoldenTolerance(perChannel: 0, maxDifferingPixelRatio: 0)

  /// The default: ±2 per channel (antialiasing noise between Cairo/pixman builds), and at most
  /// 0.1 % of the pixels beyond that.
  public static let `default` = GoldenTolerance(perChannel: 2, maxDifferingPixelRatio: 0.001)

  public var description: String {
    "±\(perChannel) per channel, at most \(ImageComparison.percent(maxDifferingPixelRatio)) of pixels"
  }
}

/// The outcome of comparing an actual image with its reference.
public enum ImageComparison: Hashable, Sendable {
  /// Within tolerance; `differingPixels` may be above 0 but is within the allowed ratio.
  case match(differingPixels: Int)
  /// The images have different sizes; nothing else is compared.
  case sizeMismatch(reference: (width: Int, height: Int), actual: (width: Int, height: Int))
  /// Too many pixels differ.
  case mismatch(differingPixels: Int, totalPixels: Int, maxChannelDifference: Int, firstDifference: (x: Int, y: Int))

  public var isMatch: Bool {
    if case .match = self { return true }
    return false
  }

  /// Compares two decoded images pixel by pixel.
  public static func compare(reference: RGBAImage, actual: RGBAImage, tolerance: GoldenTolerance) -> ImageComparison {
    guard reference.width == actual.width, reference.height == actual.height else {
      return .sizeMismatch(reference: (reference.width, reference.height), actual: (actual.width, actual.height))
    }
    var differing = 0
    var maxDelta = 0
    var first: (Int, Int)?
    let width = reference.width
    reference.pixels.withUnsafeBufferPointer { r in
      actual.pixels.withUnsafeBufferPointer { a in
        var i = 0
        for index in 0..<(width * reference.height) {
          let delta = pixelDelta(r, a, i)
          if delta > tolerance.perChannel {
            differing += 1
            if first == nil { first = (index % width, index / width) }
          }
          maxDelta = max(maxDelta, delta)
          i += 4
        }
      }
    }
    let total = width * reference.height
    if differing == 0 || Double(differing) <= tolerance.maxDifferingPixelRatio * Double(total) {
      return .match(differingPixels: differing)
    }
    return .mismatch(differingPixels: differing, totalPixels: total, maxChannelDifference: maxDelta, firstDifference: first ?? (0, 0))
  }

  /// The largest channel difference of pixel `i` (byte offset); 0 when both are fully transparent.
  @inline(__always)
  static func pixelDelta(_ r: UnsafeBufferPointer<UInt8>, _ a: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
    if r[i + 3] == 0 && a[i + 3] == 0 { return 0 }
    var delta = 0
    for c in 0..<4 { delta = max(delta, abs(Int(r[i + c]) - Int(a[i + c]))) }
    return delta
  }

  /// A picture of the difference: differing pixels in opaque magenta, the others as a faint grey
  /// version of the actual image, so the eye finds the change at once.
  public static func diffImage(reference: RGBAImage, actual: RGBAImage, tolerance: GoldenTolerance) -> RGBAImage {
    let width = max(reference.width, actual.width)
    let height = max(reference.height, actual.height)
    var out = RGBAImage(width: width, height: height, filledWith: .init(red: 255, green: 0, blue: 255, alpha: 255))
    guard reference.width == actual.width, reference.height == actual.height else { return out }
    reference.pixels.withUnsafeBufferPointer { r in
      actual.pixels.withUnsafeBufferPointer { a in
        out.pixels.withUnsafeMutableBufferPointer { o in
          var i = 0
          while i < o.count {
            if pixelDelta(r, a, i) <= tolerance.perChannel {
              let luminance = (Int(a[i]) * 3 + Int(a[i + 1]) * 6 + Int(a[i + 2])) / 10
              let alpha = Int(a[i + 3])
              // Faint: the actual pixel's luminance over white, at a quarter of its alpha.
              let grey = UInt8(255 - (255 - luminance) * alpha / 4 / 255)
              o[i] = grey
              o[i + 1] = grey
              o[i + 2] = grey
              o[i + 3] = 255
            }
            i += 4
          }
        }
      }
    }
    return out
  }

  static func percent(_ ratio: Double) -> String {
    let value = ratio * 100
    if value == value.rounded() { return "\(Int(value)) %" }
    var text = String(value)
    if text.count > 6 { text = String(text.prefix(6)) }
    return "\(text) %"
  }

  public static func == (lhs: ImageComparison, rhs: ImageComparison) -> Bool {
    switch (lhs, rhs) {
    case (.match(let a), .match(let b)): a == b
    case (.sizeMismatch(let a, let b), .sizeMismatch(let c, let d)): a == c && b == d
    case (.mismatch(let a, let b, let c, let d), .mismatch(let e, let f, let g, let h)):
      a == e && b == f && c == g && d == h
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .match(let n): hasher.combine(n)
    case .sizeMismatch(let r, let a): hasher.combine([r.width, r.height, a.width, a.height])
    case .mismatch(let n, let t, let m, let f): hasher.combine([n, t, m, f.x, f.y])
    }
  }
}
