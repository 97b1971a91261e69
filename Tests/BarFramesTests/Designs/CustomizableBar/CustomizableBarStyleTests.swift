import BarFrames
import BarFramesGraphics
import BarFramesTestSupport
import Foundation
import Testing

/// The customizable bar's style parameters and scene calls: defaults, the icon file, and one
/// error per kind of bad input, naming the key.
@Suite struct CustomizableBarStyleTests {
  static let styles = TestRendering.packageRoot.appendingPathComponent("Styles")

  func decode(_ members: String, directory: String = ".") throws -> CustomizableBarStyle {
    let extra = members.isEmpty ? "" : ", \(members)"
    let style = try Style(
      json: try JSONValue(parsing: #"{"version": 1, "design": "customizable-bar"\#(extra)}"#), file: "Styles/x.json",
      directory: directory)
    return try #require(style.parameters(as: CustomizableBar.self))
  }

  func error(_ members: String, directory: String = ".") -> InputError? {
    do {
      _ = try decode(members, directory: directory)
      return nil
    } catch let error as InputError {
      return error
    } catch {
      return InputError(file: "", keyPath: "", message: "unexpected \(error)")
    }
  }

  @Test func defaultsAreTheOriginalDemo() throws {
    let style = try Style(
      json: try JSONValue(parsing: #"{"version": 1, "design": "customizable-bar"}"#), file: "x", directory: ".")
    #expect(style.canvas.size == Size(247, 20))
    #expect(style.canvas.background == .black)
    let bar = try decode("")
    #expect(bar.barHeight == 1.5)
    #expect(bar.dotHeight == 15)
    #expect(bar.defaultColor == Color(red: 1, green: 1, blue: 1, alpha: 0.1))
    #expect(bar.inProgressColor == .white)
    #expect(bar.dragColor == .white)
    #expect(bar.cornerRadius == 0.5)
    #expect(bar.progressBarIconImage == nil)
    #expect(bar.enablePanProgressIcon)
    #expect(bar.responseInset == 20)
    #expect(!bar.showLargeBar)
    #expect(!bar.showAnchorPoint)
    #expect(bar.pauseStrategy == .layerTime)
  }

  @Test func committedStylesLoad() throws {
    let ipad = try Style.load(contentsOf: Self.styles.appendingPathComponent("video-player-ipad.json"))
    #expect(ipad.canvas.size == Size(1024 - 128, 20))
    let icon = try Style.load(contentsOf: Self.styles.appendingPathComponent("video-player-icon.json"))
    let bar = try #require(icon.parameters(as: CustomizableBar.self))
    let image = try #require(bar.progressBarIconImage)
    #expect(image.name == "video-player-icon.png")
    #expect(Array(image.pngData.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
  }

  @Test func anIconDotIsDotHeightSquareAndAspectFill() throws {
    let bar = try decode(
      #""progressBarIconImage": "video-player-icon.png", "dotHeight": 15, "showAnchorPoint": true"#,
      directory: Self.styles.path)
    let design = CustomizableBar(style: bar, canvas: Canvas(size: Size(247, 20), background: .black))
    let dot = design.layers["dot"]
    // dotHeight × dotHeight, centred on (0, H/2); no background, the image aspect-filled.
    #expect(dot.frame == Rect(x: -7.5, y: 2.5, width: 15, height: 15))
    #expect(dot.backgroundColor == nil)
    #expect(!dot.isHidden)
    guard case .image(let image, let mode) = dot.content else {
      Issue.record("the dot has no image")
      return
    }
    #expect(mode == .aspectFill)
    #expect(image == bar.progressBarIconImage)
  }

  @Test func withoutAnIconDotHeightIsIgnored() throws {
    // 5 × barHeight = 10, whatever dotHeight says; a circle in inProgressColor.
    let bar = try decode(#""barHeight": 2, "dotHeight": 40, "inProgressColor": "orange""#)
    let dot = CustomizableBar(style: bar, canvas: Canvas(size: Size(247, 20), background: .black)).layers["dot"]
    #expect(dot.bounds.size == Size(10, 10))
    #expect(dot.cornerRadius == 5)
    #expect(dot.backgroundColor == .orange)
    #expect(dot.isHidden)
  }

  @Test(arguments: [
    (#""barHeight": -1"#, "barHeight", "expected a number from 0 to 1000, got -1"),
    (#""dotHeight": "big""#, "dotHeight", "expected a number from 0 to 1000"),
    (#""cornerRadius": -0.5"#, "cornerRadius", "got -0.5"),
    (#""responseInset": -20"#, "responseInset", "got -20"),
    (##""defaultColor": "#12""##, "defaultColor", "#12"),
    (#""dragColor": 3"#, "dragColor", "expected a colour"),
    (#""enablePanProgressIcon": "yes""#, "enablePanProgressIcon", "expected true or false"),
    (#""showLargeBar": 1"#, "showLargeBar", "expected true or false"),
    (#""pauseStrategy": "pauseLayer""#, "pauseStrategy", #"expected one of "layerTime", "removeAnimations", "none""#),
    (#""progressBarIconImage": 5"#, "progressBarIconImage", "expected a string"),
    (#""progressBarIconImage": "no-such-icon.png""#, "progressBarIconImage", "does not exist"),
    (#""progressBarIconImage": "video-player.json""#, "progressBarIconImage", "is not a PNG image"),
    (#""progressBarIconImage": """#, "progressBarIconImage", "empty string"),
  ])
  func badParametersNameTheirKey(members: String, key: String, fragment: String) {
    let error = error(members, directory: Self.styles.path)
    #expect(error?.keyPath == key, "\(members)")
    #expect(error?.description.hasPrefix("Styles/x.json: \(key): ") == true)
    #expect(error?.message.contains(fragment) == true, "\(error?.message ?? "no error")")
  }

  @Test(arguments: [
    (#"{"at": 0, "call": "setShowLargeBar"}"#, "events[0].args.value", "missing; expected true or false"),
    (
      #"{"at": 0, "call": "setShowAnchorPoint", "args": {"value": "on"}}"#, "events[0].args.value",
      "expected true or false"
    ),
    (#"{"at": 0, "call": "pan", "args": {"x": 3}}"#, "events[0].args.state", "missing"),
    (#"{"at": 0, "call": "pan", "args": {"state": "moved", "x": 3}}"#, "events[0].args.state", #""cancelled""#),
    (#"{"at": 0, "call": "pan", "args": {"state": "began"}}"#, "events[0].args.x", "missing"),
    (#"{"at": 0, "call": "setValue", "args": {"duration": 1}}"#, "events[0].args.value", "missing"),
    (#"{"at": 0, "call": "setValue", "args": {"value": 0.5, "duration": -1}}"#, "events[0].args.duration", "≥ 0"),
    (#"{"at": 0, "call": "setValue", "args": {"value": 0.5, "time": 2}}"#, "events[0].args.time", "only goes with"),
    (
      #"{"at": 0, "call": "setValue", "args": {"value": 0.5, "completion": true}}"#, "events[0].args",
      #"unknown key "completion"; expected one of value, duration, time"#
    ),
    (#"{"at": 0, "call": "setProgress", "args": {"value": 0.5}}"#, "events[0].call", "setValue"),
  ])
  func badCallsNameTheirKey(event: String, keyPath: String, fragment: String) {
    do {
      _ = try CustomizableBarScenes.timeline(event)
      Issue.record("no error for \(event)")
    } catch let error as InputError {
      #expect(error.keyPath == keyPath, "\(event)")
      #expect(error.message.contains(fragment), "\(error.message)")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  /// A PNG signature and an IHDR chunk claiming `width` × `height`, padded to 64 bytes: a
  /// header that promises far more pixels than the file holds.
  static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
    func be32(_ v: UInt32) -> [UInt8] {
      [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
    let bytes =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height)
      + [8, 6, 0, 0, 0] + be32(0)
    return bytes + [UInt8](repeating: 0, count: 64 - bytes.count)
  }

  @Test(arguments: [
    // The issue's file: 64 bytes claiming 30000 × 30000.
    (UInt32(30000), UInt32(30000), false),
    // A side over the limit, and a size within the sides but over the decoded bytes.
    (UInt32(InputLimits.iconSide + 1), UInt32(1), false),
    (UInt32(InputLimits.iconSide), UInt32(InputLimits.iconDecodedBytes / 4 / InputLimits.iconSide + 1), false),
    // Exactly at both limits: accepted (a whole image, since the rest of the file is checked too).
    (UInt32(InputLimits.iconSide), UInt32(InputLimits.iconDecodedBytes / 4 / InputLimits.iconSide), true),
  ])
  func iconDimensionsAndDecodedSizeAreLimits(width: UInt32, height: UInt32, accepted: Bool) throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let bytes =
      accepted
      ? PNGFixture.file(PNGFixture.rgbaChunks(width: Int(width), height: Int(height)))
      : Self.pngHeader(width: width, height: height)
    try Data(bytes).write(to: directory.appendingPathComponent("huge.png"))
    let error = error(#""progressBarIconImage": "huge.png""#, directory: directory.path)
    if accepted {
      #expect(error == nil)
    } else {
      let side = InputLimits.iconSide
      let decoded = InputLimits.iconDecodedBytes >> 20
      #expect(
        error?.description
          == "Styles/x.json: progressBarIconImage: the icon file \"\(directory.appendingPathComponent("huge.png").standardizedFileURL.path)\" is \(width) × \(height) px; at most \(side) px a side and \(decoded) MiB decoded (the limit)"
      )
    }
  }
}
