import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file written over time (an APNG or GIF fed frame by frame) without a name (or under a
/// temporary one), named by ``commit()`` — or removed by ``discard()``.
package final class StreamingFile {
  package let destination: URL
  package let handle: FileHandle
  private let file: PendingFile
  /// The open file, readable: what was written can be read back (`pread`) before it is named.
  package var descriptor: Int32 { file.descriptor }
  /// The temporary name while it is written; nil when the file has none (see ``TemporaryFiles``).
  package var temporaryURL: URL? { file.temporaryURL }
  private let registry: TemporaryFiles
  private var isOpen = true

  package init(_ destination: URL, registry: TemporaryFiles) throws(OutputError) {
    self.destination = destination
    self.registry = registry
    file = try registry.create(for: destination)
    handle = FileHandle(fileDescriptor: file.descriptor, closeOnDealloc: false)
  }

  /// Flushes (unless `flushing` is false) and closes the file and renames it into place;
  /// returns its size in bytes.
  package func commit(flushing: Bool = true) throws(OutputError) -> Int {
    var info = stat()
    let size = fstat(file.descriptor, &info) == 0 ? Int(info.st_size) : 0
    isOpen = false
    try registry.commit(file, to: destination, flushing: flushing)
    return size
  }

  /// Closes and removes the temporary file.
  package func discard() {
    if isOpen {
      close(file.descriptor)
      isOpen = false
    }
    registry.discard(file)
  }

  deinit {
    if isOpen { close(file.descriptor) }
  }
}
