import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written over time (an APNG or GIF fed frame by frame) under a temporary name, and
/// renamed into place by ``commit()`` — or removed by ``discard()``.
package final class StreamingFile {
  package let destination: URL
  package let temporary: URL
  package let handle: FileHandle
  private let descriptor: Int32
  private let registry: TemporaryFiles
  private var isOpen = true

  package init(_ destination: URL, registry: TemporaryFiles) throws(OutputError) {
    self.destination = destination
    self.registry = registry
    (temporary, descriptor) = try registry.create(for: destination)
    handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
  }

  /// Flushes and closes the file and renames it into place; returns its size in bytes.
  package func commit() throws(OutputError) -> Int {
    var info = stat()
    let size = fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
    isOpen = false
    try registry.commit(temporary, descriptor: descriptor, to: destination)
    return size
  }

  /// Closes and removes the temporary file.
  package func discard() {
    if isOpen {
      close(descriptor)
      isOpen = false
    }
    registry.discard(temporary)
  }

  deinit {
    if isOpen { close(descriptor) }
  }
}
