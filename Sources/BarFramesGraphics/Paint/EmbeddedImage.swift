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

extension EmbeddedImage.ContentMode {
  /// Where an image of `size` pixels lands when drawn into `rect` by this mode: centred, scaled
  /// per axis (`fill`) or uniformly (`aspectFit`, `aspectFill`), and then clipped to `rect` by
  /// the caller. Every backend places images through this one rule.
  public func placement(ofImageSize size: Size, in rect: Rect) -> Rect {
    var sx = rect.width / size.width
    var sy = rect.height / size.height
    switch self {
    case .fill: break
    case .aspectFill:
      sx = max(sx, sy)
      sy = sx
    case .aspectFit:
      sx = min(sx, sy)
      sy = sx
    }
    let width = size.width * sx
    let height = size.height * sy
    return Rect(x: rect.midX - width / 2, y: rect.midY - height / 2, width: width, height: height)
  }
}
