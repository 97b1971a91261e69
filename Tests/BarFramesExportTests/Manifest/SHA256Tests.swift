import BarFramesExport
import BarFramesTestSupport
import Foundation
import Testing

@Suite struct SHA256Tests {
  @Test func matchesTheFIPSVectors() {
    #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// The million-`a` vector fed in pieces that straddle the 64-byte blocks (1, 63, 65, 1000…),
  /// and read from a file in the 256 KiB chunks an animation is hashed in.
  @Test func piecesAndFilesHashAsOneBuffer() throws {
    let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    var hasher = SHA256.Hasher()
    var offset = 0
    for size in [1, 63, 65, 0, 64, 1000, 7].cycled(until: message.count) {
      let end = min(message.count, offset + size)
      message[offset..<end].withUnsafeBytes { hasher.update($0) }
      offset = end
    }
    let digest = hasher.finalize()
    #expect(digest.map { String(format: "%02x", $0) }.joined() == expected)

    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("a.bin")
    try Data(message).write(to: file)
    #expect(SHA256.hex(ofFileAt: file.path) == expected)
    #expect(SHA256.hex(ofFileAt: directory.appendingPathComponent("missing").path) == nil)
    // A FIFO where a listed file was is no file to hash, and opening it must not wait for a writer.
    let fifo = directory.appendingPathComponent("fifo")
    try #require(mkfifo(fifo.path, 0o644) == 0)
    #expect(SHA256.hex(ofFileAt: fifo.path) == nil)
  }
}

extension Array where Element == Int {
  /// The sizes over and over until they add up to at least `total`.
  fileprivate func cycled(until total: Int) -> [Int] {
    var sizes: [Int] = []
    var sum = 0
    while sum < total {
      for size in self {
        sizes.append(size)
        sum += size
      }
    }
    return sizes
  }
}
