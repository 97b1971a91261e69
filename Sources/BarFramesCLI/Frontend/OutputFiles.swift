import BarFrames
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

  /// Takes `folder`'s ``FolderLock``: waits for another writer (saying so on standard error,
  /// after `prefix`) or, with `waits` false, fails with exit 75.
  static func lock(_ folder: URL, command: String, waits: Bool, prefix: String) throws -> FolderLock {
    do {
      return try FolderLock.acquire(in: folder, command: command, waits: waits) { holder in
        Diagnostics.printError(
          "\(prefix): \(InputText.escapedPath(folder.path)) is being written by \(holder); waiting for it (--no-wait fails instead)")
      }
    } catch {
      if case .folderBusy = error { throw CommandFailure(message: error.description, status: .folderBusy) }
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
