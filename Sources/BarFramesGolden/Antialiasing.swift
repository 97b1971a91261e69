/// Tells a pixel of an anti-aliased edge from a pixel of a shape, for
/// ``GoldenTolerance/ignoresAntialiasedEdges``.
///
/// Our reading of pixelmatch's `antialiased()` (mapbox/pixelmatch, after V. Vysniauskas,
/// "Anti-aliased Pixel and Intensity Slope Detector", 2009), written for straight RGBA bytes: an
/// edge pixel is a step between a darker and a brighter side. Of its eight neighbours at most
/// two may have its brightness (a pixel inside a flat area has more), it must have both a darker
/// and a brighter neighbour (an intensity slope, not a peak or a pit), and the darkest or the
/// brightest neighbour must itself sit in a flat area — more than two identical neighbours — in
/// *both* images, so the edge separates the same two regions before and after.
enum Antialiasing {
  /// Whether pixel (`x`, `y`) of `image` lies on an anti-aliased edge, `other` being the image
  /// it is compared with.
  static func isOnEdge(
    x: Int, y: Int, in image: UnsafeBufferPointer<UInt8>, other: UnsafeBufferPointer<UInt8>, width: Int, height: Int
  ) -> Bool {
    let x0 = max(x - 1, 0)
    let y0 = max(y - 1, 0)
    let x2 = min(x + 1, width - 1)
    let y2 = min(y + 1, height - 1)
    // A pixel on the image's border has neighbours missing; count one as equal, as pixelmatch does.
    var equalNeighbours = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    let centre = brightness(image, (y * width + x) * 4)
    var darkest = 0.0
    var brightest = 0.0
    var darkestAt = (x, y)
    var brightestAt = (x, y)
    for ny in y0...y2 {
      for nx in x0...x2 where !(nx == x && ny == y) {
        let delta = brightness(image, (ny * width + nx) * 4) - centre
        if delta == 0 {
          equalNeighbours += 1
          if equalNeighbours > 2 { return false }
        } else if delta < darkest {
          darkest = delta
          darkestAt = (nx, ny)
        } else if delta > brightest {
          brightest = delta
          brightestAt = (nx, ny)
        }
      }
    }
    guard darkest < 0, brightest > 0 else { return false }
    return
      (hasManySiblings(darkestAt.0, darkestAt.1, image, width, height)
      && hasManySiblings(darkestAt.0, darkestAt.1, other, width, height))
      || (hasManySiblings(brightestAt.0, brightestAt.1, image, width, height)
        && hasManySiblings(brightestAt.0, brightestAt.1, other, width, height))
  }

  /// Whether more than two of the pixel's neighbours have exactly its bytes (a border counts as one).
  static func hasManySiblings(
    _ x: Int, _ y: Int, _ image: UnsafeBufferPointer<UInt8>, _ width: Int, _ height: Int
  ) -> Bool {
    let x0 = max(x - 1, 0)
    let y0 = max(y - 1, 0)
    let x2 = min(x + 1, width - 1)
    let y2 = min(y + 1, height - 1)
    var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    let i = (y * width + x) * 4
    for ny in y0...y2 {
      for nx in x0...x2 where !(nx == x && ny == y) {
        let j = (ny * width + nx) * 4
        if image[i] == image[j] && image[i + 1] == image[j + 1] && image[i + 2] == image[j + 2]
          && image[i + 3] == image[j + 3]
        {
          equal += 1
          if equal > 2 { return true }
        }
      }
    }
    return false
  }

  /// The luma (YIQ's Y) of the pixel at byte offset `i` composited over white, so a transparent
  /// pixel reads as the white page it would show on.
  @inline(__always)
  static func brightness(_ image: UnsafeBufferPointer<UInt8>, _ i: Int) -> Double {
    let alpha = Double(image[i + 3]) / 255
    func overWhite(_ c: UInt8) -> Double { 255 + (Double(c) - 255) * alpha }
    return 0.29889531 * overWhite(image[i]) + 0.58662247 * overWhite(image[i + 1]) + 0.11448223
      * overWhite(image[i + 2])
  }
}
