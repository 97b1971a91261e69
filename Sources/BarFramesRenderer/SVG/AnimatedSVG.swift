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
///   each attribute that changes gets an `<animate>` that interpolates linearly between frames;
///   a keyframe that lies on the line between its neighbours (to the precision numbers are
///   written with) is left out.
/// - Where the structure changes (a label's glyphs, a path with more segments), each structure
///   is one element, shown (`display`) exactly over the frames that have it, however often it
///   recurs. A switch comes a thousandth of a frame before the frame's time, so that the
///   browser's rounding of times cannot show the frame before.
/// - A `matrix(a b c d e f)` transform that changes is split in two groups: the outer one
///   translates by (e, f), the inner one applies the linear part — as it is when it is the same
///   in every frame, else as a rotation, a skew along x and a scale, each animated.
/// - A clip path keeps one id for all the frames that use it, and the groups that it clips refer
///   to it by that id.
/// - Text (a path with a title) that does not move is written as a group of `<use>`s of shapes
///   defined once: its outline split where its parts lie apart (its glyphs, mostly), each part
///   moved to start at the origin. A label that counts up then shares its digits' outlines.
public struct AnimatedSVG: Sendable {
  /// The canvas size in points (px in the SVG).
  public let size: Size
  /// How long each frame shows, in seconds.
  public let frameDuration: Double
  private var frames: [[SVGElement]] = []

  /// A switch between two elements comes this fraction of a frame before the frame's time.
  static let switchLead = 0.001

  /// - Parameters:
  ///   - size: The canvas size of every frame.
  ///   - frameDuration: Seconds each frame shows; positive and finite.
  public init(size: Size, frameDuration: Double) {
    self.size = size
    self.frameDuration = frameDuration
  }

  /// Adds the next frame: the elements its ``SVGContext`` wrote (``SVGContext/elements``).
  public mutating func append(_ elements: [SVGElement]) {
    frames.append(elements)
  }

  /// The frames added so far.
  public var frameCount: Int { frames.count }

  /// The length of one loop in seconds: every frame's duration.
  public var duration: Double { frameDuration * Double(frames.count) }

  /// The document as UTF-8 XML; the same frames give the same bytes.
  public func document() -> [UInt8] {
    var builder = Builder(frameCount: frames.count, duration: duration)
    let nodes = builder.mergeChildren(
      frames.enumerated().map { (frame: $0.offset, children: $0.element) }, frames: Array(frames.indices))
    var text = SVGDocument.header(size)
    if !builder.glyphs.isEmpty {
      AnimatedNode(
        name: "defs", attributes: [],
        children: builder.glyphs.map { AnimatedNode(name: "path", attributes: [.init("id", $0.id), .init("d", $0.data)]) }
      ).write(into: &text)
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
      case "opacity", "fill-opacity", "stroke-opacity", "stroke-width", "stroke-miterlimit", "x", "y", "width", "height":
        return Double(attribute.value) != nil ? .number : .fixed
      case "transform":
        return element == "g" && attribute.value.hasPrefix("matrix(") ? .transform : .fixed
      default: return .fixed
      }
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
    var usedIDs: Set<String> = []
    /// The shapes that text is written with, in the order first used, each with its path
    /// structure and numbers for matching.
    var glyphs: [(id: String, data: String, structure: String, numbers: [Double])] = []

    init(frameCount: Int, duration: Double) {
      self.frameCount = frameCount
      self.duration = duration
    }

    /// The animated elements for the children of one element in each of `lists`' frames;
    /// `frames` are the frames in which that element shows.
    mutating func mergeChildren(_ lists: [(frame: Int, children: [SVGElement])], frames: [Int]) -> [AnimatedNode] {
      var slots: [(key: String, occurrences: [(frame: Int, element: SVGElement)])] = []
      for (frame, children) in lists {
        var ordinals: [String: Int] = [:]
        var pointer = 0
        for child in children {
          let key: String
          if let id = child[attribute: "id"] {
            key = child.name + "#" + id
          } else {
            let ordinal = ordinals[child.name, default: 0]
            ordinals[child.name] = ordinal + 1
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
        for occurrence in slot.occurrences {
          let signature = self.signature(occurrence.element, frame: occurrence.frame)
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
      element.attributes.map { attribute in
        guard attribute.name == "clip-path", attribute.value.hasPrefix("url(#"), attribute.value.hasSuffix(")") else {
          return attribute
        }
        let id = String(attribute.value.dropFirst(5).dropLast())
        return .init("clip-path", "url(#\(clipIDs[frame]?[id] ?? id))")
      }
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
        node.attributes.append(attribute)
        guard kind != .fixed, values.contains(where: { $0 != values[0] }) else { continue }
        animations.append(
          contentsOf: linearAnimation(
            "animate", attribute: attribute.name, values: timeline(values, at: frames), kind: kind))
      }
      if let title = first.title { node.children.append(AnimatedNode(name: "title", attributes: [], text: title)) }
      if first.name == "path", first.title != nil, let index = node.attributes.firstIndex(where: { $0.name == "d" }),
        !animations.contains(where: { $0.attributes.first?.value == "d" })
      {
        let data = node.attributes.remove(at: index).value
        node.name = "g"
        node.children += uses(for: data)
      }
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
          outer.children += linearAnimation(
            "animateTransform", attribute: "transform", type: "translate", values: timeline(translations, at: frames),
            kind: .number)
        }
        let linear = matrices.map { Array($0[0..<4]) }
        let factorText = { (m: [Double]) in
          "matrix(" + m.map { $0.formatted(decimals: SVGNumber.factorDecimals) }.joined(separator: " ") + " 0 0)"
        }
        node.attributes.insert(.init("transform", factorText(linear[0])), at: 0)
        if linear.contains(where: { $0 != linear[0] }) {
          animations += decomposedAnimations(linear, frames: frames)
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

    /// The parts of text's outline that lie apart, as `<use>`s of shared shapes placed where the
    /// part starts. Parts closer than ``glyphGap`` stay one shape, so no pixel is shared by two
    /// shapes that the static document fills as one path.
    mutating func uses(for data: String) -> [AnimatedNode] {
      // Subpaths with their bounding boxes (of all points, control points included).
      var subpaths: [(text: String, box: [Double])] = []
      for piece in data.split(separator: "M", omittingEmptySubsequences: true) {
        let text = "M" + piece.trimmingCharacters(in: .whitespaces)
        let numbers = AnimatedSVG.numbers(in: text, kind: .path)
        guard numbers.count >= 2, numbers.count % 2 == 0 else { return [use(for: data)] }
        let xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
        let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
        subpaths.append((text, [xs.min()!, ys.min()!, xs.max()!, ys.max()!]))
      }
      // Parts: subpaths joined while their boxes come within the gap of each other.
      var part = Array(subpaths.indices)
      func root(_ i: Int) -> Int { part[i] == i ? i : root(part[i]) }
      for i in subpaths.indices {
        for j in subpaths.indices where j > i {
          let a = subpaths[i].box
          let b = subpaths[j].box
          let apart =
            a[2] + Self.glyphGap < b[0] || b[2] + Self.glyphGap < a[0] || a[3] + Self.glyphGap < b[1]
            || b[3] + Self.glyphGap < a[1]
          if !apart { part[root(j)] = root(i) }
        }
      }
      var order: [Int] = []
      var members: [Int: [String]] = [:]
      for i in subpaths.indices {
        let r = root(i)
        if members[r] == nil { order.append(r) }
        members[r, default: []].append(subpaths[i].text)
      }
      return order.map { use(for: members[$0]!.joined(separator: " ")) }
    }

    /// Parts of text closer than this (in the text's own units) are one shape.
    static let glyphGap = 2.0

    /// A `<use>` of the shape `data` moved to start at the origin, defined once for all the
    /// text that has it (to the precision numbers are written with).
    mutating func use(for data: String) -> AnimatedNode {
      let numbers = AnimatedSVG.numbers(in: data, kind: .path)
      let (x, y) = (numbers[0], numbers[1])
      let moved = numbers.enumerated().map { $0.element - ($0.offset % 2 == 0 ? x : y) }
      let structure = AnimatedSVG.pathStructure(data)
      let id: String
      if let match = glyphs.first(where: { glyph in
        glyph.structure == structure
          && zip(glyph.numbers, moved).allSatisfy { abs($0 - $1) <= 2 * ValueKind.path.tolerance + 1e-9 }
      }) {
        id = match.id
      } else {
        id = uniqueID("glyph-\(glyphs.count + 1)")
        var index = 0
        var text = ""
        var inNumber = false
        // The same commands and separators, each number moved.
        for scalar in data.unicodeScalars {
          let isNumberPart = ("0"..."9").contains(scalar) || scalar == "." || scalar == "-" || scalar == "e"
          if isNumberPart {
            if !inNumber {
              text += SVGNumber.format(moved[index])
              index += 1
              inNumber = true
            }
          } else {
            inNumber = false
            text.unicodeScalars.append(scalar)
          }
        }
        glyphs.append((id, text, structure, moved))
      }
      return AnimatedNode(
        name: "use",
        attributes: [.init("xlink:href", "#" + id), .init("x", SVGNumber.format(x)), .init("y", SVGNumber.format(y))])
    }

    /// `base`, or `base-2`, `base-3`…: ids stay unique where one slot has several structures.
    mutating func uniqueID(_ base: String) -> String {
      var candidate = base
      var suffix = 2
      while usedIDs.contains(candidate) {
        candidate = "\(base)-\(suffix)"
        suffix += 1
      }
      usedIDs.insert(candidate)
      return candidate
    }

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
      var easings: [Int] = []
      var start = 0
      while start < points.count - 1 {
        // The farthest keyframe the segment can reach; an eased segment's first part is not
        // itself eased the same way, so every end is tried, farthest first.
        var chosen = (end: start + 1, easing: 0)
        search: for end in stride(from: points.count - 1, to: start + 1, by: -1) {
          for easing in Self.easings.indices
          where Self.fits(vectors, from: start, to: end, easing: Self.easings[easing], tolerance: tolerance) {
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
      if easings.contains(where: { $0 != 0 }) {
        attributes += [
          .init("calcMode", "spline"),
          .init(
            "keySplines",
            easings.map { Self.easings[$0].map { $0.formatted(decimals: 2) }.joined(separator: " ") }.joined(
              separator: ";")),
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
      let known = filled(visible, first: true)
      var keyTimes = [keyTime(0)]
      var values = [known[0] ? "inline" : "none"]
      for k in 1..<max(1, known.count) where known[k] != known[k - 1] {
        keyTimes.append(keyTime(Double(k) - AnimatedSVG.switchLead))
        values.append(known[k] ? "inline" : "none")
      }
      guard values.count > 1 else { return (known.first ?? true, nil) }
      return (
        known[0],
        AnimatedNode(
          name: "animate",
          attributes: [
            .init("attributeName", "display"), .init("values", values.joined(separator: ";")),
            .init("keyTimes", keyTimes.joined(separator: ";")), .init("calcMode", "discrete"),
            .init("dur", durationText), .init("repeatCount", "indefinite"),
          ])
      )
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
        var angle = atan2(b, a) * 180 / .pi
        // The turn nearest the frame before, so a rotation through ±180° interpolates the short way.
        if let previous = angles.last { angle += 360 * ((previous - angle) / 360).rounded() }
        angles.append(angle)
        let sy = (a * d - b * c) / sx
        let shear = (a * c + b * d) / sx
        skews.append((atan(shear / sy) * 180 / .pi).formatted(decimals: Self.angleDecimals))
        scales.append(
          sx.formatted(decimals: SVGNumber.factorDecimals) + " " + sy.formatted(decimals: SVGNumber.factorDecimals))
      }
      let rotation = angles.map { $0.formatted(decimals: Self.angleDecimals) }
      // Angles to within 10⁻⁵ degree and factors to within half their last digit, as written.
      var result = linearAnimation(
        "animateTransform", attribute: "transform", type: "rotate", values: timeline(rotation, at: frames), kind: .number,
        tolerance: 1e-5)
      if skews.contains(where: { $0 != "0" }) {
        result += linearAnimation(
          "animateTransform", attribute: "transform", type: "skewX", additive: true,
          values: timeline(skews, at: frames), kind: .number, tolerance: 1e-5)
      }
      result += linearAnimation(
        "animateTransform", attribute: "transform", type: "scale", additive: true, values: timeline(scales, at: frames),
        kind: .number, tolerance: 5e-7)
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
