/// The style parameter tables of the documentation, generated from the parameter declarations
/// (``DesignStyle/parameters``) like the JSON Schema, so the prose cannot drift from the reader:
/// a test compares the committed article (`BarFrames.docc/StyleParameters.md`) with this output.
public enum ParameterDocumentation {
  /// A Markdown article with one table per design of `designs`.
  public static func markdown(designs: DesignRegistry = .standard) -> String {
    var text = """
      # Style parameters

      Every parameter a style file may give, by design, with its range and its default (the
      original demo's value). Every style also takes `size` ([width, height] in points, each
      at most 4096; the design's demo canvas by default) and `background` (a colour or
      `"transparent"`; the demo's screen by default). Colours are `#RRGGBB`, `#RRGGBBAA` or a
      UIKit name.

      This article is generated from the designs' parameter declarations, as the JSON Schemas in
      `Styles/schema/` are; a test keeps it in sync.

      """
    for design in designs.designs {
      text += "\n" + table(design)
    }
    return text
  }

  /// The table of one design's parameters.
  static func table<D: Design>(_ design: D.Type) -> String {
    var text = """
      ## \(D.name)

      Canvas \(D.Style.defaultSize.width.compactJSON) × \(D.Style.defaultSize.height.compactJSON) points on \
      \(D.Style.defaultBackground.map { "`\($0.hexString)`" } ?? "a transparent background").

      | key | type | unit | range | default | description |
      |---|---|---|---|---|---|

      """
    for parameter in D.Style.parameters {
      var range = ""
      if case .number(let bounds) = parameter.type { range = bounds.documentation }
      if case .point(let bounds) = parameter.type { range = bounds.documentation }
      let cells = [
        "`\(parameter.key)`", parameter.type.documentationName, parameter.unit?.symbol ?? "", range,
        parameter.defaultValue.map { "`\($0.serialized(pretty: false))`" } ?? "none", parameter.summary,
      ]
      text += "| " + cells.map { $0.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }.joined(separator: " | ") + " |\n"
    }
    return text
  }
}
