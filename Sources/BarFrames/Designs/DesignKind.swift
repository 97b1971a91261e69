import BarFramesGraphics

/// The designs BarFrames knows, by the name style files use.
public enum DesignKind: String, Hashable, Sendable, CaseIterable {
  case bentLine = "bent-line"
  case downloadBar = "download-bar"
  case customizableBar = "customizable-bar"

  var defaultSize: Size {
    switch self {
    case .bentLine: BentLineStyle.defaultSize
    case .downloadBar: DownloadBarStyle.defaultSize
    case .customizableBar: CustomizableBarStyle.defaultSize
    }
  }

  var defaultBackground: Color? {
    switch self {
    case .bentLine: BentLineStyle.defaultBackground
    case .downloadBar: DownloadBarStyle.defaultBackground
    case .customizableBar: CustomizableBarStyle.defaultBackground
    }
  }

  /// The parameter keys the design accepts.
  public var parameterKeys: [String] {
    switch self {
    case .bentLine: BentLineStyle.parameterKeys
    case .downloadBar: DownloadBarStyle.parameterKeys
    case .customizableBar: CustomizableBarStyle.parameterKeys
    }
  }

  /// The parameter types the design publishes in the JSON Schema.
  public var parameterTypes: [String: ParameterType] {
    switch self {
    case .bentLine: BentLineStyle.parameterTypes
    case .downloadBar: DownloadBarStyle.parameterTypes
    case .customizableBar: CustomizableBarStyle.parameterTypes
    }
  }

  /// The call names the design accepts.
  public var callNames: [String] {
    switch self {
    case .bentLine: BentLine.callNames
    case .downloadBar: DownloadBar.callNames
    case .customizableBar: CustomizableBar.callNames
    }
  }

  /// The argument keys of each call the design accepts, generic events included.
  public var callArguments: [String: [String]] {
    let own =
      switch self {
      case .bentLine: BentLine.callArguments
      case .downloadBar: DownloadBar.callArguments
      case .customizableBar: CustomizableBar.callArguments
      }
    return own.merging(GenericCall.arguments) { design, _ in design }
  }

  func readParameters(from reader: inout JSONObjectReader, directory: String) throws(InputError) -> DesignParameters {
    switch self {
    case .bentLine: .bentLine(try BentLineStyle.read(from: &reader, directory: directory))
    case .downloadBar: .downloadBar(try DownloadBarStyle.read(from: &reader, directory: directory))
    case .customizableBar: .customizableBar(try CustomizableBarStyle.read(from: &reader, directory: directory))
    }
  }
}

/// The parameters of a style, for whichever design it names.
public enum DesignParameters: Hashable, Sendable {
  case bentLine(BentLineStyle)
  case downloadBar(DownloadBarStyle)
  case customizableBar(CustomizableBarStyle)

  public var kind: DesignKind {
    switch self {
    case .bentLine: .bentLine
    case .downloadBar: .downloadBar
    case .customizableBar: .customizableBar
    }
  }

  /// A timeline of `scene` for this design.
  func makeTimeline(_ scene: Scene) throws(InputError) -> any SceneTimeline {
    switch self {
    case .bentLine(let style): try Timeline<BentLine>(scene: scene, style: style)
    case .downloadBar(let style): try Timeline<DownloadBar>(scene: scene, style: style)
    case .customizableBar(let style): try Timeline<CustomizableBar>(scene: scene, style: style)
    }
  }
}
