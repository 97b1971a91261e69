import Testing

@testable import BarFramesImageIO

@Suite struct ColorSlotsTests {
  /// 256 colours chosen to collide (multiples of 1024 share the low bits), looked up against
  /// a Dictionary holding the same, and colours never stored missing.
  @Test func lookupsMatchADictionary() {
    var slots = ColorSlots()
    var reference: [UInt32: UInt8] = [:]
    for i in 0..<256 {
      let color: UInt32 = i % 2 == 0 ? UInt32(i * 1024) : 0xFF_FFFF - UInt32(i * 7)
      slots.insert(color, UInt8(255 - i))
      reference[color] = UInt8(255 - i)
    }
    #expect(slots.count == 256)
    for (color, value) in reference { #expect(slots[color] == value) }
    for color: UInt32 in [1, 1023, 1025, 0xFF_FFFE, 0x12_3456] where reference[color] == nil {
      #expect(slots[color] == nil)
    }
  }
}
