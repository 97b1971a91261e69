import BarFramesGraphics

/// Builds the JSON Schemas of style and scene files from the designs the code knows, so the
/// published schemas (`Styles/schema/`) cannot drift from what the decoder accepts: a test
/// compares the committed files with this output, and `barframes schema` rewrites them.
public enum SchemaGenerator {
  /// The schema of style files.
  public static func styleSchema() -> JSONValue {
    .object([
      .init("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
      .init("$id", .string("https://barframes.invalid/schema/style.schema.json")),
      .init("title", .string("BarFrames style descriptor")),
      .init("$defs", .object([.init("color", colorSchema), .init("style", styleBody)])),
      .init("$ref", .string("#/$defs/style")),
    ])
  }

  /// The schema of scene files; its `style` may be a path or an inline style.
  public static func sceneSchema() -> JSONValue {
    let callNames = (DesignKind.allCases.flatMap(\.callNames) + GenericCall.names)
    var unique: [String] = []
    for name in callNames where !unique.contains(name) { unique.append(name) }
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
      .init("$defs", .object([.init("color", colorSchema), .init("style", styleBody), .init("event", event)])),
      .init("type", .string("object")),
      .init(
        "properties",
        .object([
          .init("version", .object([.init("const", .number(1))])),
          .init(
            "style",
            .object([
              .init("oneOf", .array([.object([.init("type", .string("string"))]), .object([.init("$ref", .string("#/$defs/style"))])]))
            ])),
          .init("duration", .object([.init("type", .string("number")), .init("exclusiveMinimum", .number(0)), .init("maximum", .number(Scene.maximumDuration))])),
          .init("fps", .object([.init("type", .string("number")), .init("minimum", .number(1)), .init("maximum", .number(240))])),
          .init("scale", .object([.init("enum", .array([.number(1), .number(2), .number(3)]))])),
          .init("events", .object([.init("type", .string("array")), .init("items", .object([.init("$ref", .string("#/$defs/event"))]))])),
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

  static var styleBody: JSONValue {
    let common: [JSONValue.Member] = [
      .init("version", .object([.init("const", .number(1))])),
      .init("design", .object([.init("enum", .array(DesignKind.allCases.map { .string($0.rawValue) }))])),
      .init(
        "size",
        .object([
          .init("type", .string("array")),
          .init("items", .object([.init("type", .string("number")), .init("exclusiveMinimum", .number(0)), .init("maximum", .number(4096))])),
          .init("minItems", .number(2)), .init("maxItems", .number(2)),
        ])),
      .init(
        "background",
        .object([.init("anyOf", .array([.object([.init("const", .string("transparent"))]), .object([.init("$ref", .string("#/$defs/color"))])]))])),
    ]
    let branches: [JSONValue] = DesignKind.allCases.map { kind in
      var properties = common
      for key in kind.parameterKeys {
        properties.append(.init(key, kind.parameterTypes[key]?.schema ?? .object([])))
      }
      return .object([
        .init("if", .object([.init("properties", .object([.init("design", .object([.init("const", .string(kind.rawValue))]))]))])),
        .init(
          "then",
          .object([
            .init("properties", .object(properties)),
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
}
