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
    let committed = try String(contentsOf: schemaDirectory.appendingPathComponent("\(name).schema.json"), encoding: .utf8)
    let generated = (name == "style" ? SchemaGenerator.styleSchema() : SchemaGenerator.sceneSchema()).serialized(pretty: true) + "\n"
    #expect(committed == generated, "Styles/schema/\(name).schema.json is stale: run `swift run barframes schema` and commit it")
  }

  @Test func everyDesignParameterHasAType() {
    for kind in DesignKind.allCases {
      for key in kind.parameterKeys {
        #expect(kind.parameterTypes[key] != nil, "\(kind.rawValue).\(key) has no ParameterType for the schema")
      }
    }
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
