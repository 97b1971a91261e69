import BarFrames
import BarFramesGraphics
import BarFramesTestSupport
import Foundation
import Testing

@testable import BarFramesRenderer

/// The animated SVG builder, fed frames drawn through ``SVGContext``; expectations come from
/// the timing rule (frame k of n shows from k/n of the loop, the last until its end), not from
/// the builder's output.
@Suite struct AnimatedSVGTests {
  static let size = Size(40, 20)

  /// One frame per drawing, each on a fresh context, at 10 fps.
  static func animation(_ drawings: [(SVGContext) -> Void]) throws -> AnimatedSVG {
    var animation = AnimatedSVG(size: size, frameDuration: 0.1)
    for draw in drawings {
      let context = try SVGContext(size: size)
      draw(context)
      animation.append(context.elements)
    }
    return animation
  }

  static func rect(_ x: Double) -> Path { Path(rect: Rect(x: x, y: 2, width: 4, height: 3)) }

  /// A parallelogram: a shape that stays a path (a rectangle is written as `<rect>`).
  static func slanted(_ x: Double) -> Path {
    var path = Path(polyline: [Point(x, 2), Point(x + 4, 2), Point(x + 5, 5), Point(x + 1, 5)])
    path.closeSubpath()
    return path
  }

  static func keyTimes(_ element: SVGXML.Element) -> [Double] {
    (element.attributes["keyTimes"] ?? "").split(separator: ";").compactMap { Double($0) }
  }

  static func values(_ element: SVGXML.Element) -> [String] {
    (element.attributes["values"] ?? "").split(separator: ";", omittingEmptySubsequences: false).map(String.init)
  }

  static func expectTimes(_ actual: [Double], _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual.count == expected.count, "\(actual) vs \(expected)", sourceLocation: sourceLocation)
    for (a, e) in zip(actual, expected) {
      #expect(abs(a - e) < 1e-5, "\(actual) vs \(expected)", sourceLocation: sourceLocation)
    }
  }

  /// Frame k's switch comes at k/n of the loop, 1.5 ms before it (never after), so that a
  /// browser's time, a millisecond off (Firefox's clock), still shows frame k.
  static func expectSwitches(
    _ element: SVGXML.Element, atFrames frames: [Double], of count: Double,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let times = keyTimes(element)
    #expect(times.first == 0, sourceLocation: sourceLocation)
    #expect(times.count == frames.count + 1, "\(times)", sourceLocation: sourceLocation)
    for (time, frame) in zip(times.dropFirst(), frames) {
      let lead = AnimatedSVG.switchLead(frameDuration: 0.1)
      #expect(abs(time - (frame - lead) / count) < 1e-5, "\(times)", sourceLocation: sourceLocation)
      #expect(lead * 0.1 >= 0.0015 - 1e-12 && lead <= 0.25, "\(lead)", sourceLocation: sourceLocation)
    }
  }

  @Test func aShapeThatChangesIsOnePathWhoseDataSwitchesAtEachFramesTime() throws {
    let xs = [0.0, 10, 40, 40]
    let animation = try Self.animation(xs.map { x in { $0.fill(Self.slanted(x), color: .black) } })
    let xml = try SVGXML(animation.document())
    #expect(xml.all("path").count == 1)
    let animate = try #require(xml.all("animate").first)
    #expect(animate.attributes["attributeName"] == "d")
    #expect(animate.attributes["calcMode"] == "discrete")
    // Four frames of 0.1 s: a 0.4 s loop, frame k from k/4, the last held to the end.
    #expect(animate.attributes["dur"] == "0.4s")
    #expect(animate.attributes["repeatCount"] == "indefinite")
    let data = xs.map { Self.slanted($0).svgPathData }
    #expect(Self.values(animate) == data[0...2].map(AnimatedSVG.compactPathData), "frame 3 repeats frame 2: no switch")
    Self.expectSwitches(animate, atFrames: [1, 2], of: 4)
    // Without SMIL a viewer shows the first frame.
    #expect(xml.all("path")[0].attributes["d"] == AnimatedSVG.compactPathData(data[0]))
  }

  /// A bar that grows is one `<rect>` whose width (and radius, while the bar is narrower than
  /// its corners) switch at frame times: a number a frame, not four curves.
  @Test func aRoundedRectangleThatGrowsAnimatesItsWidthAndRadius() throws {
    let widths = [1.0, 2, 6, 6]
    let animation = try Self.animation(
      widths.map { w in
        { $0.fill(Path(roundedRect: Rect(x: 1, y: 2, width: w, height: 3), cornerRadius: 1.5), color: .black) }
      })
    let xml = try SVGXML(animation.document())
    #expect(xml.all("path").isEmpty)
    let rect = try #require(xml.all("rect").first)
    #expect(rect.attributes["width"] == "1" && rect.attributes["rx"] == "0.5", "frame 0 without SMIL")
    let animations = xml.all("animate")
    let width = try #require(animations.first { $0.attributes["attributeName"] == "width" })
    #expect(Self.values(width) == ["1", "2", "6"])
    Self.expectSwitches(width, atFrames: [1, 2], of: 4)
    let radius = try #require(animations.first { $0.attributes["attributeName"] == "rx" })
    // min(1.5, w / 2): 0.5, 1, then the full radius.
    #expect(Self.values(radius) == ["0.5", "1", "1.5"])
    #expect(animations.count == 2, "x, y and height do not change")
  }

  @Test func paintKeyframesOnTheLineBetweenTheirNeighboursAreLeftOut() throws {
    // A steady fade for three frames, then still: frames 1 and 2 lie on the line from 0 to 3,
    // frame 4 and the loop's end repeat frame 3.
    let alphas = [0.1, 0.2, 0.3, 0.4, 0.4]
    let animation = try Self.animation(
      alphas.map { a in { $0.fill(Self.rect(0), color: Color(red: 0, green: 0, blue: 0, alpha: a)) } })
    let animate = try #require(try SVGXML(animation.document()).all("animate").first)
    #expect(animate.attributes["attributeName"] == "fill-opacity")
    #expect(animate.attributes["calcMode"] == nil, "linear, SMIL's default")
    #expect(Self.values(animate) == ["0.1", "0.4", "0.4"])
    Self.expectTimes(Self.keyTimes(animate), [0, 3.0 / 5, 1])
  }

  @Test func paintEasedByACoreAnimationTimingFunctionKeepsOnlyItsEnds() throws {
    // Core Animation's ease-in-ease-out (0.42 0 0.58 1) from 0.1 to 0.9 over frames 0…8, then still.
    let eased = (0...8).map { k in 0.1 + TimingFunction.easeInEaseOut.value(at: Double(k) / 8) * 0.8 }
    let alphas = eased + [0.9, 0.9]
    let animation = try Self.animation(
      alphas.map { a in { $0.fill(Self.rect(0), color: Color(red: 0, green: 0, blue: 0, alpha: a)) } })
    let animate = try #require(try SVGXML(animation.document()).all("animate").first)
    #expect(Self.values(animate) == ["0.1", "0.9", "0.9"])
    Self.expectTimes(Self.keyTimes(animate), [0, 8.0 / 11, 1])
    #expect(animate.attributes["calcMode"] == "spline")
    #expect(animate.attributes["keySplines"] == "0.42 0 0.58 1;0 0 1 1")
  }

  @Test func aColourThatChangesIsInterpolated() throws {
    let colours = [Color(red: 0, green: 0, blue: 0), Color(red: 1, green: 0, blue: 0)]
    let animation = try Self.animation(colours.map { colour in { $0.fill(Self.rect(0), color: colour) } })
    let xml = try SVGXML(animation.document())
    let animate = try #require(xml.all("animate").first)
    #expect(animate.attributes["attributeName"] == "fill")
    #expect(Self.values(animate) == ["#000000", "#ff0000", "#ff0000"])
    Self.expectTimes(Self.keyTimes(animate), [0, 0.5, 1])
    #expect(xml.all("animate").count == 1, "the path data does not change")
  }

  @Test func aShapeWhoseStructureChangesSwitchesDiscretelyAndRecurringShapesShareOneElement() throws {
    var triangle = Path()
    triangle.move(to: Point(x: 0, y: 0))
    triangle.addLine(to: Point(x: 10, y: 0))
    triangle.addLine(to: Point(x: 0, y: 10))
    triangle.closeSubpath()
    let shapes = [Self.slanted(0), triangle, Self.slanted(0)]
    let animation = try Self.animation(shapes.map { shape in { $0.fill(shape, color: .black) } })
    let xml = try SVGXML(animation.document())
    let paths = xml.all("path")
    #expect(paths.count == 2, "the shape of frames 0 and 2 is one element")
    let switches = xml.all("animate").filter { $0.attributes["attributeName"] == "display" }
    #expect(switches.count == 2)
    // Said even for `display`, which cannot interpolate: Chromium would otherwise switch it
    // halfway between two key times, as CSS does.
    for animate in switches { #expect(animate.attributes["calcMode"] == "discrete") }
    #expect(Self.values(switches[0]) == ["inline", "none", "inline"])
    #expect(Self.values(switches[1]) == ["none", "inline", "none"])
    #expect(paths[1].attributes["display"] == "none", "hidden at the start without SMIL")
    for animate in switches { Self.expectSwitches(animate, atFrames: [1, 2], of: 3) }
  }

  @Test func aGroupThatMovesIsTranslatedByAnimateTransformAtFrameTimes() throws {
    let offsets = [5.0, 15, 15]
    let animation = try Self.animation(
      offsets.map { dx in
        {
          $0.saveState()
          $0.concatenate(Transform2D(translationX: dx, y: 1))
          $0.fill(Self.rect(0), color: .black)
          $0.restoreState()
        }
      })
    let xml = try SVGXML(animation.document())
    let move = try #require(xml.all("animateTransform").first)
    #expect(move.attributes["type"] == "translate")
    #expect(move.attributes["calcMode"] == "discrete")
    #expect(Self.values(move) == ["5 1", "15 1"])
    Self.expectSwitches(move, atFrames: [1], of: 3)
    #expect(xml.all("animate").isEmpty, "the shape does not change in its own coordinates")
    // The linear part is the identity in every frame: nothing to write for it.
    #expect(xml.all("g").compactMap { $0.attributes["transform"] } == ["translate(5 1)"])
  }

  /// A rotation and a stretch are written as rotate, skewX and scale; composed as SVG composes
  /// them, each frame's values give back that frame's matrix.
  @Test func aChangingLinearPartComposesBackToEachFramesMatrix() throws {
    let matrices = [
      Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 20, ty: 10),
      Transform2D(a: 0, b: 1, c: -1, d: 0, tx: 20, ty: 10),
      Transform2D(a: -1.5, b: 0.5, c: 0.25, d: -2, tx: 20, ty: 10),
    ]
    let animation = try Self.animation(
      matrices.map { m in
        {
          $0.saveState()
          $0.concatenate(m)
          $0.fill(Self.rect(0), color: .black)
          $0.restoreState()
        }
      })
    let xml = try SVGXML(animation.document())
    /// Each frame's value: the last switched to at or before the frame's time.
    func frameValues(_ type: String) throws -> [[Double]] {
      guard let element = xml.all("animateTransform").first(where: { $0.attributes["type"] == type }) else {
        return Array(repeating: type == "scale" ? [1, 1] : [0], count: matrices.count)
      }
      let times = Self.keyTimes(element)
      let values = Self.values(element)
      return matrices.indices.map { k in
        let index = times.lastIndex { $0 <= Double(k) / Double(matrices.count) } ?? 0
        return values[index].split(separator: " ").compactMap { Double($0) }
      }
    }
    for element in xml.all("animateTransform") where element.attributes["type"] != "translate" {
      #expect(element.attributes["calcMode"] == "discrete")
    }
    let rotations = try frameValues("rotate")
    let skews = try frameValues("skewX")
    let scales = try frameValues("scale")
    for (k, m) in matrices.enumerated() {
      let angle = rotations[k][0] * .pi / 180
      let skew = tan(skews[k][0] * .pi / 180)
      let (sx, sy) = (scales[k][0], scales[k][1])
      // rotate(θ) · skewX(φ) · scale(sx, sy) = [cos −sin; sin cos] · [sx, tanφ·sy; 0, sy]
      let a = cos(angle) * sx
      let b = sin(angle) * sx
      let c = cos(angle) * skew * sy - sin(angle) * sy
      let d = sin(angle) * skew * sy + cos(angle) * sy
      for (got, want) in zip([a, b, c, d], [m.a, m.b, m.c, m.d]) {
        #expect(abs(got - want) < 1e-5, "frame \(k): \([a, b, c, d]) vs \([m.a, m.b, m.c, m.d])")
      }
    }
  }

  @Test func clipPathsKeepUniqueIdsAndEveryReferenceFindsOne() throws {
    let widths = [10.0, 20, 30]
    let animation = try Self.animation(
      widths.enumerated().map { k, w in
        {
          $0.beginLayer(named: "bar")
          if k == 1 {
            // An extra clip first shifts the counter that names the next one.
            $0.saveState()
            $0.clip(to: Self.rect(1), rule: .nonZero)
            $0.fill(Self.rect(0), color: .black)
            $0.restoreState()
          }
          $0.saveState()
          $0.clip(to: Path(rect: Rect(x: 0, y: 0, width: w, height: 20)), rule: .nonZero)
          $0.fill(Self.rect(0), color: .black)
          $0.restoreState()
          $0.endLayer()
        }
      })
    let xml = try SVGXML(animation.document())
    let ids = xml.elements.compactMap { $0.attributes["id"] }
    #expect(Set(ids).count == ids.count, "\(ids)")
    let clipIDs = Set(xml.all("clipPath").compactMap { $0.attributes["id"] })
    for element in xml.elements {
      guard let reference = element.attributes["clip-path"] else { continue }
      #expect(clipIDs.contains(String(reference.dropFirst(5).dropLast())), "\(reference) in \(clipIDs)")
    }
  }

  /// The second half of an ease-in-ease-out is no named timing function; the fitted keySplines
  /// put every frame's value where it was, to the precision it is written with.
  @Test func paintEasedByPartOfATimingFunctionGetsFittedKeySplines() throws {
    let eased = (8...16).map { k in 0.1 + TimingFunction.easeInEaseOut.value(at: Double(k) / 16) * 0.8 } + [0.9]
    let alphas = eased.map { ($0 * 1000).rounded() / 1000 }
    let animation = try Self.animation(
      alphas.map { a in { $0.fill(Self.rect(0), color: Color(red: 0, green: 0, blue: 0, alpha: a)) } })
    let animate = try #require(try SVGXML(animation.document()).all("animate").first)
    #expect(animate.attributes["calcMode"] == "spline")
    let times = Self.keyTimes(animate)
    let values = Self.values(animate).compactMap(Double.init)
    let splines = (animate.attributes["keySplines"] ?? "").split(separator: ";").map {
      $0.split(separator: " ").compactMap { Double($0) }
    }
    #expect(values.count < alphas.count / 2, "\(values)")
    // Each frame's value from the keyframes and splines, as SMIL computes it.
    for (k, alpha) in alphas.enumerated() {
      let t = Double(k) / Double(alphas.count)
      let i = max(0, (times.lastIndex { $0 <= t } ?? 0))
      guard i + 1 < times.count else {
        #expect(abs(values[i] - alpha) < 1e-9)
        continue
      }
      let x = (t - times[i]) / (times[i + 1] - times[i])
      let c = splines[i]
      // Solve x(s) = x on the Bézier by bisection, then y(s).
      var (low, high) = (0.0, 1.0)
      for _ in 0..<60 {
        let s = (low + high) / 2
        let xs = 3 * (1 - s) * (1 - s) * s * c[0] + 3 * (1 - s) * s * s * c[2] + s * s * s
        if xs < x { low = s } else { high = s }
      }
      let s = (low + high) / 2
      let y = 3 * (1 - s) * (1 - s) * s * c[1] + 3 * (1 - s) * s * s * c[3] + s * s * s
      let value = values[i] + (values[i + 1] - values[i]) * y
      #expect(abs(value - alpha) <= 0.0005 + 1e-6, "frame \(k): \(value) for \(alpha)")
    }
  }

  /// Written by hand from SVG's path grammar: the same numbers, fewer characters.
  @Test func pathDataIsWrittenAtItsShortestWithTheSameNumbers() throws {
    #expect(
      AnimatedSVG.compactPathData("M0.5 0 L4.244 0 C4.52 0 4.744 0.224 4.744 0.5 L-0.5 -1.25 L0 0.5 Z M1 1 Z")
        == "M.5 0L4.244 0C4.52 0 4.744.224 4.744.5L-.5-1.25L0 .5ZM1 1Z")
    let original = "M0.5 0 L4.244 0 C4.52 0 4.744 0.224 4.744 0.5 L-0.5 -1.25 L0 0.5 Z"
    #expect(try Path(svgPathData: AnimatedSVG.compactPathData(original)) == Path(svgPathData: original))
  }

  static func node(_ name: String, _ attributes: [(String, String)], _ children: [AnimatedNode] = []) -> AnimatedNode {
    AnimatedNode(name: name, attributes: attributes.map { SVGElement.Attribute($0.0, $0.1) }, children: children)
  }

  static func animate(_ attribute: String) -> AnimatedNode {
    node("animate", [("attributeName", attribute), ("values", "1;0"), ("dur", "1s")])
  }

  static func names(_ node: AnimatedNode) -> [String] { node.attributes.map(\.name) }

  /// Inherited paint every drawn child sets alike moves to the group; a value that differs,
  /// or that a child or the group animates, stays where it is.
  @Test func paintSharedByAGroupsChildrenIsWrittenOnceOnTheGroup() {
    let stroke = [("stroke", "#ccc"), ("stroke-width", "5")]
    var group = Self.node(
      "g", [("id", "track")],
      [
        Self.node("path", stroke + [("d", "M0 0h1"), ("fill", "red")], [Self.animate("stroke-width")]),
        Self.node("title", []),
        Self.node("path", stroke + [("d", "M0 1h1"), ("fill", "blue")]),
      ])
    group.hoistSharedPaint()
    #expect(group.attributes.map { "\($0.name)=\($0.value)" } == ["id=track", "stroke=#ccc"])
    #expect(Self.names(group.children[0]) == ["stroke-width", "d", "fill"], "its stroke-width is animated")
    #expect(Self.names(group.children[2]) == ["stroke-width", "d", "fill"], "the fills differ")

    var animatedGroup = Self.node(
      "g", [], [Self.animate("stroke"), Self.node("path", stroke), Self.node("path", stroke)])
    animatedGroup.hoistSharedPaint()
    #expect(Self.names(animatedGroup) == ["stroke-width"], "the group animates its stroke: the children keep theirs")
  }

  /// A group around a single group becomes one group where the two set different attributes.
  @Test func aGroupAroundOneGroupIsJoinedWithItUnlessTheyClash() {
    let glyphs = [Self.node("use", [("xlink:href", "#g1")]), Self.node("use", [("xlink:href", "#g2")])]
    let move = Self.node("animateTransform", [("attributeName", "transform"), ("type", "translate")])
    var label = Self.node(
      "g", [("id", "label")],
      [Self.node("g", [("transform", "translate(5 46)")], [move, Self.node("g", [("fill", "#0f0")], glyphs)])])
    label.mergeOnlyChildGroups()
    #expect(Self.names(label) == ["id", "transform", "fill"])
    #expect(label.children.map(\.name) == ["animateTransform", "use", "use"])

    // Both set a transform, or both set fill (one by animating it): two groups stay.
    for outer in [Self.node("g", [("transform", "scale(2)")]), Self.node("g", [], [Self.animate("fill")])] {
      var nested = outer
      nested.children.append(Self.node("g", [("transform", "translate(1 0)"), ("fill", "red")], glyphs))
      nested.mergeOnlyChildGroups()
      #expect(nested.children.last?.name == "g", "\(Self.names(outer))")
    }
    // A clip outside a transform is in untransformed space: joining them would move it.
    var clipped = Self.node("g", [("clip-path", "url(#c)")], [Self.node("g", [("transform", "scale(2)")], glyphs)])
    clipped.mergeOnlyChildGroups()
    #expect(clipped.children.map(\.name) == ["g"])
    // A group with its own title keeps it (and its child).
    var titled = Self.node("g", [], [Self.node("title", []), Self.node("g", [("fill", "red")], glyphs)])
    titled.mergeOnlyChildGroups()
    #expect(titled.children.map(\.name) == ["title", "g"])
  }

  @Test func theSameFramesGiveTheSameBytesAndOneFrameIsAStill() throws {
    let drawings: [(SVGContext) -> Void] = [0.0, 3, 9].map { x in { $0.fill(Self.slanted(x), color: .black) } }
    #expect(try Self.animation(drawings).document() == Self.animation(drawings).document())
    let still = try SVGXML(Self.animation([drawings[0]]).document())
    #expect(still.all("animate").isEmpty && still.all("animateTransform").isEmpty)
    #expect(still.all("path").first?.attributes["d"] == AnimatedSVG.compactPathData(Self.slanted(0).svgPathData))
  }
}
