/// How different a frame may be from its golden and still match.
///
/// A pixel *differs* when any of its four channels (straight R, G, B, A) differs by more than
/// ``perChannel``; two fully transparent pixels never differ, whatever their colour bytes. The
/// frame matches when no more pixels differ than ``maxDifferingPixels`` allows — a count or a
/// ratio of the image's **pixels** (not bytes, not channels).
///
/// **The default is exact-or-near:** ±1 per channel and not one pixel beyond. Rendering is
/// portable (text is drawn as glyph outlines, not through the system's text stack), so the only
/// noise left between machines is rounding in the last bit of a channel; anything larger is a
/// change someone can see — an erased glyph, a shape moved by 1 px, a colour 6 levels off.
///
/// Looser comparisons are an explicit choice:
///
/// ```swift
/// GoldenTolerance()                                      // the default: ±1, no pixel beyond
/// GoldenTolerance(perChannel: 3)                         // ±3, no pixel beyond
/// GoldenTolerance(perChannel: 1, maxDifferingPixels: 4)  // up to 4 pixels may differ more
/// GoldenTolerance(maxDifferingPixelRatio: 0.001)         // up to 0.1 % of the pixels
/// GoldenTolerance(ignoringAntialiasedEdges: true)        // forgive edge pixels, as pixelmatch does
/// ```
///
/// A tolerance that would pass any image — ``perChannel`` of 255 or more, a ratio of 1 or more,
/// a pixel count that covers the whole image, or a negative or NaN value — is **refused** when
/// it is used, never silently accepted and never a crash: the assertion fails at its caller's
/// line, ``ImageComparison/compare(reference:actual:tolerance:)`` throws
/// ``GoldenError/refusedTolerance(_:)``, and `barframes golden verify` exits 64. ``refusal``
/// says why ahead of time.
public struct GoldenTolerance: Hashable, Sendable, CustomStringConvertible {
  /// How many pixels may differ by more than ``GoldenTolerance/perChannel``.
  public enum PixelLimit: Hashable, Sendable {
    /// At most this many pixels.
    case count(Int)
    /// At most this fraction of the image's pixels, rounded down: 0.02 of 100 pixels is 2.
    case ratio(Double)
  }

  /// Why a tolerance is refused: the parameter at fault and what it must be.
  public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The parameters a refusal can name, spelled as in the initialisers.
    public enum Parameter: String, Hashable, Sendable {
      case perChannel
      case maxDifferingPixels
      case maxDifferingPixelRatio
    }

    /// The parameter at fault.
    public var parameter: Parameter
    /// What it must be and what it was, e.g. `must be 0…254 (255 would pass any image); got 255`.
    public var reason: String

    public init(parameter: Parameter, reason: String) {
      self.parameter = parameter
      self.reason = reason
    }

    public var description: String { "\(parameter.rawValue) \(reason)" }
  }

  /// The largest per-channel difference, 0…254, that still counts as equal.
  public let perChannel: Int
  /// How many pixels may differ by more than ``perChannel``.
  public let maxDifferingPixels: PixelLimit
  /// Whether a differing pixel is forgiven when it lies on an anti-aliased edge in both images
  /// (see ``ImageComparison``); such pixels are counted and reported apart.
  public let ignoresAntialiasedEdges: Bool

  /// A tolerance with a pixel count: the default is ±1 per channel and no pixel beyond.
  /// - Parameters:
  ///   - perChannel: The largest per-channel difference that still counts as equal, 0…254.
  ///   - maxDifferingPixels: How many pixels may differ by more than `perChannel`; fewer than
  ///     the image has.
  ///   - ignoringAntialiasedEdges: Forgive differing pixels on anti-aliased edges.
  public init(perChannel: Int = 1, maxDifferingPixels: Int = 0, ignoringAntialiasedEdges: Bool = false) {
    self.perChannel = perChannel
    self.maxDifferingPixels = .count(maxDifferingPixels)
    self.ignoresAntialiasedEdges = ignoringAntialiasedEdges
  }

  /// A tolerance with a ratio of the image's pixels.
  /// - Parameters:
  ///   - perChannel: The largest per-channel difference that still counts as equal, 0…254.
  ///   - maxDifferingPixelRatio: The fraction of pixels, 0 ≤ r < 1, that may differ by more
  ///     than `perChannel`, rounded down to whole pixels.
  ///   - ignoringAntialiasedEdges: Forgive differing pixels on anti-aliased edges.
  public init(perChannel: Int = 1, maxDifferingPixelRatio: Double, ignoringAntialiasedEdges: Bool = false) {
    self.perChannel = perChannel
    self.maxDifferingPixels = .ratio(maxDifferingPixelRatio)
    self.ignoresAntialiasedEdges = ignoringAntialiasedEdges
  }

  /// The default: ±1 per channel and no pixel beyond — exact or near.
  public static let `default` = GoldenTolerance()

  /// Every pixel identical.
  public static let exact = GoldenTolerance(perChannel: 0)

  /// The default with differing pixels on anti-aliased edges forgiven.
  public static let ignoringAntialiasedEdges = GoldenTolerance(ignoringAntialiasedEdges: true)

  /// How many of `totalPixels` may differ by more than ``perChannel``.
  public func allowedDifferingPixels(of totalPixels: Int) -> Int {
    switch maxDifferingPixels {
    case .count(let n):
      return n
    case .ratio(let r):
      guard r.isFinite, r >= 0 else { return 0 }
      // The nudge keeps 0.29 × 100 (28.999999999999996 in binary) at the 29 pixels the user meant.
      return Int((r * Double(totalPixels) + 1e-9).rounded(.down))
    }
  }

  /// Why this tolerance would pass any image (or is not a tolerance at all), or nil when it is
  /// usable. A pixel count is checked against the image when it is compared.
  public var refusal: Refusal? { refusal(forPixelCount: nil) }

  /// Why this tolerance is refused for an image of `pixelCount` pixels, or nil.
  public func refusal(forPixelCount pixelCount: Int?) -> Refusal? {
    guard (0...254).contains(perChannel) else {
      return Refusal(parameter: .perChannel, reason: "must be 0…254 (255 would pass any image); got \(perChannel)")
    }
    switch maxDifferingPixels {
    case .count(let n):
      guard n >= 0 else { return Refusal(parameter: .maxDifferingPixels, reason: "must be 0 or more; got \(n)") }
      if let pixelCount, pixelCount > 0, n >= pixelCount {
        return Refusal(
          parameter: .maxDifferingPixels,
          reason: "must be fewer than the image's \(pixelCount) pixels (\(n) would pass any image); got \(n)")
      }
    case .ratio(let r):
      guard r >= 0, r < 1 else {
        return Refusal(
          parameter: .maxDifferingPixelRatio,
          reason: "must be at least 0 and below 1 (1 would pass any image); got \(r)")
      }
      if let pixelCount, pixelCount > 0, allowedDifferingPixels(of: pixelCount) >= pixelCount {
        return Refusal(
          parameter: .maxDifferingPixelRatio,
          reason: "allows all of the image's \(pixelCount) pixels to differ, which would pass any image; got \(r)")
      }
    }
    return nil
  }

  /// Throws ``GoldenError/refusedTolerance(_:)`` when this tolerance is refused for an image of
  /// `pixelCount` pixels (or, without a count, for any image).
  public func validate(pixelCount: Int? = nil) throws(GoldenError) {
    if let refusal = refusal(forPixelCount: pixelCount) { throw .refusedTolerance(refusal) }
  }

  /// `±1 per channel, no pixel beyond`, `±2 per channel, at most 0.1 % of pixels beyond`,
  /// `±1 per channel, at most 4 pixels beyond, anti-aliased edges ignored`.
  public var description: String {
    var text = "±\(perChannel) per channel, "
    switch maxDifferingPixels {
    case .count(0), .ratio(0):
      text += "no pixel beyond"
    case .count(1):
      text += "at most 1 pixel beyond"
    case .count(let n):
      text += "at most \(n) pixels beyond"
    case .ratio(let r):
      text += "at most \(ImageComparison.percent(r)) of pixels beyond"
    }
    if ignoresAntialiasedEdges { text += ", anti-aliased edges ignored" }
    return text
  }
}
