import BarFramesPNG
import Foundation

/// The outcome of comparing a rendered frame with its golden, pixel by decoded pixel.
///
/// ```swift
/// let comparison = try ImageComparison.compare(reference: golden, actual: frame, tolerance: .default)
/// comparison.isMatch   // false
/// comparison.summary   // "1 of 100 pixels (1 %) differ by more than 1 per channel (largest
///                      //  difference 2, first at x 4, y 5); tolerance: ±1 per channel, no pixel beyond"
/// ```
///
/// With ``GoldenTolerance/ignoresAntialiasedEdges`` a differing pixel is forgiven when it sits on
/// an anti-aliased edge in **both** images — the idea of pixelmatch's `antialiased()` (after
/// Vysniauskas, "Anti-aliased pixel and intensity slope detector", 2009): among its eight
/// neighbours at most two share its colour, some are darker and some brighter, and the darkest
/// or the brightest of them lies inside a flat area (more than two identical neighbours) in both
/// images. A shape moved by a pixel or a recoloured area still differs: their pixels have flat
/// neighbourhoods on at least one side.
public struct ImageComparison: Hashable, Sendable {
  /// Width and height in pixels.
  public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
      self.width = width
      self.height = height
    }

    public var description: String { "\(width)×\(height) px" }
  }

  /// A pixel's column and row, from the top left.
  public struct Position: Hashable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
      self.x = x
      self.y = y
    }
  }

  /// The tolerance the images were compared under.
  public let tolerance: GoldenTolerance
  /// The golden's size.
  public let referenceSize: Size
  /// The rendered frame's size.
  public let actualSize: Size
  /// Pixels differing by more than the tolerance's `perChannel`, not counting forgiven
  /// anti-aliased pixels; 0 when the sizes differ.
  public let differingPixels: Int
  /// Pixels differing by more than `perChannel` that were forgiven as anti-aliased edges.
  public let antialiasedPixels: Int
  /// The largest channel difference over all pixels.
  public let maxChannelDifference: Int
  /// The first counted differing pixel in reading order, if any.
  public let firstDifference: Position?

  /// Whether both images have the same size.
  public var sizesMatch: Bool { referenceSize == actualSize }

  /// The number of pixels compared.
  public var totalPixels: Int { sizesMatch ? actualSize.width * actualSize.height : 0 }

  /// Whether the frame matches its golden under the tolerance.
  public var isMatch: Bool {
    sizesMatch && differingPixels <= tolerance.allowedDifferingPixels(of: totalPixels)
  }

  /// One sentence saying what differs, always ending with the tolerance used.
  public var summary: String {
    var text: String
    if !sizesMatch {
      text = "the sizes differ: the golden is \(referenceSize), the frame is \(actualSize)"
    } else {
      let verb = differingPixels == 1 ? "differs" : "differ"
      text = "\(differingPixels) of \(totalPixels) pixels"
      if differingPixels > 0 { text += " (\(ImageComparison.percent(Double(differingPixels) / Double(totalPixels))))" }
      text += " \(verb) by more than \(tolerance.perChannel) per channel"
      if let first = firstDifference {
        text += " (largest difference \(maxChannelDifference), first at x \(first.x), y \(first.y))"
      }
      if antialiasedPixels > 0 {
        text += "; \(antialiasedPixels) more on anti-aliased edges were ignored"
      }
    }
    return text + "; tolerance: \(tolerance)"
  }

  /// Compares two decoded images pixel by pixel.
  /// - Throws: ``GoldenError/refusedTolerance(_:)`` when `tolerance` would pass any image of
  ///   this size; a comparator that cannot say no must not say yes.
  public static func compare(
    reference: RGBAImage, actual: RGBAImage, tolerance: GoldenTolerance
  ) throws(GoldenError) -> ImageComparison {
    let referenceSize = Size(width: reference.width, height: reference.height)
    let actualSize = Size(width: actual.width, height: actual.height)
    try tolerance.validate(pixelCount: actual.width * actual.height)
    guard referenceSize == actualSize else {
      return ImageComparison(
        tolerance: tolerance, referenceSize: referenceSize, actualSize: actualSize, differingPixels: 0,
        antialiasedPixels: 0, maxChannelDifference: 0, firstDifference: nil)
    }
    var differing = 0
    var antialiased = 0
    var maxDelta = 0
    var first: Position?
    let width = reference.width
    let height = reference.height
    reference.pixels.withUnsafeBufferPointer { r in
      actual.pixels.withUnsafeBufferPointer { a in
        // Runs of identical bytes are skipped with memcmp, 64 pixels at a time: most of a
        // golden's pixels are equal. In a debug build (where `swift test` runs) the per-pixel
        // loop over every pixel made the 616 comparisons of ExampleRegressionTests take 6 of its
        // 8.5 s; skipping the equal runs, the whole test takes 2.8 s.
        // An image has at least one pixel (RGBAImage's precondition).
        let (rStart, aStart) = (r.baseAddress!, a.baseAddress!)
        let byteCount = width * height * 4
        var run = 0
        while run < byteCount {
          let runEnd = min(run + Self.runBytes, byteCount)
          defer { run = runEnd }
          if memcmp(rStart + run, aStart + run, runEnd - run) == 0 { continue }
          var i = run
          while i < runEnd {
            let delta = pixelDelta(r, a, i)
            if delta > maxDelta { maxDelta = delta }
            if delta > tolerance.perChannel {
              let index = i / 4
              let (x, y) = (index % width, index / width)
              if tolerance.ignoresAntialiasedEdges
                && Antialiasing.isOnEdge(x: x, y: y, in: r, other: a, width: width, height: height)
                && Antialiasing.isOnEdge(x: x, y: y, in: a, other: r, width: width, height: height)
              {
                antialiased += 1
              } else {
                differing += 1
                if first == nil { first = Position(x: x, y: y) }
              }
            }
            i += 4
          }
        }
      }
    }
    return ImageComparison(
      tolerance: tolerance, referenceSize: referenceSize, actualSize: actualSize, differingPixels: differing,
      antialiasedPixels: antialiased, maxChannelDifference: maxDelta, firstDifference: first)
  }

  /// The largest channel difference of pixel `i` (byte offset); 0 when both are fully transparent.
  /// Spelled out, without the generic `abs` and `max`, which a debug build calls through
  /// their protocol witnesses for every channel.
  @inline(__always)
  static func pixelDelta(_ r: UnsafeBufferPointer<UInt8>, _ a: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
    if r[i + 3] == 0 && a[i + 3] == 0 { return 0 }
    var delta = 0
    for c in i..<i + 4 {
      let difference = r[c] > a[c] ? Int(r[c] &- a[c]) : Int(a[c] &- r[c])
      if difference > delta { delta = difference }
    }
    return delta
  }

  /// The bytes compared with one memcmp before looking at their pixels: 64 pixels.
  static let runBytes = 256

  /// A picture of the difference: pixels counted as differing in opaque magenta, forgiven
  /// anti-aliased pixels in yellow, the others as a faint grey version of the actual image, so
  /// the eye finds the change at once. Images of different sizes give an all-magenta picture.
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
            let delta = pixelDelta(r, a, i)
            if delta <= tolerance.perChannel {
              let luminance = (Int(a[i]) * 3 + Int(a[i + 1]) * 6 + Int(a[i + 2])) / 10
              let alpha = Int(a[i + 3])
              // Faint: the actual pixel's luminance over white, at a quarter of its alpha.
              let grey = UInt8(255 - (255 - luminance) * alpha / 4 / 255)
              o[i] = grey
              o[i + 1] = grey
              o[i + 2] = grey
              o[i + 3] = 255
            } else if tolerance.ignoresAntialiasedEdges {
              let (x, y) = ((i / 4) % width, (i / 4) / width)
              if Antialiasing.isOnEdge(x: x, y: y, in: r, other: a, width: width, height: height)
                && Antialiasing.isOnEdge(x: x, y: y, in: a, other: r, width: width, height: height)
              {
                o[i] = 255
                o[i + 1] = 200
                o[i + 2] = 0
              }
            }
            i += 4
          }
        }
      }
    }
    return out
  }

  /// `0.1 %`, `25 %`, `0.1894 %`.
  static func percent(_ ratio: Double) -> String {
    let value = ratio * 100
    if value == value.rounded(), abs(value) < 1e15 { return "\(Int(value)) %" }
    var text = String(value)
    if text.count > 6 { text = String(text.prefix(6)) }
    return "\(text) %"
  }
}
