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
    let factors = [a, b, c, d].map { $0.formatted(decimals: SVGNumber.factorDecimals) }
    return "matrix(" + (factors + [SVGNumber.format(tx), SVGNumber.format(ty)]).joined(separator: " ") + ")"
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
    let digits = Array("0123456789abcdef")
    let hex = [c.red, c.green, c.blue].map { String([digits[Int($0 >> 4)], digits[Int($0 & 0xF)]]) }.joined()
    let opacity = SVGNumber.format(min(max(alpha, 0), 1))
    return ("#" + hex, opacity == "1" ? nil : opacity)
  }
}
