import BarFrames
import Foundation

/// The kinds of file `barframes render` writes (`--format png,svg,apng,gif,webp,animated-svg,sheet,html | all`).
public struct ExportFormats: OptionSet, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The PNG sequence, `OUT/<scene>/<scene>-NNNNN.png`.
  public static let png = ExportFormats(rawValue: 1 << 0)
  /// Vector previews at 0, 25, 50, 75, 100 % and at every event time.
  public static let svg = ExportFormats(rawValue: 1 << 1)
  /// An animated PNG of the sequence.
  public static let apng = ExportFormats(rawValue: 1 << 2)
  /// An animated GIF of the sequence.
  public static let gif = ExportFormats(rawValue: 1 << 3)
  /// One PNG grid of evenly spaced frames captioned with their times.
  public static let sheet = ExportFormats(rawValue: 1 << 4)
  /// `OUT/index.html`, the gallery.
  public static let html = ExportFormats(rawValue: 1 << 5)
  /// An animated WebP of the sequence (lossless unless a quality is given).
  public static let webp = ExportFormats(rawValue: 1 << 6)
  /// One SVG that plays the whole sequence, animated with SMIL (``AnimatedSVG``).
  public static let animatedSVG = ExportFormats(rawValue: 1 << 7)

  public static let all: ExportFormats = [.png, .svg, .apng, .gif, .webp, .animatedSVG, .sheet, .html]

  /// Each format with the name users type, in the order the help lists them.
  public static let names: [(name: String, format: ExportFormats)] = [
    ("png", .png), ("svg", .svg), ("apng", .apng), ("gif", .gif), ("webp", .webp), ("animated-svg", .animatedSVG),
    ("sheet", .sheet), ("html", .html),
  ]

  /// Parses a comma-separated list of names, or `all`.
  /// - Throws: ``ExportError/invalidFormat(_:)`` naming the unknown entry.
  public init(parsing text: String) throws(ExportError) {
    var result: ExportFormats = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = part.trimmingCharacters(in: .whitespaces).lowercased()
      if name == "all" {
        result.formUnion(.all)
      } else if let match = Self.names.first(where: { $0.name == name }) {
        result.formUnion(match.format)
      } else {
        throw .invalidFormat(
          "unknown format '\(InputText.escaped(String(part)))': the formats are \(Self.names.map(\.name).joined(separator: ", ")) or all, separated by commas"
        )
      }
    }
    guard !result.isEmpty else { throw .invalidFormat("no format given: name at least one") }
    self = result
  }

  /// "png,apng,html".
  public var description: String {
    Self.names.filter { contains($0.format) }.map(\.name).joined(separator: ",")
  }
}
