import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Creates output folders, failing with one clear line.
public enum OutputDirectory {
  /// Creates `directory` and its parents and checks that files can be created in it; removes the
  /// temporary files a killed process left in it (``TemporaryFiles/removeAbandoned(in:)``).
  public static func prepare(_ directory: URL) throws(OutputError) {
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .cannotCreateDirectory(path: directory.path, reason: AtomicFile.reason(error))
    }
    guard access(directory.path, W_OK | X_OK) == 0 else {
      throw .cannotCreateDirectory(path: directory.path, reason: "it is not writable")
    }
    TemporaryFiles.removeAbandoned(in: directory)
  }
}
