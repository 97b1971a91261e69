import Foundation

/// Why a file or folder could not be written. Each description is one line naming the path.
///
/// The exporter reports these as the `ExportError` cases of the same names and words; the
/// goldens and the command line print the description as it is.
public enum OutputError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// A folder could not be created or is not writable.
  case cannotCreateDirectory(path: String, reason: String)
  /// A file could not be written or renamed into place.
  case cannotWrite(path: String, reason: String)
  /// The process is being interrupted; no new file may be started.
  case interrupted
  /// Another process holds the folder's ``FolderLock`` and the caller asked not to wait.
  case folderBusy(path: String, holder: String)

  public var description: String {
    switch self {
    case .cannotCreateDirectory(let path, let reason): "cannot create the output directory \(path): \(reason)"
    case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
    case .interrupted: "interrupted"
    case .folderBusy(let path, let holder):
      "\(path) is being written by \(holder); wait for it to finish, or run again without --no-wait to wait"
    }
  }

  public var errorDescription: String? { description }
}
