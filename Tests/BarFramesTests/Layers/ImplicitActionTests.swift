import BarFrames
import BarFramesGraphics
import BarFramesImageIO
import BarFramesTestSupport
import Testing

/// Core Animation's implicit actions in the layer model (docs/timing-model.md, "Implicit
/// actions"): what a standalone layer, a view's layer, a transaction and a redraw present.
@Suite struct ImplicitActionTests {
  /// The default timing function (0.25, 0.1, 0.25, 1) at `x`, solved here by bisection on the
  /// Bézier's x, independently of the library's Newton solver.
  static func defaultCurve(_ x: Double) -> Double {
    func bezier(_ t: Double, _ a: Double, _ b: Double) -> Double {
      3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t
    }
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<100 {
      let mid = (lo + hi) / 2
      if bezier(mid, 0.25, 0.25) < x { lo = mid } else { hi = mid }
    }
    return bezier(lo, 0.1, 1)
  }

  /// A tree of one layer `a` (standalone unless said) whose initial values are committed.
  func tree(viewBacking: Bool = false) -> LayerTree {
    var tree = LayerTree()
    tree.add(Layer(name: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10), isViewBacking: viewBacking))
    tree.commitActions(since: tree, at: 0)
    return tree
  }

  func opacity(_ tree: LayerTree, at time: Double) -> Double {
    tree.presentedValue("opacity", model: .scalar(tree["a"].opacity), of: "a", at: time).scalarValue ?? .nan
  }

  /// Sets `a`'s opacity at `time` as one design call (one implicit transaction).
  func set(_ tree: inout LayerTree, opacity: Double, at time: Double, transaction: Transaction = .implicit) {
    let before = tree
    tree["a"].opacity = opacity
    tree.commitActions(since: before, at: time, transaction: transaction)
  }

  @Test func aStandaloneLayerAnimatesFromThePresentedValueOverAQuarterSecond() {
    var layers = tree()
    set(&layers, opacity: 0, at: 1)
    #expect(opacity(layers, at: 1) == 1)
    for x in [0.2, 0.5, 0.8] {
      #expect(abs(opacity(layers, at: 1 + 0.25 * x) - (1 - Self.defaultCurve(x))) < 1e-6)
    }
    #expect(opacity(layers, at: 1.25) == 0)
    #expect(layers["a"].animations.keys == ["opacity"])
  }

  @Test func aViewsOwnLayerJumps() {
    var layers = tree(viewBacking: true)
    set(&layers, opacity: 0, at: 1)
    #expect(opacity(layers, at: 1) == 0)
    #expect(layers["a"].animations.isEmpty)
  }

  @Test func disabledActionsAndANullActionJump() {
    var layers = tree()
    set(&layers, opacity: 0, at: 1, transaction: .disablingActions)
    #expect(opacity(layers, at: 1.1) == 0)
    var nulled = tree()
    nulled["a"].disabledActions = ["opacity"]
    nulled.commitActions(since: nulled, at: 0)
    set(&nulled, opacity: 0, at: 1)
    #expect(opacity(nulled, at: 1.1) == 0)
    // Only that key: a position change still animates.
    let before = nulled
    nulled["a"].position = Point(100, 5)
    nulled.commitActions(since: before, at: 2)
    #expect(nulled["a"].animations.keys == ["position"])
  }

  @Test func aTransactionSetsDurationAndTimingFunction() {
    var layers = tree()
    set(&layers, opacity: 0, at: 1, transaction: Transaction(animationDuration: 1, timingFunction: .linear))
    #expect(abs(opacity(layers, at: 1.5) - 0.5) < 1e-9)
    #expect(opacity(layers, at: 2) == 0)
  }

  @Test func aSetInFlightStartsFromWhereTheFirstHadGot() {
    var layers = tree()
    set(&layers, opacity: 0, at: 1)
    let presented = 1 - Self.defaultCurve(0.4)
    set(&layers, opacity: 1, at: 1.1)
    // Replaced under the same key: one animation, from the presented value back to 1.
    #expect(layers["a"].animations.count == 1)
    #expect(abs(opacity(layers, at: 1.1) - presented) < 1e-6)
    let halfway = presented + (1 - presented) * Self.defaultCurve(0.5)
    #expect(abs(opacity(layers, at: 1.225) - halfway) < 1e-6)
    #expect(opacity(layers, at: 1.35) == 1)
  }

  @Test func anEqualSetRestartsOnlyWhenTheDesignSaysItSetTheValue() {
    var layers = tree()
    set(&layers, opacity: 0, at: 1)
    let at = 1 - Self.defaultCurve(0.4)
    // No change and no assignment: nothing new.
    var untouched = layers
    untouched.commitActions(since: layers, at: 1.1)
    #expect(abs(opacity(untouched, at: 1.2) - (1 - Self.defaultCurve(0.8))) < 1e-6)
    // `layer.opacity = 0` again: CALayer runs the action on every set, so it restarts from
    // where it is presented and takes another 0.25 s.
    let before = layers
    layers.noteAssignment(.opacity, of: "a")
    layers.commitActions(since: before, at: 1.1)
    #expect(abs(opacity(layers, at: 1.2) - at * (1 - Self.defaultCurve(0.4))) < 1e-6)
    #expect(opacity(layers, at: 1.35) == 0)
  }

  @Test func anExplicitAnimationOfThePropertyInTheSameCallTakesTheActionsPlace() {
    var layers = tree()
    let before = layers
    var fade = BasicAnimation(keyPath: "opacity", from: .scalar(1), to: .scalar(0))
    fade.timing.duration = 2
    fade.timingFunction = .linear
    layers.addAnimation(.basic(fade), forKey: "fade", to: "a", atAbsoluteTime: 1)
    layers["a"].opacity = 0
    layers.commitActions(since: before, at: 1)
    #expect(layers["a"].animations.keys == ["fade"])
    #expect(abs(opacity(layers, at: 2) - 0.5) < 1e-9)
  }

  @Test func aNewLayerEntersWithItsValues() {
    var layers = tree()
    let before = layers
    layers.add(Layer(name: "b", frame: Rect(x: 0, y: 0, width: 5, height: 5)))
    layers["b"].opacity = 0.5
    layers.commitActions(since: before, at: 1)
    #expect(layers["b"].animations.isEmpty)
  }

  @Test func anExplicitTransactionInsideACallKeepsItsOwnSettings() {
    var layers = tree()
    let before = layers
    layers.withTransaction(.disablingActions, at: 1) { $0["a"].opacity = 0 }
    layers["a"].position = Point(50, 50)
    layers.commitActions(since: before, at: 1)
    // The opacity jumped inside the disabled transaction; the position, outside it, animates.
    #expect(layers["a"].animations.keys == ["position"])
    #expect(opacity(layers, at: 1) == 0)
  }

  // MARK: Contents

  static let red = Layer.Content.drawing(
    .init([Layer.Shape(path: Path(rect: Rect(x: 0, y: 0, width: 6, height: 10)), fillColor: Color(red: 1, green: 0, blue: 0))]))
  static let blue = Layer.Content.drawing(
    .init([Layer.Shape(path: Path(rect: Rect(x: 4, y: 0, width: 6, height: 10)), fillColor: Color(red: 0, green: 0, blue: 1))]))

  func redrawn(at time: Double) -> LayerTree {
    var layers = LayerTree()
    layers.add(Layer(name: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10), content: Self.red))
    layers.commitActions(since: layers, at: 0)
    let before = layers
    layers["a"].content = Self.blue
    layers.commitActions(since: before, at: time)
    return layers
  }

  @Test func aRedrawCrossfadesOverAQuarterSecond() throws {
    let layers = redrawn(at: 1)
    func fade(at time: Double) -> [Double] {
      layers.presentation(at: time, canvasSize: Size(10, 10), background: nil)["a"]?.contentsFade.map(\.weight) ?? []
    }
    #expect(fade(at: 1) == [1])  // the old drawing alone (its weight 1, the new one's 0 dropped)
    let w = Self.defaultCurve(0.5)
    let half = fade(at: 1.125)
    #expect(half.count == 2)
    #expect(abs(half[0] - (1 - w)) < 1e-6 && abs(half[1] - w) < 1e-6)
    #expect(fade(at: 1.25) == [])
  }

  @Test func theCrossfadesPixelsAreTheWeightedSum() throws {
    let presentation = redrawn(at: 1).presentation(at: 1.125, canvasSize: Size(10, 10), background: nil)
    let image = try TestRendering.decodedPNG(size: Size(10, 10), background: .white) { presentation.draw(in: $0) }
    let w = Self.defaultCurve(0.5)
    // Where both drawings cover (x 4–6): red·(1 − w) + blue·w, fully opaque, nothing of the white.
    let both = image[5, 5]
    #expect(abs(Double(both.red) - 255 * (1 - w)) <= 1 && both.green == 0 && abs(Double(both.blue) - 255 * w) <= 1)
    // Only the old (x < 4): red at 1 − w over white.
    let old = image[1, 5]
    #expect(old.red == 255 && abs(Double(old.green) - 255 * w) <= 1)
    // Only the new (x > 6): blue at w over white.
    let new = image[8, 5]
    #expect(new.blue == 255 && abs(Double(new.red) - 255 * (1 - w)) <= 1)
  }

  @Test func aRedrawDuringAFadeFadesFromWhatWasPresented() throws {
    var layers = redrawn(at: 1)
    let before = layers
    let green = Layer.Content.drawing(
      .init([Layer.Shape(path: Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)), fillColor: Color(red: 0, green: 1, blue: 0))]))
    layers["a"].content = green
    layers.commitActions(since: before, at: 1.125)
    let w = Self.defaultCurve(0.5)
    let parts = try #require(layers.presentation(at: 1.25, canvasSize: Size(10, 10), background: nil)["a"]?.contentsFade)
    // Red and blue as they were at 1.125, scaled by what the new fade has left of them.
    #expect(parts.map(\.content) == [Self.red, Self.blue, green])
    let left = 1 - w
    #expect(abs(parts[0].weight - (1 - w) * left) < 1e-6)
    #expect(abs(parts[1].weight - w * left) < 1e-6)
    #expect(abs(parts[2].weight - w) < 1e-6)
  }

  // MARK: The designs' declarations

  /// Which layers are a view's own, as each original builds them (designs.md): every layer of
  /// the customizable bar (UIViews); the download bar's indicator (ZYProgressIndicator) and its
  /// label (a UILabel); the bent line's label (a UILabel). Everything else is standalone.
  @Test func theDesignsDeclareWhichLayersAreViews() {
    func views(_ layers: LayerTree) -> [String] { layers.layers.filter(\.isViewBacking).map(\.name) }
    let customizable = CustomizableBar(
      style: CustomizableBarStyle(), canvas: Canvas(size: CustomizableBarStyle.defaultSize, background: nil))
    #expect(views(customizable.layers) == customizable.layers.names)
    let download = DownloadBar(style: DownloadBarStyle(), canvas: Canvas(size: Size(200, 80), background: nil))
    #expect(views(download.layers) == ["indicator", "indicator.label"])
    let bent = BentLine(style: BentLineStyle(), canvas: Canvas(size: Size(320, 320), background: nil))
    #expect(views(bent.layers) == ["label"])
  }
}
