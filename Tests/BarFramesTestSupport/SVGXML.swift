import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// An SVG document read back with Foundation's XML parser: proof that it is well-formed, and
/// its elements with their (unescaped) attributes in document order.
public struct SVGXML {
  public struct Element {
    public var name: String
    public var attributes: [String: String]
    /// How many elements enclose it (the root `<svg>` is at 0).
    public var depth: Int
  }

  public var elements: [Element] = []
  /// The character data inside each `<title>`, in order.
  public var titles: [String] = []

  /// Parses `bytes`, or throws the parser's error (with its line) when they are not XML.
  public init(_ bytes: [UInt8]) throws {
    let collector = Collector()
    let parser = XMLParser(data: Data(bytes))
    parser.delegate = collector
    guard parser.parse() else {
      throw parser.parserError ?? CocoaError(.propertyListReadCorrupt)
    }
    // Foundation's parser on Linux accepts a document that stops before its end tags.
    guard collector.rootEnded else { throw Unterminated() }
    elements = collector.elements
    titles = collector.titles
  }

  struct Unterminated: Error, CustomStringConvertible {
    var description: String { "the document ends before its root element is closed" }
  }

  public func all(_ name: String) -> [Element] { elements.filter { $0.name == name } }

  private final class Collector: NSObject, XMLParserDelegate {
    var elements: [Element] = []
    var titles: [String] = []
    var depth = 0
    var inTitle = false
    var rootEnded = false

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      elements.append(Element(name: name, attributes: attributes, depth: depth))
      depth += 1
      if name == "title" {
        inTitle = true
        titles.append("")
      }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      depth -= 1
      if depth == 0 { rootEnded = true }
      if name == "title" { inTitle = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      if inTitle { titles[titles.count - 1] += string }
    }
  }
}
