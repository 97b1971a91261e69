/// Encodes a PNG from bands of rows handed over as they are ready, so a large picture (a
/// contact sheet) is filtered and compressed while it is still being drawn, a band at a time,
/// without ever holding its whole straight-RGBA copy.
///
/// ```swift
/// let encoder = try PNGStreamEncoder(width: 3296, height: 2124, colorType: .rgb)
/// for band in bands { try encoder.append(band) }      // top to bottom, any heights
/// let png = PNGEncoder.pngFile(from: try encoder.finish())
/// ```
/// Filters see the row above across bands and the compressor one stream, so the bytes do not
/// depend on how the picture was cut into bands. With the `balanced` and `small` presets they
/// are those ``PNGEncoder`` writes for the whole picture. With `fast` (zlib's run-length
/// strategy) the stream is compressed by ``RunLengthDeflater``, which finds the same runs in a
/// fraction of zlib's time: the pixels are those of ``PNGEncoder``'s file, the bytes within a
/// few tenths of a percent of its size. Not thread-safe.
public final class PNGStreamEncoder {
  public let width: Int
  public let height: Int
  public let colorType: PNGColorType
  /// Rows appended so far.
  public private(set) var rowsAppended = 0

  private let encoder: PNGEncoder
  private let deflater: any StreamingZlibCompressor
  private var zdata: [UInt8] = []
  /// The last row appended, in the file's channels: the row above the next band's first.
  private var lastRow: [UInt8]?

  /// - Throws: ``PNGEncodingError/unsupportedColorType(_:)`` for a colour type other than RGB
  ///   or RGBA, or zlib's error.
  public init(
    width: Int, height: Int, colorType: PNGColorType, preset: PNGCompressionPreset = .fast
  ) throws(PNGEncodingError) {
    guard colorType == .rgb || colorType == .rgba else { throw .unsupportedColorType(colorType) }
    precondition(width > 0 && height > 0, "A PNG needs a positive size, not \(width)×\(height)")
    self.width = width
    self.height = height
    self.colorType = colorType
    let deflater = try PNGEncoder.compressor(for: preset)
    self.deflater = deflater
    encoder = PNGEncoder(preset: preset, deflater: deflater)
    try deflater.begin()
  }

  /// Appends the next rows, top to bottom; `band` is as wide as the picture.
  /// - Throws: ``PNGEncodingError/alphaWouldBeLost`` for a translucent band of an RGB picture,
  ///   or zlib's error.
  public func append(_ band: RGBAImage) throws(PNGEncodingError) {
    precondition(band.width == width && rowsAppended + band.height <= height, "The band does not fit the picture")
    _ = try encoder.checkedColorType(band, colorType)
    try encoder.withFilteredRows(band, colorType: colorType, filters: encoder.preset.filterChoice, previousRow: lastRow)
    {
      rows throws(PNGEncodingError) in
      try deflater.compress(rows, finish: rowsAppended + band.height == height, appendingTo: &zdata)
    }
    let bpp = colorType == .rgb ? 3 : 4
    var row = [UInt8](repeating: 0, count: width * bpp)
    let start = (band.height - 1) * width * 4
    for x in 0..<width {
      for c in 0..<bpp { row[x * bpp + c] = band.pixels[start + x * 4 + c] }
    }
    lastRow = row
    rowsAppended += band.height
  }

  /// Appends the next `rows` rows, already in the picture's channels (R, G, B for `.rgb`;
  /// R, G, B, A for `.rgba`, straight alpha) and packed: `rows` × `width` pixels. For a
  /// picture whose rows come from somewhere other than an ``RGBAImage`` (the contact sheet's
  /// Cairo surface), without converting them to one first. The bytes are those of
  /// ``append(_:)`` with the same pixels.
  /// - Throws: zlib's error.
  public func append(packedRows bytes: UnsafeRawBufferPointer, rows: Int) throws(PNGEncodingError) {
    let bpp = colorType == .rgb ? 3 : 4
    precondition(rows > 0 && rowsAppended + rows <= height, "The rows do not fit the picture")
    precondition(bytes.count >= rows * width * bpp, "\(rows) rows need \(rows * width * bpp) bytes, not \(bytes.count)")
    let source = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
    try encoder.withFilteredRows(
      packed: source, width: width, height: rows, bpp: bpp, filters: encoder.preset.filterChoice,
      previousRow: lastRow
    ) { filtered throws(PNGEncodingError) in
      try deflater.compress(filtered, finish: rowsAppended + rows == height, appendingTo: &zdata)
    }
    let rowBytes = width * bpp
    lastRow = Array(UnsafeRawBufferPointer(rebasing: bytes[((rows - 1) * rowBytes)..<(rows * rowBytes)]))
    rowsAppended += rows
  }

  /// The compressed picture, once every row is appended.
  public func finish() -> EncodedFrame {
    precondition(rowsAppended == height, "\(height - rowsAppended) rows were never appended")
    return EncodedFrame(width: width, height: height, colorType: colorType, zdata: zdata)
  }
}
