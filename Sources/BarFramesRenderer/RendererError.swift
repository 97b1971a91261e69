import CCairo

/// A failure inside the renderer, with a message that says what failed and what to do.
public enum RendererError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Cairo reported a non-success status while doing `operation`.
  case cairo(operation: String, status: String)
  /// An embedded PNG image could not be decoded.
  case imageUnreadable(name: String, status: String)
  /// A requested surface size is empty, not finite or too large.
  case invalidSurfaceSize(width: Double, height: Double, scale: Int)

  public var description: String {
    switch self {
    case .cairo(let operation, let status):
      "Cairo failed to \(operation): \(status)"
    case .imageUnreadable(let name, let status):
      "the image \(name) is not a readable PNG (\(status))"
    case .invalidSurfaceSize(let width, let height, let scale):
      "cannot create a \(width)×\(height) pt surface at @\(scale)x: the size must be positive, finite and at most \(ImageSurface.maximumPixelDimension) px per side"
    }
  }
}

extension RendererError {
  /// Throws when `status` is not `CAIRO_STATUS_SUCCESS`.
  static func check(_ status: cairo_status_t, _ operation: @autoclosure () -> String) throws(RendererError) {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    throw .cairo(operation: operation(), status: String(cString: cairo_status_to_string(status)))
  }
}
