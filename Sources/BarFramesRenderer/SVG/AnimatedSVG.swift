import BarFramesGraphics
import Foundation

/// One SVG document that plays a sequence of frames, animated with SMIL alone (`<animate>`,
/// `<animateTransform>`), built from the documents ``SVGContext`` writes for each frame — so any
/// design that draws through a ``DrawingContext`` gets it, and nothing here knows a design.
///
/// ```swift
/// var animation = AnimatedSVG(size: Size(120, 60), frameDuration: 1.0 / 30)
/// for time in frameTimes {
///   let svg = try SVGContext(size: Size(120, 60), background: .white)
///   timeline.presentation(at: time).draw(in: svg)
///   animation.append(svg.elements)
/// }
/// let bytes = animation.document()
/// ```
///
/// Frame k shows from k · `frameDuration` until the next frame, the last until the loop ends,
/// as in the APNG; the loop repeats indefinitely. Paused at frame k's time
/// (`pauseAnimations()` and `setCurrentTime(_:)`), the document draws what frame k's own
/// document draws:
/// - Elements are matched across frames by their place among their siblings: a `<g id>` or a
///   `<clipPath id>` by its id, any other element by its name and how many siblings of that
///   name come before it. Where a matched element has the same structure in two frames (the
///   same attribute names, the same path commands, the same title), one element is written and
///   each attribute that changes gets an `<animate>`. Paint (colours, opacities) is
///   interpolated between frames; a keyframe that lies on the line between its neighbours, or
///   on one of Core Animation's easings between them (to the precision numbers are written
///   with), is left out. Geometry (path data, lengths, transforms) is sampled at the frame rate:
///   it switches at frame times, since a browser's time is a hair off a keyframe (it keeps
///   times in single precision) and a shape moved by a hair can flip an antialiasing sample.
/// - Where the structure changes (a label's glyphs, a path with more segments), each structure
///   is one element, shown (`display`) exactly over the frames that have it, however often it
///   recurs. A switch comes ``switchLeadSeconds`` (at most a quarter of a frame) before the
///   frame's time, so that a browser's rounding of times (Firefox's are whole
///   milliseconds) cannot show the frame before.
/// - A bar that grows is a `<rect>` in every frame's document (``SVGContext`` names filled
///   rectangles), so its animation changes a width, not four curves.
/// - A `matrix(a b c d e f)` transform that changes is split in two groups: the outer one
///   translates by (e, f); the inner one applies the linear part — as it is when it is the same
///   in every frame, else as a rotation, a skew along x and a scale.
/// - A clip path keeps one id for all the frames that use it, and the groups that it clips refer
///   to it by that id.
/// - Text is drawn glyph by glyph with `<use>`s, as in the static document, and each glyph's
///   outline is defined once for the whole animation: a label that counts up repeats its
///   digits, not their curves.
public struct AnimatedSVG: Sendable {
  /// The canvas size in points (px in the SVG).
  public let size: Size
  /// How long each frame shows, in seconds.
  public let frameDuration: Double
  private var frames: [[SVGElement]] = []
  /// The shapes the frames' `<use>`s place (their `<defs>`), each id once, in the order first
  /// defined.
  private var definitions: [SVGElement] = []
  private var definedIDs: Set<String> = []

  /// How long before a frame's time a switch comes, in seconds: Firefox keeps SMIL times in
  /// whole milliseconds (the loop's duration too), so it can see a frame's time up to a
  /// millisecond early; Chromium keeps them in single precision, a hair off.
  static let switchLeadSeconds = 0.0015

  /// A switch comes this fraction of a frame before the frame's time: ``switchLeadSeconds``,
  /// but at most a quarter of a frame, so that the frame before still shows at its own time.
  static func switchLead(frameDuration: Double) -> Double {
    min(0.25, switchLeadSeconds / frameDuration)
  }

  /// - Parameters:
  ///   - size: The canvas size of every frame.
  ///   - frameDuration: Seconds each frame shows; positive and finite.
  public init(size: Size, frameDuration: Double) {
    self.size = size
    self.frameDuration = frameDuration
  }

  /// Adds the next frame: the elements its ``SVGContext`` wrote (``SVGContext/elements``).
  /// Its `<defs>` join one `<defs>` for the whole animation: an id names the same shape in
  /// every frame (a glyph of one font), so a shape defined by many frames is written once.
  public mutating func append(_ elements: [SVGElement]) {
    for definition in elements.lazy.filter({ $0.name == "defs" }).flatMap(\.children) {
      guard let id = definition[attribute: "id"], definedIDs.insert(id).inserted else { continue }
      definitions.append(definition)
    }
    frames.append(elements.filter { $0.name != "defs" })
  }

  /// The frames added so far.
  public var frameCount: Int { frames.count }

  /// The length of one loop in seconds: every frame's duration.
  public var duration: Double { frameDuration * Double(frames.count) }

  /// The document as UTF-8 XML; the same frames give the same bytes.
  public func document() -> [UInt8] {
    var builder = Builder(frameCount: frames.count, duration: duration)
    var nodes = builder.mergeChildren(
      frames.enumerated().map { (frame: $0.offset, children: $0.element) }, frames: Array(frames.indices))
    for i in nodes.indices {
      nodes[i].mergeOnlyChildGroups()
      nodes[i].hoistSharedPaint()
    }
    var text = SVGDocument.header(size)
    if !definitions.isEmpty {
      // As the frames' documents have them (a glyph's path data is written at its shortest).
      let shapes = definitions.map { AnimatedNode(name: $0.name, attributes: $0.attributes) }
      AnimatedNode(name: "defs", attributes: [], children: shapes).write(into: &text)
    }
    for node in nodes { node.write(into: &text) }
    text += "</svg>\n"
    return Array(text.utf8)
  }
}

// MARK: - Output

/// An element of the animated document.
struct AnimatedNode {
  var name: String
  var attributes: [SVGElement.Attribute]
  var children: [AnimatedNode] = []
  var text: String?

  /// Joins a group whose only drawn child is a group with that child, where the two set and
  /// animate different attributes: `<g transform><g fill>…</g></g>` draws as `<g transform fill>…</g>`.
  /// Not where the inner group has a transform and the outer one a clip, mask or filter, which
  /// would then apply in the transformed space.
  mutating func mergeOnlyChildGroups() {
    for i in children.indices { children[i].mergeOnlyChildGroups() }
    guard name == "g" else { return }
    // A title belongs to its element: a group with one stays as it is.
    let described = children.indices.filter { !Self.isAnimation(children[$0].name) }
    guard described.count == 1, children[described[0]].name == "g" else { return }
    let inner = children[described[0]]
    guard Set(settableNames).isDisjoint(with: inner.settableNames) else { return }
    let spaceBound = ["clip-path", "mask", "filter"]
    if inner.settableNames.contains("transform"), settableNames.contains(where: spaceBound.contains) { return }
    attributes += inner.attributes
    children.remove(at: described[0])
    children += inner.children
  }

  /// The attributes this element sets, or animates with one of its own animations.
  private var settableNames: [String] { attributes.map(\.name) + animatedNames }

  /// The attributes this element's own animations (`<animate…>`, `<set>`) change.
  private var animatedNames: [String] {
    children.compactMap { child in
      guard Self.isAnimation(child.name) else { return nil }
      return child.attributes.first { $0.name == "attributeName" }?.value
    }
  }

  /// The inherited paint properties that ``hoistSharedPaint()`` may move to a group.
  static let inheritedPaint: Set<String> = [
    "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
    "stroke-miterlimit", "stroke-opacity",
  ]

  /// Moves a paint property that every element inside a group sets to the same value, and
  /// none animates, to the group, which they then inherit it from: the same drawing, written
  /// once (two strokes of one style, a label's glyph groups of one colour). Inner groups
  /// first, so a value shared all the way up rises all the way.
  mutating func hoistSharedPaint() {
    for i in children.indices { children[i].hoistSharedPaint() }
    guard name == "g" else { return }
    let drawn = children.indices.filter { children[$0].name != "title" && !Self.isAnimation(children[$0].name) }
    guard drawn.count >= 2 else { return }
    let first = children[drawn[0]]
    for attribute in first.attributes
    where Self.inheritedPaint.contains(attribute.name) && !attributes.contains(where: { $0.name == attribute.name })
      && !animates(attribute.name)
    {
      let shared = drawn.allSatisfy { i in
        children[i].attributes.contains(attribute) && !children[i].animates(attribute.name)
      }
      guard shared else { continue }
      for i in drawn { children[i].attributes.removeAll { $0.name == attribute.name } }
      attributes.append(attribute)
    }
  }

  private static func isAnimation(_ name: String) -> Bool {
    name.hasPrefix("animate") || name == "set"
  }

  /// Whether one of this element's own animations changes `attribute`.
  private func animates(_ attribute: String) -> Bool { animatedNames.contains(attribute) }

  /// One element a line, without indentation: the document is made to be small.
  func write(into output: inout String) {
    output += "<\(name)\(SVGDocument.text(of: attributes))"
    if let text {
      output += ">\(text.xmlEscaped)</\(name)>\n"
    } else if children.isEmpty {
      output += "/>\n"
    } else {
      output += ">\n"
      for child in children { child.write(into: &output) }
      output += "</\(name)>\n"
    }
  }
}

// MARK: - Merging frames

extension AnimatedSVG {
  /// How an attribute's value may change between two frames of one element.
  enum ValueKind {
    /// Path data, interpolated number by number when the commands match.
    case path
    /// `#rrggbb`, interpolated channel by channel.
    case colour
    case number
    /// `matrix(a b c d e f)` on a group.
    case transform
    /// Anything else: part of the element's structure.
    case fixed

    static func of(_ attribute: SVGElement.Attribute, in element: String) -> ValueKind {
      switch attribute.name {
      case "d": return .path
      case "fill", "stroke":
        return attribute.value.hasPrefix("#") && attribute.value.utf8.count == 7 ? .colour : .fixed
      case "opacity", "fill-opacity", "stroke-opacity", "stroke-width", "stroke-miterlimit", "x", "y", "width",
        "height", "rx":
        return Double(attribute.value) != nil ? .number : .fixed
      case "transform":
        return element == "g" && attribute.value.hasPrefix("matrix(") ? .transform : .fixed
      default: return .fixed
      }
    }

    /// Whether the attribute is interpolated between frames, or switched at frame times. Shape
    /// (path data, lengths) is switched: a browser lands a hair off a keyframe (it keeps times
    /// in single precision), and an outline off by 10⁻⁴ pt can be antialiased visibly
    /// differently. Paint (colours, opacities) interpolates: a hair off it is the same colour.
    func interpolates(_ attribute: String) -> Bool {
      self == .colour || attribute.hasSuffix("opacity")
    }

    /// The largest difference from the line between two keyframes that still lets a keyframe
    /// be left out: half the last digit numbers are written with, so the value drawn at a
    /// frame's time is the value written for it as closely as the static document's rounding.
    var tolerance: Double {
      switch self {
      // A browser rounds an interpolated channel: half a level off becomes at most one.
      case .colour: 0.5
      default: 0.0005
      }
    }
  }

  /// Path data's structure: its command letters and how many numbers follow each.
  static func pathStructure(_ data: String) -> String {
    var structure = ""
    var numbers = 0
    var inNumber = false
    for byte in data.utf8 {
      let isLetter = (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
      if isLetter {
        if numbers > 0 || !structure.isEmpty { structure += String(numbers) }
        structure.append(Character(UnicodeScalar(byte)))
        numbers = 0
        inNumber = false
      } else if byte == 32 || byte == 44 {
        inNumber = false
      } else if !inNumber {
        numbers += 1
        inNumber = true
      }
    }
    return structure + String(numbers)
  }

  /// Path data written as SVG's grammar allows at its shortest, with the same numbers: no
  /// space after a command letter or before a minus sign, no zero before a decimal point, and
  /// none between two numbers when the second starts with a point and the first has one
  /// (`C4.744 0.224 4.744 0.5` becomes `C4.744.224 4.744.5`). A browser reads the same values.
  static func compactPathData(_ data: String) -> String {
    let space = UInt8(ascii: " ")
    let point = UInt8(ascii: ".")
    let minus = UInt8(ascii: "-")
    let zero = UInt8(ascii: "0")
    var output: [UInt8] = []
    output.reserveCapacity(data.utf8.count)
    var previousHasPoint: Bool?  // nil after a command letter
    var data = data
    data.withUTF8 { bytes in
      var i = 0
      while i < bytes.count {
        // One token: up to the next space.
        var end = i
        while end < bytes.count && bytes[end] != space { end += 1 }
        var start = i
        i = end + 1
        if start < end, Self.isLetter(bytes[start]) {
          output.append(bytes[start])
          start += 1
          previousHasPoint = nil
        }
        guard start < end else { continue }
        let negative = bytes[start] == minus
        let digits = negative ? start + 1 : start
        // "0.5" is written ".5", "-0.5" "-.5".
        let dropsZero = digits + 1 < end && bytes[digits] == zero && bytes[digits + 1] == point
        let first = dropsZero && !negative ? point : bytes[start]
        if let previousHasPoint, !(first == minus || (first == point && previousHasPoint)) {
          output.append(space)
        }
        var hasPoint = false
        for j in start..<end where !(dropsZero && j == digits) {
          output.append(bytes[j])
          hasPoint = hasPoint || bytes[j] == point
        }
        previousHasPoint = hasPoint
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Whether `byte` is an ASCII letter (a path command).
  private static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
  }

  /// The numbers in a value: a colour's three channels, else every number in the text.
  static func numbers(in value: String, kind: ValueKind) -> [Double] {
    if kind == .colour {
      let hex = Array(value.utf8.dropFirst())
      return stride(from: 0, to: 6, by: 2).map { i in
        Double(Int(String(decoding: hex[i..<i + 2], as: UTF8.self), radix: 16) ?? 0)
      }
    }
    var result: [Double] = []
    var current = ""
    for scalar in value.unicodeScalars {
      if ("0"..."9").contains(scalar) || scalar == "." || scalar == "-" || scalar == "e" {
        current.unicodeScalars.append(scalar)
      } else {
        if let number = Double(current) { result.append(number) }
        current = ""
      }
    }
    if let number = Double(current) { result.append(number) }
    return result
  }

  /// The six numbers of `matrix(a b c d e f)`.
  static func matrix(_ value: String) -> [Double] {
    let numbers = numbers(in: value, kind: .number)
    return numbers.count == 6 ? numbers : [1, 0, 0, 1, 0, 0]
  }

  /// Merges the documents of many frames into one animated tree.
  struct Builder {
    let frameCount: Int
    let duration: Double
    /// For each frame, the id in the animated document of each clip path of that frame.
    var clipIDs: [Int: [String: String]] = [:]
    var ids = SVGIDs()

    init(frameCount: Int, duration: Double) {
      self.frameCount = frameCount
      self.duration = duration
    }

    /// How far before a frame's time its switches come, in frames.
    var switchLead: Double {
      AnimatedSVG.switchLead(frameDuration: frameCount > 0 ? duration / Double(frameCount) : 1)
    }

    /// The animated elements for the children of one element in each of `lists`' frames;
    /// `frames` are the frames in which that element shows.
    mutating func mergeChildren(_ lists: [(frame: Int, children: [SVGElement])], frames: [Int]) -> [AnimatedNode] {
      var slots: [(key: String, occurrences: [(frame: Int, element: SVGElement)])] = []
      for (frame, children) in lists {
        // Siblings have a few names: a list is quicker to search than a dictionary is to make.
        var ordinals: [(name: String, count: Int)] = []
        var pointer = 0
        for child in children {
          let key: String
          if let id = child[attribute: "id"] {
            key = child.name + "#" + id
          } else {
            var ordinal = 0
            if let index = ordinals.firstIndex(where: { $0.name == child.name }) {
              ordinal = ordinals[index].count
              ordinals[index].count += 1
            } else {
              ordinals.append((child.name, 1))
            }
            key = child.name + "@" + String(ordinal)
          }
          if let index = slots[pointer...].firstIndex(where: { $0.key == key }) {
            slots[index].occurrences.append((frame, child))
            pointer = index + 1
          } else {
            slots.insert((key, [(frame, child)]), at: pointer)
            pointer += 1
          }
        }
      }
      var nodes: [AnimatedNode] = []
      for slot in slots {
        // The variants of the slot by structure, in the order they first show.
        var variants: [(signature: String, occurrences: [(frame: Int, element: SVGElement)])] = []
        var variantIndex: [String: Int] = [:]
        var last: (element: SVGElement, variant: Int)?
        for occurrence in slot.occurrences {
          // Most frames repeat the structure of the frame before: then no signature is made.
          if let last, Self.hasSameStructure(occurrence.element, as: last.element) {
            variants[last.variant].occurrences.append(occurrence)
            continue
          }
          let signature = self.signature(occurrence.element, frame: occurrence.frame)
          defer { last = (occurrence.element, variantIndex[signature]!) }
          if let index = variantIndex[signature] {
            variants[index].occurrences.append(occurrence)
          } else {
            variantIndex[signature] = variants.count
            variants.append((signature, [occurrence]))
          }
        }
        for variant in variants {
          nodes.append(contentsOf: node(for: variant.occurrences, parentFrames: frames))
        }
      }
      return nodes
    }

    /// The attributes of `element` in `frame` as the animated document has them: a clip path
    /// referred to by its id there.
    func attributes(of element: SVGElement, frame: Int) -> [SVGElement.Attribute] {
      guard element.attributes.contains(where: { $0.name == "clip-path" }) else { return element.attributes }
      return element.attributes.map { attribute in
        guard attribute.name == "clip-path", attribute.value.hasPrefix("url(#"), attribute.value.hasSuffix(")") else {
          return attribute
        }
        let id = String(attribute.value.dropFirst(5).dropLast())
        return .init("clip-path", "url(#\(clipIDs[frame]?[id] ?? id))")
      }
    }

    /// Whether `element` has the ``signature(_:frame:)`` of `other` for certain, found without
    /// making either: the same name, attribute names, fixed values, path structures and title.
    /// False when unsure (a clip path, whose id depends on the frame): the signatures decide.
    static func hasSameStructure(_ element: SVGElement, as other: SVGElement) -> Bool {
      guard element.name == other.name, element.isContainer == other.isContainer, element.title == other.title,
        element.attributes.count == other.attributes.count
      else { return false }
      for (a, b) in zip(element.attributes, other.attributes) {
        guard a.name == b.name, a.name != "clip-path" else { return false }
        if a.value == b.value || a.name == "id" { continue }
        let kind = ValueKind.of(a, in: element.name)
        guard kind != .fixed, kind == ValueKind.of(b, in: element.name) else { return false }
        if kind == .path, AnimatedSVG.pathStructure(a.value) != AnimatedSVG.pathStructure(b.value) { return false }
      }
      return true
    }

    /// What must be equal for one element to stand for `element` in two frames.
    func signature(_ element: SVGElement, frame: Int) -> String {
      var signature = element.name + (element.isContainer ? "+" : "")
      for attribute in attributes(of: element, frame: frame) {
        signature += " " + attribute.name + "="
        if attribute.name == "id" { continue }
        switch ValueKind.of(attribute, in: element.name) {
        case .path: signature += AnimatedSVG.pathStructure(attribute.value)
        case .colour: signature += "#"
        case .number: signature += "n"
        case .transform: signature += "m"
        case .fixed: signature += "\"" + attribute.value + "\""
        }
      }
      if let title = element.title { signature += " title=" + title }
      return signature
    }

    /// The element (with the groups around it that its transform needs) for the frames of
    /// `occurrences`, which share one structure.
    mutating func node(for occurrences: [(frame: Int, element: SVGElement)], parentFrames: [Int]) -> [AnimatedNode] {
      let first = occurrences[0].element
      let frames = occurrences.map(\.frame)
      let attributeLists = occurrences.map { attributes(of: $0.element, frame: $0.frame) }
      var node = AnimatedNode(name: first.name, attributes: [])
      var animations: [AnimatedNode] = []
      var transform: [String]?
      for (index, attribute) in attributeLists[0].enumerated() {
        let values = attributeLists.map { $0[index].value }
        if attribute.name == "id" {
          let id = uniqueID(attribute.value)
          node.attributes.append(.init("id", id))
          if first.name == "clipPath" {
            for occurrence in occurrences {
              clipIDs[occurrence.frame, default: [:]][occurrence.element[attribute: "id"] ?? ""] = id
            }
          }
          continue
        }
        let kind = ValueKind.of(attribute, in: first.name)
        if kind == .transform, values.contains(where: { $0 != values[0] }) {
          transform = values
          continue
        }
        var compactPaths: [String: String] = [:]
        let compact =
          kind == .path
          ? values.map { value in
            if let compact = compactPaths[value] { return compact }
            let compact = AnimatedSVG.compactPathData(value)
            compactPaths[value] = compact
            return compact
          } : values
        node.attributes.append(.init(attribute.name, compact[0]))
        guard kind != .fixed, values.contains(where: { $0 != values[0] }) else { continue }
        if kind.interpolates(attribute.name) {
          animations += linearAnimation(
            "animate", attribute: attribute.name, values: timeline(compact, at: frames), kind: kind)
        } else {
          animations.append(
            steppedAnimation("animate", attribute: attribute.name, values: timeline(compact, at: frames)))
        }
      }
      if let title = first.title { node.children.append(AnimatedNode(name: "title", attributes: [], text: title)) }
      if first.isContainer {
        node.children.append(
          contentsOf: mergeChildren(occurrences.map { ($0.frame, $0.element.children) }, frames: frames))
      }
      // Hidden in every frame it is in (a singular transform): no frame shows it.
      let alwaysHidden = first[attribute: "display"] == "none"
      var outer: AnimatedNode
      if let transform {
        let matrices = transform.map(AnimatedSVG.matrix)
        outer = AnimatedNode(name: "g", attributes: [])
        let translations = matrices.map { "\(SVGNumber.format($0[4])) \(SVGNumber.format($0[5]))" }
        outer.attributes.append(.init("transform", "translate(\(translations[0]))"))
        if translations.contains(where: { $0 != translations[0] }) {
          outer.children.append(
            steppedAnimation(
              "animateTransform", attribute: "transform", type: "translate",
              values: timeline(translations, at: frames)))
        }
        let linear = matrices.map { Array($0[0..<4]) }
        let factorText = { (m: [Double]) in
          "matrix(" + m.map { $0.formatted(decimals: SVGNumber.factorDecimals) }.joined(separator: " ") + " 0 0)"
        }
        if linear.contains(where: { $0 != linear[0] }) {
          node.attributes.insert(.init("transform", factorText(linear[0])), at: 0)
          animations += decomposedAnimations(linear, frames: frames)
        } else if linear[0] != [1, 0, 0, 1] {
          node.attributes.insert(.init("transform", factorText(linear[0])), at: 0)
        }
        node.children.insert(contentsOf: animations, at: 0)
        outer.children.append(node)
      } else {
        node.children.insert(contentsOf: animations, at: 0)
        outer = node
      }
      if !alwaysHidden, frames != parentFrames {
        let shown = Set(frames)
        var visible = [Bool?](repeating: nil, count: frameCount)
        for frame in parentFrames { visible[frame] = shown.contains(frame) }
        let (initiallyShown, animation) = displayAnimation(visible)
        if !initiallyShown { outer.attributes.append(.init("display", "none")) }
        if let animation {
          // The switch goes first, so a viewer reads it before the values.
          outer.children.insert(animation, at: 0)
        }
      }
      return [outer]
    }

    /// `base`, or `base-2`, `base-3`…: ids stay unique where one slot has several structures.
    mutating func uniqueID(_ base: String) -> String { ids.unique(base) }

    /// Values at every frame of the loop: each at its frame, and in frames where the element
    /// does not show the value of the frame before (the first value before it first shows),
    /// which costs no keyframe and moves nothing unseen before it shows.
    func timeline(_ values: [String], at frames: [Int]) -> [String] {
      var result = [String?](repeating: nil, count: frameCount)
      for (value, frame) in zip(values, frames) { result[frame] = value }
      return filled(result, first: values[0])
    }

    func filled<T>(_ values: [T?], first: T) -> [T] {
      var last = values.first { $0 != nil }.flatMap { $0 } ?? first
      return values.map { value in
        if let value { last = value }
        return last
      }
    }

    /// A linear `<animate>` (or `<animateTransform type=…>`) through `values`, frame k's
    /// value at k / frameCount and the last frame's held to the end of the loop.
    ///
    /// Between two kept keyframes the value moves along the line between them, at a steady pace
    /// or eased by one of Core Animation's named timing functions (``easings``, as `keySplines`):
    /// a keyframe is left out when every frame it spans lies on that path, to within
    /// `tolerance` (by default the kind's).
    func linearAnimation(
      _ name: String, attribute: String, type: String? = nil, additive: Bool = false, values: [String],
      kind: ValueKind, tolerance: Double? = nil
    ) -> [AnimatedNode] {
      guard frameCount > 1 else { return [] }
      // Point k is frame k for k < frameCount; the last point is the loop's end.
      let points = values + [values[values.count - 1]]
      var parsed: [String: [Double]] = [:]
      for value in points where parsed[value] == nil { parsed[value] = AnimatedSVG.numbers(in: value, kind: kind) }
      let vectors = points.map { parsed[$0]! }
      let tolerance = tolerance ?? kind.tolerance
      var kept = [0]
      var easings: [[Double]] = []
      var start = 0
      while start < points.count - 1 {
        // The farthest keyframe the segment can reach; an eased segment's first part is not
        // itself eased the same way, so every end is tried, farthest first.
        var chosen = (end: start + 1, easing: Self.easings[0])
        search: for end in stride(from: points.count - 1, to: start + 1, by: -1) {
          for easing in Self.easings
          where Self.fits(vectors, from: start, to: end, easing: easing, tolerance: tolerance) {
            chosen = (end, easing)
            break search
          }
          if end - start <= Self.longestFittedSegment,
            let easing = Self.fittedEasing(vectors, from: start, to: end, tolerance: tolerance)
          {
            chosen = (end, easing)
            break search
          }
        }
        kept.append(chosen.end)
        easings.append(chosen.easing)
        start = chosen.end
      }
      var attributes: [SVGElement.Attribute] = [.init("attributeName", attribute)]
      if let type { attributes.append(.init("type", type)) }
      if additive { attributes.append(.init("additive", "sum")) }
      attributes += [
        .init("values", kept.map { points[$0] }.joined(separator: ";")),
        .init("keyTimes", kept.map { keyTime(Double($0)) }.joined(separator: ";")),
      ]
      if easings.contains(where: { $0 != Self.easings[0] }) {
        attributes += [
          .init("calcMode", "spline"),
          .init(
            "keySplines",
            easings.map { $0.map { $0.formatted(decimals: 3) }.joined(separator: " ") }.joined(separator: ";")),
        ]
      }
      attributes += [.init("dur", durationText), .init("repeatCount", "indefinite")]
      return [AnimatedNode(name: name, attributes: attributes)]
    }

    /// The control points `x1 y1 x2 y2` of the pace between two keyframes: linear first, then
    /// Core Animation's named timing functions (default, ease-in, ease-out, ease-in-ease-out).
    static let easings: [[Double]] = [
      [0, 0, 1, 1], [0.25, 0.1, 0.25, 1], [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1],
    ]

    /// The most frames one fitted easing may span: fitting is tried for every end of a segment.
    static let longestFittedSegment = 90

    /// A timing function (`x1 y1 x2 y2`, to 10⁻³, each in 0…1 as SMIL requires) that puts every
    /// point between `start` and `end` where it is on the line between them, or nil. Fitted by
    /// least squares with the curve's parameters refined by Newton steps; for the part of a
    /// Core Animation timing function that a run of frames shows, such a curve exists.
    static func fittedEasing(_ vectors: [[Double]], from start: Int, to end: Int, tolerance: Double) -> [Double]? {
      guard end - start >= 3 else { return nil }
      let a = vectors[start]
      let b = vectors[end]
      guard a.count == b.count else { return nil }
      let delta = zip(b, a).map { $0 - $1 }
      let norm = delta.reduce(0) { $0 + $1 * $1 }
      guard norm > 0 else { return nil }
      let span = Double(end - start)
      var xs = [0.0]
      var ys = [0.0]
      for j in (start + 1)..<end {
        let v = vectors[j]
        guard v.count == a.count else { return nil }
        var dot = 0.0
        for i in a.indices { dot += (v[i] - a[i]) * delta[i] }
        let s = dot / norm
        // On the line, in order, between the ends.
        guard s >= ys[ys.count - 1] - 1e-9, s <= 1 + 1e-9 else { return nil }
        for i in a.indices where abs(a[i] + delta[i] * s - v[i]) > tolerance { return nil }
        xs.append(Double(j - start) / span)
        ys.append(s)
      }
      xs.append(1)
      ys.append(1)
      var u = xs
      var control = [0.0, 0.0, 1.0, 1.0]
      for _ in 0..<12 {
        var (c11, c12, c22, rx1, rx2, ry1, ry2) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        for k in u.indices {
          let t = u[k]
          let (b1, b2, b3) = (3 * (1 - t) * (1 - t) * t, 3 * (1 - t) * t * t, t * t * t)
          c11 += b1 * b1
          c12 += b1 * b2
          c22 += b2 * b2
          rx1 += b1 * (xs[k] - b3)
          rx2 += b2 * (xs[k] - b3)
          ry1 += b1 * (ys[k] - b3)
          ry2 += b2 * (ys[k] - b3)
        }
        let det = c11 * c22 - c12 * c12
        guard abs(det) > 1e-12 else { return nil }
        control = [
          (rx1 * c22 - rx2 * c12) / det, (ry1 * c22 - ry2 * c12) / det,
          (c11 * rx2 - c12 * rx1) / det, (c11 * ry2 - c12 * ry1) / det,
        ]
        // Newton steps: each sample's parameter moves to the nearest point of the curve.
        for k in u.indices where k > 0 && k < u.count - 1 {
          let t = u[k]
          var f = [0.0, 0.0]
          var d1 = [0.0, 0.0]
          var d2 = [0.0, 0.0]
          for (axis, (p1, p2)) in [(control[0], control[2]), (control[1], control[3])].enumerated() {
            let s = 1 - t
            f[axis] = 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t - (axis == 0 ? xs[k] : ys[k])
            d1[axis] = 3 * s * s * p1 + 6 * s * t * (p2 - p1) + 3 * t * t * (1 - p2)
            d2[axis] = 6 * s * (p2 - 2 * p1) + 6 * t * (1 - 2 * p2 + p1)
          }
          let denominator = d1[0] * d1[0] + d1[1] * d1[1] + f[0] * d2[0] + f[1] * d2[1]
          guard denominator != 0 else { continue }
          u[k] = min(max(t - (f[0] * d1[0] + f[1] * d1[1]) / denominator, 0), 1)
        }
      }
      let easing = control.map { (min(max($0, 0), 1) * 1000).rounded() / 1000 }
      return fits(vectors, from: start, to: end, easing: easing, tolerance: tolerance) ? easing : nil
    }

    /// Whether every point strictly between `start` and `end` lies where `easing` puts it on
    /// the line between them (points are evenly spaced in time).
    static func fits(_ vectors: [[Double]], from start: Int, to end: Int, easing: [Double], tolerance: Double) -> Bool {
      let a = vectors[start]
      let b = vectors[end]
      guard a.count == b.count else { return false }
      let span = Double(end - start)
      for j in (start + 1)..<end {
        let v = vectors[j]
        guard v.count == a.count else { return false }
        let f = easing == easings[0] ? Double(j - start) / span : ease(easing, Double(j - start) / span)
        for i in a.indices where abs(a[i] + (b[i] - a[i]) * f - v[i]) > tolerance + 1e-9 { return false }
      }
      return true
    }

    /// The progress a cubic Bézier timing function gives at `x` (a fraction of the segment's time).
    static func ease(_ c: [Double], _ x: Double) -> Double {
      func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
      }
      // x(t) increases from 0 to 1: bisection to well below the precision values are written with.
      var low = 0.0
      var high = 1.0
      for _ in 0..<50 {
        let mid = (low + high) / 2
        if bezier(mid, c[0], c[2]) < x { low = mid } else { high = mid }
      }
      return bezier((low + high) / 2, c[1], c[3])
    }

    /// Whether the element shows at the start, and a discrete `<animate>` of `display` over
    /// the loop (nil when it never changes). `visible` is nil where the parent does not show.
    func displayAnimation(_ visible: [Bool?]) -> (Bool, AnimatedNode?) {
      let known = filled(visible, first: true).map { $0 ? "inline" : "none" }
      guard known.contains(where: { $0 != known[0] }) else { return (known.first != "none", nil) }
      return (known[0] != "none", steppedAnimation("animate", attribute: "display", values: known))
    }

    /// A discrete `<animate>` (or `<animateTransform type=…>`) holding frame k's value from
    /// (a hair before) its frame's time until the next change.
    func steppedAnimation(
      _ name: String, attribute: String, type: String? = nil, additive: Bool = false, values: [String]
    ) -> AnimatedNode {
      var keyTimes = [keyTime(0)]
      var changes = [values[0]]
      for k in 1..<max(1, values.count) where values[k] != values[k - 1] {
        keyTimes.append(keyTime(Double(k) - switchLead))
        changes.append(values[k])
      }
      var attributes: [SVGElement.Attribute] = [.init("attributeName", attribute)]
      if let type { attributes.append(.init("type", type)) }
      if additive { attributes.append(.init("additive", "sum")) }
      attributes += [
        .init("values", changes.joined(separator: ";")), .init("keyTimes", keyTimes.joined(separator: ";")),
        // Even for `display`, which cannot interpolate: without it Chromium switches such a
        // value halfway between two key times, as CSS does.
        .init("calcMode", "discrete"), .init("dur", durationText), .init("repeatCount", "indefinite"),
      ]
      return AnimatedNode(name: name, attributes: attributes)
    }

    /// A linear part `[a, b, c, d]` that changes, as a rotation (in place of the inner group's
    /// `transform`), a skew along x and a scale (each added to it): `R(θ)·Kx(φ)·S(sx, sy)`.
    func decomposedAnimations(_ linear: [[Double]], frames: [Int]) -> [AnimatedNode] {
      var angles: [Double] = []
      var skews: [String] = []
      var scales: [String] = []
      for m in linear {
        let (a, b, c, d) = (m[0], m[1], m[2], m[3])
        let sx = (a * a + b * b).squareRoot()
        // A first column of zeros (a flip seen edge-on, as written) turns by any angle: the
        // one before is kept. Either way (c, d) = R(θ)·(shear, sy).
        var angle = sx > 0 ? atan2(b, a) * 180 / .pi : (angles.last ?? 0)
        // The turn nearest the frame before, so a rotation through ±180° interpolates the short way.
        if let previous = angles.last { angle += 360 * ((previous - angle) / 360).rounded() }
        angles.append(angle)
        let (cosine, sine) = (cos(angle * .pi / 180), sin(angle * .pi / 180))
        let sy = d * cosine - c * sine
        let shear = c * cosine + d * sine
        // With sy = 0 the matrix is singular and nothing is drawn, whatever the skew.
        let skew = sy == 0 ? 0 : atan(shear / sy) * 180 / .pi
        skews.append(skew.formatted(decimals: Self.angleDecimals))
        scales.append(
          sx.formatted(decimals: SVGNumber.factorDecimals) + " " + sy.formatted(decimals: SVGNumber.factorDecimals))
      }
      let rotation = angles.map { $0.formatted(decimals: Self.angleDecimals) }
      // Angles to within 10⁻⁵ degree and factors to within half their last digit, as written.
      // Stepped, as shapes are: a hair off a frame's matrix (a scale of 1.000001 for 1) is
      // antialiased differently, and a browser's time is a hair off a keyframe.
      var result = [
        steppedAnimation(
          "animateTransform", attribute: "transform", type: "rotate", values: timeline(rotation, at: frames))
      ]
      if skews.contains(where: { $0 != "0" }) {
        result.append(
          steppedAnimation(
            "animateTransform", attribute: "transform", type: "skewX", additive: true,
            values: timeline(skews, at: frames)))
      }
      result.append(
        steppedAnimation(
          "animateTransform", attribute: "transform", type: "scale", additive: true,
          values: timeline(scales, at: frames))
      )
      return result
    }

    /// Degrees to 10⁻⁶: at 1000 pt from the centre a millionth of a degree moves a point by
    /// less than 10⁻⁴ pt.
    static let angleDecimals = 6

    /// A fraction of the loop, to enough digits that a thousandth of a frame still shows.
    func keyTime(_ frame: Double) -> String {
      if frame <= 0 { return "0" }
      if frame >= Double(frameCount) { return "1" }
      return (frame / Double(frameCount)).formatted(decimals: String(frameCount).count + 4)
    }

    var durationText: String { duration.formatted(decimals: 9) + "s" }
  }
}
