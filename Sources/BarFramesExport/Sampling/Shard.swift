/// One of `n` machines' share of a render (`--shard i/n`, `i` from 1).
///
/// Every machine runs the same command with its own `i` and writes into the same layout: the
/// PNG frames are dealt out by position (frame positions `p` with `p mod n = i − 1`), and the
/// files that need a whole scene — APNG, GIF, contact sheet, SVG previews — are owned by one
/// shard per scene (scene `k` of the sorted list by shard `k mod n + 1`), so the scenes spread
/// over the machines. Shard 1 also writes `index.html`. The union of all shards' outputs is,
/// byte for byte, the output of one unsharded run.
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
