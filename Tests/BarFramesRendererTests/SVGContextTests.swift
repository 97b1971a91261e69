import BarFrames
import BarFramesGraphics
import BarFramesImageIO
import BarFramesTestSupport
import BarFramesText
import Foundation
import Testing

@testable import BarFramesRenderer

/// The SVG writer, checked against documents written out by hand: every number below was
/// worked out from the drawing commands, not copied from the writer's output.
@Suite struct SVGContextTests {
  static let header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1"
    """

  static func text(_ svg: SVGContext) -> String { String(decoding: svg.document, as: UTF8.self) }

  static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Path {
    Path(rect: Rect(x: x, y: y, width: w, height: h))
  }

  @Test func aSmallDrawingGivesTheHandWrittenDocument() throws {
    let svg = try SVGContext(size: Size(20, 10), background: .white)
    svg.beginLayer(named: "bar")
    svg.saveState()
    svg.concatenate(Transform2D(translationX: 5, y: 2.5))
    svg.fill(Self.rect(0, 0, 4, 3), color: Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    svg.restoreState()
    // After the restore the translation no longer applies: the stroke is outside its group.
    svg.stroke(
      Path(polyline: [Point(1, 9), Point(19, 9)]), color: Color(red8: 0, green8: 128, blue8: 255),
      style: StrokeStyle(lineWidth: 2, lineCap: .round, lineJoin: .bevel, miterLimit: 4))
    svg.endLayer()
    let expected =
      Self.header + """
         width="20px" height="10px" viewBox="0 0 20 10">
          <rect width="20" height="10" fill="#ffffff"/>
          <g id="bar">
            <g transform="matrix(1 0 0 1 5 2.5)">
              <rect x="0" y="0" width="4" height="3" fill="#ff0000" fill-opacity="0.5"/>
            </g>
            <path fill="none" stroke="#0080ff" stroke-width="2" stroke-linecap="round" stroke-linejoin="bevel" d="M1 9 L19 9"/>
          </g>
        </svg>

        """
    #expect(Self.text(svg) == expected)
  }

  @Test func transparencyLayersAndClipsNestAsCairoScopesThem() throws {
    let svg = try SVGContext(size: Size(10, 10))
    svg.beginLayer(named: "dot")
    svg.saveState()
    svg.concatenate(Transform2D(translationX: 1, y: 0))
    svg.beginTransparencyLayer(opacity: 0.25)
    svg.clip(to: Self.rect(0, 0, 5, 10))
    svg.fill(Self.rect(0, 0, 10, 10), color: .black, rule: .evenOdd)
    // Ending the transparency layer restores the state it began with: the clip is gone, the
    // translation from before it still applies.
    svg.endTransparencyLayer()
    svg.fill(Self.rect(1, 1, 1, 1), color: .white)
    svg.restoreState()
    svg.endLayer()
    let expected =
      Self.header + """
         width="10px" height="10px" viewBox="0 0 10 10">
          <g id="dot">
            <g transform="matrix(1 0 0 1 1 0)">
              <g opacity="0.25">
                <clipPath id="dot-clip-1">
                  <path d="M0 0 L5 0 L5 10 L0 10 Z"/>
                </clipPath>
                <g clip-path="url(#dot-clip-1)">
                  <rect x="0" y="0" width="10" height="10" fill="#000000"/>
                </g>
              </g>
              <rect x="1" y="1" width="1" height="1" fill="#ffffff"/>
            </g>
          </g>
        </svg>

        """
    #expect(Self.text(svg) == expected)
  }

  @Test func aClipStillInForceAfterItsLayerEndsIsAppliedAgainByTheSameID() throws {
    let svg = try SVGContext(size: Size(10, 10))
    svg.beginLayer(named: "a")
    svg.saveState()
    svg.clip(to: Self.rect(0, 0, 5, 5))
    svg.fill(Self.rect(0, 0, 10, 10), color: .black)
    svg.endLayer()
    svg.fill(Self.rect(0, 0, 10, 10), color: .white)
    svg.restoreState()
    svg.fill(Self.rect(1, 1, 1, 1), color: .red, rule: .nonZero)
    let expected =
      Self.header + """
         width="10px" height="10px" viewBox="0 0 10 10">
          <g id="a">
            <clipPath id="a-clip-1">
              <path d="M0 0 L5 0 L5 5 L0 5 Z"/>
            </clipPath>
            <g clip-path="url(#a-clip-1)">
              <rect x="0" y="0" width="10" height="10" fill="#000000"/>
            </g>
          </g>
          <g clip-path="url(#a-clip-1)">
            <rect x="0" y="0" width="10" height="10" fill="#ffffff"/>
          </g>
          <rect x="1" y="1" width="1" height="1" fill="#ff0000"/>
        </svg>

        """
    #expect(Self.text(svg) == expected)
  }

  /// A filled (rounded) rectangle is named as one: `<rect rx>` is a few numbers where its
  /// path is four curves, and an animation of a growing bar changes one of them. The corners
  /// are SVG's circular arcs of that radius, which the path's cubics approximate (to 0.03 % of
  /// the radius).
  @Test func aFilledRoundedRectangleIsARectElementWithItsRadius() throws {
    let svg = try SVGContext(size: Size(20, 10))
    svg.fill(Path(roundedRect: Rect(x: 1, y: 2.5, width: 12.25, height: 3), cornerRadius: 1.5), color: .black)
    // The radius is limited to half the shorter side, as Core Animation's is.
    svg.fill(Path(roundedRect: Rect(x: 0, y: 0, width: 1, height: 3), cornerRadius: 5), color: .white)
    // Stroked, or not a rectangle, a shape stays a path.
    svg.stroke(
      Path(roundedRect: Rect(x: 1, y: 1, width: 4, height: 4), cornerRadius: 1), color: .black,
      style: StrokeStyle(lineWidth: 1))
    svg.fill(Path(ellipseIn: Rect(x: 1, y: 1, width: 4, height: 4)), color: .black)
    let text = Self.text(svg)
    #expect(text.contains(##"<rect x="1" y="2.5" width="12.25" height="3" rx="1.5" fill="#000000"/>"##))
    #expect(text.contains(##"<rect x="0" y="0" width="1" height="3" rx="0.5" fill="#ffffff"/>"##))
    #expect(text.components(separatedBy: "<path").count - 1 == 2, "\(text)")
  }

  @Test func numbersHaveAtMostThreeDecimalsAndNoNegativeZero() throws {
    let svg = try SVGContext(size: Size(10.25, 4))
    svg.saveState()
    // cos 30° = 0.8660254…, sin 30° = 0.5: six decimals for the factors, three for the shift.
    svg.concatenate(
      Transform2D(a: 0.8660254037844387, b: 0.5, c: -0.5, d: 0.8660254037844387, tx: 1.23456, ty: -0.0001))
    svg.fill(
      Path(polyline: [Point(-0.0004, 1.0006), Point(2.9999, 1)]),
      color: Color(red: 0, green: 0, blue: 0, alpha: 1.0 / 3))
    svg.restoreState()
    let text = Self.text(svg)
    #expect(text.contains(#"width="10.25px" height="4px" viewBox="0 0 10.25 4""#))
    #expect(text.contains(#"<g transform="matrix(0.866025 0.5 -0.5 0.866025 1.235 0)">"#))
    #expect(text.contains(##"<path fill="#000000" fill-opacity="0.333" d="M0 1.001 L3 1"/>"##))
  }

  @Test func strokesAlwaysCarryEveryStrokeProperty() throws {
    let svg = try SVGContext(size: Size(10, 10))
    // Core Graphics' defaults: width 1, butt caps, miter joins, miter limit 10 — SVG's default
    // limit is 4, so it must be written even when it is the default.
    svg.stroke(Path(polyline: [Point(0, 0), Point(5, 5), Point(10, 0)]), color: .black, style: StrokeStyle())
    svg.stroke(Path(polyline: [Point(0, 0), Point(5, 5)]), color: .black, style: StrokeStyle(miterLimit: 0.5))
    let text = Self.text(svg)
    #expect(
      text.contains(
        ##"<path fill="none" stroke="#000000" stroke-width="1" stroke-linecap="butt" stroke-linejoin="miter" stroke-miterlimit="10" d="M0 0 L5 5 L10 0"/>"##
      ))
    // SVG refuses limits below 1; Cairo bevels every join below 1, as it does at 1.
    #expect(text.contains(#"stroke-miterlimit="1" d="M0 0 L5 5"/>"#))
    // A round or bevel join has no limit to write.
    svg.stroke(Path(polyline: [Point(0, 0), Point(5, 5)]), color: .black, style: StrokeStyle(lineJoin: .round))
    #expect(Self.text(svg).contains(#"stroke-linejoin="round" d="M0 0 L5 5"/>"#))
  }

  @Test func theBackgroundIsAFullCanvasRectangleWrittenFirst() throws {
    let svg = try SVGContext(size: Size(50, 10), background: Color(red8: 51, green8: 102, blue8: 153, alpha: 0.5))
    svg.fill(Self.rect(0, 0, 1, 1), color: .white)
    let lines = Self.text(svg).split(separator: "\n")
    #expect(lines[2] == ##"  <rect width="50" height="10" fill="#336699" fill-opacity="0.5"/>"##)
    let transparent = try SVGContext(size: Size(50, 10), background: .clear)
    #expect(!Self.text(transparent).contains("<rect"))
  }

  /// Text is our own glyph outlines, placed with `<use>`s of shapes defined once: no font,
  /// no `<text>`, nothing from Cairo's SVG surface.
  @Test func textIsGlyphOutlinesPlacedWithUseAndTheStringInAriaLabelAndTitle() throws {
    let svg = try SVGContext(size: TestCard.size)
    TestCard.draw(in: svg)
    let text = Self.text(svg)
    for forbidden in ["<text", "<symbol", "<font", "surface"] {
      #expect(!text.contains(forbidden), "the document contains \(forbidden)")
    }
    let xml = try SVGXML(svg.document)
    let labelled = xml.all("g").filter { $0.attributes["aria-label"] != nil }
    #expect(labelled.count == 1)
    #expect(labelled.first?.attributes["aria-label"] == "30%")
    #expect(labelled.first?.attributes["fill"] == "#000000")
    #expect(xml.titles == ["30%"])
    // "30%": three glyphs, each a defined outline placed at its pen position.
    let uses = xml.all("use")
    #expect(uses.count == 3)
    let defined = Dictionary(
      uniqueKeysWithValues: xml.all("path").compactMap { path in path.attributes["id"].map { ($0, path) } })
    for use in uses {
      let id = try #require(use.attributes["xlink:href"]?.dropFirst())
      #expect((defined[String(id)]?.attributes["d"]?.count ?? 0) > 30, "\(id)'s outline is missing")
    }
    // As the test card draws it.
    let run = try PinnedFont.shared.get().run(
      "30%", font: Font(size: 13), in: Rect(x: 86, y: 85, width: 40, height: 20), alignment: .center)
    #expect(uses.map { $0.attributes["x"] } == run.glyphs.map { SVGNumber.format($0.position.x) })
  }

  /// A glyph is defined once per document, however often it is placed, and its id names the
  /// font and the character, so that every frame of an animation defines it the same.
  @Test func aGlyphUsedTwiceIsDefinedOnce() throws {
    let svg = try SVGContext(size: Size(60, 20))
    svg.drawText(
      "100%", in: Rect(x: 0, y: 0, width: 60, height: 20), font: Font(size: 10), color: .black, alignment: .left)
    svg.drawText(
      "0", in: Rect(x: 0, y: 0, width: 60, height: 20), font: Font(size: 10, weight: .bold), color: .black,
      alignment: .left)
    let xml = try SVGXML(svg.document)
    let ids = xml.all("path").compactMap { $0.attributes["id"] }
    #expect(ids == ["glyph-r10-31", "glyph-r10-30", "glyph-r10-25", "glyph-b10-30"])
    #expect(
      xml.all("use").compactMap { $0.attributes["xlink:href"] } == [
        "#glyph-r10-31", "#glyph-r10-30", "#glyph-r10-30", "#glyph-r10-25", "#glyph-b10-30",
      ])
    #expect(Self.text(svg).components(separatedBy: "<defs>").count == 2, "one <defs>")
  }

  @Test func xmlSpecialCharactersInLayerNamesAndTextAreEscaped() throws {
    let name = #"a<b>&"c"'d"#
    let string = "<5 & \"6\">\t\u{1}"
    let svg = try SVGContext(size: Size(10, 10))
    svg.beginLayer(named: name)
    svg.clip(to: Self.rect(0, 0, 5, 5))
    svg.fillText(
      TextRun(string: string, font: Font(size: 10), origin: .zero, advance: 4, outline: Self.rect(0, 0, 4, 4)),
      color: .black)
    svg.endLayer()
    let text = Self.text(svg)
    #expect(text.contains(#"<g id="a&lt;b&gt;&amp;&quot;c&quot;&apos;d">"#))
    #expect(text.contains(#"aria-label="&lt;5 &amp; &quot;6&quot;&gt;&#9;\#u{FFFD}""#))
    #expect(text.contains(#"<title>&lt;5 &amp; &quot;6&quot;&gt;&#9;\#u{FFFD}</title>"#))
    // The clip's id keeps only characters that are safe in url(#…).
    #expect(text.contains(#"<clipPath id="a_b___c__d-clip-1">"#))
    let xml = try SVGXML(svg.document)
    #expect(xml.all("g").first?.attributes["id"] == name)
    #expect(xml.titles == ["<5 & \"6\">\t\u{FFFD}"])
  }

  @Test func duplicateLayerNamesStillGiveUniqueIDs() throws {
    let svg = try SVGContext(size: Size(10, 10))
    for name in ["x", "x", "x-2", ""] {
      svg.beginLayer(named: name)
      svg.endLayer()
    }
    let groups = try SVGXML(svg.document).all("g")
    #expect(groups.map { $0.attributes["id"] } == ["x", "x-2", "x-2-2", nil])
  }

  @Test func aSingularTransformHidesWhatItWouldDraw() throws {
    let svg = try SVGContext(size: Size(10, 10))
    svg.saveState()
    svg.concatenate(Transform2D(scaleX: 0, y: 1))
    svg.fill(Self.rect(0, 0, 5, 5), color: .black)
    svg.restoreState()
    svg.saveState()
    svg.concatenate(Transform2D(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
    svg.fill(Self.rect(0, 0, 5, 5), color: .black)
    svg.restoreState()
    let text = Self.text(svg)
    #expect(text.components(separatedBy: #"<g display="none">"#).count == 3)
    #expect(!text.contains("nan"))
  }

  @Test func imagesArePlacedScaledAndClippedAsCairoPlacesThem() throws {
    let png = try PNGEncoder().encode(RGBAImage(width: 4, height: 2, filledWith: .init(red: 255, green: 0, blue: 0)))
    let image = EmbeddedImage(name: "red", pngData: png)
    #expect(image.pngPixelSize.map { [$0.width, $0.height] } == [4, 2])
    let svg = try SVGContext(size: Size(10, 10))
    svg.beginLayer(named: "icon")
    // A 4 × 2 image in a 10 × 10 box. Fill: 2.5 × 5, so 10 × 10 at (0, 0). Aspect fill: the larger
    // scale, 5: 20 × 10, centred at (5, 5), so at (-5, 0). Aspect fit: the smaller, 2.5: 10 × 5
    // at (0, 2.5).
    for mode in [EmbeddedImage.ContentMode.fill, .aspectFill, .aspectFit] {
      svg.drawImage(image, in: Rect(x: 0, y: 0, width: 10, height: 10), contentMode: mode)
    }
    svg.endLayer()
    let xml = try SVGXML(svg.document)
    let images = xml.all("image")
    #expect(
      images.map { [$0.attributes["x"], $0.attributes["y"], $0.attributes["width"], $0.attributes["height"]] } == [
        ["0", "0", "10", "10"], ["-5", "0", "20", "10"], ["0", "2.5", "10", "5"],
      ])
    #expect(images.allSatisfy { $0.attributes["preserveAspectRatio"] == "none" })
    let href = try #require(images.first?.attributes["xlink:href"])
    #expect(href.hasPrefix("data:image/png;base64,"))
    #expect(Data(base64Encoded: String(href.dropFirst("data:image/png;base64,".count))) == Data(png))
    // Each image sits in a group clipped to its rectangle.
    #expect(xml.all("clipPath").map { $0.attributes["id"] } == ["icon-clip-1", "icon-clip-2", "icon-clip-3"])
    #expect(Self.text(svg).contains(#"<path d="M0 0 L10 0 L10 10 L0 10 Z"/>"#))
    // Not a PNG: left out, as Cairo leaves out an image it cannot decode.
    let broken = try SVGContext(size: Size(10, 10))
    broken.drawImage(
      EmbeddedImage(name: "x", pngData: Array("GIF89a".utf8)), in: Rect(x: 0, y: 0, width: 5, height: 5),
      contentMode: .fill)
    #expect(!Self.text(broken).contains("<image"))
  }

  @Test func theSameDrawingGivesTheSameBytes() throws {
    func draw() throws -> [UInt8] {
      let svg = try SVGContext(size: TestCard.size, background: .black)
      svg.beginLayer(named: "card")
      svg.saveState()
      svg.clip(to: Path(circleCenter: Point(160, 60), radius: 50))
      TestCard.draw(in: svg)
      svg.restoreState()
      svg.endLayer()
      return svg.document
    }
    let first = try draw()
    _ = try SVGContext(size: Size(5, 5)).document
    #expect(try draw() == first)
  }

  @Test func theDocumentIsWellFormedXMLWithPixelUnits() throws {
    let svg = try SVGContext(size: TestCard.size, background: .white)
    TestCard.draw(in: svg)
    let xml = try SVGXML(svg.document)
    let root = try #require(xml.elements.first)
    #expect(root.name == "svg")
    #expect(root.attributes["width"] == "320px" && root.attributes["height"] == "120px")
    #expect(root.attributes["viewBox"] == "0 0 320 120")
    #expect(root.attributes["version"] == "1.1")
  }

  @Test(.enabled(if: ExternalTools.path("xmllint") != nil, "xmllint is not installed (apt-get install libxml2-utils)"))
  func xmllintAcceptsTheDocument() throws {
    let svg = try SVGContext(size: TestCard.size, background: .white)
    svg.beginLayer(named: #"<&>"#)
    TestCard.draw(in: svg)
    svg.drawImage(
      EmbeddedImage(
        name: "red",
        pngData: try PNGEncoder().encode(RGBAImage(width: 2, height: 2, filledWith: .init(red: 255, green: 0, blue: 0)))
      ),
      in: Rect(x: 0, y: 0, width: 10, height: 10), contentMode: .aspectFit)
    svg.endLayer()
    let url = TestRendering.temporaryFile(extension: "svg")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(svg.document).write(to: url)
    let result = try ExternalTools.run(try #require(ExternalTools.path("xmllint")), ["--noout", url.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
  }

  @Test func anUnusableSizeIsRefused() {
    for size in [Size(0, 10), Size(10, -1), Size(.infinity, 10), Size(.nan, 10), Size(20_000, 10)] {
      #expect(throws: RendererError.self) { try SVGContext(size: size) }
    }
  }
}
