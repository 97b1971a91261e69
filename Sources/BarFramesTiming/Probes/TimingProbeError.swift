import BarFramesJSON

/// A probe file that cannot be read: what is wrong, the probe it is in and the key path.
///
/// Its description is one line, a style's or scene's `InputError` with the probe named:
/// `probes.json: probe "fill": probes[0].animation.fillMode: expected one of "removed",
/// "forwards", "backwards", "both", got "sideways"`.
public struct TimingProbeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file, as the user named it; nil when reading from memory.
  public var file: String?
  /// The id of the probe the problem is in, when known.
  public var probeID: String?
  /// The JSON key path from the document root, e.g. `probes[1].animation.duration`; empty for
  /// the file as a whole.
  public var keyPath: String
  /// What is wrong and what is expected.
  public var message: String

  public init(file: String? = nil, probeID: String? = nil, keyPath: String, message: String) {
    self.file = file
    self.probeID = probeID
    self.keyPath = keyPath
    self.message = message
  }

  public var description: String {
    var parts: [String] = []
    if let file { parts.append(file) }
    if let probeID { parts.append("probe \(InputText.quoted(probeID))") }
    if !keyPath.isEmpty { parts.append(keyPath) }
    parts.append(message)
    return parts.joined(separator: ": ")
  }
}
