import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file so that nothing half-written ever stands under its final name: the bytes go
/// to a file without a name (or a registered temporary name) beside it, which is flushed to
/// disk and named once complete (see ``TemporaryFiles``).
public enum AtomicFile {
  /// Writes `bytes` to `destination`; with `flushing` false it is named without being flushed
  /// (see ``TemporaryFiles/commit(_:to:flushing:)``).
  public static func write(
    _ bytes: [UInt8], to destination: URL, registry: TemporaryFiles = .shared, flushing: Bool = true
  ) throws(OutputError) {
    try stream(to: destination, registry: registry, flushing: flushing) { handle in
      try handle.write(contentsOf: bytes)
    }
  }

  /// Writes a UTF-8 string to `destination`.
  public static func write(_ text: String, to destination: URL, registry: TemporaryFiles = .shared) throws(OutputError)
  {
    try write(Array(text.utf8), to: destination, registry: registry)
  }

  /// Calls `produce` with a handle on a fresh temporary file, then flushes (unless `flushing` is
  /// false), closes and renames it into place. On any error the temporary file is removed and
  /// `destination` is left untouched.
  public static func stream<R>(
    to destination: URL, registry: TemporaryFiles = .shared, flushing: Bool = true, _ produce: (FileHandle) throws -> R
  ) throws(OutputError) -> R {
    let file = try registry.create(for: destination)
    let handle = FileHandle(fileDescriptor: file.descriptor, closeOnDealloc: false)
    let result: R
    do {
      result = try produce(handle)
    } catch {
      close(file.descriptor)
      registry.discard(file)
      if let outputError = error as? OutputError { throw outputError }
      throw .cannotWrite(path: destination.path, reason: reason(error))
    }
    try registry.commit(file, to: destination, flushing: flushing)
    return result
  }

  /// A short reason for an error: our own errors' descriptions, the POSIX message of
  /// Foundation's file errors.
  package static func reason(_ error: any Error) -> String {
    let isFoundationError = error is CocoaError || type(of: error) is NSError.Type
    guard isFoundationError else { return String(describing: error) }
    let ns = error as NSError
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
    return ns.localizedFailureReason ?? ns.localizedDescription
  }
}
