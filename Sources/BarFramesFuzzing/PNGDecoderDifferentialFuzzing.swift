import BarFramesImageIO

/// Any bytes through our PNG decoder (``PNGDecoder``) and libpng, which agree:
///
/// - what libpng refuses, ours refuses;
/// - what libpng reads without a warning, ours reads, to the same pixels — save interlaced
///   images, which ours refuses by design (``PNGDecodingError/interlaced``; our encoders never
///   write them);
/// - where libpng warns and carries on (a wrong CRC on an ancillary chunk, which it drops;
///   image data after the last row or a stream cut after it; a palette index past the palette;
///   a chunk out of place or malformed that it ignores), ours may refuse: it is the stricter
///   reading that goldens and icons want, as ``PNGCheck`` is. If it reads the file, it shows
///   libpng's pixels.
///
/// "The same pixels" is 8-bit straight RGBA: 16-bit samples keep their high byte
/// (`png_set_strip_16`), lower depths are scaled by bit replication, a `tRNS` colour key makes
/// its pixels transparent. Images past ``PNGReference/maximumPixels`` are not compared.
package enum PNGDecoderDifferentialFuzzing {
  static func check(_ bytes: [UInt8]) throws(FuzzFailure) -> FuzzOutcome {
    try compare(PNGReference(decoding: bytes), Result { () throws(PNGDecodingError) in try PNGDecoder.decode(bytes) })
  }

  /// The rule above, for one file's two readings.
  package static func compare(
    _ reference: PNGReference, _ ours: Result<RGBAImage, PNGDecodingError>
  ) throws(FuzzFailure) -> FuzzOutcome {
    switch (reference.outcome, ours) {
    case (.tooLarge, _):
      return .refused("past the size compared")
    case (.refused(let message), .success(let image)):
      throw FuzzFailure(
        "what libpng refuses, ours refuses", "libpng: \(message); ours: \(image.width) × \(image.height)")
    case (.refused(let message), .failure):
      return .refused("libpng: \(message)")
    case (.decoded(_, let warnings), .failure(let error)):
      if warnings > 0 { return .refused("libpng warned (\(reference.message)); ours: \(error)") }
      if error == .interlaced && reference.isInterlaced { return .refused("interlaced") }
      throw FuzzFailure("what libpng reads without a warning, ours reads", "ours: \(error)")
    case (.decoded(let expected, _), .success(let image)):
      guard (image.width, image.height) == (expected.width, expected.height) else {
        throw FuzzFailure(
          "both read the same size",
          "ours \(image.width) × \(image.height), libpng \(expected.width) × \(expected.height)")
      }
      guard image == expected else {
        throw FuzzFailure("both read the same pixels", "libpng's \(expected.firstDifference(from: image)) in ours")
      }
      return .accepted
    }
  }
}
