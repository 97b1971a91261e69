import Foundation

/// Reading an input file's bytes under a size limit.
public enum InputBytes {
  /// Why ``read(_:limit:)`` failed.
  public enum Failure: Error, Hashable, Sendable {
    /// The file holds more than the limit.
    case tooLarge
    /// The file cannot be opened or read; the system's reason.
    case unreadable(String)
  }

  /// Reads a file of at most `limit` bytes, refusing a longer one after reading no more than
  /// `limit` + 64 KiB: the size on disk is not enough, since `/dev/zero` and `/dev/urandom`
  /// report none and never end, and a file may grow while it is read.
  public static func read(_ url: URL, limit: Int = InputLimits.fileSize) throws(Failure) -> [UInt8] {
    do {
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      var bytes: [UInt8] = []
      while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
        bytes += chunk
        if bytes.count > limit { throw Failure.tooLarge }
      }
      return bytes
    } catch let failure as Failure {
      throw failure
    } catch {
      throw .unreadable(error.localizedDescription)
    }
  }
}
