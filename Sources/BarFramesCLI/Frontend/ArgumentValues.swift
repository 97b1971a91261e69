import ArgumentParser
import BarFramesExport
import BarFramesGraphics
import BarFramesImageIO

/// A command-line value that swift-argument-parser reads, and that says why it refuses a text.
///
/// `init(argument:)` makes it an `ExpressibleByArgument`; options pass `init(validating:)` as
/// their `transform`, so the parser's message carries the reason:
/// `The value '-1' is invalid for '--at <T>': must be a time in seconds ≥ 0`, exit 64.
/// Checks that need the scene (a time past its end) come later, when the scene is loaded.
protocol ValidatedArgument: ExpressibleByArgument {
  init(validating text: String) throws(ValidationError)
}

extension ValidatedArgument {
  init?(argument: String) { try? self.init(validating: argument) }
}

/// A time in seconds: finite and ≥ 0 (`--at`).
struct Seconds: ValidatedArgument, Hashable {
  var value: Double

  init(_ value: Double) { self.value = value }

  init(validating text: String) throws(ValidationError) {
    guard let value = Double(text), value.isFinite, value >= 0 else {
      throw ValidationError("must be a time in seconds ≥ 0")
    }
    self.value = value
  }
}

/// An interval `A-B` in seconds with 0 ≤ A ≤ B (`--time`).
struct SecondsInterval: ValidatedArgument, Hashable {
  var range: ClosedRange<Double>

  init(validating text: String) throws(ValidationError) {
    range = try Self.interval(text, unit: "seconds", example: "0.5-1.5")
  }

  /// Parses `A-B` of finite numbers with 0 ≤ A ≤ B; `example` is shown when it is not one.
  static func interval(_ text: String, unit: String, example: String) throws(ValidationError) -> ClosedRange<Double> {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite, a >= 0 else {
      throw ValidationError("takes A-B in \(unit) with 0 ≤ A ≤ B (for example \(example))")
    }
    guard a <= b else { throw ValidationError("must not end before it starts") }
    return a...b
  }
}

/// Frames `A-B` of a scene's sequence, whole numbers with 0 ≤ A ≤ B (`--frames`).
struct FrameNumbers: ValidatedArgument, Hashable {
  /// The largest frame number accepted, well past any scene's frame count.
  static let limit = 999_999_999
  var range: ClosedRange<Int>

  init(validating text: String) throws(ValidationError) {
    let interval = try SecondsInterval.interval(text, unit: "frame numbers", example: "0-120")
    guard interval.lowerBound == interval.lowerBound.rounded(), interval.upperBound == interval.upperBound.rounded(),
      interval.upperBound <= Double(Self.limit)
    else {
      throw ValidationError("takes whole frame numbers A-B up to \(Self.limit)")
    }
    range = Int(interval.lowerBound)...Int(interval.upperBound)
  }
}

/// A fraction of the duration, `P`, or the interval between two, `P-Q`, all in 0…1 (`--progress`).
enum DurationFraction: ValidatedArgument, Hashable {
  case point(Double)
  case interval(ClosedRange<Double>)

  init(validating text: String) throws(ValidationError) {
    if let value = Double(text) {
      guard value >= 0, value <= 1 else { throw ValidationError("must be a fraction between 0 and 1") }
      self = .point(value)
    } else {
      let range = try SecondsInterval.interval(text, unit: "fractions", example: "0.25-0.75")
      guard range.upperBound <= 1 else { throw ValidationError("fractions must be between 0 and 1") }
      self = .interval(range)
    }
  }

  var selection: FrameSelection {
    switch self {
    case .point(let p): .progress(p)
    case .interval(let range): .progressRange(range)
    }
  }
}

/// Pixels per point of raster output: 1, 2 or 3 (`--scale`).
struct PixelScale: ValidatedArgument, Hashable {
  var value: Int

  init(_ value: Int) { self.value = value }

  init(validating text: String) throws(ValidationError) {
    guard let value = Int(text), (1...3).contains(value) else { throw ValidationError("must be 1, 2 or 3") }
    self.value = value
  }

  static var allValueStrings: [String] { ["1", "2", "3"] }
  var defaultValueDescription: String { String(value) }
}

/// Frames per second in (0, 240]; fractional rates such as 29.97 are kept (`--fps`).
struct FramesPerSecond: ValidatedArgument, Hashable {
  var value: Double

  init(validating text: String) throws(ValidationError) {
    guard let value = Double(text), value.isFinite, value > 0, value <= 240 else {
      throw ValidationError("must be a number of frames per second in (0, 240]")
    }
    self.value = value
  }
}

/// What frames are drawn over: a colour, or `transparent` (`--background`).
struct BackgroundArgument: ValidatedArgument, Hashable {
  var background: ExportOptions.Background

  init(validating text: String) throws(ValidationError) {
    if text.lowercased() == "transparent" {
      background = .transparent
      return
    }
    do {
      background = .color(try Color(parsing: text))
    } catch {
      throw ValidationError("must be a colour or 'transparent': \(error.description)")
    }
  }
}

/// A comma-separated list of output formats (`--format`).
struct FormatList: ValidatedArgument, Hashable {
  var formats: ExportFormats

  init(_ formats: ExportFormats) { self.formats = formats }

  init(validating text: String) throws(ValidationError) {
    do {
      formats = try ExportFormats(parsing: text)
    } catch {
      throw ValidationError(error.description)
    }
  }
}

/// When a render's files reach stable storage (`--durability`).
struct DurabilityArgument: ValidatedArgument, Hashable {
  var durability: Durability

  init(_ durability: Durability) { self.durability = durability }

  init(validating text: String) throws(ValidationError) {
    guard let durability = Durability(rawValue: text.lowercased()) else {
      throw ValidationError("must be render, frame or none")
    }
    self.durability = durability
  }

  static var allValueStrings: [String] { Durability.allCases.map(\.rawValue) }
  var defaultValueDescription: String { durability.rawValue }
}

/// The PNG encoder's speed/size trade-off (`--png`).
struct PNGPresetArgument: ValidatedArgument, Hashable {
  var preset: PNGCompressionPreset

  init(_ preset: PNGCompressionPreset) { self.preset = preset }

  init(validating text: String) throws(ValidationError) {
    guard let preset = PNGCompressionPreset(rawValue: text.lowercased()) else {
      throw ValidationError("must be fast, balanced or small")
    }
    self.preset = preset
  }

  static var allValueStrings: [String] { ["fast", "balanced", "small"] }
  var defaultValueDescription: String { preset.rawValue }
}
