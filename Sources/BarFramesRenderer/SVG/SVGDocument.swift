import BarFramesGraphics

/// One element of an SVG document as ``SVGContext`` builds it: its name, its attributes in the
/// order they are written, and either children (an element that was opened, written with a
/// start and an end tag even when empty) or at most a `<title>` (a shape).
///
/// The static preview writes the tree as it is; ``AnimatedSVG`` compares the trees of many
/// frames to find what stays and what moves.
public struct SVGElement: Hashable, Sendable {
  /// One attribute; the value is as it reads, escaped only when written.
  public struct Attribute: Hashable, Sendable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  public var name: String
  public var attributes: [Attribute]
  public var children: [SVGElement]
  /// The accessible name of a shape or group (text drawn as outlines), written as a `<title>`
  /// child.
  public var title: String?
  /// Whether the element was opened for others to go into (`<g>`, `<clipPath>`).
  public var isContainer: Bool

  public init(
    name: String, attributes: [Attribute], children: [SVGElement] = [], title: String? = nil, isContainer: Bool = false
  ) {
    self.name = name
    self.attributes = attributes
    self.children = children
    self.title = title
    self.isContainer = isContainer
  }

  /// The value of the attribute `name`, if the element has it.
  public subscript(attribute name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }
}

/// The text of one SVG 1.1 document as it is written: the root `<svg>` in px, elements in the
/// order they are added, each on its own line and indented two spaces per level of nesting.
///
/// It knows markup, not drawing: ``SVGContext`` decides which groups to open and close. Ids are
/// handed out by ``uniqueID(_:)`` so no two elements share one, and nothing depends on memory
/// addresses, clocks or process-wide counters — the same calls give the same bytes.
struct SVGDocument {
  /// One attribute, written in the order given; the value is escaped when written.
  typealias Attribute = (name: String, value: String)

  let size: Size
  /// The elements under the root that are complete.
  private var roots: [SVGElement] = []
  /// The elements opened and not yet closed, outermost first, with what they hold so far.
  private var openElements: [SVGElement] = []
  private var ids = SVGIDs()
  /// Shapes defined once for `<use>`s to place, written first in one `<defs>`, and their ids.
  private var definitions: [SVGElement] = []
  private var definedIDs: Set<String> = []

  init(size: Size) {
    self.size = size
  }

  /// Adds an empty element, e.g. `<path fill="#ffffff" d="M0 0 L1 0"/>`.
  mutating func element(_ name: String, _ attributes: [Attribute]) {
    append(SVGElement(name: name, attributes: attributes.map { .init($0.name, $0.value) }))
  }

  /// Adds an element holding a `<title>`: the accessible name of a shape, such as text
  /// drawn as outlines.
  mutating func element(_ name: String, _ attributes: [Attribute], title: String) {
    append(SVGElement(name: name, attributes: attributes.map { .init($0.name, $0.value) }, title: title))
  }

  /// Opens an element that later elements go into, until ``close()``; a `title` is its
  /// accessible name, written as its first child.
  mutating func open(_ name: String, _ attributes: [Attribute], title: String? = nil) {
    openElements.append(
      SVGElement(name: name, attributes: attributes.map { .init($0.name, $0.value) }, title: title, isContainer: true))
  }

  /// Whether ``define(id:_:_:)`` was called with `id`.
  func isDefined(_ id: String) -> Bool { definedIDs.contains(id) }

  /// Defines a shape with the id `id` for `<use>` elements to place, unless one is defined
  /// with that id already: the same id must always name the same shape. The definitions come
  /// first in the document, in one `<defs>`.
  mutating func define(id: String, _ name: String, _ attributes: [Attribute]) {
    guard definedIDs.insert(id).inserted else { return }
    definitions.append(
      SVGElement(name: name, attributes: [.init("id", id)] + attributes.map { .init($0.name, $0.value) }))
  }

  /// Closes the innermost open element.
  mutating func close() {
    guard let element = openElements.popLast() else { return }
    append(element)
  }

  private mutating func append(_ element: SVGElement) {
    if openElements.isEmpty {
      roots.append(element)
    } else {
      openElements[openElements.count - 1].children.append(element)
    }
  }

  /// `base` if no element has that id yet, else `base-2`, `base-3`, … — so duplicate layer
  /// names still give a valid document, and the same drawing always the same ids.
  mutating func uniqueID(_ base: String) -> String { ids.unique(base) }

  /// The root's children so far, with every element still open closed, after a `<defs>` of
  /// the shapes defined (if any). The document itself is not changed, so drawing may go on.
  var elements: [SVGElement] {
    var copy = self
    while !copy.openElements.isEmpty { copy.close() }
    guard !definitions.isEmpty else { return copy.roots }
    return [SVGElement(name: "defs", attributes: [], children: definitions, isContainer: true)] + copy.roots
  }

  /// The finished document as UTF-8: the elements written so far, with every element still
  /// open closed. The document itself is not changed, so this can be called again.
  var bytes: [UInt8] {
    var text = Self.header(size)
    for element in elements { Self.write(element, level: 0, into: &text) }
    text += "</svg>\n"
    return Array(text.utf8)
  }

  /// The XML declaration and the root's start tag, each on its own line.
  static func header(_ size: Size) -> String {
    let width = SVGNumber.format(size.width)
    let height = SVGNumber.format(size.height)
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    text += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\""
    text += " width=\"\(width)px\" height=\"\(height)px\" viewBox=\"0 0 \(width) \(height)\">\n"
    return text
  }

  private static func write(_ element: SVGElement, level: Int, into text: inout String) {
    text += indentation(level)
    text += "<\(element.name)\(self.text(of: element.attributes))"
    if element.isContainer {
      text += ">\n"
      if let title = element.title { text += indentation(level + 1) + "<title>\(title.xmlEscaped)</title>\n" }
      for child in element.children { write(child, level: level + 1, into: &text) }
      text += indentation(level) + "</\(element.name)>\n"
    } else if let title = element.title {
      text += "><title>\(title.xmlEscaped)</title></\(element.name)>\n"
    } else {
      text += "/>\n"
    }
  }

  /// Two spaces per level; the root's children are at level 0 and indented once.
  private static func indentation(_ level: Int) -> String {
    String(repeating: "  ", count: level + 1)
  }

  static func text(of attributes: [SVGElement.Attribute]) -> String {
    attributes.map { " \($0.name)=\"\($0.value.xmlEscaped)\"" }.joined()
  }
}

/// The ids of one document: each handed out once, `base`, then `base-2`, `base-3`, … — from the
/// calls alone, never from addresses or counters outside the document.
struct SVGIDs {
  private var used: Set<String> = []

  mutating func unique(_ base: String) -> String {
    var candidate = base
    var suffix = 2
    while used.contains(candidate) {
      candidate = "\(base)-\(suffix)"
      suffix += 1
    }
    used.insert(candidate)
    return candidate
  }
}
