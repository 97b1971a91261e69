import BarFramesExport
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

/// Other implementations read what we write: ffprobe decodes our APNG and GIF. (librsvg and
/// Chromium drawing our SVG are checked against our PNG in `SVGRasterizationTests`.)
@Suite struct ExternalToolCrossCheckTests {
  @Test(.enabled(if: ExternalTools.path("ffprobe") != nil, "ffprobe is not installed (apt-get install ffmpeg)"))
  func ffprobeCountsTheAPNGAndGIFFrames() throws {
    let ffprobe = try #require(ExternalTools.path("ffprobe"))
    let (directory, _) = try ExportFixtures.export(
      [try ExportFixtures.scene(duration: 1.3, fps: 15)],
      options: ExportFixtures.options([.apng, .gif]) { $0.background = .transparent })
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(try ExternalTools.ffprobeFrameCount(of: directory.appendingPathComponent("bar/bar.apng"), ffprobe: ffprobe) == 20)
    #expect(try ExternalTools.ffprobeFrameCount(of: directory.appendingPathComponent("bar/bar.gif"), ffprobe: ffprobe) == 20)
  }
}
