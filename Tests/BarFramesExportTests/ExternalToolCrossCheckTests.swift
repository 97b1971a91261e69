import BarFramesExport
import BarFramesImageIO
import BarFramesTestSupport
import Foundation
import Testing

/// Other implementations read what we write: ffprobe decodes our APNG and GIF, rsvg-convert
/// rasterizes our SVG. Each test is skipped, saying why, when its tool is not installed.
@Suite struct ExternalToolCrossCheckTests {
  @Test func ffprobeCountsTheAPNGAndGIFFrames() throws {
    guard let ffprobe = ExternalTools.path("ffprobe") else {
      print("skipped: ffprobe is not installed (apt-get install ffmpeg)")
      return
    }
    let (directory, _) = try ExportFixtures.export(
      [try ExportFixtures.scene(duration: 1.3, fps: 15)],
      options: ExportFixtures.options([.apng, .gif]) { $0.background = .transparent })
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(try ExternalTools.ffprobeFrameCount(of: directory.appendingPathComponent("bar/bar.apng"), ffprobe: ffprobe) == 20)
    #expect(try ExternalTools.ffprobeFrameCount(of: directory.appendingPathComponent("bar/bar.gif"), ffprobe: ffprobe) == 20)
  }

  @Test func rsvgConvertRendersOurSVGCloseToOurPNG() throws {
    guard let rsvg = ExternalTools.path("rsvg-convert") else {
      print("skipped: rsvg-convert is not installed (apt-get install librsvg2-bin)")
      return
    }
    let (directory, _) = try ExportFixtures.export(
      [try ExportFixtures.scene(duration: 1, fps: 10)], options: ExportFixtures.options([.png, .svg]))
    defer { try? FileManager.default.removeItem(at: directory) }
    for (frame, time) in [(0, "0.000"), (5, "0.500"), (10, "1.000")] {
      let converted = directory.appendingPathComponent("rsvg-\(frame).png")
      let result = try ExternalTools.run(rsvg, ["-f", "png", "-o", converted.path, directory.appendingPathComponent("bar/bar-at-\(time)s.svg").path])
      #expect(result.status == 0, "\(result.stderr)")
      let theirs = try PNGDecoder.decode(Array(try Data(contentsOf: converted)))
      let ours = try PNGDecoder.decode(try ExportFixtures.read(directory, String(format: "bar/bar-%02d.png", frame)))
      #expect(theirs.width == ours.width && theirs.height == ours.height)
      guard theirs.width == ours.width, theirs.height == ours.height else { continue }
      var total = 0
      var differing = 0
      for i in 0..<ours.pixels.count {
        let d = abs(Int(ours.pixels[i]) - Int(theirs.pixels[i]))
        total += d
        if d > 48 { differing += 1 }
      }
      let mean = Double(total) / Double(ours.pixels.count)
      // Both rasterize the same paths; only antialiasing along edges may differ.
      #expect(mean < 1.5, "mean channel difference \(mean) at \(time) s")
      #expect(Double(differing) / Double(ours.pixels.count) < 0.01, "\(differing) channels differ by > 48 at \(time) s")
    }
  }
}
