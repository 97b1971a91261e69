import BarFramesGraphics

/// How numbers are written: coordinates, lengths and opacities to 10⁻³ (a thousandth of a point
/// is invisible at any scale we render), trailing zeros trimmed, never `-0`, never an exponent,
/// so the same drawing gives the same text on every machine.
enum SVGNumber {
  /// Digits after the point for coordinates, lengths and opacities.
  static let decimals = 3
  /// Digits after the point for the linear part of a transform: those factors multiply
  /// coordinates, so 10⁻³ would move a point 500 pt from the origin by half a point.
  static let factorDecimals = 6

  static func format(_ value: Double) -> String { value.formatted(decimals: decimals) }
}

extension Transform2D {
  /// `matrix(a b c d e f)`, the SVG form of `(a·x + c·y + tx, b·x + d·y + ty)`.
  var svgMatrix: String {
    var text = "matrix("
    for factor in [a, b, c, d] {
      text += factor.formatted(decimals: SVGNumber.factorDecimals)
      text += " "
    }
    text += SVGNumber.format(tx)
    text += " "
    text += SVGNumber.format(ty)
    text += ")"
    return text
  }

  /// Whether every component is finite and the linear part can be inverted; SVG renders
  /// nothing under a singular matrix, as Cairo (which we draw pixels with) shows nothing.
  var isDrawable: Bool {
    components.allSatisfy(\.isFinite) && determinant != 0 && determinant.isFinite
  }
}

extension Path {
  /// Whether every point is finite: a NaN or infinity cannot be written as path data.
  var hasFiniteCoordinates: Bool {
    elements.allSatisfy { element in
      switch element {
      case .move(let p), .line(let p): p.x.isFinite && p.y.isFinite
      case .quadCurve(let p, let c): p.x.isFinite && p.y.isFinite && c.x.isFinite && c.y.isFinite
      case .curve(let p, let c1, let c2):
        [p, c1, c2].allSatisfy { $0.x.isFinite && $0.y.isFinite }
      case .closeSubpath: true
      }
    }
  }
}

extension Color {
  /// `#rrggbb` (lower case, SVG 1.1's colour syntax) and the alpha as an opacity, nil when
  /// opaque: SVG 1.1 has no colour with alpha.
  var svgPaint: (color: String, opacity: String?) {
    let c = rgba8
    let color = String(unsafeUninitializedCapacity: 7) { text in
      @inline(__always) func digit(_ value: UInt8) -> UInt8 { value < 10 ? 48 + value : 87 + value }
      text[0] = UInt8(ascii: "#")
      for (i, channel) in [c.red, c.green, c.blue].enumerated() {
        text[1 + 2 * i] = digit(channel >> 4)
        text[2 + 2 * i] = digit(channel & 0xF)
      }
      return 7
    }
    let opacity = SVGNumber.format(min(max(alpha, 0), 1))
    return (color, opacity == "1" ? nil : opacity)
  }
}
