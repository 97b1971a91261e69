/// A PNG image carried by value, for example the customizable bar's optional icon.
///
/// The core never decodes it: a renderer does. `name` identifies it in recordings.
public struct EmbeddedImage: Hashable, Sendable {
  /// How the image fills its rectangle.
  public enum ContentMode: String, Hashable, Sendable {
    /// Scale to fill the rectangle, keeping the aspect ratio and cropping the overflow
    /// (`UIView.ContentMode.scaleAspectFill`).
    case aspectFill
    /// Scale to fit inside the rectangle, keeping the aspect ratio.
    case aspectFit
    /// Stretch to the rectangle.
    case fill
  }

  public var name: String
  public var pngData: [UInt8]

  public init(name: String, pngData: [UInt8]) {
    self.name = name
    self.pngData = pngData
  }
}
