import BarFrames
import BarFramesGraphics
import BarFramesOutput
import Foundation

/// Why an export could not start or finish. Each description is one line that names the file
/// or flag concerned.
public enum ExportError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// `--shard` is not `i/n` with 1 ≤ i ≤ n.
  case invalidShard(String)
  /// `--format` names an unknown format.
  case invalidFormat(String)
  /// The time selection holds no frame of some scene.
  case emptySelection(String)
  /// The flags (`--fps`, `--time`, `--frames`, `--progress`, `--every-nth`) select more than
  /// ``InputLimits/frames`` frames of one scene.
  case tooManyFrames(String)
  /// A scene file asks for something the render refuses: a whole render of a scene whose own
  /// duration and frame rate make more than ``InputLimits/frames`` frames.
  case invalidInput(InputError)
  /// A folder could not be created or is not writable.
  case cannotCreateDirectory(path: String, reason: String)
  /// A file could not be written or renamed into place.
  case cannotWrite(path: String, reason: String)
  /// Drawing or encoding a frame failed.
  case renderFailed(scene: String, time: Double, reason: String)
  /// Two scenes would write to the same folder.
  case duplicateSceneName(String)
  /// The process is being interrupted; no new file may be started.
  case interrupted
  /// Another process holds the output folder's ``FolderLock`` and the render asked not to wait.
  case folderBusy(path: String, holder: String)
  /// The render would replace or remove a file that no BarFrames record of the folder lists
  /// (a `manifest.json` that is not ours, a user's file under a name the render writes).
  /// Found before anything is drawn.
  case notOurs(path: String, reason: String)
  /// An output path is one of the render's own input files (scene, style, icon, probe): the
  /// same file by device and inode, after links. Found before anything is drawn.
  case inputAsOutput(path: String)

  public var description: String {
    switch self {
    case .invalidShard(let message), .invalidFormat(let message), .emptySelection(let message),
      .tooManyFrames(let message):
      message
    case .invalidInput(let error):
      error.description
    case .cannotCreateDirectory(let path, let reason):
      "cannot create the output directory \(path): \(reason)"
    case .cannotWrite(let path, let reason):
      "cannot write \(path): \(reason)"
    case .renderFailed(let scene, let time, let reason):
      "cannot render \(scene) at \(time.formatted(decimals: 6)) s: \(reason)"
    case .duplicateSceneName(let name):
      "two scenes are named \"\(name)\"; their frames would overwrite each other in the same folder — rename one file"
    case .interrupted:
      "interrupted"
    case .folderBusy(let path, let holder):
      OutputError.folderBusy(path: path, holder: holder).description
    case .notOurs(let path, let reason):
      "\(path): \(reason); BarFrames replaces only files it wrote — move it away or choose another output folder"
    case .inputAsOutput(let path):
      "\(path) is an input of this render (a scene, style, icon or probe file) and would be overwritten; choose another output"
    }
  }

  public var errorDescription: String? { description }
}

extension ExportError {
  /// A failed durable write in the exporter's words: the case of the same name, so the
  /// message and the command line's exit code are the same as before writes had their module.
  public init(_ error: OutputError) {
    switch error {
    case .cannotCreateDirectory(let path, let reason): self = .cannotCreateDirectory(path: path, reason: reason)
    case .cannotWrite(let path, let reason): self = .cannotWrite(path: path, reason: reason)
    case .interrupted: self = .interrupted
    case .folderBusy(let path, let holder): self = .folderBusy(path: path, holder: holder)
    }
  }

  /// Runs `write`, reporting its failure as an ``ExportError``.
  static func writing<R>(_ write: () throws(OutputError) -> R) throws(ExportError) -> R {
    do {
      return try write()
    } catch {
      throw ExportError(error)
    }
  }
}
