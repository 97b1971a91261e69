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
    let (directory, manifest) = try ExportFixtures.export(
      [try ExportFixtures.scene(duration: 1.3, fps: 15)],
      options: ExportFixtures.options([.apng, .gif]) { $0.background = .transparent })
    defer { try? FileManager.default.removeItem(at: directory) }
    // 20 frames rendered (0 … 19/15 s), identical neighbours merged: the files hold fewer frames
    // but still last 20/15 s.
    for file in manifest.scenes[0].files {
      let url = directory.appendingPathComponent(file.path)
      let frames = try #require(file.frames)
      #expect(frames + (file.mergedFrames ?? 0) == 20, "\(file.format)")
      #expect(try ExternalTools.ffprobeFrameCount(of: url, ffprobe: ffprobe) == frames, "\(file.format)")
      let duration = try #require(try ExternalTools.ffprobeDuration(of: url, ffprobe: ffprobe), "\(file.format)")
      #expect(abs(duration - 20.0 / 15) <= 0.01, "\(file.format): \(duration) s")
    }
    #expect(manifest.scenes[0].files.map(\.format) == ["apng", "gif"])
  }
}
