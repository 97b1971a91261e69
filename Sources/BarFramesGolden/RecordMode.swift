import Foundation

/// When goldens are written, as swift-snapshot-testing's record modes.
///
/// Every mode that writes a golden also fails the assertion that wrote it, so a run that
/// records is never green: recording cannot be left on by accident, and the new goldens are
/// looked at before they are committed. Run the tests again (without `BARFRAMES_RECORD`) to
/// see them pass.
public enum RecordMode: String, Hashable, Sendable, CaseIterable {
  /// Record a golden that does not exist yet — and fail, so a run is never green by accident.
  /// On CI (`CI=true`) nothing is written: the missing golden just fails.
  case missing
  /// Record every golden, and fail so recording cannot be left on unnoticed.
  case all
  /// Re-record the goldens that do not match (and missing ones), and fail.
  case failed
  /// Never write; missing or different goldens fail.
  case never

  /// The mode from `BARFRAMES_RECORD`, or nil when unset.
  /// - Throws: ``GoldenError/invalidRecordMode(_:)`` for a value that is not a mode; the
  ///   assertions report it as a failure rather than guess.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(GoldenError) -> RecordMode? {
    guard let value = variableValue(environment) else { return nil }
    guard let mode = RecordMode(rawValue: value) else {
      throw .invalidRecordMode(value)
    }
    return mode
  }

  /// `BARFRAMES_RECORD`'s value, or nil when it is unset or empty (as ``fromEnvironment(_:)``
  /// reads it).
  public static func variableValue(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    guard let value = environment["BARFRAMES_RECORD"], !value.isEmpty else { return nil }
    return value
  }

  /// Whether the process runs on CI (`CI=true` or `CI=1`).
  public static func isContinuousIntegration(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Bool {
    ["true", "1", "yes"].contains((environment["CI"] ?? "").lowercased())
  }
}

/// Why a golden check could not even be performed.
public enum GoldenError: Error, Hashable, Sendable, CustomStringConvertible {
  case invalidRecordMode(String)
  case unreadableGolden(path: String, reason: String)
  case cannotWrite(path: String, reason: String)
  case rendering(String)
  /// The tolerance would pass any image (see ``GoldenTolerance/refusal``).
  case refusedTolerance(GoldenTolerance.Refusal)

  public var description: String {
    switch self {
    case .invalidRecordMode(let value):
      "BARFRAMES_RECORD=\(value) is not a record mode; use one of \(RecordMode.allCases.map(\.rawValue).joined(separator: ", "))"
    case .unreadableGolden(let path, let reason):
      "the golden \(path) cannot be compared: \(reason); re-record it with BARFRAMES_RECORD=failed"
    case .cannotWrite(let path, let reason):
      "cannot write \(path): \(reason)"
    case .rendering(let message):
      "rendering failed: \(message)"
    case .refusedTolerance(let refusal):
      "refused tolerance: \(refusal)"
    }
  }
}
