import ArgumentParser
import BarFrames
import Foundation

extension BarFramesCommand {
  /// Writes the JSON Schemas of style and scene files.
  struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write the JSON Schemas of style and scene files (style.schema.json, scene.schema.json).",
      discussion:
        "The schemas are generated from the designs this build knows; Styles/schema/ holds the published copy.")

    @Option(name: .shortAndLong, help: "The output directory.")
    var output: String = "Styles/schema"

    func run() throws {
      let directory = URL(fileURLWithPath: output, isDirectory: true)
      try OutputFiles.createDirectory(directory)
      let designs = BarFramesCommand.designs
      for (name, schema) in [
        ("style", SchemaGenerator.styleSchema(designs: designs)),
        ("scene", SchemaGenerator.sceneSchema(designs: designs)),
      ] {
        let url = directory.appendingPathComponent("\(name).schema.json")
        try OutputFiles.write(Array((schema.serialized(pretty: true) + "\n").utf8), to: url)
        print(url.path)
      }
    }
  }
}
