/// What an export reports as it goes, for a progress bar or log lines. Delivered on the thread
/// that called ``Exporter/export(_:progress:)``, in order.
public enum ExportProgress: Sendable {
  /// A scene starts: `frames` frames will be rendered by this shard (for its PNGs or animations).
  case sceneStarted(scene: String, ordinal: Int, sceneCount: Int, frames: Int)
  /// `completed` of the scene's `frames` are done.
  case framesCompleted(scene: String, completed: Int, frames: Int)
  /// A whole-scene file (APNG, GIF, sheet, SVG, HTML) was written; `path` is relative to OUT.
  case fileWritten(scene: String?, format: String, path: String, bytes: Int)
  /// A scene is finished.
  case sceneFinished(scene: String, frames: Int, seconds: Double)
}
