import Foundation

/// One fuzz target: an input format and the properties every input of it must keep.
///
/// Each target is a function from bytes to either success or a ``FuzzFailure``. The libFuzzer
/// executables (`fuzz-json`, `fuzz-scene`, …, `fuzz-png-decoder`) call ``fuzz(_:_:)``,
/// which traps on a failure so libFuzzer keeps the input; the test suite calls ``check(_:)``
/// on the committed corpus and every past crash input, without a sanitizer build.
///
/// ```swift
/// try FuzzTarget.scene.check(Array(try Data(contentsOf: url)))
/// ```
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// The JSON reader every input file goes through (``JSONInput``).
  case json
  /// Scene files with their styles, inline or referenced, read, replayed and drawn.
  case scene
  /// `barframes timing` probe files, read and evaluated.
  case probe
  /// Icon images: the load-time check, Cairo's decoder (libpng) that draws them, the SVG
  /// writer's header reading, and the PNG decoder goldens are read with.
  case icon
  /// Rectangles of pixels through our lossless WebP encoder, decoded by libwebp.
  case webp
  /// Bytes through our run-length deflater, inflated by zlib.
  case deflate
  /// Frames through our GIF writer, decoded by giflib.
  case gif
  /// Pixels through our PNG encoders, decoded by libpng.
  case pngEncoder = "png-encoder"
  /// Any bytes through our PNG decoder and libpng, which must agree.
  case pngDecoder = "png-decoder"

  /// The executable's name: `fuzz-json`.
  public var executableName: String { "fuzz-\(rawValue)" }

  /// Runs one input through the target.
  /// - Returns: Whether the input was accepted (and then drawn or evaluated) or refused with a
  ///   message (which names its file).
  /// - Throws: ``FuzzFailure`` naming the property that does not hold.
  @discardableResult
  public func check(_ bytes: [UInt8]) throws(FuzzFailure) -> FuzzOutcome {
    switch self {
    case .json: try JSONFuzzing.check(bytes)
    case .scene: try SceneFuzzing.check(bytes)
    case .probe: try ProbeFuzzing.check(bytes)
    case .icon: try IconFuzzing.check(bytes)
    case .webp: try WebPRoundTripFuzzing.check(bytes)
    case .deflate: try DeflateRoundTripFuzzing.check(bytes)
    case .gif: try GIFRoundTripFuzzing.check(bytes)
    case .pngEncoder: try PNGEncoderRoundTripFuzzing.check(bytes)
    case .pngDecoder: try PNGDecoderDifferentialFuzzing.check(bytes)
    }
  }

  /// The body of `LLVMFuzzerTestOneInput`: a property that does not hold traps, with its
  /// message, so libFuzzer reports the input as a crash and writes it out.
  public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
      try check(bytes)
    } catch {
      fatalError("\(executableName): \(error)")
    }
    return 0
  }

  /// The package's root folder (the fuzz targets read the committed styles and icons from it).
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `Fuzz/Corpus/<target>`: the committed seed corpus.
  public var corpus: URL { Self.packageRoot.appendingPathComponent("Fuzz/Corpus/\(rawValue)", isDirectory: true) }

  /// `Fuzz/Crashes/<target>`: inputs that once crashed or broke a property, kept after their fix.
  public var crashes: URL { Self.packageRoot.appendingPathComponent("Fuzz/Crashes/\(rawValue)", isDirectory: true) }
}

/// What became of an input that kept every property.
public enum FuzzOutcome: Hashable, Sendable {
  /// Read, and drawn or evaluated.
  case accepted
  /// Refused with this message.
  case refused(String)
}

/// A property a fuzz target checks that does not hold for some input.
public struct FuzzFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The property, in a few words: "an error names its file".
  public var property: String
  /// What was seen instead.
  public var detail: String

  public init(_ property: String, _ detail: String) {
    self.property = property
    self.detail = detail
  }

  public var description: String { "\(property): \(detail)" }
}
