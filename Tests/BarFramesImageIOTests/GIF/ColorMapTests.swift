import Testing

@testable import BarFramesImageIO

/// The GIF writer's colour tallies and nearest-colour cache, against a `Dictionary`.
@Suite struct ColorMapTests {
  /// Thousands of colours (so the table doubles several times), many sharing their low or
  /// high bits, looked up after every growth; colours never added stay missing.
  @Test func matchesADictionaryThroughGrowth() {
    var map = ColorMap<Int>()
    var reference: [UInt32: Int] = [:]
    var order: [UInt32] = []
    #expect(map.isEmpty)
    for i in 0..<5_000 {
      let color: UInt32 = i % 2 == 0 ? UInt32(i) << 12 : 0xFF_FFFF - UInt32(i)
      #expect(map.entry(of: color) == nil)
      let entry = map.entry(of: color, adding: i)
      #expect(entry == i, "entries are numbered in the order added")
      #expect(map.entry(of: color, adding: -1) == i, "adding again finds the entry and keeps its value")
      reference[color] = i
      order.append(color)
      if i.nonzeroBitCount == 1 || i == 4_999 {
        for (color, value) in reference { #expect(map[color] == value) }
      }
    }
    #expect(map.colors == order)
    #expect(map.values == Array(0..<5_000))
    for color: UInt32 in [1, 1 << 12 | 1, 0xFF_FFFE, 0x12_3456, 0xFF_FFFF] where reference[color] == nil {
      #expect(map[color] == nil)
    }
    map.add(order[7], 70)
    map.values[map.entry(of: order[8])!] += 1
    #expect(map[order[7]] == 70 && map[order[8]] == 9 && map.colors.count == 5_000)
  }
}
