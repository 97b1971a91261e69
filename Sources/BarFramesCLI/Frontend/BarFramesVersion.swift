/// The tool's version, printed by `--version` and written into manifests.
enum BarFramesVersion {
  static let string = "0.1.0"
}
