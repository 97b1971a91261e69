import BarFrames
import BarFramesImageIO
import BarFramesRenderer
import BarFramesTestSupport
import Foundation
import Testing

@testable import BarFramesExport

/// Whole exports of tiny scenes, checked through the files a user gets.
@Suite struct ExporterTests {
  @Test func writesThePNGSequenceUnderPaddedNames() throws {
    let (directory, manifest) = try ExportFixtures.export(
      [try ExportFixtures.scene(name: "bar", duration: 1, fps: 10, scale: 2)], options: ExportFixtures.options(.png))
    defer { try? FileManager.default.removeItem(at: directory) }
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("bar").path)
      .sorted()
    #expect(files == (0...10).map { String(format: "bar-%02d@2x.png", $0) })
    #expect(manifest.scenes.map(\.frames.count) == [11])
    let image = try PNGDecoder.decode(try ExportFixtures.read(directory, "bar/bar-10@2x.png"))
    #expect(image.width == 240 && image.height == 120)
    #expect(image.isOpaque)  // the style's background
  }

  @Test func transparentFramesKeepAlpha() throws {
    let (directory, _) = try ExportFixtures.export(
      [try ExportFixtures.scene()], options: ExportFixtures.options(.png) { $0.background = .transparent })
    defer { try? FileManager.default.removeItem(at: directory) }
    let image = try PNGDecoder.decode(try ExportFixtures.read(directory, "bar/bar-00.png"))
    #expect(image[0, 0].alpha == 0)
    #expect(image.opaqueBounds() != nil)
  }

  @Test func theAPNGHasEveryFrameWithExactDelaysAndThePNGsPixels() throws {
    let (directory, manifest) = try ExportFixtures.export(
      [try ExportFixtures.scene(fps: 12)],
      options: ExportFixtures.options([.png, .apng]) { $0.background = .transparent })
    defer { try? FileManager.default.removeItem(at: directory) }
    let animation = try APNGReader.read(try ExportFixtures.read(directory, "bar/bar.apng"))
    #expect(animation.loopCount == 0)
    // Identical consecutive frames are merged, their delays summed: played out at 1/12 s per
    // step, the APNG shows the 13 PNGs in order.
    let played = try Self.expand(animation, unit: FrameDelay(framesPerSecond: 12))
    #expect(played.count == 13)
    for (n, image) in played.enumerated() {
      let png = try PNGDecoder.decode(try ExportFixtures.read(directory, String(format: "bar/bar-%02d.png", n)))
      #expect(image == png, "frame \(n)")
    }
    #expect(animation.frames.contains { !$0.image.isOpaque })
    let file = try #require(manifest.scenes[0].files.first)
    #expect(file.format == "apng")
    #expect(file.frames == animation.frames.count)
    #expect(file.mergedFrames == 13 - animation.frames.count)
  }

  @Test func theWebPPlaysThePNGsExactlyWithExactTimes() throws {
    let (directory, manifest) = try ExportFixtures.export(
      [try ExportFixtures.scene(fps: 12)],
      options: ExportFixtures.options([.png, .webp]) { $0.background = .transparent })
    defer { try? FileManager.default.removeItem(at: directory) }
    let animation = try WebPDecoding.decode(try ExportFixtures.read(directory, "bar/bar.webp"))
    #expect(animation.loopCount == 0)
    let timestamps = WebPTimestamps(framesPerSecond: 12)
    let played = WebPDecoding.played(animation, timestamps: timestamps, frameCount: 13)
    try #require(played.count == 13)
    for (n, image) in played.enumerated() {
      let png = try PNGDecoder.decode(try ExportFixtures.read(directory, String(format: "bar/bar-%02d.png", n)))
      #expect(image == png, "frame \(n)")
    }
    // 13 frames of 1/12 s: 1083.3 ms, stored as 1083.
    #expect(animation.frames.last?.endMilliseconds == 1083)
    let file = try #require(manifest.scenes[0].files.first)
    #expect(file.format == "webp")
    #expect(file.path == "bar/bar.webp")
    #expect(file.frames == animation.frameCount)
    #expect(file.mergedFrames == 13 - animation.frameCount)
  }

  @Test func aLossyWebPIsAnotherFileWithEveryFrame() throws {
    let timeline = try ExportFixtures.scene(fps: 12)
    let (lossless, _) = try ExportFixtures.export([timeline], options: ExportFixtures.options([.webp]))
    defer { try? FileManager.default.removeItem(at: lossless) }
    let (lossy, manifest) = try ExportFixtures.export(
      [timeline], options: ExportFixtures.options([.webp]) { $0.webpQuality = 40 })
    defer { try? FileManager.default.removeItem(at: lossy) }
    let bytes = try ExportFixtures.read(lossy, "bar/bar.webp")
    #expect(bytes != (try ExportFixtures.read(lossless, "bar/bar.webp")))
    let animation = try WebPDecoding.decode(bytes)
    #expect(animation.frames.last?.endMilliseconds == 1083)
    #expect(manifest.scenes[0].files.first?.frames == animation.frameCount)
  }

  /// Each APNG frame repeated once per `unit` of its delay: the sequence of rendered frames.
  static func expand(_ animation: APNGAnimation, unit: FrameDelay) throws -> [RGBAImage] {
    var images: [RGBAImage] = []
    for frame in animation.frames {
      let (steps, per) = (
        Int(frame.delay.numerator) * Int(unit.denominator), Int(frame.delay.denominator) * Int(unit.numerator)
      )
      try #require(steps % per == 0, "a delay of \(frame.delay) is not a whole number of \(unit)")
      images += Array(repeating: frame.image, count: steps / per)
    }
    return images
  }

  @Test func everyNthStretchesTheAPNGDelay() throws {
    let (directory, manifest) = try ExportFixtures.export(
      [try ExportFixtures.scene(fps: 30)], options: ExportFixtures.options([.png, .apng]) { $0.everyNth = 4 })
    defer { try? FileManager.default.removeItem(at: directory) }
    let animation = try APNGReader.read(try ExportFixtures.read(directory, "bar/bar.apng"))
    #expect(try Self.expand(animation, unit: FrameDelay(seconds: 4, per: 30)).count == 8)  // 0, 4, …, 28 of 31
    #expect(manifest.scenes[0].frames.map(\.index) == [0, 4, 8, 12, 16, 20, 24, 28])
    #expect(manifest.scenes[0].frames.map(\.path).last == "bar/bar-28.png")
  }

  @Test(arguments: [(10.0, 1.0), (24.0, 1.5), (30000.0 / 1001.0, 1.0)])
  func theGIFsDelaysAddUpToTheDuration(fps: Double, duration: Double) throws {
    let (directory, manifest) = try ExportFixtures.export(
      [try ExportFixtures.scene(duration: duration, fps: fps)],
      options: ExportFixtures.options(.gif) { $0.background = .transparent })
    defer { try? FileManager.default.removeItem(at: directory) }
    let animation = try GIFReader.read(try ExportFixtures.read(directory, "bar/bar.gif"))
    let frames = FrameSampler(duration: duration, rate: FrameRate(fps)).count
    // Frames showing the same as the one before are merged into it, their delays summed.
    let file = try #require(manifest.scenes[0].files.first)
    #expect(animation.frames.count == file.frames)
    #expect(animation.frames.count + (file.mergedFrames ?? 0) == frames)
    #expect(animation.loopCount == 0)
    let total = animation.frames.map(\.delayCentiseconds).reduce(0, +)
    let exact = Double(frames) * 100 / fps
    #expect(abs(Double(total) - exact) <= 1, "\(total) cs for \(exact) cs")
    #expect(animation.frames.allSatisfy { $0.transparentIndex != nil })
  }

  @Test func aGIFAbove50FPSKeepsEveryOtherFrameAndTheExactDuration() throws {
    let (directory, manifest) = try ExportFixtures.export(
      [try ExportFixtures.scene(duration: 0.5, fps: 60)], options: ExportFixtures.options(.gif))
    defer { try? FileManager.default.removeItem(at: directory) }
    let animation = try GIFReader.read(try ExportFixtures.read(directory, "bar/bar.gif"))
    let file = try #require(manifest.scenes[0].files.first)
    #expect(animation.frames.count + (file.mergedFrames ?? 0) == 16)  // 31 frames, every second one
    #expect(animation.frames.allSatisfy { $0.delayCentiseconds >= 2 })
    #expect(abs(animation.frames.map(\.delayCentiseconds).reduce(0, +) - 52) <= 1)  // 31 / 60 s
    #expect(animation.frames.allSatisfy { $0.image.isOpaque })  // opaque background
  }

  @Test func svgPreviewsAreAtTheKeyTimesAndEveryEvent() throws {
    let (directory, manifest) = try ExportFixtures.export(
      [try ExportFixtures.scene(duration: 2)], options: ExportFixtures.options(.svg))
    defer { try? FileManager.default.removeItem(at: directory) }
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("bar").path)
      .sorted()
    // 0, 25, 50, 75, 100 % of 2 s, and the events at 0, 0.25, 0.5 (0 and 0.5 coincide).
    #expect(files == ["0.000", "0.250", "0.500", "1.000", "1.500", "2.000"].map { "bar-at-\($0)s.svg" })
    #expect(manifest.scenes[0].files.allSatisfy { $0.format == "svg" })
    let svg = String(decoding: try ExportFixtures.read(directory, "bar/bar-at-1.000s.svg"), as: UTF8.self)
    #expect(svg.contains("<svg"))
    #expect(svg.contains("width=\"120px\"") || svg.contains("width=\"120\""))
  }

  @Test func theContactSheetIsAGridOfCaptionedFrames() throws {
    let timeline = try ExportFixtures.scene(duration: 2, fps: 10, scale: 2)
    let (directory, manifest) = try ExportFixtures.export([timeline], options: ExportFixtures.options(.sheet))
    defer { try? FileManager.default.removeItem(at: directory) }
    let sheet = try PNGDecoder.decode(try ExportFixtures.read(directory, "bar/bar-sheet@2x.png"))
    // 12 cells of 120 × (60 + 16) pt with 8 pt gaps; 16:10 is closest with 4 columns × 3 rows.
    let columns = 4.0
    let rows = 3.0
    #expect(sheet.width == Int((columns * (120 + 8) + 8) * 2))
    #expect(sheet.height == Int((22 + rows * (60 + 16 + 8) + 8) * 2))
    #expect(sheet.isOpaque)
    #expect(manifest.scenes[0].files.map(\.format) == ["sheet"])
    // The first cell holds frame 0 pixel for pixel.
    let frame = try FrameRenderer(
      size: timeline.scene.style.canvas.size, scale: 2, background: timeline.scene.style.canvas.background
    )
    .render(timeline.presentation(at: 0))
    for (x, y) in [(0, 0), (100, 60), (239, 119)] {
      #expect(sheet[16 + x, 44 + y] == frame[x, y])
    }
  }

  /// A frame of more than 400 × 400 px is shown halved: its cell is the mean of each 2 × 2
  /// square, so the sheet is a quarter of the pixels it would be.
  @Test func largeFramesAreHalvedInTheContactSheet() throws {
    // 240 × 180 pt at 2x: 480 × 360 = 172 800 px, over 160 000; halved, 240 × 180 px.
    let timeline = try ExportFixtures.scene(duration: 2, fps: 10, scale: 2, size: (240, 180))
    let (directory, _) = try ExportFixtures.export([timeline], options: ExportFixtures.options(.sheet))
    defer { try? FileManager.default.removeItem(at: directory) }
    let sheet = try PNGDecoder.decode(try ExportFixtures.read(directory, "bar/bar-sheet@2x.png"))
    // Cells of 120 × (90 + 16) pt with 8 pt gaps; 16:10 is closest with 4 columns × 3 rows.
    #expect(sheet.width == (4 * (120 + 8) + 8) * 2)
    #expect(sheet.height == (22 + 3 * (90 + 16 + 8) + 8) * 2)
    let frame = try FrameRenderer(
      size: timeline.scene.style.canvas.size, scale: 2, background: timeline.scene.style.canvas.background
    )
    .render(timeline.presentation(at: 0))
    // The frame is opaque: each cell pixel is the rounded mean of a 2 × 2 square's colours.
    var wrong: [String] = []
    for y in 0..<180 {
      for x in 0..<240 {
        let square = [
          frame[2 * x, 2 * y], frame[2 * x + 1, 2 * y], frame[2 * x, 2 * y + 1], frame[2 * x + 1, 2 * y + 1],
        ]
        func mean(_ channel: (RGBAImage.Pixel) -> UInt8) -> UInt8 {
          UInt8((square.map { Int(channel($0)) }.reduce(0, +) + 2) / 4)
        }
        let expected = RGBAImage.Pixel(red: mean(\.red), green: mean(\.green), blue: mean(\.blue))
        if sheet[16 + x, 44 + y] != expected { wrong.append("\(x),\(y): \(sheet[16 + x, 44 + y]) not \(expected)") }
      }
    }
    #expect(wrong.count == 0, "\(wrong.count) cell pixels differ, e.g. \(wrong.prefix(3))")
    #expect(ContactSheet.reduction(frameWidth: 400, frameHeight: 400) == 1)
    #expect(ContactSheet.reduction(frameWidth: 401, frameHeight: 400) == 2)
    #expect(ContactSheet.reduction(frameWidth: 1200, frameHeight: 1200) == 3)  // 400 × 400
    #expect(ContactSheet.reduction(frameWidth: 1201, frameHeight: 1200) == 4)  // 401 × 400 is over
  }

  /// A white bar on nothing (seek-bar) vanished on the light checkerboard: its cells now sit on
  /// the dark backdrop the player chooses by contrast.
  @Test func aTransparentWhiteSceneSitsOnTheDarkBackdropInTheContactSheet() throws {
    var options = ExportFixtures.options(.sheet)
    options.selection = .time(0...1)
    let seekBar = try Scene.load(contentsOf: TestRendering.packageRoot.appendingPathComponent("Examples/seek-bar.json"))
      .timeline()
    let (directory, _) = try ExportFixtures.export([seekBar], options: options)
    defer { try? FileManager.default.removeItem(at: directory) }
    let scale = seekBar.scene.scale
    let sheet = try PNGDecoder.decode(try ExportFixtures.read(directory, "seek-bar/seek-bar-sheet@\(scale)x.png"))
    let frame = try FrameRenderer(size: seekBar.scene.style.canvas.size, scale: scale, background: nil).render(
      seekBar.presentation(at: 0))
    let origin = (x: 8 * scale, y: 22 * scale)  // padding, title band
    var transparent = 0
    var opaque = 0
    var wrong: [String] = []
    for y in stride(from: 0, to: frame.height, by: 3) {
      for x in stride(from: 0, to: frame.width, by: 3) {
        let pixel = frame[x, y]
        let shown = sheet[origin.x + x, origin.y + y]
        if pixel.alpha == 0 {
          transparent += 1
          if shown != .init(red: 30, green: 30, blue: 30) { wrong.append("\(x),\(y): \(shown) on nothing") }
        } else if pixel.alpha == 255 {
          opaque += 1
          if shown != pixel { wrong.append("\(x),\(y): \(shown), the frame has \(pixel)") }
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.count) pixels differ, e.g. \(wrong.prefix(3))")
    #expect(transparent > 100 && opaque > 10, "\(transparent) transparent, \(opaque) opaque pixels sampled")
  }

  @Test func theManifestListsEveryFileWithSizesAndChecksums() throws {
    let (directory, manifest) = try ExportFixtures.export(
      [try ExportFixtures.scene(name: "a"), try ExportFixtures.scene(name: "b", duration: 0.5)],
      options: ExportFixtures.options(.all) { $0.scale = 2 })
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(manifest.tool == "barframes test")
    #expect(manifest.scenes.map(\.name) == ["a", "b"])
    #expect(manifest.scenes.map(\.scale) == [2, 2])
    #expect(manifest.scenes.map(\.fps) == [10, 10])
    #expect(manifest.scenes.map(\.duration) == [1, 0.5])
    #expect(manifest.scenes.map(\.frames.count) == [11, 6])
    let files = try ExportFixtures.contents(of: directory)
    for scene in manifest.scenes {
      for (n, frame) in scene.frames.enumerated() {
        #expect(frame.index == n)
        #expect(frame.time == Double(n) / 10)
        #expect(files[frame.path]?.count == frame.bytes)
        #expect(SHA256.hex(files[frame.path] ?? []) == frame.sha256)
      }
      // Every file, not only the frames, with the SHA-256 of its bytes (version 3).
      for file in scene.files {
        #expect(files[file.path]?.count == file.bytes, "\(file.path)")
        #expect(file.sha256 == SHA256.hex(files[file.path] ?? []), "\(file.path)")
      }
      #expect(Set(scene.files.map(\.format)) == ["apng", "gif", "webp", "animated-svg", "sheet", "svg", "html"])
    }
    // Everything on disk is in the manifest, and nothing else but the manifest itself.
    let listed = Set(manifest.scenes.flatMap { $0.frames.map(\.path) + $0.files.map(\.path) })
    #expect(listed.union(["manifest.json"]) == Set(files.keys))
    #expect(files["manifest.json"] == Array(manifest.serialized().utf8))
    // 120 × 60 pt at @2x; 1 s and 0.5 s at 10 fps.
    #expect(manifest.scenes.map(\.width) == [240, 240] && manifest.scenes.map(\.height) == [120, 120])
    #expect(manifest.scenes.map(\.frameRate) == ["10", "10"] && manifest.scenes.map(\.frameCount) == [11, 6])
    #expect(manifest.shard == nil)

    let json = try JSONValue(parsing: manifest.serialized())
    #expect(json["version"] == .number(3))
    #expect(json["tool"] == .string("barframes test"))
    guard case .array(let scenes)? = json["scenes"], case .array(let frames)? = scenes[0]["frames"],
      case .object(let first) = frames[0], case .object(let scene) = scenes[0],
      case .object(let render)? = json["render"]
    else { throw ManifestShape.unexpected(json.serialized(pretty: true)) }
    #expect(
      scene.map(\.key) == [
        "name", "duration", "fps", "frameRate", "scale", "width", "height", "frameCount", "fingerprint", "frames",
        "files",
      ])
    #expect(first.map(\.key) == ["index", "time", "path", "bytes", "sha256"])
    guard case .array(let sceneFiles)? = scenes[0]["files"],
      case .object(let apng)? = sceneFiles.first(where: { $0["format"] == .string("apng") })
    else { throw ManifestShape.unexpected(json.serialized(pretty: true)) }
    #expect(apng.map(\.key) == ["format", "path", "bytes", "sha256", "frames", "mergedFrames"])
    #expect(
      render.map(\.key) == ["formats", "background", "selection", "everyNth", "png", "webpQuality", "sheetFrames"])
    #expect(json["render"]?["formats"] == .string("png,svg,apng,gif,webp,animated-svg,sheet,html"))
    #expect(json["render"]?["webpQuality"] == .null)
    // What it writes, it reads back as it was.
    #expect(try ExportManifest(json: json, file: "manifest.json") == manifest)
  }

  @Test func framesAreByteIdenticalForAnyNumberOfJobs() throws {
    let timeline = try ExportFixtures.scene(duration: 1, fps: 20, scale: 2)
    var outputs: [[String: [UInt8]]] = []
    for jobs in [1, 2, 8] {
      let (directory, _) = try ExportFixtures.export(
        [timeline],
        options: ExportFixtures.options([.png, .apng, .gif, .webp, .sheet], jobs: jobs) { $0.maximumFramesInFlight = 3 }
      )
      defer { try? FileManager.default.removeItem(at: directory) }
      outputs.append(try ExportFixtures.contents(of: directory))
    }
    #expect(outputs[0].count == 21 + 4 + 1)  // frames, APNG, GIF, WebP, sheet, manifest
    #expect(outputs[0] == outputs[1])
    #expect(outputs[0] == outputs[2])
    // And across runs.
    let (again, _) = try ExportFixtures.export(
      [timeline], options: ExportFixtures.options([.png, .apng, .gif, .webp, .sheet], jobs: 2))
    defer { try? FileManager.default.removeItem(at: again) }
    #expect(try ExportFixtures.contents(of: again) == outputs[0])
  }

  @Test(
    "The GIF told the drawing threads' differences is the GIF found alone, above 50 fps too", arguments: [20.0, 60.0])
  func theGIFIsTheSameWithOrWithoutTheFramesDifferences(fps: Double) throws {
    let timeline = try ExportFixtures.scene(duration: 1, fps: fps, scale: 2)
    let (alone, _) = try ExportFixtures.export([timeline], options: ExportFixtures.options([.gif]))
    defer { try? FileManager.default.removeItem(at: alone) }
    let (told, _) = try ExportFixtures.export([timeline], options: ExportFixtures.options([.gif, .webp]))
    defer { try? FileManager.default.removeItem(at: told) }
    #expect(try ExportFixtures.read(told, "bar/bar@2x.gif") == ExportFixtures.read(alone, "bar/bar@2x.gif"))
  }

  /// Shards deal the frames out and draw nothing twice: every PNG frame, SVG preview and
  /// contact sheet of the full run comes from exactly one shard, byte for byte, the gallery
  /// from shard 1; the animations are left to `barframes merge` (see ShardMergeTests).
  @Test func shardsWriteDisjointPartsOfTheFullRunAndNoAnimations() throws {
    let timelines = [
      try ExportFixtures.scene(name: "a"), try ExportFixtures.scene(name: "b", duration: 0.7),
      try ExportFixtures.scene(name: "c", duration: 0.3),
    ]
    let (full, fullManifest) = try ExportFixtures.export(timelines, options: ExportFixtures.options(.all))
    defer { try? FileManager.default.removeItem(at: full) }
    let expected = try ExportFixtures.contents(of: full)

    var union: [String: [UInt8]] = [:]
    var written = 0
    for i in 1...3 {
      // Each shard writes into its own folder, as separate machines would.
      let shard = try Shard(index: i, count: 3)
      let exporter = Exporter(
        outputDirectory: try TestRendering.temporaryDirectory(),
        options: ExportFixtures.options(.all) { $0.shard = shard },
        tool: "barframes test")
      defer { try? FileManager.default.removeItem(at: exporter.outputDirectory) }
      // A shard draws the frames it writes and its contact sheets' frames, nothing more.
      for plan in try exporter.plan(timelines) {
        let own = Set(
          plan.selection.indices.enumerated().filter { shard.ownsFrame(atPosition: $0.offset) }.map(\.element))
        let sheet = Set(ContactSheetOutput.positions(in: plan).map { plan.selection.indices[$0] })
        #expect(Set(plan.items.map(\.index)) == own.union(sheet), "\(plan.name), shard \(shard)")
        #expect(!plan.writesAnimations)
        #expect(
          !plan.items.contains {
            $0.feeds.contains(APNGOutput.self) || $0.feeds.contains(GIFOutput.self)
              || $0.feeds.contains(WebPOutput.self)
          })
      }
      let manifest = try exporter.export(timelines)
      #expect(manifest.shard == shard)
      var files = try ExportFixtures.contents(of: exporter.outputDirectory)
      #expect(files.removeValue(forKey: "manifest.shard-\(i)-of-3.json") == Array(manifest.serialized().utf8))
      written += files.count
      union.merge(files) { a, _ in a }
    }
    let animations = Set(expected.keys.filter { [".apng", ".gif", ".webp"].contains(where: $0.hasSuffix) })
    #expect(animations.count == 9)
    #expect(Set(union.keys) == Set(expected.keys).subtracting(animations).subtracting(["manifest.json"]))
    for (path, bytes) in union { #expect(expected[path] == bytes, "\(path) differs") }
    #expect(written == union.count)  // no file written by two shards
    #expect(fullManifest.scenes.map(\.frames.count) == [11, 8, 4])
  }

  @Test func aFailingWriteLeavesNoPartialFile() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let registry = TemporaryFiles()
    let exporter = Exporter(
      outputDirectory: directory, options: ExportFixtures.options([.png, .apng, .gif], jobs: 2) {
        $0.skipsUnchangedScenes = false
      },
      temporaryFiles: registry)
    // A render of ours owns frame 5's name; a non-empty folder then takes its place, so the
    // next render's rename there fails mid-run (a folder no record owns is refused up front).
    _ = try exporter.export([try ExportFixtures.scene(duration: 2)])
    try FileManager.default.removeItem(at: directory.appendingPathComponent("bar/bar-05.png"))
    for name in ["bar.apng", "bar.gif"] { try FileManager.default.removeItem(at: directory.appendingPathComponent("bar/\(name)")) }
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("bar/bar-05.png/blocker"), withIntermediateDirectories: true)
    // The frame's own path and the exporter's error: a failed write of BarFramesOutput reaches
    // the caller as the ExportError of the same name (the command line's message and exit code).
    let error = try #require(throws: ExportError.self) {
      _ = try exporter.export([try ExportFixtures.scene(duration: 2)])
    }
    let path: String? = if case .cannotWrite(let path, _) = error { path } else { nil }
    #expect(path == directory.appendingPathComponent("bar/bar-05.png").path, "\(error)")
    #expect(registry.registeredPaths.isEmpty)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("bar").path)
    #expect(!files.contains { $0.hasSuffix(TemporaryFiles.suffix) })
    #expect(!files.contains("bar.apng") && !files.contains("bar.gif"))
    for file in files where file.hasSuffix(".png") && file != "bar-05.png" {
      #expect(throws: Never.self) { try PNGDecoder.decode(try ExportFixtures.read(directory, "bar/\(file)")) }
    }
  }

  @Test func anUnwritableOutputFailsBeforeRendering() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let blocker = directory.appendingPathComponent("file")
    try Data("x".utf8).write(to: blocker)
    var events = 0
    #expect(throws: ExportError.self) {
      _ = try Exporter(outputDirectory: blocker.appendingPathComponent("out"), options: ExportFixtures.options(.png))
        .export([try ExportFixtures.scene()]) { _ in events += 1 }
    }
    #expect(events == 0)
  }

  @Test func twoScenesWithOneNameAreRefused() throws {
    #expect(throws: ExportError.duplicateSceneName("bar")) {
      _ = try Exporter(outputDirectory: URL(fileURLWithPath: "/nonexistent"), options: ExportOptions())
        .plan([try ExportFixtures.scene(), try ExportFixtures.scene()])
    }
  }
}

private enum ManifestShape: Error { case unexpected(String) }
