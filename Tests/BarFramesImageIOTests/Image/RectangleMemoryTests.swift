import Foundation
import Testing

@testable import BarFramesImageIO

/// The memory of encoded rectangles gives an encoding back only for exactly the same pixels,
/// wherever they lie in an image; keeps only small rectangles; forgets the oldest first when
/// its bytes run out; and serves several threads at once.
@Suite struct RectangleMemoryTests {
  static func rectangle(_ seed: UInt8, width: Int = 3, height: Int = 2) -> RGBAImage {
    RGBAImage(
      width: width, height: height, pixels: (0..<(width * height * 4)).map { UInt8(truncatingIfNeeded: $0) &+ seed })
  }

  /// Looks `image` up whole and remembers `value` for it if it is not found.
  @discardableResult
  static func recall(_ memory: RectangleMemory<Int>, _ image: RGBAImage, orKeep value: Int, bytes: Int = 0) -> Int? {
    let lookup = memory.lookUp(image.bounds, of: image)
    if lookup.encoding == nil { memory.remember(value, bytes: bytes, for: lookup, region: image.bounds, of: image) }
    return lookup.encoding
  }

  @Test func theSamePixelsGiveTheKeptEncodingAndNothingElseDoes() {
    let memory = RectangleMemory<Int>()
    let a = Self.rectangle(1)
    #expect(Self.recall(memory, a, orKeep: 7) == nil)
    #expect(Self.recall(memory, Self.rectangle(1), orKeep: 8) == 7)
    var changed = a
    changed[2, 1] = .init(red: 0, green: 0, blue: 0, alpha: 0)  // the last pixel only
    #expect(memory.lookUp(changed.bounds, of: changed).encoding == nil)
    // The same bytes in another shape are other pixels.
    let reshaped = RGBAImage(width: 2, height: 3, pixels: a.pixels)
    #expect(memory.lookUp(reshaped.bounds, of: reshaped).encoding == nil)
    #expect(memory.found == 1)
  }

  @Test func aRectangleIsFoundWhereverItLies() {
    let memory = RectangleMemory<Int>()
    let a = TestImages.noise(width: 9, height: 5, opaque: false, seed: 3)
    var framed = TestImages.noise(width: 30, height: 20, opaque: true, seed: 4)
    for y in 0..<5 { for x in 0..<9 { framed[11 + x, 7 + y] = a[x, y] } }
    let inFrame = PixelRect(x: 11, y: 7, width: 9, height: 5)
    // Kept from inside the frame, found as an image of its own, and the other way round.
    let lookup = memory.lookUp(inFrame, of: framed)
    #expect(lookup.encoding == nil)
    memory.remember(42, bytes: 1, for: lookup, region: inFrame, of: framed)
    #expect(memory.lookUp(a.bounds, of: a).encoding == 42)
    #expect(memory.lookUp(PixelRect(x: 10, y: 7, width: 9, height: 5), of: framed).encoding == nil)
    #expect(memory.lookUp(inFrame, of: framed).encoding == 42)
  }

  @Test func onlySmallRectanglesAreKept() {
    let memory = RectangleMemory<Int>()
    let large = TestImages.noise(width: 65, height: 64, opaque: true, seed: 1)
    #expect(large.width * large.height > RectangleMemory<Int>.largestArea)
    Self.recall(memory, large, orKeep: 1)
    #expect(memory.lookUp(large.bounds, of: large).encoding == nil)
    #expect(memory.count == 0)
    let largest = TestImages.noise(width: 64, height: 64, opaque: true, seed: 1)
    Self.recall(memory, largest, orKeep: 2)
    #expect(memory.lookUp(largest.bounds, of: largest).encoding == 2)
  }

  @Test func theOldestAreForgottenWhenTheBytesRunOut() {
    // Each entry costs its 24 bytes of pixels, its encoding's 40 bytes and 64 of bookkeeping:
    // 128 bytes, so a budget of 640 holds five.
    let memory = RectangleMemory<Int>(byteBudget: 640)
    for k in 0..<5 { Self.recall(memory, Self.rectangle(UInt8(k)), orKeep: k, bytes: 40) }
    #expect(memory.count == 5)
    // Found again, rectangle 0 stays the oldest: the first in is the first out.
    #expect(Self.recall(memory, Self.rectangle(0), orKeep: -1) == 0)
    Self.recall(memory, Self.rectangle(200), orKeep: 200, bytes: 40)
    #expect(memory.count == 5)
    #expect(memory.lookUp(Self.rectangle(0).bounds, of: Self.rectangle(0)).encoding == nil)
    for k in 1..<5 {
      #expect(memory.lookUp(Self.rectangle(UInt8(k)).bounds, of: Self.rectangle(UInt8(k))).encoding == k)
    }
    // An encoding larger than the whole budget is not kept, and forgets nothing.
    Self.recall(memory, Self.rectangle(201), orKeep: 201, bytes: 1000)
    #expect(memory.count == 5)
  }

  /// Four threads remember and look up the same 64 rectangles at once: every one found
  /// carries its own value (the lock keeps entries whole), and after the first round each is
  /// found.
  @Test func threadsShareOneMemory() async {
    let memory = RectangleMemory<Int>()
    let images = (0..<64).map { Self.rectangle(UInt8($0), width: 16, height: 16) }
    await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<4 {
        group.addTask {
          var consistent = true
          for round in 0..<20 {
            for (k, image) in images.enumerated() {
              let found = Self.recall(memory, image, orKeep: k)
              if found != nil && found != k { consistent = false }
              if round > 0 && found == nil { consistent = false }
            }
          }
          return consistent
        }
      }
      for await consistent in group { #expect(consistent) }
    }
    #expect(memory.count == 64)
  }
}
