/// Where a frame of an animation differs from the frame before it: computed once per frame
/// and handed to every animation encoder (APNG, WebP), which all start from it.
///
/// ```swift
/// let difference = FrameDifference(image, from: previous)
/// difference.changed   // nil: the same pixels; else the smallest rectangle holding every change
/// ```
public struct FrameDifference: Hashable, Sendable {
  /// The smallest rectangle outside which the two frames are byte-identical; nil if they are
  /// identical everywhere.
  public var changed: PixelRect?

  /// Compares `image` with `previous` (same size).
  public init(_ image: RGBAImage, from previous: RGBAImage) {
    changed = image.changedRect(from: previous)
  }

  public init(changed: PixelRect?) {
    self.changed = changed
  }
}
