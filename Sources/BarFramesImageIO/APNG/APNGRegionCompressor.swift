import CZlib

/// Compresses the rectangles an ``APNGWriter`` stores, as its preset says.
///
/// - `.fast`: the PNG files' own settings (Up or Sub per row, zlib's run-length strategy).
/// - `.balanced`: zlib level 6, None on every row.
/// - `.small`: libdeflate level 6 (``LibDeflateCompressor``), None on every row — and, for a
///   rectangle of at most ``smallArea`` pixels, zlib's run-length strategy first: kept at once
///   if it is an eighth of the rows or less, else the smaller of the two.
///
/// None on every row: on the examples' rectangles None was smallest in 831 of 853 trials
/// against the per-row heuristic, Sub and the rest, so trying the others costs more than it
/// saves. On the rectangles of the four examples of issue 16, libdeflate level 6 takes about
/// half the time of zlib level 9 with short hash chains (`deflateTune(8, 258, 258, 32)`, used
/// before it) for streams 4 % smaller (seek-bar) to 1 % larger (bent-line-slider: 226 kB in
/// 10 ms against 224 kB in 19 ms); zlib's level 9 proper is 3–5 % smaller still but 4–6 times
/// slower. Small rectangles of runs (a bar's moving end, a few pixels wide) compress smaller
/// with the run-length strategy in 9 cases out of 10, and cost little either way; large ones
/// never did.
final class APNGRegionCompressor {
  let preset: PNGCompressionPreset
  private let main: PNGEncoder
  private let filters: PNGRowFilter.Choice
  private let runLength: PNGEncoder?

  /// Rectangles up to this many pixels are also tried with the run-length strategy (`.small`).
  static var smallArea: Int { 4096 }

  init(preset: PNGCompressionPreset) throws(PNGEncodingError) {
    self.preset = preset
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
  /// PNG files are: it suits whole pictures (gradients, repeated rows) better than None. (On
  /// the examples' first frames None would save at most 308 bytes of an APNG, and trying both
  /// cost bent-line-slider's APNG an eighth of its time.)
  func compress(_ pixels: RGBAImage, colorType: PNGColorType, whole: Bool = false) throws(PNGEncodingError) -> [UInt8] {
    var runs: [UInt8]?
    if let runLength, !whole, pixels.width * pixels.height <= Self.smallArea {
      let data = try runLength.encodeImageData(pixels, colorType: colorType, filters: filters).zdata
      // Eight times smaller than the rows already: nothing left for matches to win (on the
      // examples' rectangles the tuned search never beat such a stream).
      let rawSize = pixels.height * (1 + pixels.width * (colorType == .rgb ? 3 : 4))
      if data.count * 8 <= rawSize { return data }
      runs = data
    }
    let data = try main.encodeImageData(pixels, colorType: colorType, filters: whole ? preset.filterChoice : filters)
      .zdata
    guard let runs else { return data }
    return runs.count < data.count ? runs : data
  }
}
