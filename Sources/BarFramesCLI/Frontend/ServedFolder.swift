import FlyingFox
import FlyingSocks
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Serves the regular files under `root` at `serverPath`, and nothing else.
///
/// The rules, in the order they apply:
/// - a request path with a `..` or dot-file component (`%2E%2E` decodes to `..` after the
///   server has resolved dot segments), a backslash or a control character is 404 before any
///   file is opened; so are the exporter's temporary files, which start with a dot;
/// - the file is opened one component at a time from the root folder, each with `O_NOFOLLOW`:
///   a symbolic link anywhere below the root (to a file or a folder, inside or outside) is 404,
///   so what is served is what was opened, not what a path's text resolved to a moment before;
/// - what was opened must be a regular file (`fstat`): a folder is 404, never a listing, and a
///   FIFO or device is 404 without being read.
///
/// The root itself is the folder the user named, followed if it is a link.
struct FolderHTTPHandler: HTTPHandler {
  let root: URL
  let serverPath: String

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard Self.isInside(request.path), let components = relativeComponents(of: request.path),
      let file = ServedFile(opening: components, under: root)
    else { return HTTPResponse(statusCode: .notFound) }
    return HTTPResponse(
      statusCode: .ok,
      headers: HTTPHeaders([
        .contentType: Self.contentType(of: components.last ?? ""), .init("Cache-Control"): "no-store",
      ]),
      body: HTTPBodySequence(from: file.bytes, count: file.size, suggestedBufferSize: 65536))
  }

  static func isInside(_ path: String) -> Bool {
    let components = path.split(separator: "/", omittingEmptySubsequences: true)
    return !components.contains { $0.hasPrefix(".") || $0.contains("\\") }
      && !path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
  }

  /// The request path's components below `serverPath`; nil outside it or for the root itself.
  func relativeComponents(of path: String) -> [String]? {
    let prefix = serverPath.split(separator: "/").map(String.init)
    let components = path.split(separator: "/").map(String.init)
    guard components.count > prefix.count, Array(components.prefix(prefix.count)) == prefix else { return nil }
    return Array(components.dropFirst(prefix.count))
  }

  /// The media types of the files a render writes; anything else is served as bytes.
  static func contentType(of name: String) -> String {
    switch (name as NSString).pathExtension.lowercased() {
    case "png": "image/png"
    case "apng": "image/apng"
    case "gif": "image/gif"
    case "webp": "image/webp"
    case "svg": "image/svg+xml"
    case "html": "text/html; charset=utf-8"
    case "json": "application/json"
    case "css": "text/css"
    case "js": "text/javascript"
    case "txt": "text/plain; charset=utf-8"
    default: "application/octet-stream"
    }
  }
}

/// A regular file opened below a served folder without following any link, and its size.
struct ServedFile {
  let bytes: FileBytes
  let size: Int

  /// Opens `components` (no `.`, `..` or empty one) below `root`; nil when any folder on the
  /// way or the file is a link, a component is missing, or the file is not a regular file.
  init?(opening components: [String], under root: URL) {
    guard !components.isEmpty else { return nil }
    var folder = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { return nil }
    for name in components.dropLast() {
      let next = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      close(folder)
      guard next >= 0 else { return nil }
      folder = next
    }
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below anyway.
    let file = openat(folder, components[components.count - 1], O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    close(folder)
    guard file >= 0 else { return nil }
    var status = stat()
    guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(file)
      return nil
    }
    bytes = FileBytes(handle: FileHandle(fileDescriptor: file, closeOnDealloc: true))
    size = Int(status.st_size)
  }
}

/// The bytes of an open file, read in the server's buffer sizes from where it stands.
struct FileBytes: AsyncBufferedSequence, @unchecked Sendable {
  typealias Element = UInt8
  /// Read by one response only, on one task at a time.
  let handle: FileHandle

  func makeAsyncIterator() -> Iterator { Iterator(handle: handle) }

  struct Iterator: AsyncBufferedIteratorProtocol {
    let handle: FileHandle

    mutating func next() async throws -> UInt8? { try await nextBuffer(suggested: 1)?.first }

    mutating func nextBuffer(suggested count: Int) async throws -> Data? {
      guard let data = try handle.read(upToCount: Swift.max(1, count)), !data.isEmpty else { return nil }
      return data
    }
  }
}
