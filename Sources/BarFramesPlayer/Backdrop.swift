import Foundation

/// The backdrop a transparent frame is shown on in the player and the contact sheet.
public enum Backdrop: String, Sendable, CaseIterable {
  case checker, light, dark

  /// The choice for straight RGBA bytes: `.dark` when the drawing is light (a white seek bar
  /// vanishes on a light checkerboard), `.light` otherwise — the one with the higher WCAG
  /// contrast against the alpha-weighted mean colour.
  public static func choose(forStraightRGBA pixels: [UInt8]) -> Backdrop {
    var weight = 0.0
    var sum = (r: 0.0, g: 0.0, b: 0.0)
    var i = 0
    while i + 3 < pixels.count {
      let a = Double(pixels[i + 3]) / 255
      if a > 0 {
        sum.r += Double(pixels[i]) * a
        sum.g += Double(pixels[i + 1]) * a
        sum.b += Double(pixels[i + 2]) * a
        weight += a
      }
      i += 4
    }
    guard weight > 0 else { return .light }
    let luminance = relativeLuminance(sum.r / weight / 255, sum.g / weight / 255, sum.b / weight / 255)
    // Light page #F4F4F4 (L ≈ 0.905), dark page #1E1E1E (L ≈ 0.013): pick the higher ratio.
    let onLight = (0.905 + 0.05) / (luminance + 0.05)
    let onDark = (luminance + 0.05) / (0.013 + 0.05)
    return onDark > onLight ? .dark : .light
  }

  /// The colour of the backdrop where it is flat (the checkerboard's light square), as RGB.
  public var rgb: (red: UInt8, green: UInt8, blue: UInt8) {
    switch self {
    case .checker, .light: (255, 255, 255)
    case .dark: (30, 30, 30)
    }
  }

  static func relativeLuminance(_ r: Double, _ g: Double, _ b: Double) -> Double {
    func channel(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
  }
}
