import BarFramesJSON
import BarFramesTestSupport
import CZlib
import Foundation
import Testing

@testable import BarFramesImageIO

/// Sizes that could outgrow the fields the formats store them in: each is either refused with an
/// error or shown, from the input limits, never to get there. Nothing here writes gigabytes.
@Suite struct FieldLimitTests {
  static func frame(_ seed: Int) -> RGBAImage {
    var image = RGBAImage(width: 16, height: 16)
    for y in 0..<16 {
      for x in 0..<16 {
        let v = UInt8(truncatingIfNeeded: (x * 37 + y * 91 + seed * 53) ^ (x * y + seed))
        image[x, y] = .init(red: v, green: v &* 3, blue: v &+ 77, alpha: 255)
      }
    }
    return image
  }

  /// RIFF stores the file's size less 8 in 32 bits: a write that would pass it throws, having
  /// written nothing past the limit (shown with a limit small enough to reach).
  @Test func aWebPPastRIFFsSizeFieldThrowsInsteadOfTrapping() throws {
    let writer = try WebPWriter(
      sink: MemoryByteSink(), width: 16, height: 16, timestamps: WebPTimestamps(framesPerSecond: 10))
    writer.sizeLimit = 3000
    var thrown: WebPError?
    for n in 0..<40 {
      do {
        try writer.append(Self.frame(n))
      } catch let error as WebPError {
        thrown = error
        break
      }
    }
    if thrown == nil {
      do { try writer.finish() } catch let error as WebPError { thrown = error }
    }
    let error = try #require(thrown)
    if case .tooLarge(let bytes, let limit) = error {
      #expect(limit == 3000 && bytes > 3000)
    } else {
      Issue.record("expected tooLarge, got \(error)")
    }
    #expect(writer.sink.bytes.count <= 3000)
    #expect(error.description.contains("past RIFF's limit of 3000 bytes (4 GiB)"))
    // The real limit is the largest even size the 32-bit field holds, plus its 8 bytes.
    #expect(WebPWriter<MemoryByteSink>.riffLimit - 8 == Int(UInt32.max) - 1)
  }

  /// APNG sequence numbers (fcTL and each fdAT) must stay below 2³¹: with at most
  /// `InputLimits.frames` frames of `InputLimits.framePixels` RGBA pixels, each frame's data
  /// (at worst deflate's bound of the filtered rows) in chunks of `maximumChunkSize`, they do.
  @Test func apngSequenceNumbersStayBelowTheirLimitAtTheInputLimits() {
    let side = 4096
    #expect(side * side == InputLimits.framePixels)
    let filtered = side * (1 + side * 4)
    let worstData = Int(compressBound(uLong(filtered)))
    let chunksPerFrame = 1 + (worstData + PNGEncoder.maximumChunkSize - 1) / PNGEncoder.maximumChunkSize
    #expect(InputLimits.frames * chunksPerFrame < Int(Int32.max))
    // And every chunk's length fits PNG's 31 bits.
    #expect(PNGEncoder.maximumChunkSize < Int(Int32.max))
  }

  /// GIF's 16-bit sides hold the widest frame the limits allow (4096 pt at @3x).
  @Test func theWidestFrameFitsGIFsSixteenBitSides() throws {
    #expect(Int(InputLimits.canvasPoints) * 3 <= 0xFFFF)
    #expect(throws: GIFError.self) { try GIFWriter(sink: MemoryByteSink(), width: 0x10000, height: 1) }
    _ = try GIFWriter(sink: MemoryByteSink(), width: 0xFFFF, height: 1)
  }
}
