import BarFramesFuzzing
import BarFramesImageIO
import Foundation

/// Pictures other programs drew: browsers' screenshots and other rasterizers' PNGs, read with
/// libpng (the fuzz targets' reference decoder) and compared with a row-by-row fast path.
///
/// The browser tests read back hundreds of such PNGs a run. Our own decoder, in the debug build
/// `swift test` runs, took 4.2 s of the test process's CPU for the animated SVGs alone, and the
/// pixel-by-pixel comparison 4.7 s more, both while the two cores were busy with other suites;
/// libpng is built optimized. Our decoder is checked on its own, against libpng among others
/// (`PNGForeignDecodeTests`, `RoundTripOracleTests`).
public enum Screenshot {
  public enum Failure: Error, CustomStringConvertible {
    case unreadable(URL, String)

    public var description: String {
      switch self {
      case .unreadable(let url, let why): "\(url.path): libpng cannot read it: \(why)"
      }
    }
  }

  /// The straight RGBA pixels of the PNG file at `url`.
  public static func decode(contentsOf url: URL) throws -> RGBAImage {
    let reference = PNGReference(decoding: Array(try Data(contentsOf: url)), maximumPixels: 1 << 26)
    guard case .decoded(let image, _) = reference.outcome else { throw Failure.unreadable(url, reference.message) }
    return image
  }

  /// The pixels of the `width` × `height` rectangle at `origin` in two images whose red, green
  /// or blue differs by more than `tolerance`, and the largest such difference (alpha is not
  /// compared: screenshots are opaque). Rows whose bytes are equal are skipped with one memcmp
  /// each.
  /// - Precondition: the rectangle lies inside both images.
  public static func difference(
    _ a: RGBAImage, _ b: RGBAImage, width: Int, height: Int, at origin: (x: Int, y: Int) = (0, 0), tolerance: Int
  ) -> (count: Int, worst: Int) {
    for image in [a, b] {
      precondition(origin.x >= 0 && origin.y >= 0 && origin.x + width <= image.width && origin.y + height <= image.height)
    }
    var worst = 0
    var count = 0
    a.pixels.withUnsafeBufferPointer { p in
      b.pixels.withUnsafeBufferPointer { q in
        // An image has at least one pixel (RGBAImage's precondition).
        let (pStart, qStart) = (p.baseAddress!, q.baseAddress!)
        for row in 0..<height {
          let i = ((origin.y + row) * a.width + origin.x) * 4
          let j = ((origin.y + row) * b.width + origin.x) * 4
          if memcmp(pStart + i, qStart + j, width * 4) == 0 { continue }
          for k in stride(from: 0, to: width * 4, by: 4) {
            var difference = 0
            for c in 0..<3 {
              let (u, v) = (p[i + k + c], q[j + k + c])
              let d = u > v ? Int(u &- v) : Int(v &- u)
              if d > difference { difference = d }
            }
            if difference > worst { worst = difference }
            if difference > tolerance { count += 1 }
          }
        }
      }
    }
    return (count, worst)
  }
}
