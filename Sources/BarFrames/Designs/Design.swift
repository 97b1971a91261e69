import BarFramesGraphics

/// A progress-bar design: a tree of named layers driven by the calls of its original API.
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
  /// The call names scenes may use, for error messages and the JSON Schema.
  static var callNames: [String] { get }
  /// The argument keys of each call in ``callNames``: anything else in an event's `args` is
  /// an unknown key (with a suggestion), and `barframes validate --explain` lists them.
  static var callArguments: [String: [String]] { get }

  /// The design in its initial state.
  init(style: Style, canvas: Canvas)

  /// The layers; generic scene events (layer timing, interactive transitions) change them too.
  var layers: LayerTree { get set }

  /// Parses one call's arguments; `args` must be read completely (unknown keys are errors).
  /// Returns nil when `name` is not one of ``callNames``.
  static func parseCall(_ name: String, args: inout JSONObjectReader) throws(InputError) -> Call?

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
  public var retainedRecordCount: Int { 0 }
  public func nextTimer(after time: Double) -> Double? { nil }
  public mutating func fireTimer(at time: Double) {}
}

/// The parameters of one design in a style file, with the original demo's values as defaults.
public protocol DesignStyle: Hashable, Sendable {
  /// The canvas size of the original demo, in points.
  static var defaultSize: Size { get }
  /// The screen colour behind the original demo; nil for transparent.
  static var defaultBackground: Color? { get }
  /// Reads the design's parameters; unknown keys are left for the caller to report.
  /// - Parameter directory: The style file's folder, for relative paths (icons).
  static func read(from reader: inout JSONObjectReader, directory: String) throws(InputError) -> Self
  /// Every parameter key this design accepts, for error messages and the JSON Schema.
  static var parameterKeys: [String] { get }
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
