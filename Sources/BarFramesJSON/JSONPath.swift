/// A position inside a JSON document, rendered as `a.b[2].c`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  public enum Component: Hashable, Sendable {
    case key(String)
    case index(Int)
  }

  public var components: [Component]

  public init(_ components: [Component] = []) {
    self.components = components
  }

  public func appending(_ key: String) -> JSONPath { JSONPath(components + [.key(key)]) }
  public func appending(index: Int) -> JSONPath { JSONPath(components + [.index(index)]) }

  public var description: String {
    var text = ""
    for component in components {
      switch component {
      // Keys come from the input: escaped, so a key cannot act on the terminal.
      case .key(let key): text += text.isEmpty ? InputText.escaped(key) : ".\(InputText.escaped(key))"
      case .index(let i): text += "[\(i)]"
      }
    }
    return text
  }
}
