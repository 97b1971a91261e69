/// How a render makes its files survive a power loss (`barframes render --durability`).
///
/// Every file appears under its name only once complete, whatever the choice: a process killed
/// at any moment leaves whole files or none (``TemporaryFiles``). The choice is only about what
/// reaches stable storage, and when.
public enum Durability: String, CaseIterable, Sendable {
  /// Files are written without a flush each; once every file of the render is named, one
  /// ``StableStorage/flushFileSystem(containing:)`` makes them durable, and then the manifest is
  /// written and flushed with its folder — the render's commit record, as a database commits a
  /// transaction with one journal sync. A power loss before that leaves no manifest (or, for
  /// a render that replaced one, none either: it is removed durably before the first file is
  /// written), which the next render reads as an unfinished render and renders again. While a
  /// long render goes on, a few flushes of the file system on a thread of their own
  /// (``EarlyWriteback``, at most 8) start writing its files back, so that the last one finds
  /// little left to write.
  case render
  /// Every file is flushed before it is named, and its folder after: the rule for one
  /// precious file, and what every render did before ``render``.
  case frame
  /// Nothing is flushed; the system writes the files back when it chooses. A power loss can
  /// leave empty or partial files under final names, and a manifest that does not match them.
  case none
}
