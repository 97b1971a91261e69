import BarFramesPNGContainer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Encodes ``RGBAImage``s as 8-bit, non-interlaced PNG, tuned for flat-colour frames.
///
/// Opaque images are written as RGB (colour type 2), images with any alpha below 255 as RGBA
/// (colour type 6), unless a colour type is requested (an APNG's frames must share one).
///
/// ```swift
/// let encoder = try PNGEncoder(preset: .fast)
/// let frame = try encoder.encodeImageData(image)      // compress once…
/// try Data(PNGEncoder.pngFile(from: frame)).write(to: url)  // …write a PNG
/// try apng.append(frame, delay: nil)                  // …and the same bytes as an APNG frame
/// ```
///
/// An encoder is a class holding a zlib stream and scratch buffers that it reuses from frame
/// to frame (`deflateReset` instead of a fresh `deflateInit`), so it is **not** `Sendable`:
/// create one per worker thread and do not share it.
public final class PNGEncoder {
  /// The speed/size trade-off this encoder was created with.
  public let preset: PNGCompressionPreset

  private let deflater: any ZlibCompressor
  /// Filtered scanlines (filter byte + row), reused across frames.
  private var filtered: [UInt8] = []
  /// The image repacked as RGB when the alpha channel is dropped.
  private var packed: [UInt8] = []
  /// One candidate row per adaptive filter.
  private var candidates: [UInt8] = []
  private var zeroRow: [UInt8] = []
  /// Whether the rows being filtered continue a picture (`zeroRow` then holds the row above).
  private var continuesAbove = false

  /// Creates an encoder and its zlib stream.
  /// - Throws: ``PNGEncodingError/zlib(operation:status:)`` if zlib cannot allocate its state.
  public init(preset: PNGCompressionPreset = .fast) throws(PNGEncodingError) {
    self.preset = preset
    deflater = try Self.compressor(for: preset)
  }

  /// The compressor a preset's frames get: for `fast`, ``RunLengthDeflater`` (zlib's `Z_RLE`
  /// parse in a fraction of zlib's time), else zlib at the preset's level.
  package static func compressor(
    for preset: PNGCompressionPreset
  ) throws(PNGEncodingError) -> any StreamingZlibCompressor {
    preset == .fast
      ? try RunLengthDeflater()
      : try Deflater(level: preset.zlibLevel, strategy: preset.zlibStrategy, memoryLevel: preset.zlibMemoryLevel)
  }

  /// An encoder with its own compressor (the APNG writer's rectangles).
  package init(preset: PNGCompressionPreset, deflater: any ZlibCompressor) {
    self.preset = preset
    self.deflater = deflater
  }

  /// The colour type ``encodeImageData(_:colorType:)`` picks by default: RGB if opaque, else RGBA.
  public static func defaultColorType(for image: RGBAImage) -> PNGColorType {
    image.isOpaque ? .rgb : .rgba
  }

  /// Filters and compresses `image`, returning the zlib stream for IDAT/fdAT.
  ///
  /// - Parameters:
  ///   - image: The pixels to encode.
  ///   - colorType: `.rgb` or `.rgba`; `nil` picks ``defaultColorType(for:)``.
  /// - Throws: ``PNGEncodingError/alphaWouldBeLost`` when `.rgb` is requested for a translucent
  ///   image, ``PNGEncodingError/unsupportedColorType(_:)`` for other colour types.
  public func encodeImageData(
    _ image: RGBAImage, colorType: PNGColorType? = nil
  ) throws(PNGEncodingError) -> EncodedFrame {
    try encodeImageData(image, colorType: colorType, filters: preset.filterChoice)
  }

  /// The smallest of `image`'s encodings with the preset's own row filters, None on every
  /// row and Sub on every row, measured by compressed size rather than estimated.
  ///
  /// The sum-of-absolute-values heuristic only estimates what zlib will make of a row; on
  /// small, mostly transparent rectangles (an APNG frame's changed region) None on every row
  /// usually compresses smaller, because matches then span rows. Up, Average and Paeth on
  /// every row are not tried: on the examples' APNGs they never won against these three
  /// (docs/performance.md). The choices are compressed by
  /// `ranking` (a cheaper preset: level 9's long match chains make several passes costly),
  /// and only the smallest again by this encoder; without `ranking` all use this encoder.
  public func encodeImageDataTryingFilters(
    _ image: RGBAImage, colorType: PNGColorType, ranking: PNGEncoder? = nil
  ) throws(PNGEncodingError) -> EncodedFrame {
    let ranker = ranking ?? self
    let choices = Self.filterTrials(preset)
    var best: (choice: PNGRowFilter.Choice, frame: EncodedFrame)?
    for choice in choices {
      let candidate = try ranker.encodeImageData(image, colorType: colorType, filters: choice)
      if best == nil || candidate.zdata.count < best!.frame.zdata.count { best = (choice, candidate) }
    }
    guard ranker !== self else { return best!.frame }
    return try encodeImageData(image, colorType: colorType, filters: best!.choice)
  }

  /// What ``encodeImageDataTryingFilters(_:colorType:ranking:)`` tries.
  package static func filterTrials(_ preset: PNGCompressionPreset) -> [PNGRowFilter.Choice] {
    [preset.filterChoice, .adaptive([.none]), .adaptive([.sub])]
  }

  /// `image` with the rows filtered as `choice` says.
  package func encodeImageData(
    _ image: RGBAImage, colorType: PNGColorType?, filters choice: PNGRowFilter.Choice
  ) throws(PNGEncodingError) -> EncodedFrame {
    let type = try checkedColorType(image, colorType)
    let zdata = try withFilteredRows(image, colorType: type, filters: choice, previousRow: nil) {
      rows throws(PNGEncodingError) in
      try deflater.compress(rows)
    }
    return EncodedFrame(width: image.width, height: image.height, colorType: type, zdata: zdata)
  }

  /// The colour type `image` is written with: `colorType`, or ``defaultColorType(for:)``.
  package func checkedColorType(
    _ image: RGBAImage, _ colorType: PNGColorType?
  ) throws(PNGEncodingError) -> PNGColorType {
    let type = colorType ?? Self.defaultColorType(for: image)
    switch type {
    case .rgba: break
    case .rgb: if colorType != nil && !image.isOpaque { throw .alphaWouldBeLost }
    default: throw .unsupportedColorType(type)
    }
    return type
  }

  /// Calls `body` with `image`'s scanlines filtered as `choice` says (filter byte + row, each
  /// row), in `type`'s channels. `previousRow` is the row above the first, in those channels
  /// (nil: none, the top of the image); a band of a larger image is filtered as part of it.
  package func withFilteredRows<R>(
    _ image: RGBAImage, colorType type: PNGColorType, filters choice: PNGRowFilter.Choice, previousRow: [UInt8]?,
    _ body: (UnsafeRawBufferPointer) throws(PNGEncodingError) -> R
  ) throws(PNGEncodingError) -> R {
    if type == .rgb, previousRow == nil, case .adaptive(let filters) = choice, filters == [.none] {
      // None on every row (the APNG's rectangles): the channels go straight into the rows.
      return try withUnfilteredRGBRows(image, body)
    }
    if type == .rgb {
      if packed.count < image.width * image.height * 3 {
        packed = [UInt8](repeating: 0, count: image.width * image.height * 3)
      }
      packRGB(image)
      // `packed` is not touched again until `body` returns.
      return try packed.withUnsafeBufferPointer { source throws(PNGEncodingError) in
        try withFilteredRows(
          packed: source.baseAddress!, width: image.width, height: image.height, bpp: 3, filters: choice,
          previousRow: previousRow, body)
      }
    } else {
      return try image.pixels.withUnsafeBufferPointer { source throws(PNGEncodingError) in
        try withFilteredRows(
          packed: source.baseAddress!, width: image.width, height: image.height, bpp: 4, filters: choice,
          previousRow: previousRow, body)
      }
    }
  }

  /// Calls `body` with the rows at `source` — `height` rows of `width` pixels of `bpp` bytes,
  /// already in the file's channels — filtered as `choice` says; `previousRow` as above.
  package func withFilteredRows<R>(
    packed source: UnsafePointer<UInt8>, width: Int, height: Int, bpp: Int, filters choice: PNGRowFilter.Choice,
    previousRow: [UInt8]?, _ body: (UnsafeRawBufferPointer) throws(PNGEncodingError) -> R
  ) throws(PNGEncodingError) -> R {
    let rowBytes = width * bpp
    let filteredCount = height * (rowBytes + 1)
    if filtered.count < filteredCount { filtered = [UInt8](repeating: 0, count: filteredCount) }
    if zeroRow.count < rowBytes { zeroRow = [UInt8](repeating: 0, count: rowBytes) }
    if let previousRow { zeroRow.replaceSubrange(0..<rowBytes, with: previousRow) }
    continuesAbove = previousRow != nil
    defer {
      if continuesAbove { zeroRow.withUnsafeMutableBytes { _ = memset($0.baseAddress!, 0, rowBytes) } }
      continuesAbove = false
    }
    filterRows(source, width: width, height: height, bpp: bpp, choice: choice)
    let result = filtered.withUnsafeBytes { raw in
      Result { () throws(PNGEncodingError) in try body(UnsafeRawBufferPointer(rebasing: raw[0..<filteredCount])) }
    }
    return try result.get()
  }

  /// Encodes `image` as a complete PNG file.
  public func encode(_ image: RGBAImage, colorType: PNGColorType? = nil) throws(PNGEncodingError) -> [UInt8] {
    Self.pngFile(from: try encodeImageData(image, colorType: colorType))
  }

  /// Wraps compressed image data in a PNG file: signature, IHDR, IDAT, IEND.
  public static func pngFile(from frame: EncodedFrame) -> [UInt8] {
    var file = PNGChunk.signature
    file.reserveCapacity(frame.zdata.count + 64)
    PNGChunkWriter.append(
      .IHDR, PNGChunkWriter.headerData(width: frame.width, height: frame.height, colorType: frame.colorType),
      to: &file)
    appendImageDataChunks(.IDAT, frame.zdata, to: &file)
    PNGChunkWriter.append(.IEND, [], to: &file)
    return file
  }

  /// Largest IDAT we write; well below the 2³¹−1 limit, and small enough for streaming readers.
  package static let maximumChunkSize = 1 << 20

  package static func appendImageDataChunks(_ type: ChunkType, _ zdata: [UInt8], to file: inout [UInt8]) {
    zdata.withUnsafeBytes { raw in
      var start = 0
      repeat {
        let end = min(raw.count, start + maximumChunkSize)
        PNGChunkWriter.append(type, UnsafeRawBufferPointer(rebasing: raw[start..<end]), to: &file)
        start = end
      } while start < raw.count
    }
  }

  /// `body` with `image`'s rows as RGB, each after a None filter byte — what filtering a
  /// packed copy with None gives, without the copy.
  private func withUnfilteredRGBRows<R>(
    _ image: RGBAImage, _ body: (UnsafeRawBufferPointer) throws(PNGEncodingError) -> R
  ) throws(PNGEncodingError) -> R {
    let rowBytes = image.width * 3
    let count = image.height * (rowBytes + 1)
    if filtered.count < count { filtered = [UInt8](repeating: 0, count: count) }
    image.pixels.withUnsafeBufferPointer { source in
      filtered.withUnsafeMutableBufferPointer { target in
        for y in 0..<image.height {
          let s = source.baseAddress! + y * image.width * 4
          let t = target.baseAddress! + y * (rowBytes + 1)
          t[0] = PNGRowFilter.none.rawValue
          for x in 0..<image.width {
            t[1 + x * 3] = s[x * 4]
            t[2 + x * 3] = s[x * 4 + 1]
            t[3 + x * 3] = s[x * 4 + 2]
          }
        }
      }
    }
    let result = filtered.withUnsafeBytes { raw in
      Result { () throws(PNGEncodingError) in try body(UnsafeRawBufferPointer(rebasing: raw[0..<count])) }
    }
    return try result.get()
  }

  private func packRGB(_ image: RGBAImage) {
    let count = image.width * image.height
    image.pixels.withUnsafeBufferPointer { source in
      packed.withUnsafeMutableBufferPointer { target in
        let s = source.baseAddress!
        let t = target.baseAddress!
        for i in 0..<count {
          t[i * 3] = s[i * 4]
          t[i * 3 + 1] = s[i * 4 + 1]
          t[i * 3 + 2] = s[i * 4 + 2]
        }
      }
    }
  }

  private func filterRows(
    _ source: UnsafePointer<UInt8>, width: Int, height: Int, bpp: Int, choice: PNGRowFilter.Choice
  ) {
    let rowBytes = width * bpp
    if case .adaptive(let filters) = choice, candidates.count < filters.count * rowBytes {
      candidates = [UInt8](repeating: 0, count: filters.count * rowBytes)
    }
    zeroRow.withUnsafeBufferPointer { zero in
      filtered.withUnsafeMutableBufferPointer { out in
        candidates.withUnsafeMutableBufferPointer { scratch in
          for y in 0..<height {
            let row = source + y * rowBytes
            let previous = y == 0 ? zero.baseAddress! : source + (y - 1) * rowBytes
            let target = out.baseAddress! + y * (rowBytes + 1)
            switch choice {
            case .upIfRepeatedElseSub:
              if y > 0 || continuesAbove, memcmp(row, previous, rowBytes) == 0 {
                // Up on a repeated row is all zeros.
                target[0] = PNGRowFilter.up.rawValue
                memset(target + 1, 0, rowBytes)
              } else {
                target[0] = PNGRowFilter.sub.rawValue
                PNGRowFilter.sub.apply(row: row, previous: previous, count: rowBytes, bpp: bpp, into: target + 1)
              }
            case .adaptive(let filters) where filters.count == 1:
              // Nothing to choose between (the APNG's rectangles): filter straight into place.
              target[0] = filters[0].rawValue
              filters[0].apply(row: row, previous: previous, count: rowBytes, bpp: bpp, into: target + 1)
            case .adaptive(let filters):
              var best = 0
              var bestCost = Int.max
              for (n, filter) in filters.enumerated() {
                let candidate = scratch.baseAddress! + n * rowBytes
                filter.apply(row: row, previous: previous, count: rowBytes, bpp: bpp, into: candidate)
                let cost = filterCost(candidate, count: rowBytes)
                if cost < bestCost {
                  bestCost = cost
                  best = n
                }
              }
              target[0] = filters[best].rawValue
              (target + 1).update(from: scratch.baseAddress! + best * rowBytes, count: rowBytes)
            }
          }
        }
      }
    }
  }
}
