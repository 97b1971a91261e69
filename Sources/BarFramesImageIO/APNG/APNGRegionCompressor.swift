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
    let small = !whole && pixels.width * pixels.height <= Self.smallArea
    if small, let data = recent.recall(pixels, colorType: colorType) { return data }
    let data = try compressAnew(pixels, colorType: colorType, whole: whole)
    if small { recent.remember(pixels, colorType: colorType, data: data) }
    return data
  }

  /// Small rectangles compressed lately: an animation often shows the same pixels again (572
  /// of seek-bar's 600 changed rectangles are those of one eight frames earlier), and then
  /// their stream costs a comparison.
  private var recent = RecentRectangles()

  private func compressAnew(
    _ pixels: RGBAImage, colorType: PNGColorType, whole: Bool
  ) throws(PNGEncodingError) -> [UInt8] {
    var runs: [UInt8]?
    if let runLength, !whole, pixels.width * pixels.height <= Self.smallArea,
      Self.mayRunLength(pixels, channels: colorType == .rgb ? 3 : 4)
    {
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

extension APNGRegionCompressor {
  /// Whether at most a tenth of the rectangle's bytes (in the file's `channels`) differ from
  /// the byte before them. zlib's run-length strategy only finds runs of one byte, so where
  /// more differ its stream is never an eighth of the rows and seldom smaller than libdeflate's:
  /// on the examples' small rectangles this skips 407 of demo-timeline's 582 trials (93 bytes
  /// of its APNG lost) and all 134 of download-success's (none), and no trial of seek-bar's
  /// that kept the run-length stream.
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

/// The streams of the last ``capacity`` small rectangles compressed, with their pixels; the
/// least recently used makes room. The same pixels always compress to the same stream, so a
/// stream found here is the one compressing would give.
struct RecentRectangles {
  static let capacity = 16

  private struct Entry {
    var pixels: RGBAImage
    var colorType: PNGColorType
    var data: [UInt8]
    var lastUsed: Int
  }

  private var entries: [Entry] = []
  private var clock = 0

  /// The stream of a rectangle with exactly these pixels and colour type, if one is kept.
  mutating func recall(_ pixels: RGBAImage, colorType: PNGColorType) -> [UInt8]? {
    clock += 1
    for i in entries.indices
    where entries[i].colorType == colorType && entries[i].pixels.width == pixels.width
      && entries[i].pixels.height == pixels.height && entries[i].pixels.pixels == pixels.pixels
    {
      entries[i].lastUsed = clock
      return entries[i].data
    }
    return nil
  }

  /// Keeps `data` as the stream of `pixels`.
  mutating func remember(_ pixels: RGBAImage, colorType: PNGColorType, data: [UInt8]) {
    let entry = Entry(pixels: pixels, colorType: colorType, data: data, lastUsed: clock)
    if entries.count < Self.capacity {
      entries.append(entry)
    } else if let oldest = entries.indices.min(by: { entries[$0].lastUsed < entries[$1].lastUsed }) {
      entries[oldest] = entry
    }
  }
}
