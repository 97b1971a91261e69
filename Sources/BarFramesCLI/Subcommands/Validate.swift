import ArgumentParser
import BarFrames
import BarFramesTiming
import Foundation

extension BarFramesCommand {
  /// Checks style, scene and timing probe files without rendering, and explains what they may
  /// contain.
  struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check style, scene and probe files; --explain lists the keys and calls they may use.",
      discussion: """
        A file with a "design" key is a style, one with "probes" a timing probe file, any other a \
        scene (whose events are checked against its design's calls, as a render would). Prints \
        one line per file: 'FILE: ok (…)' on stdout, or the error on stderr, and exits with 0 \
        when every file is valid, 65 otherwise. --explain also prints, for the file's design, \
        every key a style takes with its type, the keys of scenes and events, every call with \
        its argument keys, and the layers generic events can name — even when the file is \
        invalid, which is when the list is wanted.
        """)

    @Argument(help: "The style, scene or probe files (JSON).")
    var files: [String]

    @Flag(help: "Also print the keys, calls and layers valid for each file's design.")
    var explain = false

    func validate() throws {
      guard !files.isEmpty else { throw ValidationError("give at least one file to check") }
    }

    func run() throws {
      var invalid = 0
      for path in files {
        let name = InputText.escapedPath(path)
        let url = URL(fileURLWithPath: path)
        // Read once: a probe file is decoded from the same bytes, never opened again.
        let bytes: [UInt8]
        let json: JSONValue
        do {
          bytes = try InputFile.readBytes(url, displayName: name)
          json = try JSONInput.parse(Data(bytes), file: name)
        } catch {
          Self.report(error)
          invalid += 1
          continue
        }
        do {
          print("\(name): ok (\(try Self.check(json, bytes: bytes, url: url, name: name)))")
        } catch {
          Self.report(error)
          invalid += 1
        }
        if explain { print(Self.explanation(of: json, url: url, name: name), terminator: "") }
      }
      if invalid > 0 { throw ExitCode(CommandExitCode.badInput.rawValue) }
    }

    /// One error line on stderr, after what stdout holds so far, so the two read in order.
    static func report(_ error: any Error) {
      fflush(nil)  // every output stream: stdout holds the lines before this one
      Diagnostics.printError(Diagnostics.errorLine("\(error)"))
    }

    /// Reads the file as what it is; returns a short summary.
    static func check(_ json: JSONValue, bytes: [UInt8], url: URL, name: String) throws -> String {
      let directory = url.deletingLastPathComponent().path
      if json["design"] != nil {
        let style = try Style(json: json, file: name, directory: directory, designs: BarFramesCommand.designs)
        return "style, \(style.design.name)"
      }
      if json["probes"] != nil {
        let probes = try TimingProbeFile.decode(Data(bytes), file: name)
        return "timing probes, \(probes.count)"
      }
      let scene = try Scene(
        json: json, file: name, directory: directory, name: url.deletingPathExtension().lastPathComponent,
        designs: BarFramesCommand.designs)
      _ = try scene.timeline()
      return "scene, \(scene.style.design.name), \(scene.events.count) events"
    }

    // MARK: --explain

    /// The reference for the file's design, indented under its line.
    static func explanation(of json: JSONValue, url: URL, name: String) -> String {
      if json["probes"] != nil {
        return "  timing probe files are described in docs/timing-model.md\n"
      }
      let isStyle = json["design"] != nil
      let (styleJSON, styleDirectory) =
        isStyle ? (json, url.deletingLastPathComponent()) : referencedStyle(of: json, url: url)
      var text = ""
      if !isStyle {
        text += "  scene keys: \(Scene.keys.joined(separator: ", "))\n"
        text +=
          "  event keys: \(SceneEvent.keys.joined(separator: ", ")); an argument may be {start, step} in a repeating event\n"
      }
      let registry = BarFramesCommand.designs
      guard case .string(let designName)? = styleJSON?["design"], let design = registry.design(named: designName) else {
        let designs = registry.names.joined(separator: ", ")
        return text + "  the design is not known here; designs: \(designs) (give one for its keys and calls)\n"
      }
      text += "  style keys (\(design.name)):\n"
      let types = design.styleParameterTypes
      let canvasTypes = Dictionary(uniqueKeysWithValues: Canvas.parameters.map { ($0.key, $0.type) })
      for key in registry.styleKeys(for: design) {
        let type = Self.commonTypes[key] ?? (canvasTypes[key] ?? types[key]).map(describe) ?? "any value"
        text += "    " + key.padding(toLength: max(key.count, 28), withPad: " ", startingAt: 0) + " " + type + "\n"
      }
      text += "  calls (argument keys):\n"
      let arguments = design.allCallArguments
      for call in design.callNames + GenericCall.names {
        let keys = arguments[call] ?? []
        text += "    \(call)" + (keys.isEmpty ? "" : " {\(keys.joined(separator: ", "))}") + "\n"
      }
      if let styleJSON, let layers = layerNames(style: styleJSON, directory: styleDirectory) {
        text += "  layers: \(layers.joined(separator: ", "))\n"
      }
      return text
    }

    static var commonTypes: [String: String] {
      [
        "version": "1", "design": "\(BarFramesCommand.designs.names.map { "\"\($0)\"" }.joined(separator: " | "))",
      ]
    }

    /// The style a scene uses, inline or by path, as JSON; nil when it cannot be read.
    static func referencedStyle(of scene: JSONValue, url: URL) -> (JSONValue?, URL) {
      let directory = url.deletingLastPathComponent()
      switch scene["style"] {
      case .object?: return (scene["style"], directory)
      case .string(let path)?:
        let styleURL = URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL
        return ((try? InputFile.readJSON(styleURL, displayName: path)), styleURL.deletingLastPathComponent())
      default: return (nil, directory)
      }
    }

    /// The layers of the design as the style configures it; nil when the style is invalid.
    static func layerNames(style: JSONValue, directory: URL) -> [String]? {
      let scene = JSONValue.object([.init("version", .number(1)), .init("style", style), .init("duration", .number(1))])
      // The command's registry: an outside design's layers are listed too.
      guard
        let timeline = try? Scene(
          json: scene, file: "style", directory: directory.path, name: "style", designs: BarFramesCommand.designs
        ).timeline()
      else { return nil }
      return timeline.presentation(at: 0).layers.map(\.name)
    }

    static func describe(_ type: ParameterType) -> String {
      switch type {
      case .number(let bounds):
        let range = bounds.documentation
        return range.isEmpty ? "a number" : "a number \(range)"
      case .integer(let range): return "a whole number from \(range.lowerBound) to \(range.upperBound)"
      case .point(let bounds):
        let range = bounds.documentation
        return range.isEmpty ? "[x, y]" : "[x, y], each \(range)"
      case .size(let bounds): return "[width, height], each \(bounds.documentation)"
      case .color: return "a colour (#RRGGBB, #RRGGBBAA or a UIKit name)"
      case .colorOrNone(let keyword): return "a colour or \"\(keyword)\""
      case .bool: return "true or false"
      case .string: return "a string"
      case .choice(let names): return names.map { "\"\($0)\"" }.joined(separator: " | ")
      }
    }
  }
}
