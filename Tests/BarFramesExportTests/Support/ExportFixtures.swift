import BarFrames
import BarFramesExport
import BarFramesImageIO
import BarFramesTestSupport
import Foundation

/// Small scenes and helpers for exporter tests: tiny canvases, low frame rates, so a whole
/// export takes milliseconds.
enum ExportFixtures {
  /// A bent-line scene `name` of `duration` s at `fps`, on a 120 × 60 pt canvas at `scale`,
  /// whose progress steps at 0.25 s and 0.5 s of each second.
  static func scene(
    name: String = "bar", duration: Double = 1, fps: Double = 10, scale: Int = 1, background: String = "#336699",
    size: (width: Int, height: Int) = (120, 60)
  ) throws -> any SceneTimeline {
    let json = """
      {"version": 1,
       "style": {"version": 1, "design": "bent-line", "size": [\(size.width), \(size.height)], "background": "\(background)",
                 "origin": [10, 30], "maxOffset": 8, "lineWidth": 4, "fontSize": 9},
       "duration": \(duration), "fps": \(fps), "scale": \(scale),
       "events": [{"at": 0, "call": "setProgress", "args": {"value": 0.1}},
                  {"at": 0.25, "call": "setProgress", "args": {"value": 0.6}},
                  {"at": 0.5, "call": "setProgress", "args": {"value": 0.9}}]}
      """
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("\(name).json")
    try Data(json.utf8).write(to: url)
    return try Scene.load(contentsOf: url, displayName: "\(name).json").timeline()
  }

  /// Options for the tests: the given formats, two jobs.
  static func options(
    _ formats: ExportFormats, jobs: Int = 2, configure: (inout ExportOptions) -> Void = { _ in }
  ) -> ExportOptions {
    var options = ExportOptions()
    options.formats = formats
    options.jobs = jobs
    configure(&options)
    return options
  }

  /// Exports into a fresh folder and returns it with the manifest.
  static func export(
    _ timelines: [any SceneTimeline], options: ExportOptions, into directory: URL? = nil
  ) throws -> (directory: URL, manifest: ExportManifest) {
    let directory = try directory ?? TestRendering.temporaryDirectory()
    let manifest = try Exporter(outputDirectory: directory, options: options, tool: "barframes test").export(timelines)
    return (directory, manifest)
  }

  /// Every regular file under `directory`, as relative paths mapped to their bytes.
  static func contents(of directory: URL) throws -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    let base = directory.standardizedFileURL.path
    guard let enumerator = FileManager.default.enumerator(atPath: base) else { return [:] }
    for case let relative as String in enumerator {
      var isDirectory: ObjCBool = false
      let path = base + "/" + relative
      if !TestRendering.isFolderBookkeeping(relative),
        FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
      {
        result[relative] = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      }
    }
    return result
  }

  static func read(_ directory: URL, _ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(path)))
  }
}
