import BarFramesGraphics

/// Builds the JSON Schemas of style and scene files from the registered designs and their
/// parameter declarations (``DesignStyle/parameters``), so the published schemas
/// (`Styles/schema/`) cannot drift from what the reader accepts: a test compares the committed
/// files with this output, and `barframes schema` rewrites them.
public enum SchemaGenerator {
  /// The schema of style files naming one of `designs`.
  public static func styleSchema(designs: DesignRegistry = .standard) -> JSONValue {
    .object([
      .init("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
      .init("$id", .string("https://barframes.invalid/schema/style.schema.json")),
      .init("title", .string("BarFrames style descriptor")),
      .init("$defs", .object([.init("color", colorSchema), .init("style", styleBody(designs))])),
      .init("$ref", .string("#/$defs/style")),
    ])
  }

  /// The schema of scene files whose style names one of `designs`; the style may be a path
  /// or an inline style.
  public static func sceneSchema(designs: DesignRegistry = .standard) -> JSONValue {
    let unique = designs.callNames
    let event: JSONValue = .object([
      .init("type", .string("object")),
      .init(
        "properties",
        .object([
          .init("at", .object([.init("type", .string("number")), .init("minimum", .number(0))])),
          .init("call", .object([.init("enum", .array(unique.map(JSONValue.string)))])),
          .init("args", .object([.init("type", .string("object"))])),
          .init("every", .object([.init("type", .string("number")), .init("exclusiveMinimum", .number(0))])),
          .init("until", .object([.init("type", .string("number")), .init("minimum", .number(0))])),
        ])),
      .init("required", .array([.string("at"), .string("call")])),
      .init("additionalProperties", .bool(false)),
    ])
    return .object([
      .init("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
      .init("$id", .string("https://barframes.invalid/schema/scene.schema.json")),
      .init("title", .string("BarFrames scene")),
      .init(
        "$defs", .object([.init("color", colorSchema), .init("style", styleBody(designs)), .init("event", event)])),
      .init("type", .string("object")),
      .init(
        "properties",
        .object([
          .init("version", .object([.init("const", .number(1))])),
          .init(
            "style",
            .object([
              .init(
                "oneOf",
                .array([
                  .object([.init("type", .string("string"))]), .object([.init("$ref", .string("#/$defs/style"))]),
                ]))
            ])),
          .init(
            "duration",
            .object([
              .init("type", .string("number")), .init("exclusiveMinimum", .number(0)),
              .init("maximum", .number(Scene.maximumDuration)),
            ])),
          .init(
            "fps",
            .object([.init("type", .string("number")), .init("minimum", .number(1)), .init("maximum", .number(240))])),
          .init("scale", .object([.init("enum", .array([.number(1), .number(2), .number(3)]))])),
          .init(
            "events",
            .object([
              .init("type", .string("array")), .init("items", .object([.init("$ref", .string("#/$defs/event"))])),
            ])),
        ])),
      .init("required", .array([.string("version"), .string("style"), .string("duration")])),
      .init("additionalProperties", .bool(false)),
    ])
  }

  static let colorSchema: JSONValue = .object([
    .init(
      "anyOf",
      .array([
        .object([.init("type", .string("string")), .init("pattern", .string("^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"))]),
        .object([.init("enum", .array(Color.named.map { .string($0.name) }))]),
      ]))
  ])

  static func styleBody(_ designs: DesignRegistry) -> JSONValue {
    let common: [JSONValue.Member] = [
      .init("version", .object([.init("const", .number(1))])),
      .init("design", .object([.init("enum", .array(designs.names.map(JSONValue.string)))])),
    ]
    let branches: [JSONValue] = designs.designs.map { design in
      .object([
        .init(
          "if",
          .object([.init("properties", .object([.init("design", .object([.init("const", .string(design.name))]))]))])),
        .init(
          "then",
          .object([
            .init("properties", .object(common + canvasSchemas(design) + parameterSchemas(design))),
            .init("additionalProperties", .bool(false)),
          ])),
      ])
    }
    return .object([
      .init("type", .string("object")),
      .init("required", .array([.string("version"), .string("design")])),
      .init("allOf", .array(branches)),
    ])
  }

  /// The canvas parameters with `D`'s defaults.
  static func canvasSchemas<D: Design>(_ design: D.Type) -> [JSONValue.Member] {
    Canvas.parameters.map { schema($0, default: $0.value(in: .default(of: D.self))) }
  }

  /// Every parameter of `D`'s style: its type, range, description and default.
  static func parameterSchemas<D: Design>(_ design: D.Type) -> [JSONValue.Member] {
    D.Style.parameters.map { schema($0, default: $0.defaultValue) }
  }

  /// One parameter's schema: its type, range, description and default.
  static func schema<Style>(_ parameter: StyleParameter<Style>, default value: JSONValue?) -> JSONValue.Member {
    var members = parameter.type.schema
    var description = parameter.summary
    if let unit = parameter.unit { description += " In \(unit.name)." }
    members.append(.init("description", .string(description)))
    if let value { members.append(.init("default", value)) }
    return .init(parameter.key, .object(members))
  }
}
