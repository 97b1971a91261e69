import BarFramesImageIO
import CBarFramesOracles

/// libpng's reading of a PNG file (`barframes_png_reference_decode`): what an application that
/// uses libpng, Cairo among them, would show.
package struct PNGReference {
  package enum Outcome: Equatable {
    /// Decoded, with the number of warnings (benign errors included) libpng gave on the way.
    case decoded(RGBAImage, warnings: Int)
    /// Refused with libpng's message.
    case refused(String)
    /// The header's size is past the limit the caller gave: not decoded.
    case tooLarge
  }

  package var outcome: Outcome
  /// The first warning or the error ("" if none).
  package var message: String
  package var isInterlaced: Bool

  /// The images the fuzz targets decode at most: a few megabytes of RGBA.
  package static let maximumPixels = 1 << 22

  package init(outcome: Outcome, message: String, isInterlaced: Bool) {
    self.outcome = outcome
    self.message = message
    self.isInterlaced = isInterlaced
  }

  package init(decoding bytes: [UInt8], maximumPixels: Int = Self.maximumPixels) {
    var result = barframes_png_result()
    bytes.withUnsafeBufferPointer { barframes_png_reference_decode($0.baseAddress, $0.count, maximumPixels, &result) }
    defer { barframes_png_reference_free(&result) }
    message = withUnsafeBytes(of: result.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    isInterlaced = result.interlaced != 0
    switch result.outcome {
    case barframes_png_decoded:
      let count = Int(result.width) * Int(result.height) * 4
      let image = RGBAImage(
        width: Int(result.width), height: Int(result.height),
        pixels: Array(UnsafeBufferPointer(start: result.rgba, count: count)))
      outcome = .decoded(image, warnings: Int(result.warnings))
    case barframes_png_too_large:
      outcome = .tooLarge
    default:
      outcome = .refused(message)
    }
  }
}
