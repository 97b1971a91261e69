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

/// A sink whose earlier bytes can be rewritten in place: the streaming writers learn some
/// header fields (an APNG's frame count once identical frames are merged, a GIF's global colour
/// table as colours appear) only at the end, and patch them without holding the file in memory.
public protocol PatchableByteSink: ByteSink {
  /// Replaces `bytes.count` bytes starting at `offset` (counted from the first byte written);
  /// the range must already have been written.
  mutating func overwrite(_ bytes: [UInt8], at offset: Int) throws
}

/// A sink that keeps everything in memory, for tests and small previews.
public struct MemoryByteSink: PatchableByteSink, Sendable {
  /// Everything written so far.
  public private(set) var bytes: [UInt8] = []

  public init() {}

  public mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
    self.bytes.append(contentsOf: bytes)
  }

  public mutating func overwrite(_ bytes: [UInt8], at offset: Int) throws {
    precondition(offset >= 0 && offset + bytes.count <= self.bytes.count, "overwrite past the end of the written bytes")
    self.bytes.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
  }
}
