/// The limits every input file is held to, stated once: both readers (styles and scenes, and
/// timing probes) and the timeline check against these, and each refusal is one line naming
/// the file, the key and the limit (exit 65). The README's "Limits" lists them.
public enum InputLimits {
  /// The largest input file (style, scene or timing probe), in bytes: 16 MiB.
  public static let fileSize = 16 << 20
  /// The deepest nesting of arrays and objects in an input file.
  public static let nestingDepth = 512
  /// The most events a scene may expand to, repetitions included.
  public static let events = 100_000
  /// The most layers in a timing probe's clock chain.
  public static let probeLayers = 64
  /// The largest canvas side, in points.
  public static let canvasPoints = 4096.0
  /// The most frames one render draws of one scene, `--every-nth` applied: 100 000 (27 min 46 s at
  /// 60 fps). A scene may be longer (3600 s at up to 240 fps); `--time`, `--frames` and
  /// `--every-nth` render part of it. `still`, `inspect` and goldens draw single frames.
  public static let frames = 100_000
  /// The most pixels one frame may have (canvas × scale²): 16 777 216, 64 MiB as RGBA, so each
  /// render job's surface stays bounded whatever the canvas and scale.
  public static let framePixels = 4096 * 4096
  /// The widest and tallest icon image (a PNG a style names), in pixels.
  public static let iconSide = 4096
  /// The most bytes an icon may take decoded, as 8-bit RGBA: 4 MiB (1024 × 1024 pixels).
  public static let iconDecodedBytes = 4 << 20
  /// The most internal timer firings (a design's scheduled work) one scene may set off.
  public static let timerFirings = 100_000
}
