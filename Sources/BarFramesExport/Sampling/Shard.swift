/// One of `n` machines' share of a render (`--shard i/n`, `i` from 1).
///
/// Every machine runs the same command with its own `i` (``ShardEnvironment`` reads it from a
/// job runner for `--shard auto`). The PNG frames are dealt out by position (frame positions `p`
/// with `p mod n = i − 1`), so each machine draws about 1/n of every scene; the SVG previews and
/// contact sheet of scene `k` of the sorted list belong to shard `k mod n + 1`, and shard 1
/// writes `index.html`. No shard writes an APNG, GIF or WebP: ``ShardMerge`` builds them from
/// the merged PNG frames, and its output is, byte for byte, that of one unsharded run.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
  /// 1…count.
  public let index: Int
  public let count: Int

  /// The whole job on one machine.
  public static let whole = Shard(uncheckedIndex: 1, count: 1)

  private init(uncheckedIndex index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// Shard `index` of `count`.
  /// - Throws: ``ExportError/invalidShard(_:)`` unless `1 ≤ index ≤ count`.
  public init(index: Int, count: Int) throws(ExportError) {
    guard count >= 1, (1...count).contains(index) else {
      throw .invalidShard("'--shard' must be i/n with 1 ≤ i ≤ n, got \(index)/\(count)")
    }
    self.init(uncheckedIndex: index, count: count)
  }

  /// Parses `i/n`.
  public init(parsing text: String) throws(ExportError) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
      throw .invalidShard("'--shard' must be i/n with 1 ≤ i ≤ n (for example 2/4), got '\(text)'")
    }
    try self.init(index: i, count: n)
  }

  /// Whether this shard writes the PNG of the frame at `position` in a scene's selection.
  public func ownsFrame(atPosition position: Int) -> Bool { position % count == index - 1 }

  /// Whether this shard writes the whole-scene files of scene number `sceneOrdinal` (from 0).
  public func ownsSceneFiles(sceneOrdinal: Int) -> Bool { sceneOrdinal % count == index - 1 }

  /// Whether this shard writes the gallery page.
  public var ownsGallery: Bool { index == 1 }

  public var description: String { "\(index)/\(count)" }
}
