import Foundation

/// A sink that writes to a `FileHandle` through a buffer, so a frame's small chunks
/// (chunk headers, CRCs, GIF sub-blocks) do not each cost a system call.
///
/// The sink does not close the handle. Call the writer's `finish()` (which flushes) before
/// closing and renaming the file.
public struct FileHandleByteSink: PatchableByteSink {
  /// The handle bytes are written to.
  public let handle: FileHandle
  private var buffer: [UInt8] = []
  private let capacity: Int
  /// The handle's position at creation: offset 0 of ``overwrite(_:at:)``.
  private let origin: UInt64

  /// Creates a sink that buffers up to `bufferSize` bytes before writing them to `handle`.
  public init(handle: FileHandle, bufferSize: Int = 1 << 16) {
    self.handle = handle
    self.capacity = max(1, bufferSize)
    origin = (try? handle.offset()) ?? 0
    buffer.reserveCapacity(capacity)
  }

  public mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
    if buffer.count + bytes.count > capacity { try flush() }
    if bytes.count >= capacity {
      try handle.write(contentsOf: Data(bytes))
    } else {
      buffer.append(contentsOf: bytes)
    }
  }

  /// Flushes, writes `bytes` at `offset` from where the handle stood when the sink was created,
  /// and returns to the end.
  public mutating func overwrite(_ bytes: [UInt8], at offset: Int) throws {
    try flush()
    let end = try handle.offset()
    try handle.seek(toOffset: origin + UInt64(offset))
    try handle.write(contentsOf: bytes)
    try handle.seek(toOffset: end)
  }

  public mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    try handle.write(contentsOf: buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}
