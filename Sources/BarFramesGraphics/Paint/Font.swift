/// A font request. BarFrames pins one face, Inter (compiled in), so text renders the same on every
/// machine; the size is in points, like `UIFont.systemFont(ofSize:)` in the original designs.
public struct Font: Hashable, Sendable {
  public enum Weight: String, Hashable, Sendable {
    case regular, bold
  }

  public var size: Double
  public var weight: Weight

  public init(size: Double, weight: Weight = .regular) {
    self.size = size
    self.weight = weight
  }

  /// The family every renderer uses.
  public static let familyName = "Inter"
}

/// Horizontal placement of a line of text inside its layout box; it is always centred
/// vertically, as a single-line `UILabel` is.
public enum TextAlignment: String, Hashable, Sendable {
  case left, center, right
}
