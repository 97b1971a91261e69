/// A frame's compressed PNG image data (the zlib stream that goes into IDAT or fdAT).
///
/// Encoding once and keeping the zlib stream lets the exporter write the same frame as a PNG
/// file (``PNGEncoder/pngFile(from:)``) and as an APNG frame (``APNGWriter/append(_:delay:)``)
/// without compressing it twice.
public struct EncodedFrame: Hashable, Sendable {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// ``PNGColorType/rgb`` or ``PNGColorType/rgba``; the bit depth is always 8.
  public var colorType: PNGColorType
  /// The zlib stream of filtered scanlines.
  public var zdata: [UInt8]

  public init(width: Int, height: Int, colorType: PNGColorType, zdata: [UInt8]) {
    self.width = width
    self.height = height
    self.colorType = colorType
    self.zdata = zdata
  }
}
