/// The style parameter tables of the documentation, generated from the parameter declarations
/// (``DesignStyle/parameters``) like the JSON Schema, so the prose cannot drift from the reader:
/// a test compares the committed article (`BarFrames.docc/StyleParameters.md`) with this output.
public enum ParameterDocumentation {
  /// A Markdown article with one table per design of `designs`.
  public static func markdown(designs: DesignRegistry = .standard) -> String {
    var text = """
      # Style parameters

      Every parameter a style file may give, by design, with its range and its default (the
      original demo's value). The first two rows, `size` and `background`, are the canvas, which
      every style has. Colours are `#RRGGBB`, `#RRGGBBAA` or a UIKit name.

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

      | key | type | unit | range | default | description |
      |---|---|---|---|---|---|

      """
    for parameter in Canvas.parameters {
      text += row(parameter, default: parameter.value(in: .default(of: D.self)))
    }
    for parameter in D.Style.parameters {
      text += row(parameter, default: parameter.defaultValue)
    }
    return text
  }

  /// One table row: key, type, unit, range, default and description.
  static func row<Style>(_ parameter: StyleParameter<Style>, default value: JSONValue?) -> String {
    var range = ""
    if case .number(let bounds) = parameter.type { range = bounds.documentation }
    if case .integer(let whole) = parameter.type { range = "\(whole.lowerBound) … \(whole.upperBound)" }
    if case .point(let bounds) = parameter.type { range = bounds.documentation }
    if case .size(let bounds) = parameter.type { range = bounds.documentation }
    let cells = [
      "`\(parameter.key)`", parameter.type.documentationName, parameter.unit?.symbol ?? "", range,
      value.map { "`\($0.serialized(pretty: false))`" } ?? "none", parameter.summary,
    ]
    return "| "
      + cells.map { $0.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }.joined(
        separator: " | ") + " |\n"
  }
}
