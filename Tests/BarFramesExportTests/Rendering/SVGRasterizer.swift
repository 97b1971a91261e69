import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

/// Another program that draws our SVG into pixels, so the SVG can be compared with the PNG we
/// draw with Cairo: librsvg's `rsvg-convert` and headless Chromium.
enum SVGRasterizer: String, CaseIterable, CustomStringConvertible {
  case rsvg
  case chromium

  var description: String { rawValue }

  /// The program, or nil when it is not installed.
  var executable: String? {
    switch self {
    case .rsvg: ExternalTools.path("rsvg-convert")
    case .chromium: BrowserDriver.isAvailable ? BrowserDriver.chromium : nil
    }
  }

  var isInstalled: Bool { executable != nil }

  /// Why a test that needs it is skipped.
  var installHint: Comment {
    switch self {
    case .rsvg: "rsvg-convert is not installed (apt-get install librsvg2-bin)"
    case .chromium: Comment(rawValue: BrowserDriver.missing ?? "")
    }
  }

  /// Draws the SVG document `svg` of `size` points at `scale` pixels per point and returns the
  /// decoded pixels (straight RGBA, transparent where the document draws nothing).
  func rasterize(_ svg: [UInt8], width: Int, height: Int, scale: Int) async throws -> RGBAImage {
    guard let executable else { throw RasterizerError.notInstalled(self) }
    let directory = try ExternalTools.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("frame.svg")
    let output = directory.appendingPathComponent("frame.png")
    try Data(svg).write(to: input)
    switch self {
    case .rsvg:
      let result = try ExternalTools.run(
        executable, ["--format", "png", "--zoom", String(scale), "--output", output.path, input.path])
      guard result.status == 0, FileManager.default.fileExists(atPath: output.path) else {
        throw RasterizerError.failed(self, status: result.status, stderr: result.stderr)
      }
    case .chromium:
      // The run's Chromium (sRGB without colour management, as our PNG is) opens the document
      // with `scale` device pixels per CSS pixel on a transparent page, and its root element's
      // box is cut from the screen.
      typealias B = BrowserDriver
      _ = try await B.run([
        .object([
          .init("emulate", .object([.init("scale", .number(Double(scale))), .init("transparent", .bool(true))]))
        ]),
        B.step("open", input.absoluteString),
        B.shots([(B.twoFramesDrawn + " return null;", output.path)], element: "svg", as: "shot"),
      ])
    }
    let image = try Screenshot.decode(contentsOf: output)
    // The document sits in the window's top-left corner.
    return image.cropped(width: width * scale, height: height * scale) ?? image
  }

  enum RasterizerError: Error, CustomStringConvertible {
    case notInstalled(SVGRasterizer)
    case failed(SVGRasterizer, status: Int32, stderr: String)

    var description: String {
      switch self {
      case .notInstalled(let tool): "\(tool) is not installed"
      case .failed(let tool, let status, let stderr): "\(tool) failed with status \(status): \(stderr.suffix(2000))"
      }
    }
  }
}

/// How far apart two images of the same size are: the mean absolute difference of each channel
/// (R, G, B, A) over every pixel, in 8-bit steps, how many pixels differ at all and how many
/// by more than ``largeStep`` in some channel.
struct ImageDifference: CustomStringConvertible {
  /// A difference no antialiasing disagreement along an edge should reach.
  static let largeStep = 96

  var meanPerChannel: [Double]
  var differingPixels: Int
  var largelyDifferingPixels: Int
  var pixelCount: Int

  init(_ a: RGBAImage, _ b: RGBAImage) {
    precondition(a.width == b.width && a.height == b.height)
    var sums = [Int](repeating: 0, count: 4)
    var differing = 0
    var largely = 0
    a.pixels.withUnsafeBufferPointer { pa in
      b.pixels.withUnsafeBufferPointer { pb in
        var i = 0
        while i < pa.count {
          var largest = 0
          for c in 0..<4 {
            let d = abs(Int(pa[i + c]) - Int(pb[i + c]))
            sums[c] += d
            largest = max(largest, d)
          }
          if largest > 0 { differing += 1 }
          if largest > Self.largeStep { largely += 1 }
          i += 4
        }
      }
    }
    let count = Double(a.width * a.height)
    meanPerChannel = sums.map { Double($0) / count }
    differingPixels = differing
    largelyDifferingPixels = largely
    pixelCount = a.width * a.height
  }

  /// The fraction of pixels that differ by more than ``largeStep``.
  var largelyDifferingRatio: Double { Double(largelyDifferingPixels) / Double(pixelCount) }

  /// The largest of the four channel means.
  var worstMean: Double { meanPerChannel.max() ?? 0 }

  var description: String {
    "mean |Δ| R G B A = " + meanPerChannel.map { String(format: "%.4f", $0) }.joined(separator: " ")
      + " (in 8-bit steps); of \(pixelCount) pixels \(differingPixels) differ, \(largelyDifferingPixels) by more than \(Self.largeStep)"
  }
}

extension RGBAImage {
  /// The top-left `width × height` pixels, or nil when the image is not larger than that.
  func cropped(width w: Int, height h: Int) -> RGBAImage? {
    guard w <= width, h <= height, w != width || h != height else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(w * h * 4)
    for y in 0..<h {
      bytes += pixels[(y * bytesPerRow)..<(y * bytesPerRow + w * 4)]
    }
    return RGBAImage(width: w, height: h, pixels: bytes)
  }
}
