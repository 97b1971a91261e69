import CZlib

/// How hard the PNG encoder works: the `--png` flag's values.
///
/// `fast` is made for the flat-colour frames BarFrames draws and spends the least time, `small`
/// spends the most for the fewest bytes, `balanced` lies between. All three decode to identical
/// pixels. What each costs against libpng's defaults (`cairo_surface_write_to_png`):
/// docs/performance.md.
public enum PNGCompressionPreset: String, Sendable, CaseIterable, CustomStringConvertible {
  /// zlib's run-length parse (`Z_RLE`, level 1), by ``RunLengthDeflater`` in a fraction of
  /// zlib's time, with Up for rows that repeat the row above and Sub for the others.
  ///
  /// A flat-colour frame is made of repeated rows and runs of one colour; this filter choice
  /// turns both into zeros, which run-length matching (distance 1 only) encodes almost for free.
  /// That is why it suits flat bars and not photographic content, which compresses poorly
  /// with it.
  case fast
  /// zlib level 6 with a per-row choice between None, Sub and Up (smallest sum of absolute
  /// differences) — libpng's heuristic without the costlier Average and Paeth candidates.
  case balanced
  /// zlib level 9 (memLevel 9) with a per-row choice among all five filters, as libpng does.
  case small

  public var description: String { rawValue }

  package var zlibLevel: Int32 {
    switch self {
    case .fast: 1
    case .balanced: 6
    case .small: 9
    }
  }

  package var zlibStrategy: Int32 {
    switch self {
    case .fast: Z_RLE
    case .balanced, .small: Z_DEFAULT_STRATEGY
    }
  }

  package var zlibMemoryLevel: Int32 {
    switch self {
    case .fast, .balanced: 8
    case .small: 9
    }
  }

  package var filterChoice: PNGRowFilter.Choice {
    switch self {
    case .fast: .upIfRepeatedElseSub
    case .balanced: .adaptive([.none, .sub, .up])
    case .small: .adaptive(PNGRowFilter.allCases)
    }
  }
}
