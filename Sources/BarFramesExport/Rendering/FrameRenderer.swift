import BarFrames
import BarFramesText
import BarFramesGraphics
import BarFramesImageIO
import BarFramesRenderer

/// Turns presentations into pixels on one reusable surface.
///
/// Not thread-safe: Cairo objects are not `Sendable`, so each render worker creates its own
/// renderer. The surface is cleared byte for byte before every frame, so a reused renderer
/// gives exactly the pixels of a fresh one.
public final class FrameRenderer {
  private let surface: ImageSurface

  /// - Parameters:
  ///   - size: The canvas in points.
  ///   - scale: Pixels per point.
  ///   - background: nil renders a transparent frame.
  /// - Throws: `RendererError.fontUnavailable` (with the `apt-get` hint) when the pinned font
  ///   is missing, before anything is drawn.
  public init(size: Size, scale: Int, background: Color?) throws {
    try PinnedFont.check()
    surface = try ImageSurface(size: size, scale: scale, background: background)
  }

  /// The frame's width and height in pixels.
  public var pixelSize: (width: Int, height: Int) { (surface.pixelWidth, surface.pixelHeight) }

  /// Draws `presentation` on the cleared surface and returns straight-alpha pixels.
  public func render(_ presentation: Presentation) throws -> RGBAImage {
    try draw(presentation)
    return try surface.rgbaImage()
  }

  /// Draws `presentation` on the cleared surface, leaving it for the caller to read.
  public func draw(_ presentation: Presentation) throws {
    surface.clear()
    presentation.draw(in: surface.context)
    try surface.flush()
  }

  /// The surface last drawn, for callers that read Cairo's pixels directly.
  public var imageSurface: ImageSurface { surface }
}

/// Renders presentations as SVG documents in px units.
public enum SVGFrameRenderer {
  /// One SVG document of `presentation`, the same bytes whenever it is drawn.
  public static func svg(_ presentation: Presentation, background: Color?) throws -> [UInt8] {
    try PinnedFont.check()
    let svg = try SVGSurface(size: presentation.canvasSize, background: background)
    presentation.draw(in: svg.context)
    return renumberingSurfaceIDs(try svg.finish())
  }

  /// Cairo names a document's groups after its surfaces' process-wide serial numbers
  /// (`<g id="surface107">`, `xlink:href="#source12"`), so the same frame drawn later in a run
  /// — or on another shard — would differ. Renumbering them by first appearance makes an SVG
  /// depend only on what was drawn.
  static func renumberingSurfaceIDs(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var maps: [[UInt8]: [Int: Int]] = [:]
    let prefixes: [[UInt8]] = [Array("surface".utf8), Array("source".utf8)]
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      out.append(byte)
      i += 1
      guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "#") else { continue }
      if let (prefix, number, end) = match(bytes, at: i, prefixes) {
        emit(prefix, number, &maps, &out)
        i = end
      }
    }
    return out
  }

  private static func match(_ bytes: [UInt8], at start: Int, _ prefixes: [[UInt8]]) -> ([UInt8], Int, Int)? {
    for prefix in prefixes where start + prefix.count < bytes.count && Array(bytes[start..<start + prefix.count]) == prefix {
      var end = start + prefix.count
      var number = 0
      while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]), number < 1 << 40 {
        number = number * 10 + Int(bytes[end] - UInt8(ascii: "0"))
        end += 1
      }
      guard end > start + prefix.count, end < bytes.count, bytes[end] == UInt8(ascii: "\"") || bytes[end] == UInt8(ascii: ")") else {
        return nil
      }
      return (prefix, number, end)
    }
    return nil
  }

  private static func emit(_ prefix: [UInt8], _ number: Int, _ maps: inout [[UInt8]: [Int: Int]], _ out: inout [UInt8]) {
    var map = maps[prefix, default: [:]]
    let renumbered = map[number] ?? (map.count + 1)
    map[number] = renumbered
    maps[prefix] = map
    out += prefix
    out += Array(String(renumbered).utf8)
  }
}
