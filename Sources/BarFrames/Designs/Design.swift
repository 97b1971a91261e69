import BarFramesGraphics

/// A progress-bar design: a tree of named layers driven by the calls of its original API.
///
/// A design is one type, named once in a ``DesignRegistry``: the registry is what style and
/// scene files, the JSON Schema, `inspect`, the gallery and the command line consult, and the
/// three designs BarFrames ships are registered in ``DesignRegistry/standard`` exactly as a
/// design from another package is added with ``DesignRegistry/adding(_:)``.
///
/// Designs are value types. A ``Timeline`` replays a scene's events on a copy of the design
/// and keeps a snapshot after every few, so the presentation at any time is one lookup, a short
/// replay and one evaluation of the layer tree — safe to do from many threads at once.
public protocol Design: Sendable {
  /// The style parameters of this design.
  associatedtype Style: DesignStyle
  /// A parsed call of the design's API (`setProgress`, `pauseAnimation`, …).
  associatedtype Call: Sendable

  /// The name used in style files: `"design": "bent-line"`.
  static var name: String { get }
  /// The calls scenes may make, each declared once: name, argument keys and reader
  /// (``callNames``, ``callArguments`` and ``parseCall(_:args:)`` derive from it).
  static var calls: [CallDeclaration<Call>] { get }

  /// The design in its initial state.
  init(style: Style, canvas: Canvas)

  /// The layers; generic scene events (layer timing, interactive transitions) change them too.
  var layers: LayerTree { get set }

  /// Applies a call at an absolute time.
  mutating func perform(_ call: Call, at time: Double)

  /// The first internal deadline (a completion handler, a delayed block) strictly after `time`.
  func nextTimer(after time: Double) -> Double?

  /// Runs the internal work due at `time` (returned by ``nextTimer(after:)``).
  mutating func fireTimer(at time: Double)

  /// The design's state for `inspect`, e.g. `progress` and `strokeEnd`.
  func state(at time: Double) -> [JSONValue.Member]

  /// Whether a touch at `point` (canvas points) lands on the bar.
  func hitTest(_ point: Point, at time: Double) -> Bool

  /// How many records that grow with the events the design keeps besides its layers'
  /// animations (ignored calls, scheduled blocks); a ``Timeline`` spaces its snapshots by
  /// this size plus the animations', so their total memory stays linear in the events.
  var retainedRecordCount: Int { get }
}

extension Design {
  /// The keys of this design's style parameters (``DesignStyle/parameterKeys``), reachable from
  /// an `any Design.Type`.
  public static var styleParameterKeys: [String] { Style.parameterKeys }

  /// What each style parameter accepts, by key, reachable from an `any Design.Type`.
  public static var styleParameterTypes: [String: ParameterType] {
    Dictionary(Style.parameters.map { ($0.key, $0.type) }, uniquingKeysWith: { first, _ in first })
  }

  /// The argument keys of every call a scene may make on this design, generic events included.
  public static var allCallArguments: [String: [String]] {
    callArguments.merging(GenericCall.arguments) { design, _ in design }
  }

  public var retainedRecordCount: Int { 0 }
  public func nextTimer(after time: Double) -> Double? { nil }
  public mutating func fireTimer(at time: Double) {}
}

/// The parameters of one design in a style file, with the original demo's values as defaults.
///
/// Each parameter is declared once, in ``parameters``: its key, type, unit, range, default and
/// description. The style reader, the list of accepted keys, the JSON Schema and the parameter
/// tables of the documentation are all derived from that list.
///
/// ```swift
/// struct RingStyle: DesignStyle {
///   var lineWidth = 4.0
///   var strokeColor = Color.white
///
///   static let defaultSize = Size(64, 64)
///   static let defaultBackground: Color? = .black
///   static let parameters: [StyleParameter<RingStyle>] = [
///     .number("lineWidth", \.lineWidth, .positive, unit: .points, "The ring's width."),
///     .color("strokeColor", \.strokeColor, "The ring's colour."),
///   ]
/// }
/// ```
public protocol DesignStyle: Hashable, Sendable {
  /// The canvas size of the original demo, in points.
  static var defaultSize: Size { get }
  /// The screen colour behind the original demo; nil for transparent.
  static var defaultBackground: Color? { get }
  /// Every parameter a style file may give, in the order they are read.
  static var parameters: [StyleParameter<Self>] { get }
  /// The style with every parameter at its default.
  init()
}

extension DesignStyle {
  /// Every parameter key this design accepts, in declaration order.
  public static var parameterKeys: [String] { parameters.map(\.key) }

  /// Reads the design's parameters, each in declaration order; unknown keys are left for the
  /// caller to report.
  /// - Parameters:
  ///   - reader: The style object; every parameter's key is marked as read.
  ///   - directory: The style file's folder, for relative paths (icons).
  public static func read(from reader: inout JSONObjectReader, directory: String) throws(InputError) -> Self {
    var style = Self()
    for parameter in parameters {
      try parameter.read(from: &reader, into: &style, directory: directory)
    }
    return style
  }
}

/// The surface a design draws on.
public struct Canvas: Hashable, Sendable {
  /// In points.
  public var size: Size
  /// nil is transparent.
  public var background: Color?

  public init(size: Size, background: Color?) {
    self.size = size
    self.background = background
  }
}
