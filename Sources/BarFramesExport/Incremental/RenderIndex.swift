import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `lstat` says of a file, as git's index keeps it: size, device, inode and inode change
/// time to the nanosecond. The system moves the change time on every write, truncation,
/// rename, link or `chmod` of the file and no call sets it back, and a file replaced by another
/// has another inode: a file whose stat data are those recorded has not been touched since.
struct FileStat: Hashable, Sendable {
  var bytes: Int
  var device: UInt64
  var inode: UInt64
  var changedSeconds: Int
  var changedNanoseconds: Int

  /// The stat data of the regular file at `path` (not followed if it is a link); nil for
  /// anything else or nothing.
  init?(path: String) {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    bytes = Int(info.st_size)
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    changedSeconds = Int(info.st_ctim.tv_sec)
    changedNanoseconds = Int(info.st_ctim.tv_nsec)
  }

  init(bytes: Int, device: UInt64, inode: UInt64, changedSeconds: Int, changedNanoseconds: Int) {
    self.bytes = bytes
    self.device = device
    self.inode = inode
    self.changedSeconds = changedSeconds
    self.changedNanoseconds = changedNanoseconds
  }

  /// Whether the file changed at or after `instant` (seconds, nanoseconds).
  func changed(notBefore instant: (Int, Int)) -> Bool { (changedSeconds, changedNanoseconds) >= instant }
}

/// The index of an output folder, `.<manifest>.barframes-index` beside its manifest: every file
/// BarFrames wrote there and still owns, each with its ``FileStat`` when the manifest it is
/// bound to vouches for its bytes.
///
/// It is the render's journal and git's index in one. Before a render touches a file it
/// writes the index listing every path it may write (``RenderJournal``): a render killed
/// before its manifest leaves frames that the index still owns, so the next render may replace
/// or remove them, and files no record lists are never touched. After the render it lists the
/// files of the new manifest with their stat data, bound to that manifest by its digest
/// (``ExportManifest/hasValidDigest(_:)``): stat data of a manifest that is not the one on disk
/// (a power loss kept the older one) are not used, and the files are re-hashed instead.
///
/// Text, one file a line, `-` for an owned file without trusted stat data:
/// ```
/// barframes-index 1
/// manifest 3f…(64 hex) | -
/// stamp 1767000000 123456789
/// 412 2049 1234567 1767000000 12345678 bar/bar-00@2x.png
/// - bar/bar-01@2x.png
/// end 9c…(SHA-256 of every line before)
/// ```
/// An index that does not read to its `end` line with the right digest (cut short, zeroed by
/// a power loss, edited) is ignored as a whole.
struct RenderIndex: Sendable {
  /// The manifest's own digest this index's stat data belong to; nil when they belong to none.
  var manifestDigest: String?
  /// A moment after every recorded file was named: a recorded change time not before it is
  /// "racily clean" (it could hide a change within the same clock tick) and is re-hashed.
  var stamp: (Int, Int) = (0, 0)
  /// Every owned file, relative to the folder, with its stat data when trusted.
  var files: [String: FileStat?] = [:]

  /// The index file of the manifest named `manifestName`.
  static func fileName(for manifestName: String) -> String { ".\(manifestName).barframes-index" }

  /// The manifest an index file belongs to, or nil when `name` is not an index's.
  static func manifestName(ofIndex name: String) -> String? {
    guard name.hasPrefix("."), name.hasSuffix(".barframes-index") else { return nil }
    return String(name.dropFirst().dropLast(".barframes-index".count))
  }

  init(manifestDigest: String?, stamp: (Int, Int), files: [String: FileStat?]) {
    self.manifestDigest = manifestDigest
    self.stamp = stamp
    self.files = files
  }

  /// The index's text.
  func serializedBytes() -> [UInt8] {
    var text = "barframes-index 1\nmanifest \(manifestDigest ?? "-")\nstamp \(stamp.0) \(stamp.1)\n"
    for path in files.keys.sorted() {
      if let stat = files[path] ?? nil {
        text +=
          "\(stat.bytes) \(stat.device) \(stat.inode) \(stat.changedSeconds) \(stat.changedNanoseconds) \(path)\n"
      } else {
        text += "- \(path)\n"
      }
    }
    var bytes = Array(text.utf8)
    bytes += Array("end \(SHA256.hex(bytes))\n".utf8)
    return bytes
  }

  /// Reads an index file; nil when it is missing or not whole.
  init?(contentsOf url: URL) {
    guard let data = try? Data(contentsOf: url), data.count < ExportManifest.maximumFileSize else { return nil }
    self.init(bytes: Array(data))
  }

  init?(bytes: [UInt8]) {
    // The last line: "end <64 hex>\n".
    let endLength = 4 + 64 + 1
    guard bytes.count > endLength, bytes.last == UInt8(ascii: "\n") else { return nil }
    let body = Array(bytes[..<(bytes.count - endLength)])
    let end = String(decoding: bytes[(bytes.count - endLength)...], as: UTF8.self)
    guard end == "end \(SHA256.hex(body))\n" else { return nil }
    let lines = String(decoding: body, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 4, lines[0] == "barframes-index 1", lines.last == "" else { return nil }
    let manifestLine = lines[1].split(separator: " ")
    guard manifestLine.count == 2, manifestLine[0] == "manifest" else { return nil }
    manifestDigest = manifestLine[1] == "-" ? nil : String(manifestLine[1])
    let stampLine = lines[2].split(separator: " ")
    guard stampLine.count == 3, stampLine[0] == "stamp", let s = Int(stampLine[1]), let ns = Int(stampLine[2]) else {
      return nil
    }
    stamp = (s, ns)
    for line in lines[3..<(lines.count - 1)] {
      if line.hasPrefix("- ") {
        files[String(line.dropFirst(2))] = .some(nil)
        continue
      }
      let parts = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false)
      guard parts.count == 6, let size = Int(parts[0]), let device = UInt64(parts[1]), let inode = UInt64(parts[2]),
        let seconds = Int(parts[3]), let nanoseconds = Int(parts[4])
      else { return nil }
      files[String(parts[5])] = FileStat(
        bytes: size, device: device, inode: inode, changedSeconds: seconds, changedNanoseconds: nanoseconds)
    }
  }
}
