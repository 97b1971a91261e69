import BarFramesOutput
import Foundation

/// Durable writes (BarFramesOutput) for the other subcommands, their errors as one-line failures:
/// nothing half-written ever stands under a final name, and Ctrl-C removes temporary files.
enum OutputFiles {
  /// Creates `directory` (and parents) and checks that it is writable.
  static func createDirectory(_ directory: URL) throws {
    do {
      try OutputDirectory.prepare(directory)
    } catch {
      throw CommandFailure(message: error.description, status: .failure)
    }
  }

  /// Writes `bytes` to a temporary file beside `destination`, then renames it into place.
  static func write(_ bytes: [UInt8], to destination: URL) throws {
    do {
      try AtomicFile.write(bytes, to: destination)
    } catch {
      throw CommandFailure(message: error.description, status: .failure)
    }
  }
}
