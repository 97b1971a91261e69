import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Reading an input file's bytes: the one place BarFrames opens a file it was given by path.
///
/// Only a regular file is read (symbolic links are followed). A FIFO would block the open until
/// something writes to it, `/dev/stdin` or a terminal waits for typing, `/dev/zero` never ends
/// and a directory or socket has no bytes to give, so each is refused by what it is, without
/// reading. The file is opened with `O_NONBLOCK` (opening a FIFO then returns at once) and its
/// type is checked on the open descriptor (`fstat`), so nothing can swap it between the check
/// and the read.
public enum InputBytes {
  /// Why ``read(_:limit:)`` failed.
  public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing is at the path (or a symbolic link there points to nothing).
    case missing
    /// The path names something else than a regular file: `kind` says what, e.g. "a directory"
    /// or "a FIFO (named pipe)".
    case notRegularFile(kind: String)
    /// The file holds more than the limit.
    case tooLarge
    /// The file cannot be opened or read; the system's reason.
    case unreadable(String)

    /// What is wrong, said of the file: "is a FIFO (named pipe), not a regular file".
    public var description: String {
      switch self {
      case .missing: "does not exist"
      case .notRegularFile(let kind): "is \(kind), not a regular file"
      case .tooLarge: "is larger than the limit"
      case .unreadable(let reason): "cannot be read (\(reason))"
      }
    }
  }

  /// Reads a regular file of at most `limit` bytes.
  ///
  /// A file whose size is over the limit is refused before reading; one that grows while it is
  /// read is refused after no more than `limit` + 64 KiB.
  public static func read(_ url: URL, limit: Int = InputLimits.fileSize) throws(Failure) -> [UInt8] {
    do throws(Failure) {
      let (descriptor, size) = try openRegularFile(url)
      defer { close(descriptor) }
      if size > limit { throw Failure.tooLarge }
      let bytes = try readAll(descriptor, capacity: size, limit: limit)
      log?.append(.init(path: absolutePath(url.path), bytes: bytes))
      return bytes
    } catch {
      log?.append(.init(path: absolutePath(url.path), bytes: nil))
      throw error
    }
  }

  /// The files ``read(_:limit:)`` reads while ``logging(_:)`` runs.
  @TaskLocal static var log: InputFileLog?

  /// Runs `body` and returns what it returned or threw, with every input file it read or tried
  /// to read, in order: what its result was made from, byte for byte (a file edited meanwhile
  /// is logged as it was read). A file it could not read is logged without bytes, so whoever
  /// watches the files sees it appear.
  public static func logging<T>(_ body: () throws -> T) -> (result: Result<T, any Error>, files: [InputFileLog.Entry]) {
    let log = InputFileLog()
    let result = $log.withValue(log) { Result { try body() } }
    return (result, log.entries)
  }

  /// `path` made absolute against the working directory, as `open(2)` resolved it — `..` kept,
  /// so checking the path later finds the same file through the same links.
  public static func absolutePath(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
  }

  /// Reads the first `count` bytes of a regular file (all of it when shorter): a header.
  public static func readPrefix(_ url: URL, count: Int) throws(Failure) -> [UInt8] {
    let (descriptor, size) = try openRegularFile(url)
    defer { close(descriptor) }
    return try readAll(descriptor, capacity: min(size, count), limit: count, stoppingAtLimit: true)
  }

  /// Opens a regular file for reading; its descriptor and size.
  private static func openRegularFile(_ url: URL) throws(Failure) -> (descriptor: Int32, size: Int) {
    let path = url.path
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { throw .missing }
      // A socket cannot be opened at all (ENXIO): say what it is rather than the system's reason.
      var status = stat()
      if stat(path, &status) == 0, let kind = kind(of: status.st_mode) { throw .notRegularFile(kind: kind) }
      throw .unreadable(String(cString: strerror(code)))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw .unreadable(reason)
    }
    if let kind = kind(of: status.st_mode) {
      close(descriptor)
      throw .notRegularFile(kind: kind)
    }
    return (descriptor, Int(status.st_size))
  }

  /// Reads until the end of the file; past `limit` bytes that is ``Failure/tooLarge``, or the
  /// first `limit` bytes when `stoppingAtLimit`.
  private static func readAll(
    _ descriptor: Int32, capacity: Int, limit: Int, stoppingAtLimit: Bool = false
  ) throws(Failure) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(capacity)
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let wanted = stoppingAtLimit ? min(chunk.count, limit - bytes.count) : chunk.count
      if wanted == 0 { return bytes }
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
      if count == 0 { return bytes }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(String(cString: strerror(errno)))
      }
      bytes += chunk[..<count]
      if bytes.count > limit { throw .tooLarge }
    }
  }

  /// What a file of `mode` is when it is not a regular file; nil for a regular file.
  public static func kind(of mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "a special file"
    }
  }
}

/// The input files one piece of work read (``InputBytes/logging(_:)``).
public final class InputFileLog: Sendable {
  /// One file: its absolute path and the bytes read, nil when it could not be read.
  public struct Entry: Hashable, Sendable {
    public var path: String
    public var bytes: [UInt8]?

    public init(path: String, bytes: [UInt8]?) {
      self.path = path
      self.bytes = bytes
    }
  }

  private let stored = Mutex<[Entry]>([])

  /// The files in the order they were read.
  public var entries: [Entry] { stored.withLock { $0 } }

  func append(_ entry: Entry) { stored.withLock { $0.append(entry) } }
}
