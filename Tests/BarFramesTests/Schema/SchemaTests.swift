import BarFrames
import BarFramesTestSupport
import Foundation
import Testing

/// The published JSON Schemas must equal what the code generates, and must accept every
/// committed style and scene.
@Suite struct SchemaTests {
  let schemaDirectory = TestRendering.packageRoot.appendingPathComponent("Styles/schema")

  @Test(arguments: ["style", "scene"])
  func committedSchemaIsUpToDate(name: String) throws {
    let committed = try String(
      contentsOf: schemaDirectory.appendingPathComponent("\(name).schema.json"), encoding: .utf8)
    let generated =
      (name == "style" ? SchemaGenerator.styleSchema() : SchemaGenerator.sceneSchema()).serialized(pretty: true) + "\n"
    #expect(
      committed == generated,
      "Styles/schema/\(name).schema.json is stale: run `swift run barframes schema` and commit it")
  }

  /// The values the reader accepts are the values the committed schema accepts, for every
  /// number and point parameter of every design, probed around and beyond every bound either
  /// of them could have (the download bar's `inset` once took any number in the schema and
  /// 0…1000 in the reader).
  @Test func readerAndCommittedSchemaAcceptTheSameNumbers() throws {
    let committed = try JSONValue(
      parsing: try String(contentsOf: schemaDirectory.appendingPathComponent("style.schema.json"), encoding: .utf8))
    let branches = try #require(committed["$defs"]?["style"]?["allOf"]?.items)
    var probed = 0
    for design in DesignRegistry.standard.designs {
      let branch = try #require(
        branches.first { $0["if"]?["properties"]?["design"]?["const"] == .string(design.name) },
        "no branch for \(design.name)")
      let properties = try #require(branch["then"]?["properties"]?.members)
      for property in properties where !Style.commonKeys.contains(property.key) {
        let isPoint = property.value["type"] == .string("array")
        guard isPoint || property.value["type"] == .string("number") else { continue }
        let bounds = isPoint ? try #require(property.value["items"]) : property.value
        for probe in Self.probes {
          let value = JSONValue.number(probe)
          let json = JSONValue.object([
            .init("version", .number(1)), .init("design", .string(design.name)),
            .init(property.key, isPoint ? .array([value, value]) : value),
          ])
          let readerAccepts = (try? Style(json: json, file: "probe.json", directory: ".")) != nil
          #expect(
            readerAccepts == Self.schemaAccepts(probe, bounds),
            "\(design.name).\(property.key) = \(probe): the reader \(readerAccepts ? "accepts" : "refuses") it, the schema does not agree"
          )
          probed += 1
        }
      }
    }
    #expect(probed > 0)
  }

  /// Around every bound the designs use: 0, the angles' ±π, the durations' 60, the sizes' 200
  /// and 1000.
  static let probes: [Double] = [
    -2000, -1001, -4, -Double.pi - 1e-9, -Double.pi, -1, -1e-9, 0, 1e-9, 0.5, 1, Double.pi, Double.pi + 1e-9, 60, 60.5,
    200, 200.5, 1000, 1000.5, 5000,
  ]

  /// Whether `value` satisfies a schema's `minimum`, `exclusiveMinimum` and `maximum`.
  static func schemaAccepts(_ value: Double, _ schema: JSONValue) -> Bool {
    if case .number(let minimum)? = schema["minimum"], value < minimum { return false }
    if case .number(let minimum)? = schema["exclusiveMinimum"], value <= minimum { return false }
    if case .number(let maximum)? = schema["maximum"], value > maximum { return false }
    if case .number(let maximum)? = schema["exclusiveMaximum"], value >= maximum { return false }
    return true
  }

  /// Whether Python's `jsonschema` can be imported.
  static let hasJSONSchema: Bool = {
    let check = Process()
    check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    check.arguments = ["python3", "-c", "import jsonschema"]
    check.standardError = FileHandle.nullDevice
    check.standardOutput = FileHandle.nullDevice
    guard (try? check.run()) != nil else { return false }
    check.waitUntilExit()
    return check.terminationStatus == 0
  }()

  /// Cross-check with an independent validator, Python's `jsonschema` (skipped, and shown as
  /// skipped, without it).
  @Test(.enabled(if: hasJSONSchema, "python3 jsonschema is not installed (pip install jsonschema)"))
  func committedFilesValidateAgainstTheSchemas() throws {
    let script = """
      import json, glob, sys, jsonschema
      root = sys.argv[1]
      failures = []
      for kind, pattern in (("style", "Styles/*.json"), ("scene", "Examples/*.json")):
          schema = json.load(open(f"{root}/Styles/schema/{kind}.schema.json"))
          for path in sorted(glob.glob(f"{root}/{pattern}")):
              try:
                  jsonschema.validate(json.load(open(path)), schema)
              except jsonschema.ValidationError as e:
                  failures.append(f"{path}: {e.message}")
      print("\\n".join(failures))
      sys.exit(1 if failures else 0)
      """
    let run = Process()
    run.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    run.arguments = ["python3", "-c", script, TestRendering.packageRoot.path]
    let out = Pipe()
    run.standardOutput = out
    try run.run()
    let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    run.waitUntilExit()
    #expect(run.terminationStatus == 0, "\(output)")
  }
}

extension JSONValue {
  /// The items of an array; nil for anything else.
  var items: [JSONValue]? { if case .array(let items) = self { items } else { nil } }
  /// The members of an object; nil for anything else.
  var members: [JSONValue.Member]? { if case .object(let members) = self { members } else { nil } }
}
