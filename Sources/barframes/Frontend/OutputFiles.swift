import Foundation

/// Writes output files so that nothing half-written ever stands under a final name.
enum OutputFiles {
  /// Creates `directory` (and parents), failing with one clear line when it cannot.
  static func createDirectory(_ directory: URL) throws {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw CommandFailure(message: "cannot create the output directory \(directory.path): \(reason(error))", exitCode: 1)
    }
    guard FileManager.default.isWritableFile(atPath: directory.path) else {
      throw CommandFailure(message: "the output directory \(directory.path) is not writable", exitCode: 1)
    }
  }

  /// Calls `produce` with a temporary file beside `destination`, then renames it into place.
  /// On any error the temporary file is removed and `destination` is left untouched.
  static func write(to destination: URL, _ produce: (URL) throws -> Void) throws {
    let temporary = destination.deletingLastPathComponent()
      .appendingPathComponent(".\(destination.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
    do {
      try produce(temporary)
      // rename(2) replaces the destination atomically: readers see the old file or the new one.
      guard rename(temporary.path, destination.path) == 0 else {
        throw CommandFailure(
          message: "cannot write \(destination.path): \(String(cString: strerror(errno)))", exitCode: 1)
      }
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      if error is CommandFailure { throw error }
      throw CommandFailure(message: "cannot write \(destination.path): \(reason(error))", exitCode: 1)
    }
  }

  private static func reason(_ error: Error) -> String {
    (error as NSError).localizedFailureReason ?? String(describing: error)
  }
}
