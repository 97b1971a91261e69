/// The designs style files may name, in registration order.
///
/// Style and scene loading, the JSON Schema, `inspect`, the gallery and the command line all
/// consult a registry, never a fixed list: BarFrames' own designs are in ``standard``, added
/// one by one exactly as a design from another package is added.
///
/// ```swift
/// let designs = DesignRegistry.standard.adding(Ring.self)
/// let scene = try Scene.load(contentsOf: url, designs: designs)
/// ```
public struct DesignRegistry: Sendable {
  /// The registered designs, in registration order.
  public private(set) var designs: [any Design.Type]

  /// A registry of `designs`, in that order (a later design replaces an earlier one of the
  /// same name, as with ``adding(_:)``).
  public init(_ designs: [any Design.Type] = []) {
    self.designs = []
    for design in designs { add(design) }
  }

  /// The designs BarFrames ships: `bent-line`, `download-bar` and `customizable-bar`.
  public static let standard = DesignRegistry()
    .adding(BentLine.self)
    .adding(DownloadBar.self)
    .adding(CustomizableBar.self)

  /// This registry with `design` added after the others. A design whose ``Design/name`` is
  /// already registered takes the earlier one's place, so a package can replace a design.
  public func adding(_ design: any Design.Type) -> DesignRegistry {
    var copy = self
    copy.add(design)
    return copy
  }

  /// This registry with `designs` added in order, as by ``adding(_:)``.
  public func adding(contentsOf designs: [any Design.Type]) -> DesignRegistry {
    designs.reduce(self) { $0.adding($1) }
  }

  private mutating func add(_ design: any Design.Type) {
    if let index = designs.firstIndex(where: { $0.name == design.name }) {
      designs[index] = design
    } else {
      designs.append(design)
    }
  }

  /// The names style files use, in registration order.
  public var names: [String] { designs.map { $0.name } }

  /// The design style files call `name`, if registered.
  public func design(named name: String) -> (any Design.Type)? {
    designs.first { $0.name == name }
  }

  /// The style keys a style of `design` accepts; of any registered design when nil (used to
  /// report a misspelt key before the design is known).
  public func styleKeys(for design: (any Design.Type)?) -> [String] {
    var keys = Style.commonKeys
    for key in (design.map { [$0] } ?? designs).flatMap({ $0.styleParameterKeys }) where !keys.contains(key) {
      keys.append(key)
    }
    return keys
  }

  /// Every call a scene may use with some registered design, generic events last, each once.
  public var callNames: [String] {
    var unique: [String] = []
    for name in designs.flatMap({ $0.callNames }) + GenericCall.names where !unique.contains(name) {
      unique.append(name)
    }
    return unique
  }
}
