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
    let style = try Style(json: try JSONValue(parsing: #"{"version": 1, "design": "customizable-bar"}"#), file: "x", directory: ".")
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
    let bar = try decode(#""progressBarIconImage": "video-player-icon.png", "dotHeight": 15, "showAnchorPoint": true"#, directory: Self.styles.path)
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
    (#""barheight": 2"#, "barheight", "unknown key; expected one of"),
  ])
  func badParametersNameTheirKey(members: String, key: String, fragment: String) {
    let error = error(members, directory: Self.styles.path)
    #expect(error?.keyPath == key, "\(members)")
    #expect(error?.description.hasPrefix("Styles/x.json: \(key): ") == true)
    #expect(error?.message.contains(fragment) == true, "\(error?.message ?? "no error")")
  }

  @Test(arguments: [
    (#"{"at": 0, "call": "setShowLargeBar"}"#, "events[0].args.value", "missing; expected true or false"),
    (#"{"at": 0, "call": "setShowAnchorPoint", "args": {"value": "on"}}"#, "events[0].args.value", "expected true or false"),
    (#"{"at": 0, "call": "pan", "args": {"x": 3}}"#, "events[0].args.state", "missing"),
    (#"{"at": 0, "call": "pan", "args": {"state": "moved", "x": 3}}"#, "events[0].args.state", #""cancelled""#),
    (#"{"at": 0, "call": "pan", "args": {"state": "began"}}"#, "events[0].args.x", "missing"),
    (#"{"at": 0, "call": "setValue", "args": {"duration": 1}}"#, "events[0].args.value", "missing"),
    (#"{"at": 0, "call": "setValue", "args": {"value": 0.5, "duration": -1}}"#, "events[0].args.duration", "≥ 0"),
    (#"{"at": 0, "call": "setValue", "args": {"value": 0.5, "time": 2}}"#, "events[0].args.time", "only goes with"),
    (#"{"at": 0, "call": "setValue", "args": {"value": 0.5, "completion": true}}"#, "events[0].args.completion", "unknown key"),
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
}
