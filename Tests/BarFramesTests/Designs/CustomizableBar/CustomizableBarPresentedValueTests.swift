import BarFrames
import BarFramesGraphics
import BarFramesTestSupport
import Testing

/// One property of one layer, asked for alone (`LayerTree.presentedValue`, what
/// `presentedFillWidth` reads), is what the whole presentation shows for it: every layer's
/// bounds, position and opacity over the customizable-bar examples, mid-tween, paused and
/// dragged.
@Suite struct CustomizableBarPresentedValueTests {
  @Test(arguments: ["seek-bar", "player-pause-layertime", "player-pause-remove", "demo-timeline"])
  func oneLayersPropertyIsWhatThePresentationShows(example: String) throws {
    let timeline = try CustomizableBarScenes.example(example)
    let duration = timeline.scene.duration
    var compared = 0
    for step in 0...40 {
      let t = duration * Double(step) / 40
      let design = timeline.design(at: t)
      let presentation = design.layers.presentation(
        at: t, canvasSize: timeline.scene.style.canvas.size, background: nil)
      for layer in design.layers.layers {
        let shown = try #require(presentation[layer.name])
        let bounds = design.layers.presentedValue("bounds", model: .rect(layer.bounds), of: layer.name, at: t)
        #expect(bounds == .rect(shown.bounds), "\(example) \(layer.name) at \(t)")
        let opacity = design.layers.presentedValue("opacity", model: .scalar(layer.opacity), of: layer.name, at: t)
        #expect(opacity == .scalar(shown.opacity), "\(example) \(layer.name) at \(t)")
        compared += 1
      }
      #expect(design.presentedFillWidth(at: t) == presentation["fill"]?.bounds.width)
    }
    #expect(compared > 40)
  }

  /// The examples do animate the fill's width: the comparison above is not of model values
  /// only.
  @Test func theFillWidthMovesInTheSeekBarExample() throws {
    let timeline = try CustomizableBarScenes.example("seek-bar")
    let widths = Set((0...40).map { timeline.fillWidth(at: timeline.scene.duration * Double($0) / 40) })
    #expect(widths.count > 10)
  }
}
