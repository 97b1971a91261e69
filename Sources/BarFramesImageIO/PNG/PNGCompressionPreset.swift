import CZlib

/// How hard the PNG encoder works: the `--png` flag's values.
///
/// Measured on flat-colour 750×120 progress-bar frames (see the tests and `barframes bench`):
/// `fast` is several times quicker than libpng's defaults (`cairo_surface_write_to_png`) for a few
/// percent more bytes; `small` is slowest and smallest. All three decode to identical pixels.
public enum PNGCompressionPreset: String, Sendable, CaseIterable, CustomStringConvertible {
  /// zlib level 1 with the Up filter on every row after the first, and the `Z_RLE` strategy.
  ///
  /// A bar's rows repeat, so Up turns them into runs of zeros that run-length matching
  /// compresses almost as well as a full LZ77 search, at a fraction of the cost.
  case fast
  /// zlib level 6 with a per-row choice between None, Sub and Up (smallest sum of absolute
  /// differences) — libpng's heuristic without the costlier Average and Paeth candidates.
  case balanced
  /// zlib level 9 (memLevel 9) with a per-row choice among all five filters, as libpng does.
  case small

  public var description: String { rawValue }

  var zlibLevel: Int32 {
    switch self {
    case .fast: 1
    case .balanced: 6
    case .small: 9
    }
  }

  var zlibStrategy: Int32 {
    switch self {
    case .fast: Z_RLE
    case .balanced, .small: Z_DEFAULT_STRATEGY
    }
  }

  var zlibMemoryLevel: Int32 {
    switch self {
    case .fast, .balanced: 8
    case .small: 9
    }
  }

  var filterChoice: PNGRowFilter.Choice {
    switch self {
    case .fast: .upAfterFirstRow
    case .balanced: .adaptive([.none, .sub, .up])
    case .small: .adaptive(PNGRowFilter.allCases)
    }
  }
}
