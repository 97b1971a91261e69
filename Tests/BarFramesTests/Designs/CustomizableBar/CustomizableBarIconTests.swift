import BarFramesTestSupport
import Foundation
import Testing

@testable import BarFrames

/// An icon whose header looks right but whose file cannot be decoded is refused when its style
/// is read, naming the style file and the key — it used to be dropped from every frame while
/// the render exited 0 (issue 15).
@Suite struct CustomizableBarIconTests {
  func styleError(icon bytes: [UInt8]) throws -> (InputError?, path: String) {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("icon.png")
    try Data(bytes).write(to: url)
    do {
      _ = try Style(
        json: try JSONValue(
          parsing: #"{"version": 1, "design": "customizable-bar", "progressBarIconImage": "icon.png"}"#),
        file: "Styles/x.json", directory: directory.path)
      return (nil, url.path)
    } catch let error as InputError {
      return (error, url.path)
    }
  }

  @Test(arguments: PNGFixture.broken)
  func aBrokenIconIsRefusedNamingTheStyleAndKey(icon: PNGFixture.Broken) throws {
    let (error, path) = try styleError(icon: icon.bytes)
    #expect(
      error?.description
        == "Styles/x.json: progressBarIconImage: the icon file \"\(path)\" is not a readable PNG image: \(icon.reason)")
  }

  @Test func theSameImageUnbrokenIsAccepted() throws {
    let (error, _) = try styleError(icon: PNGFixture.file(PNGFixture.rgbaChunks(width: 3, height: 2)))
    #expect(error == nil)
  }

  /// Every colour type and bit depth, interlaced or not (the fuzz corpus' icons, which libpng
  /// decodes: the replay of `fuzz-icon` checks that) passes the check with its header's size.
  @Test func everyKindOfPNGIsAccepted() throws {
    let folder = TestRendering.packageRoot.appendingPathComponent("Fuzz/Corpus/icon")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }
    #expect(files.count >= 15)
    for name in files {
      let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
      let header = try PNGCheck.check(bytes, maximumSide: 4096, maximumDecodedBytes: 4 << 20)
      #expect(
        header.width == Int(PNGFixture.bigEndianValue(bytes, 16))
          && header.height == Int(PNGFixture.bigEndianValue(bytes, 20)), "\(name)")
    }
  }

  /// The Adam7 passes of a 9 × 9 image: 2, 1, 3, 2, 5, 4, 9 columns by 2, 2, 1, 3, 2, 5, 4 rows
  /// (81 pixels in all); a 1 × 1 image has only the first pass.
  @Test func interlacedPassesFollowAdam7() {
    let header = PNGCheck.Header(width: 9, height: 9, bitDepth: 8, colorType: 6, isInterlaced: true)
    let passes = PNGCheck.passes(of: header).map { [$0.width, $0.height] }
    #expect(passes == [[2, 2], [1, 2], [3, 1], [2, 3], [5, 2], [4, 5], [9, 4]])
    let oneByOne = PNGCheck.Header(width: 1, height: 1, bitDepth: 8, colorType: 6, isInterlaced: true)
    #expect(PNGCheck.passes(of: oneByOne).map { [$0.width, $0.height] } == [[1, 1]])
  }
}
