import BarFramesOutput
import Foundation

/// Why `barframes merge` refused or failed. Each description is one line naming the folder,
/// file or shard concerned; refusals are found before anything is written.
public enum MergeError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// The folders given are not one of each shard of a render: a shard is missing or given
  /// twice, a folder holds no shard, or the output folder is one of them (a usage error).
  case shardSet(String)
  /// A shard's manifest or files are invalid, or the shards are not of one render: different
  /// scenes, options or tool, or a frame listed twice (invalid input).
  case badInput(String)
  /// Writing the merged output failed.
  case output(ExportError)

  public var description: String {
    switch self {
    case .shardSet(let message), .badInput(let message): message
    case .output(let error): error.description
    }
  }

  public var errorDescription: String? { description }

  /// Runs `write`, reporting its failure as ``output(_:)``.
  static func writing<R>(_ write: () throws(OutputError) -> R) throws(MergeError) -> R {
    do {
      return try write()
    } catch {
      throw .output(ExportError(error))
    }
  }
}
