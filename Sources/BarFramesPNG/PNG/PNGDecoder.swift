import BarFramesPNGContainer

/// Decodes PNG files into ``RGBAImage``s.
///
/// Supports every non-interlaced PNG: colour types 0, 2, 3, 4 and 6; bit depths 1–16 (16-bit
/// samples keep their high byte); all five filters; palette transparency and colour-key
/// `tRNS`. That covers `cairo_surface_write_to_png` output and our own. Every chunk's CRC and
/// the chunk order are checked; malformed input throws a ``PNGDecodingError``.
///
/// ```swift
/// let image = try PNGDecoder.decode(try Array(Data(contentsOf: url)))
/// ```
public enum PNGDecoder {
  /// The largest image (in pixels) the decoder allocates: 2²⁷ pixels, 512 MiB of RGBA.
  public static let maximumPixelCount = 1 << 27

  /// Decodes a PNG file (for an APNG, its default image).
  /// - Throws: ``PNGDecodingError`` describing the first problem found.
  public static func decode(_ bytes: [UInt8]) throws(PNGDecodingError) -> RGBAImage {
    var header: PNGHeader?
    var format: PNGPixelFormat?
    var imageData: [UInt8] = []
    var sawIDAT = false
    var idatEnded = false
    var sawPLTE = false
    var failure: PNGDecodingError?

    bytes.withUnsafeBytes { raw in
      do throws(PNGDecodingError) {
        try PNGChunk.forEachChunk(in: raw) { type, data, offset throws(PNGDecodingError) in
          if header == nil {
            guard type == .IHDR else { throw .chunkOrder("the first chunk is \(type.name), not IHDR") }
            let parsed = try PNGHeader(data)
            guard parsed.width * parsed.height <= maximumPixelCount else {
              throw .imageTooLarge(width: parsed.width, height: parsed.height)
            }
            header = parsed
            format = PNGPixelFormat(header: parsed)
            return
          }
          if sawIDAT && type != .IDAT { idatEnded = true }
          switch type {
          case .IHDR:
            throw .chunkOrder("a second IHDR chunk appears at byte \(offset)")
          case .PLTE:
            guard !sawIDAT else { throw .chunkOrder("PLTE appears after the image data") }
            guard !sawPLTE else { throw .chunkOrder("a second PLTE chunk appears at byte \(offset)") }
            sawPLTE = true
            try format!.readPalette(data)
          case .tRNS:
            guard !sawIDAT else { throw .chunkOrder("tRNS appears after the image data") }
            try format!.readTransparency(data)
          case .IDAT:
            guard !idatEnded else {
              throw .chunkOrder("the IDAT chunks are not consecutive (another at byte \(offset))")
            }
            sawIDAT = true
            imageData.append(contentsOf: data)
          case .IEND:
            guard sawIDAT else { throw .chunkOrder("IEND comes before any IDAT chunk") }
          default:
            if type.isCritical { throw .unknownCriticalChunk(type.name) }
          }
        }
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    guard let header, let format else { throw .chunkOrder("there is no IHDR chunk") }
    guard !header.isInterlaced else { throw .interlaced }
    return try format.decodeImageData(imageData, width: header.width, height: header.height)
  }
}

/// Everything besides the size needed to turn decompressed scanlines into RGBA pixels.
package struct PNGPixelFormat {
  package var bitDepth: Int
  package var colorType: PNGColorType
  /// Palette entries as RGBA (alpha from tRNS, else 255).
  package var palette: [UInt8] = []
  /// tRNS colour key for grayscale (`[gray]`) or RGB (`[r, g, b]`) images, at the image's bit depth.
  package var colorKey: [UInt16]?

  package init(header: PNGHeader) {
    bitDepth = header.bitDepth
    colorType = header.colorType
  }

  package var paletteCount: Int { palette.count / 4 }

  package mutating func readPalette(_ data: UnsafeRawBufferPointer) throws(PNGDecodingError) {
    guard data.count % 3 == 0, (3...768).contains(data.count) else {
      throw .invalidPalette("PLTE has \(data.count) bytes; it needs 3 per entry, 1 to 256 entries")
    }
    // PLTE is allowed (as a suggestion) in RGB images; only indexed images use it.
    guard colorType == .indexed else { return }
    palette = []
    palette.reserveCapacity(data.count / 3 * 4)
    for i in stride(from: 0, to: data.count, by: 3) {
      palette += [data[i], data[i + 1], data[i + 2], 255]
    }
  }

  package mutating func readTransparency(_ data: UnsafeRawBufferPointer) throws(PNGDecodingError) {
    switch colorType {
    case .indexed:
      guard !palette.isEmpty else { throw .chunkOrder("tRNS comes before PLTE") }
      guard data.count <= paletteCount else {
        throw .invalidPalette("tRNS has \(data.count) entries but the palette only \(paletteCount)")
      }
      for i in 0..<data.count { palette[i * 4 + 3] = data[i] }
    case .grayscale:
      guard data.count == 2 else { throw .invalidChunkLength(chunk: "tRNS", length: data.count) }
      colorKey = [data.loadBigEndianUInt16(at: 0)]
    case .rgb:
      guard data.count == 6 else { throw .invalidChunkLength(chunk: "tRNS", length: data.count) }
      colorKey = [data.loadBigEndianUInt16(at: 0), data.loadBigEndianUInt16(at: 2), data.loadBigEndianUInt16(at: 4)]
    case .grayscaleAlpha, .rgba:
      break  // Forbidden by the specification; these images carry alpha already, so ignore it.
    }
  }

  /// Bytes per complete pixel for filtering (at least 1).
  package var filterStride: Int { max(1, colorType.channels * bitDepth / 8) }

  package func rowBytes(width: Int) -> Int { (width * colorType.channels * bitDepth + 7) / 8 }

  /// Inflates, unfilters and converts one image's zlib stream.
  package func decodeImageData(_ zdata: [UInt8], width: Int, height: Int) throws(PNGDecodingError) -> RGBAImage {
    if colorType == .indexed && palette.isEmpty { throw .invalidPalette("an indexed image has no PLTE chunk") }
    let rowBytes = rowBytes(width: width)
    let expected = height * (rowBytes + 1)
    let inflated = zdata.withUnsafeBytes { raw in
      Result { () throws(Inflater.Failure) in try Inflater.inflate(raw, expectedSize: expected) }
    }
    var scanlines: [UInt8]
    switch inflated {
    case .success(let bytes): scanlines = bytes
    case .failure(.short(let produced, let expected)), .failure(.cut(let produced, let expected)):
      throw .imageDataTooShort(bytes: produced, expected: expected)
    case .failure(.long(let expected)): throw .imageDataTooLong(expected: expected)
    case .failure(.corrupt(let message, _)): throw .corruptImageData(message)
    }
    try unfilter(&scanlines, rowBytes: rowBytes, height: height)
    return try convert(scanlines, width: width, height: height, rowBytes: rowBytes)
  }

  /// Reverses the scanline filters in place; row `y`'s data starts at `y * (rowBytes + 1) + 1`.
  private func unfilter(_ scanlines: inout [UInt8], rowBytes: Int, height: Int) throws(PNGDecodingError) {
    let bpp = filterStride
    var badFilter: (UInt8, Int)?
    scanlines.withUnsafeMutableBufferPointer { buffer in
      let zero = [UInt8](repeating: 0, count: rowBytes)
      zero.withUnsafeBufferPointer { zero in
        for y in 0..<height {
          let row = buffer.baseAddress! + y * (rowBytes + 1) + 1
          let previous = y == 0 ? UnsafeMutablePointer(mutating: zero.baseAddress!) : row - (rowBytes + 1)
          switch row[-1] {
          case 0:
            break
          case 1:
            var i = bpp
            while i < rowBytes {
              row[i] &+= row[i - bpp]
              i += 1
            }
          case 2:
            for i in 0..<rowBytes { row[i] &+= previous[i] }
          case 3:
            for i in 0..<min(bpp, rowBytes) { row[i] &+= previous[i] >> 1 }
            var i = bpp
            while i < rowBytes {
              row[i] &+= UInt8((UInt16(row[i - bpp]) + UInt16(previous[i])) >> 1)
              i += 1
            }
          case 4:
            for i in 0..<min(bpp, rowBytes) { row[i] &+= previous[i] }
            var i = bpp
            while i < rowBytes {
              row[i] &+= paethPredictor(row[i - bpp], previous[i], previous[i - bpp])
              i += 1
            }
          default:
            badFilter = (row[-1], y)
            return
          }
        }
      }
    }
    if let (type, row) = badFilter { throw .invalidFilterType(type, row: row) }
  }

  private func convert(
    _ scanlines: [UInt8], width: Int, height: Int, rowBytes: Int
  ) throws(PNGDecodingError) -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    var badIndex: Int?
    let paletteCount = self.paletteCount
    scanlines.withUnsafeBufferPointer { source in
      palette.withUnsafeBufferPointer { palette in
        pixels.withUnsafeMutableBufferPointer { target in
          for y in 0..<height {
            let row = source.baseAddress! + y * (rowBytes + 1) + 1
            let out = target.baseAddress! + y * width * 4
            switch (colorType, bitDepth) {
            case (.rgba, 8):
              out.update(from: row, count: width * 4)
            case (.rgb, 8):
              let key = colorKey.map { ($0[0], $0[1], $0[2]) }
              for x in 0..<width {
                let r = row[x * 3]
                let g = row[x * 3 + 1]
                let b = row[x * 3 + 2]
                out[x * 4] = r
                out[x * 4 + 1] = g
                out[x * 4 + 2] = b
                out[x * 4 + 3] = key.map { $0 == (UInt16(r), UInt16(g), UInt16(b)) ? 0 : 255 } ?? 255
              }
            case (.indexed, _):
              for x in 0..<width {
                let index = Int(sample(row, x, bitDepth))
                guard index < paletteCount else {
                  badIndex = index
                  return
                }
                for c in 0..<4 { out[x * 4 + c] = palette[index * 4 + c] }
              }
            default:
              convertGeneric(row, width: width, into: out)
            }
          }
        }
      }
    }
    if let badIndex { throw .paletteIndexOutOfRange(index: badIndex, paletteSize: paletteCount) }
    return RGBAImage(width: width, height: height, pixels: pixels)
  }

  /// The slower path for grayscale, 16-bit and sub-byte rows.
  private func convertGeneric(_ row: UnsafePointer<UInt8>, width: Int, into out: UnsafeMutablePointer<UInt8>) {
    let channels = colorType.channels
    let maximum = (1 << bitDepth) - 1
    for x in 0..<width {
      var raw: (UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0)
      func value(_ channel: Int) -> UInt16 {
        let index = x * channels + channel
        switch bitDepth {
        case 16: return UInt16(row[index * 2]) << 8 | UInt16(row[index * 2 + 1])
        case 8: return UInt16(row[index])
        default: return UInt16(sample(row, index, bitDepth))
        }
      }
      // Scales a sample to 8 bits: 16-bit keeps the high byte, 1/2/4-bit replicate up to 255.
      func eight(_ v: UInt16) -> UInt8 {
        bitDepth == 16 ? UInt8(v >> 8) : UInt8(Int(v) * 255 / maximum)
      }
      switch colorType {
      case .grayscale:
        let g = value(0)
        raw = (g, g, g, colorKey?[0] == g ? 0 : UInt16(maximum))
      case .grayscaleAlpha:
        let g = value(0)
        raw = (g, g, g, value(1))
      case .rgb:
        let r = value(0)
        let g = value(1)
        let b = value(2)
        raw = (r, g, b, colorKey == [r, g, b] ? 0 : UInt16(maximum))
      case .rgba:
        raw = (value(0), value(1), value(2), value(3))
      case .indexed:
        break  // handled by the caller
      }
      out[x * 4] = eight(raw.0)
      out[x * 4 + 1] = eight(raw.1)
      out[x * 4 + 2] = eight(raw.2)
      out[x * 4 + 3] = eight(raw.3)
    }
  }
}

/// The `index`-th sample of a row packed at `bitDepth` ≤ 8 bits, most significant bits first.
@inline(__always)
private func sample(_ row: UnsafePointer<UInt8>, _ index: Int, _ bitDepth: Int) -> UInt8 {
  if bitDepth == 8 { return row[index] }
  let bit = index * bitDepth
  let shift = 8 - bitDepth - bit % 8
  return (row[bit / 8] >> UInt8(shift)) & UInt8((1 << bitDepth) - 1)
}
