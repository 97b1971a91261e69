import BarFramesGraphics
import BarFramesImageIO
import BarFramesOutput
import Foundation

/// How to render: everything `barframes render` takes besides the scenes and the output folder.
public struct ExportOptions: Sendable {
  /// What the frames are drawn over.
  public enum Background: Hashable, Sendable {
    /// The style's canvas background (transparent when it has none).
    case scene
    /// No background: frames keep alpha.
    case transparent
    /// This colour instead of the style's.
    case color(Color)
  }

  public var formats: ExportFormats = .png
  /// Frames per second; nil uses each scene's.
  public var fps: Double?
  /// Pixels per point (1, 2 or 3); nil uses each scene's.
  public var scale: Int?
  public var background: Background = .scene
  public var selection: FrameSelection = .all
  /// Keep every n-th selected frame.
  public var everyNth = 1
  /// Render worker threads, each with its own Cairo surface and PNG encoder.
  public var jobs = ProcessInfoCores.count
  public var shard = Shard.whole
  /// The PNG encoder's speed/size trade-off (frames, APNG and contact sheet).
  public var pngPreset: PNGCompressionPreset = .fast
  /// How many frames may be rendered ahead of the one the APNG/GIF writers wait for; bounds
  /// memory. nil means four per job.
  public var maximumFramesInFlight: Int?
  /// The animated WebP's lossy quality, 0…100; nil (the default) writes it lossless.
  public var webpQuality: Int?
  /// How many frames the contact sheet shows (fewer if the selection is shorter).
  public var sheetFrameCount = 12
  /// When files reach stable storage: once for the whole render by default (``Durability``).
  public var durability = Durability.render
  /// Whether a scene that the output folder's manifest shows unchanged — same inputs, files
  /// untouched — is left as it is rather than rendered again (``Exporter/export(_:sources:progress:)``
  /// needs the scenes' ``SceneSources`` for it). False renders every scene (`--force`).
  public var skipsUnchangedScenes = true
  /// The largest animated SVG written, in bytes; a scene whose animated SVG would be larger gets
  /// every other format and a ``ExportProgress/fileSkipped(scene:format:reason:)`` saying why.
  public var animatedSVGByteLimit = 8 << 20
  /// Whether a render into a folder another BarFrames writer holds waits for it
  /// (``ExportProgress/waitingForFolder(holder:)`` says for whom) or fails at once with
  /// ``ExportError/folderBusy(path:holder:)`` (`--no-wait`).
  public var waitsForFolder = true
  /// Whether the unchanged check reads and compares every listed frame instead of trusting
  /// the stat data the folder's index recorded (`--verify`).
  public var verifiesFiles = false
  /// How the folder's lock file names this writer to another one.
  public var command = "barframes render"

  public init() {}

  var inFlightLimit: Int { max(2, maximumFramesInFlight ?? 4 * max(1, jobs)) }
}

/// The machine's core count, the default for `--jobs`.
public enum ProcessInfoCores {
  public static var count: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
