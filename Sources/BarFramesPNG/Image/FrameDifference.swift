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

  /// Compares `image` with `previous` (same size) only where either drew: each keeps its
  /// background outside its ink (`FrameRenderer.renderMeasuringInk`; nil: it drew nothing), so
  /// the result is that of comparing them whole, without reading the rest.
  public init(_ image: RGBAImage, ink: PixelRect?, from previous: RGBAImage, ink previousInk: PixelRect?) {
    let region = [ink, previousInk].compactMap { $0 }.reduce(nil) { $0?.union($1) ?? $1 }
    changed = region.flatMap { image.changedRect(from: previous, within: $0) }
  }

  public init(changed: PixelRect?) {
    self.changed = changed
  }

  /// Where a frame can differ from the one two steps back, given this step's difference and
  /// the next: the union of their rectangles (a pixel changed and changed back still counts).
  public func followed(by next: FrameDifference) -> FrameDifference {
    switch (changed, next.changed) {
    case (nil, let rect), (let rect, nil): FrameDifference(changed: rect)
    case (let a?, let b?): FrameDifference(changed: a.union(b))
    }
  }
}
