import CZlib

/// Compresses the rectangles an ``APNGWriter`` stores, as its preset says.
///
/// - `.fast`: the PNG files' own settings (Up or Sub per row, zlib's run-length strategy).
/// - `.balanced`: zlib level 6, None on every row.
/// - `.small`: libdeflate level 6 (``LibDeflateCompressor``), None on every row — and, for an
///   RGBA rectangle of at most ``RectangleMemory/largestArea`` pixels, zlib's run-length
///   strategy first: kept at once if it is an eighth of the rows or less, else the smaller of
///   the two.
///
/// Why these choices (docs/performance.md has the measurements and the commands behind them):
/// None on every row is almost always the smallest filter on these rectangles, so trying the
/// others costs more than it saves; libdeflate level 6 gives about zlib level 9's size in about
/// half its time; small RGBA rectangles of runs (a bar's moving end over transparency) compress
/// smaller with zlib's run-length strategy, while opaque or large ones seldom or never do, so
/// they are not tried.
final class APNGRegionCompressor {
  let preset: PNGCompressionPreset
  private let main: PNGEncoder
  private let filters: PNGRowFilter.Choice
  private let runLength: PNGEncoder?

  init(preset: PNGCompressionPreset, rectangles: APNGRectangleMemory = APNGRectangleMemory()) throws(PNGEncodingError) {
    self.preset = preset
    self.rectangles = rectangles
    switch preset {
    case .fast:
      main = try PNGEncoder(preset: .fast)
      filters = PNGCompressionPreset.fast.filterChoice
      runLength = nil
    case .balanced:
      main = PNGEncoder(preset: .balanced, deflater: try Deflater(level: 6, strategy: Z_DEFAULT_STRATEGY))
      filters = .adaptive([.none])
      runLength = nil
    case .small:
      main = PNGEncoder(preset: .small, deflater: try LibDeflateCompressor(level: 6))
      filters = .adaptive([.none])
      runLength = PNGEncoder(preset: .small, deflater: try Deflater(level: 1, strategy: Z_RLE))
    }
  }

  /// The zlib stream of `pixels` (a rectangle, or with `whole` the first frame) with
  /// `colorType`'s channels. A whole frame is filtered with the preset's per-row heuristic, as
  /// PNG files are: it suits whole pictures (gradients, repeated rows) better than None, and
  /// trying None too would cost a second compression of the largest frame for a few bytes
  /// (docs/performance.md).
  func compress(_ pixels: RGBAImage, colorType: PNGColorType, whole: Bool = false) throws(PNGEncodingError) -> [UInt8] {
    let lookup = whole ? nil : rectangles.lookUp(pixels.bounds, of: pixels)
    if let kept = lookup?.encoding, kept.preset == preset, kept.colorType == colorType { return kept.data }
    let data = try compressAnew(pixels, colorType: colorType, whole: whole)
    if let lookup {
      rectangles.remember(
        APNGCompressedRectangle(preset: preset, colorType: colorType, data: data), bytes: data.count, for: lookup,
        region: pixels.bounds, of: pixels)
    }
    return data
  }

  /// Small rectangles compressed before, by this compressor or another sharing the memory:
  /// an animation often shows the same pixels again (a bar's moving end repeats its sub-pixel
  /// phases), and then their stream costs a comparison.
  let rectangles: APNGRectangleMemory

  private func compressAnew(
    _ pixels: RGBAImage, colorType: PNGColorType, whole: Bool
  ) throws(PNGEncodingError) -> [UInt8] {
    var runs: [UInt8]?
    if let runLength, !whole, colorType == .rgba, pixels.width * pixels.height <= APNGRectangleMemory.largestArea,
      Self.mayRunLength(pixels, channels: 4)
    {
      let data = try runLength.encodeImageData(pixels, colorType: colorType, filters: filters).zdata
      // Eight times smaller than the rows already: nothing left for matches to win (on the
      // examples' rectangles the tuned search never beat such a stream).
      let rawSize = pixels.height * (1 + pixels.width * 4)
      if data.count * 8 <= rawSize { return data }
      runs = data
    }
    let data = try main.encodeImageData(pixels, colorType: colorType, filters: whole ? preset.filterChoice : filters)
      .zdata
    guard let runs else { return data }
    return runs.count < data.count ? runs : data
  }
}

extension APNGRegionCompressor {
  /// Whether at most a tenth of the rectangle's bytes (in the file's `channels`) differ from
  /// the byte before them. zlib's run-length strategy only finds runs of one byte, so where
  /// more differ its stream is never an eighth of the rows and seldom smaller than libdeflate's.
  /// The test is cheap beside the compression it saves (docs/performance.md has how often it
  /// passes on the examples).
  static func mayRunLength(_ pixels: RGBAImage, channels: Int) -> Bool {
    let limit = pixels.width * pixels.height * channels / 10
    var changes = 0
    return pixels.pixels.withUnsafeBufferPointer { bytes in
      var previous = bytes.first ?? 0
      var i = 0
      while i < bytes.count {
        for c in 0..<channels where bytes[i + c] != previous {
          previous = bytes[i + c]
          changes += 1
        }
        if changes > limit { return false }
        i += 4
      }
      return true
    }
  }
}

/// The memory of compressed rectangles that the frame encoders and the writer of one APNG
/// share (see ``APNGFrameEncoder/init(colorType:preset:rectangles:)``).
public typealias APNGRectangleMemory = RectangleMemory<APNGCompressedRectangle>

/// A rectangle's zlib stream as an APNG's compressor made it: for its preset and colour type.
public struct APNGCompressedRectangle: Sendable {
  let preset: PNGCompressionPreset
  let colorType: PNGColorType
  let data: [UInt8]
}
