import BarFramesGraphics

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
  private var body = ""
  /// The names of the elements opened and not yet closed, outermost first.
  private var openNames: [String] = []
  private var usedIDs: Set<String> = []

  init(size: Size) {
    self.size = size
  }

  /// Writes an empty element, e.g. `<path fill="#ffffff" d="M0 0 L1 0"/>`.
  mutating func element(_ name: String, _ attributes: [Attribute]) {
    line("<\(name)\(Self.text(of: attributes))/>")
  }

  /// Writes an element holding a `<title>`: the accessible name of a shape, such as text
  /// drawn as outlines.
  mutating func element(_ name: String, _ attributes: [Attribute], title: String) {
    line("<\(name)\(Self.text(of: attributes))><title>\(title.xmlEscaped)</title></\(name)>")
  }

  /// Opens an element that later elements go into, until ``close()``.
  mutating func open(_ name: String, _ attributes: [Attribute]) {
    line("<\(name)\(Self.text(of: attributes))>")
    openNames.append(name)
  }

  /// Closes the innermost open element.
  mutating func close() {
    guard let name = openNames.popLast() else { return }
    line("</\(name)>")
  }

  /// `base` if no element has that id yet, else `base-2`, `base-3`, … — so duplicate layer
  /// names still give a valid document, and the same drawing always the same ids.
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

  /// The finished document as UTF-8: the elements written so far, with every element still
  /// open closed. The document itself is not changed, so this can be called again.
  var bytes: [UInt8] {
    let width = SVGNumber.format(size.width)
    let height = SVGNumber.format(size.height)
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    text += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\""
    text += " width=\"\(width)px\" height=\"\(height)px\" viewBox=\"0 0 \(width) \(height)\">\n"
    text += body
    for (level, name) in openNames.enumerated().reversed() {
      text += Self.indentation(level) + "</\(name)>\n"
    }
    text += "</svg>\n"
    return Array(text.utf8)
  }

  private mutating func line(_ markup: String) {
    body += Self.indentation(openNames.count)
    body += markup
    body += "\n"
  }

  /// Two spaces per level; the root's children are at level 0 and indented once.
  private static func indentation(_ level: Int) -> String {
    String(repeating: "  ", count: level + 1)
  }

  private static func text(of attributes: [Attribute]) -> String {
    attributes.map { " \($0.name)=\"\($0.value.xmlEscaped)\"" }.joined()
  }
}
