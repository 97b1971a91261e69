/// A destination for the bytes of a streamed file (APNG, GIF).
///
/// The streaming writers hand each chunk to their sink as soon as it is complete, so a long
/// animation never sits in memory. Conform a file, a pipe or a buffer; ``MemoryByteSink``
/// collects bytes for tests and ``FileHandleByteSink`` writes to a `FileHandle` (the exporter
/// points it at a temporary file and renames it when the writer has finished).
public protocol ByteSink {
  /// Appends `bytes` to the output.
  mutating func write(_ bytes: UnsafeRawBufferPointer) throws
  /// Pushes any buffered bytes to the underlying destination; writers call it from `finish()`.
  mutating func flush() throws
}

extension ByteSink {
  public mutating func flush() throws {}

  /// Appends the bytes of an array.
  public mutating func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBytes { try write($0) }
  }
}

/// A sink that keeps everything in memory, for tests and small previews.
public struct MemoryByteSink: ByteSink, Sendable {
  /// Everything written so far.
  public private(set) var bytes: [UInt8] = []

  public init() {}

  public mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
    self.bytes.append(contentsOf: bytes)
  }
}
