import BarFrames
import BarFramesExport
import BarFramesTestSupport
import Foundation

/// Each example's animated SVG and lossless WebP, exported once for the whole test run and
/// shared by the suites that read them: ``AnimatedSVGOutputTests`` and the browsers'
/// ``AnimatedSVGBrowserTests`` and ``AnimatedSVGWebKitTests``. Each used to export its own, three
/// animated SVGs an example, and the debug build takes seconds over a long scene (4.8 s for
/// bent-line-recording's). The folders are removed when the test process exits.
enum ExampleExports {
  /// The formats every example is exported in.
  static let formats: ExportFormats = [.webp, .animatedSVG]

  struct Export: @unchecked Sendable {
    var directory: URL
    var manifest: ExportManifest
  }

  /// One example's export, made by whichever test asks first while the others wait.
  private final class Entry: @unchecked Sendable {
    let lock = NSLock()
    var result: Result<Export, any Error>?
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var entries: [String: Entry] = [:]
  nonisolated(unsafe) private static var cleanupRegistered = false

  /// The export of the example `file` (in Examples/), whose timeline is `timeline`: its folder
  /// and manifest.
  static func export(_ file: String, timeline: any SceneTimeline) throws -> (directory: URL, manifest: ExportManifest) {
    let entry = lock.withLock {
      if !cleanupRegistered {
        cleanupRegistered = true
        atexit { ExampleExports.removeAll() }
      }
      if let entry = entries[file] { return entry }
      let entry = Entry()
      entries[file] = entry
      return entry
    }
    let export = try entry.lock.withLock {
      if let result = entry.result { return try result.get() }
      let result = Result {
        let (directory, manifest) = try ExportFixtures.export([timeline], options: ExportFixtures.options(formats))
        return Export(directory: directory, manifest: manifest)
      }
      entry.result = result
      return try result.get()
    }
    return (export.directory, export.manifest)
  }

  private static func removeAll() {
    let folders = lock.withLock { entries.values.compactMap { try? $0.result?.get().directory } }
    for folder in folders { try? FileManager.default.removeItem(at: folder) }
  }
}
