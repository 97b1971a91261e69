import BarFramesGraphics
import BarFramesImageIO
import BarFramesRenderer
import Foundation

/// Helpers shared by the test targets: render a drawing, write it as a real PNG file, decode it.
public enum TestRendering {
  /// Draws with `body` on a fresh surface, writes it with Cairo's PNG writer to a temporary file
  /// and returns the decoded pixels, so assertions see exactly what a user's file holds.
  public static func decodedPNG(
    size: Size, scale: Int = 1, background: Color? = nil, _ body: (CairoContext) -> Void
  ) throws -> RGBAImage {
    let surface = try ImageSurface(size: size, scale: scale, background: background)
    body(surface.context)
    let url = temporaryFile(extension: "png")
    defer { try? FileManager.default.removeItem(at: url) }
    try surface.writePNGWithCairo(to: url.path)
    return try PNGDecoder.decode(Array(try Data(contentsOf: url)))
  }

  /// A unique path in the system's temporary directory.
  public static func temporaryFile(extension ext: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("barframes-test-\(UUID().uuidString).\(ext)")
  }

  /// Whether a path inside an output folder is one of BarFrames' own records of the folder
  /// rather than an output: the lock file (`.barframes.lock`) and the indexes
  /// (`.manifest.json.barframes-index`), which hold this machine's stat data and so differ
  /// between two renders of the same bytes.
  public static func isFolderBookkeeping(_ relativePath: String) -> Bool {
    let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
    return name == ".barframes.lock" || (name.hasPrefix(".") && name.hasSuffix(".barframes-index"))
  }

  /// A new empty directory in the system's temporary directory.
  public static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("barframes-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// The package root (the folder holding Package.swift), found from this source file.
  public static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    fatalError("Package.swift not found above \(#filePath)")
  }()
}

extension RGBAImage {
  /// The bounding box of pixels whose alpha is above `threshold`, in pixels, or nil.
  public func opaqueBounds(alphaAbove threshold: UInt8 = 0) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var result: (Int, Int, Int, Int)?
    for y in 0..<height {
      for x in 0..<width where self[x, y].alpha > threshold {
        if let r = result {
          result = (min(r.0, x), min(r.1, y), max(r.2, x), max(r.3, y))
        } else {
          result = (x, y, x, y)
        }
      }
    }
    return result.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
  }
}
