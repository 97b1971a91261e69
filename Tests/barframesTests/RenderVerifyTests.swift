import BarFrames
import BarFramesExport
import BarFramesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `render --verify` reads and hashes every file the manifest lists — frames, APNG, GIF — and
/// repairs what differs, even when every stat datum says the file is untouched.
@Suite struct RenderVerifyTests {
  static func render(_ arguments: [String]) throws -> CommandRunner.Result {
    try CommandRunner.run(["render"] + arguments)
  }

  /// Flips one byte in the middle of `url` (same size) and sets its access and modification
  /// times back, as a careless copy or a bit rot would leave it; only its change time moves.
  static func flipByte(in url: URL) throws {
    var before = stat()
    try #require(stat(url.path, &before) == 0)
    let bytes = try Data(contentsOf: url)
    let handle = try FileHandle(forWritingTo: url)
    try handle.seek(toOffset: UInt64(bytes.count / 2))
    try handle.write(contentsOf: Data([bytes[bytes.count / 2] ^ 0x5A]))
    try handle.close()
    let times = [before.st_atim, before.st_mtim]
    try #require(utimensat(AT_FDCWD, url.path, times, 0) == 0)
    var after = stat()
    try #require(stat(url.path, &after) == 0)
    try #require(after.st_size == before.st_size && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
  }

  /// Rewrites the folder's index as a forger would: every recorded file's stat data set to
  /// what `lstat` says now, the racily-clean stamp after them, its checksum made right again.
  static func forgeIndex(of out: URL) throws {
    let url = out.appendingPathComponent(".manifest.json.barframes-index")
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    try #require(lines.count > 4 && lines[0] == "barframes-index 1" && lines.last?.hasPrefix("end ") == true)
    var text = "\(lines[0])\n\(lines[1])\nstamp \(Int(Date().timeIntervalSince1970) + 2) 0\n"
    for line in lines[3..<(lines.count - 1)] {
      let parts = line.split(separator: " ", maxSplits: 5).map(String.init)
      guard parts.count == 6, parts[0] != "-", parts[5] != "manifest.json" else {
        text += line + "\n"
        continue
      }
      var info = stat()
      try #require(lstat(out.appendingPathComponent(parts[5]).path, &info) == 0)
      text +=
        "\(info.st_size) \(info.st_dev) \(info.st_ino) \(info.st_ctim.tv_sec) \(info.st_ctim.tv_nsec) \(parts[5])\n"
    }
    text += "end \(SHA256.hex(Array(text.utf8)))\n"
    try Data(text.utf8).write(to: url)
  }

  /// The path of each listed file of `format`, from the folder's manifest.
  static func listedPath(_ format: String, in out: URL) throws -> String {
    let text = try String(contentsOf: out.appendingPathComponent("manifest.json"), encoding: .utf8)
    let manifest = try JSONValue(parsing: text)
    guard case .array(let scenes)? = manifest["scenes"], case .array(let files)? = scenes.first?["files"] else {
      throw CocoaError(.fileReadCorruptFile)
    }
    for file in files where file["format"] == .string(format) {
      // Every file, not only the frames, carries the SHA-256 of its bytes.
      #expect(file["sha256"].map { if case .string(let s) = $0 { s.count == 64 } else { false } } == true)
      if case .string(let path)? = file["path"] { return path }
    }
    throw CocoaError(.fileNoSuchFile)
  }

  @Test(arguments: ["frame", "apng", "gif"])
  func verifyRepairsAFileWhoseStatDataAllSayUntouched(damaged: String) throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("v", in: directory)
    let out = directory.appendingPathComponent("out")
    let arguments = [scene, "-o", out.path, "--format", "png,apng,gif"]
    let first = try Self.render(arguments + ["--quiet"])
    try #require(first.exitCode == 0, "\(first.stderr)")
    // 1 s at 10 fps: frames 0…10, two digits.
    let path = damaged == "frame" ? "v/v-04.png" : try Self.listedPath(damaged, in: out)
    let file = out.appendingPathComponent(path)
    let original = try Data(contentsOf: file)

    // Only the change time tells: a plain render reads the file again and repairs it.
    try Self.flipByte(in: file)
    #expect(try Data(contentsOf: file) != original)
    let plain = try Self.render(arguments)
    #expect(plain.exitCode == 0 && !plain.stderr.contains("skipped"), "\(plain.stderr)")
    #expect(try Data(contentsOf: file) == original, "\(path) not repaired by a plain render")

    // The stat data forged to match: a plain render trusts them, --verify does not.
    try Self.flipByte(in: file)
    try Self.forgeIndex(of: out)
    let trusting = try Self.render(arguments)
    #expect(trusting.stderr.contains("v: unchanged, skipped"), "the forged index was not used: \(trusting.stderr)")
    #expect(try Data(contentsOf: file) != original)
    let verified = try Self.render(arguments + ["--verify"])
    #expect(verified.exitCode == 0, "\(verified.stderr)")
    #expect(!verified.stderr.contains("skipped"), "--verify kept a damaged \(path): \(verified.stderr)")
    #expect(try Data(contentsOf: file) == original, "\(path) not repaired by --verify")

    // Repaired and recorded: both find nothing to do.
    #expect(try Self.render(arguments).stderr.contains("v: unchanged, skipped"))
    #expect(try Self.render(arguments + ["--verify"]).stderr.contains("v: unchanged, skipped"))
  }

  /// A version 2 manifest (its files without SHA-256, no digest) is still read as ours, not
  /// refused as a foreign manifest.json: a render replaces it with version 3.
  @Test func aVersion2ManifestIsStillRead() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let scene = try RenderCommandTests.writeScene("w", in: directory)
    let out = directory.appendingPathComponent("out")
    let arguments = [scene, "-o", out.path, "--format", "png,apng"]
    try #require(try Self.render(arguments + ["--quiet"]).exitCode == 0)
    let url = out.appendingPathComponent("manifest.json")
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.contains(#""version": 3,"#))
    // As version 2 wrote it: no SHA-256 for files, no digest (so no record is trusted).
    var old = text.replacingOccurrences(of: #""version": 3,"#, with: #""version": 2,"#)
    let fileHash = try Regex(#"("bytes": [0-9]+),\n *"sha256": "[0-9a-f]{64}",\n( *"frames")"#)
    old = old.replacing(fileHash) { "\($0.output[1].substring ?? ""),\n\($0.output[2].substring ?? "")" }
    old = old.replacing(try Regex(#",\n  "digest": "[0-9a-f]{64}"\n"#), with: "\n")
    #expect(old.contains(#""format": "apng""#) && !old.contains(#""digest""#))
    try Data(old.utf8).write(to: url)
    let verified = try Self.render(arguments + ["--verify"])
    #expect(verified.exitCode == 0 && !verified.stderr.contains("skipped"), "\(verified.stderr)")
    #expect(try String(contentsOf: url, encoding: .utf8) == text, "not the version 3 manifest again")
  }
}
