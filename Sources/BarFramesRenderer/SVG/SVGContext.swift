import BarFramesGraphics
import Foundation
import Synchronization

/// A ``DrawingContext`` that writes an SVG 1.1 document, in pure Swift: the same commands give
/// the same bytes on every machine and with every library version, and the markup reads like
/// the drawing.
///
/// ```swift
/// let svg = try SVGContext(size: Size(120, 60), background: .white)
/// presentation.draw(in: svg)
/// let bytes = svg.document   // UTF-8 XML
/// ```
///
/// - The root is `width="120px" height="60px" viewBox="0 0 120 60"`: one point is one px.
/// - Each layer (``beginLayer(named:)``) is a `<g id="name">`; a transparency layer is a
///   `<g opacity="…">`; a transform is a `<g transform="matrix(a b c d e f)">` and a clip a
///   `<clipPath>` written in place plus a `<g clip-path="url(#…)">` around what it clips.
/// - Shapes are `<path>`s, but for a filled rectangle (rounded or not, as
///   `Path(roundedRect:cornerRadius:)` makes it: `Path.roundedRectangle`), which is a
///   `<rect>`; colours are `#rrggbb` (and `fill-opacity`/`stroke-opacity` below 1),
///   strokes with every stroke property explicit (SVG's default miter limit is 4, Core
///   Graphics' 10; a join that is not a miter has none). Text is a `<g>` whose string is
///   kept in `aria-label` and a `<title>`, holding a `<use>` for each glyph: each glyph's
///   outline is a `<path>` defined once, in a `<defs>` at the start. No font is needed to
///   view it.
/// - Numbers have at most 3 decimals (6 for a transform's linear factors); clip ids are the
///   layer's name and a counter, never a pointer or a process-wide serial.
///
/// Save/restore follows Cairo's model, which our PNGs are drawn with: a transparency layer saves
/// the state when it begins and restores it when it ends. Groups for transforms and clips are
/// opened lazily, just before the next shape that needs them, and closed before the first
/// thing written after a restore has dropped them — so a `saveState()` followed by
/// `concatenate(_:)` affects exactly the commands up to the matching `restoreState()`, and
/// state that nothing is drawn with leaves no markup.
public final class SVGContext: DrawingContext {
  /// One change of the graphics state, numbered so an open group can be matched to it.
  private struct StateChange {
    enum Kind {
      case transform(Transform2D)
      case clip(Path, FillRule)
    }
    var serial: Int
    var kind: Kind
  }

  /// A `<g>` open in the document and what it stands for.
  private enum OpenGroup {
    /// Applies the state change with this serial to everything inside.
    case state(serial: Int)
    /// A named layer or a transparency layer, ended by the command with the same token.
    case structure(token: Int)
  }

  private var markup: SVGDocument
  /// The current state: the changes in force, oldest first.
  private var state: [StateChange] = []
  /// States pushed by `saveState()` and `beginTransparencyLayer(opacity:)`.
  private var savedStates: [[StateChange]] = []
  private var open: [OpenGroup] = []
  private var nextSerial = 0
  /// The ids of clip paths already written, by the serial of their state change: a clip that
  /// is applied again (after a layer that held its group ended) references the same element.
  private var clipIDs: [Int: String] = [:]
  private var clipCount = 0
  /// The layers begun and not ended, innermost last, with their names (clip ids use them).
  private var layers: [(token: Int, name: String)] = []
  private var transparencyLayers: [Int] = []

  /// Starts a document of `size` points (px in the SVG).
  /// - Parameters:
  ///   - size: Positive and finite, at most ``ImageSurface/maximumPixelDimension`` per side.
  ///   - background: A full-canvas rectangle written first; nil (or a clear colour) leaves the
  ///     document transparent.
  /// - Throws: ``RendererError/invalidSurfaceSize(width:height:scale:)``.
  public init(size: Size, background: Color? = nil) throws(RendererError) {
    guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite,
      size.width <= Double(ImageSurface.maximumPixelDimension),
      size.height <= Double(ImageSurface.maximumPixelDimension)
    else { throw .invalidSurfaceSize(width: size.width, height: size.height, scale: 1) }
    markup = SVGDocument(size: size)
    if let background, background.alpha > 0 {
      markup.element(
        "rect",
        [("width", SVGNumber.format(size.width)), ("height", SVGNumber.format(size.height))]
          + Self.paint(background, prefix: "fill"))
    }
  }

  /// The document of everything drawn so far, as UTF-8 XML, with any group still open closed.
  /// Reading it changes nothing, so drawing may go on afterwards.
  public var document: [UInt8] { markup.bytes }

  /// The document's elements under the root, as ``document`` writes them; ``AnimatedSVG``
  /// compares them across frames.
  public var elements: [SVGElement] { markup.elements }

  /// The canvas size in points (px in the SVG).
  public var size: Size { markup.size }

  // MARK: State

  public func saveState() {
    savedStates.append(state)
  }

  /// Pops the state; without a matching save it does nothing (Cairo would stop drawing
  /// altogether, which no caller of ours relies on).
  public func restoreState() {
    guard let saved = savedStates.popLast() else { return }
    state = saved
  }

  public func concatenate(_ transform: Transform2D) {
    guard !transform.isIdentity else { return }
    push(.transform(transform))
  }

  public func clip(to path: Path, rule: FillRule) {
    push(.clip(path, rule))
  }

  private func push(_ kind: StateChange.Kind) {
    nextSerial += 1
    state.append(StateChange(serial: nextSerial, kind: kind))
  }

  // MARK: Layers

  public func beginLayer(named name: String) {
    synchronizeGroups()
    let token = openStructure(name.isEmpty ? [] : [("id", markup.uniqueID(name))])
    layers.append((token, name))
  }

  public func endLayer() {
    guard let layer = layers.popLast() else { return }
    closeStructure(layer.token)
  }

  public func beginTransparencyLayer(opacity: Double) {
    synchronizeGroups()
    let alpha = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
    let formatted = SVGNumber.format(alpha)
    transparencyLayers.append(openStructure(formatted == "1" ? [] : [("opacity", formatted)]))
    // As cairo_push_group: the state is saved with the group and restored when it ends.
    saveState()
  }

  public func endTransparencyLayer() {
    guard let token = transparencyLayers.popLast() else { return }
    closeStructure(token)
    restoreState()
  }

  // A crossfade: an isolated group whose parts are added to it (`plus-lighter`, the
  // compositing spec's sum, as Cairo's ADD) at their weights. Chromium, WebKit and Firefox add;
  // a renderer without `plus-lighter` (librsvg 2.54) composites them over each other instead.
  public func beginCrossfade(within bounds: Rect) {
    synchronizeGroups()
    transparencyLayers.append(openStructure([("style", "isolation:isolate")]))
    saveState()
  }

  public func beginCrossfadePart(weight: Double) {
    synchronizeGroups()
    let alpha = weight.isNaN ? 0 : min(max(weight, 0), 1)
    transparencyLayers.append(
      openStructure([("opacity", SVGNumber.format(alpha)), ("style", "mix-blend-mode:plus-lighter")]))
    saveState()
  }

  public func endCrossfadePart() { endTransparencyLayer() }
  public func endCrossfade() { endTransparencyLayer() }

  private func openStructure(_ attributes: [SVGDocument.Attribute]) -> Int {
    nextSerial += 1
    markup.open("g", attributes)
    open.append(.structure(token: nextSerial))
    return nextSerial
  }

  /// Closes the group of `token` and everything inside it; nothing when a restore past its
  /// beginning has closed it already.
  private func closeStructure(_ token: Int) {
    guard let index = open.lastIndex(where: { if case .structure(let t) = $0 { t == token } else { false } }) else {
      return
    }
    closeGroups(from: index)
  }

  private func closeGroups(from index: Int) {
    while open.count > index {
      open.removeLast()
      markup.close()
    }
  }

  /// Makes the open groups apply exactly the current state: closes those of changes no longer
  /// in force (and whatever was opened inside them), then opens groups for the changes made
  /// since. Called before anything is written that the state affects.
  private func synchronizeGroups() {
    var applied = 0
    var firstStale: Int?
    for (index, group) in open.enumerated() {
      guard case .state(let serial) = group else { continue }
      if applied < state.count, state[applied].serial == serial {
        applied += 1
      } else {
        firstStale = index
        break
      }
    }
    if let firstStale { closeGroups(from: firstStale) }
    for change in state[applied...] {
      openGroup(for: change)
      open.append(.state(serial: change.serial))
    }
  }

  private func openGroup(for change: StateChange) {
    switch change.kind {
    case .transform(let t):
      // SVG draws nothing under a singular matrix, and Cairo nothing visible (CairoContext
      // substitutes a 10⁻⁹ scale); display="none" says so without writing a NaN.
      markup.open("g", t.isDrawable ? [("transform", t.svgMatrix)] : [("display", "none")])
    case .clip(let path, let rule):
      let id = clipIDs[change.serial] ?? writeClipPath(path, rule: rule)
      clipIDs[change.serial] = id
      markup.open("g", [("clip-path", "url(#\(id))")])
    }
  }

  /// Writes a `<clipPath>` in the current user space and returns its id, made from the
  /// innermost layer's name and a counter over the markup. An empty path clips everything
  /// away, as in Cairo.
  private func writeClipPath(_ path: Path, rule: FillRule) -> String {
    clipCount += 1
    let prefix = layers.last.map { Self.idFragment($0.name) + "-" } ?? ""
    let id = markup.uniqueID("\(prefix)clip-\(clipCount)")
    markup.open("clipPath", [("id", id)])
    if !path.isEmpty, path.hasFiniteCoordinates {
      markup.element(
        "path",
        (rule == .evenOdd ? [("clip-rule", "evenodd")] : []) + [("d", path.svgPathData(decimals: SVGNumber.decimals))])
    }
    markup.close()
    return id
  }

  /// A layer name reduced to characters that are safe inside `url(#…)` and in an XML name.
  private static func idFragment(_ name: String) -> String {
    let safe = name.unicodeScalars.map { scalar -> String in
      let ok =
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
        || scalar == "."
      return ok && scalar.isASCII ? String(scalar) : "_"
    }.joined()
    guard let first = safe.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else {
      return "_" + safe
    }
    return safe
  }

  // MARK: Shapes

  public func fill(_ path: Path, color: Color, rule: FillRule) {
    guard color.alpha > 0, !path.isEmpty, path.hasFiniteCoordinates else { return }
    synchronizeGroups()
    if let (rect, radius) = path.roundedRectangle {
      // Either fill rule fills a rectangle the same.
      markup.element(
        "rect",
        [
          ("x", SVGNumber.format(rect.minX)), ("y", SVGNumber.format(rect.minY)),
          ("width", SVGNumber.format(rect.width)), ("height", SVGNumber.format(rect.height)),
        ] + (radius > 0 ? [("rx", SVGNumber.format(radius))] : []) + Self.paint(color, prefix: "fill"))
      return
    }
    markup.element("path", Self.paint(color, prefix: "fill") + Self.fillRule(rule) + [Self.pathData(path)])
  }

  public func stroke(_ path: Path, color: Color, style: StrokeStyle) {
    guard color.alpha > 0, style.lineWidth > 0, style.lineWidth.isFinite, !path.isEmpty, path.hasFiniteCoordinates
    else { return }
    synchronizeGroups()
    // SVG requires a miter limit of at least 1; below 1 Cairo bevels every join, as 1 does.
    // Only miter joins have a limit.
    let miterLimit = style.miterLimit.isFinite ? max(style.miterLimit, 1) : 10
    let limit: [SVGDocument.Attribute] =
      style.lineJoin == .miter ? [("stroke-miterlimit", SVGNumber.format(miterLimit))] : []
    markup.element(
      "path",
      [("fill", "none")] + Self.paint(color, prefix: "stroke") + [
        ("stroke-width", SVGNumber.format(style.lineWidth)),
        ("stroke-linecap", style.lineCap.rawValue),
        ("stroke-linejoin", style.lineJoin.rawValue),
      ] + limit + [Self.pathData(path)])
  }

  /// Fills the run's outlines with the non-zero rule: a `<g>` of `<use>`s, one a glyph, each
  /// placing a glyph's outline defined once in the document (a run without glyphs: one
  /// `<path>`). The string goes into `aria-label` and a `<title>`, so the text stays readable
  /// (and searchable) without a `<text>` element.
  public func fillText(_ run: TextRun, color: Color) {
    guard color.alpha > 0, !run.outline.isEmpty, run.outline.hasFiniteCoordinates else { return }
    synchronizeGroups()
    guard !run.glyphs.isEmpty,
      run.glyphs.allSatisfy({ $0.outline.hasFiniteCoordinates && $0.position.x.isFinite && $0.position.y.isFinite })
    else {
      markup.element(
        "path", [("aria-label", run.string)] + Self.paint(color, prefix: "fill") + [Self.pathData(run.outline)],
        title: run.string)
      return
    }
    markup.open("g", [("aria-label", run.string)] + Self.paint(color, prefix: "fill"), title: run.string)
    let font = "glyph-" + (run.font.weight == .bold ? "b" : "r") + SVGNumber.format(run.font.size) + "-"
    for glyph in run.glyphs {
      let id = font + String(glyph.character.value, radix: 16)
      if !markup.isDefined(id) { markup.define(id: id, "path", [("d", Self.glyphPathData(id: id, glyph.outline))]) }
      markup.element(
        "use",
        [
          ("xlink:href", "#" + id), ("x", SVGNumber.format(glyph.position.x)),
          ("y", SVGNumber.format(glyph.position.y)),
        ])
    }
    markup.close()
  }

  /// Glyph outlines' path data by their id, for every document of the process: the id names the
  /// outline (the pinned font's glyph for a character at a weight and size), and an animation
  /// or a scene's key times draw the same few glyphs in document after document.
  private static let glyphPathData = Mutex<[String: String]>([:])
  /// Ids kept at most: a process draws a few dozen glyphs; a stranger label only costs time.
  private static let glyphPathDataLimit = 4096

  /// The path data of `outline`, the glyph `id` names, at its shortest.
  private static func glyphPathData(id: String, _ outline: Path) -> String {
    if let known = glyphPathData.withLock({ $0[id] }) { return known }
    let data = outline.relativeSVGPathData(decimals: SVGNumber.decimals)
    glyphPathData.withLock { cache in
      if cache.count < glyphPathDataLimit { cache[id] = data }
    }
    return data
  }

  // MARK: Images

  /// Places the image as ``CairoContext`` does — scaled per `contentMode` about the centre of
  /// `rect`, clipped to `rect` — with explicit geometry and `preserveAspectRatio="none"`, so
  /// the viewer does no fitting of its own. An image whose PNG header cannot be read is left
  /// out (the style reader refuses such an icon when it loads, with `PNGCheck`).
  public func drawImage(_ image: EmbeddedImage, in rect: Rect, contentMode: EmbeddedImage.ContentMode) {
    guard let pixels = image.pngPixelSize, rect.width > 0, rect.height > 0,
      [rect.minX, rect.minY, rect.width, rect.height].allSatisfy(\.isFinite)
    else { return }
    let placed = contentMode.placement(
      ofImageSize: Size(width: Double(pixels.width), height: Double(pixels.height)), in: rect)
    saveState()
    clip(to: Path(rect: rect))
    synchronizeGroups()
    markup.element(
      "image",
      [
        ("x", SVGNumber.format(placed.minX)), ("y", SVGNumber.format(placed.minY)),
        ("width", SVGNumber.format(placed.width)), ("height", SVGNumber.format(placed.height)),
        ("preserveAspectRatio", "none"),
        ("xlink:href", "data:image/png;base64," + Data(image.pngData).base64EncodedString()),
      ])
    restoreState()
  }

  // MARK: Attributes

  private static func paint(_ color: Color, prefix: String) -> [SVGDocument.Attribute] {
    let paint = color.svgPaint
    return [(prefix, paint.color)] + (paint.opacity.map { [("\(prefix)-opacity", $0)] } ?? [])
  }

  private static func fillRule(_ rule: FillRule) -> [SVGDocument.Attribute] {
    rule == .evenOdd ? [("fill-rule", "evenodd")] : []
  }

  private static func pathData(_ path: Path) -> SVGDocument.Attribute {
    ("d", path.svgPathData(decimals: SVGNumber.decimals))
  }
}
