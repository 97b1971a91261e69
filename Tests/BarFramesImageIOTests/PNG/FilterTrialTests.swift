import Testing

@testable import BarFramesImageIO

/// `encodeImageDataTryingFilters` keeps the row-filter choice whose compressed stream is
/// smallest: the preset's per-row heuristic, None on every row or Sub on every row.
@Suite struct FilterTrialTests {
  static let images: [RGBAImage] = [
    TestImages.transparentBar(width: 22, height: 20), TestImages.gradient(width: 64, height: 48),
    TestImages.noise(width: 30, height: 12, opaque: false), TestImages.flatBar(width: 90, height: 16),
  ]
  static var choices: [PNGRowFilter.Choice] {
    [PNGCompressionPreset.small.filterChoice, .adaptive([.none]), .adaptive([.sub])]
  }

  @Test func keepsTheSmallestOfTheThreeChoicesAndDecodesExactly() throws {
    let encoder = try PNGEncoder(preset: .small)
    for image in Self.images {
      let sizes = try Self.choices.map { try encoder.encodeImageData(image, colorType: .rgba, filters: $0).zdata.count }
      let tried = try encoder.encodeImageDataTryingFilters(image, colorType: .rgba)
      #expect(tried.zdata.count == sizes.min()!, "\(image.width)×\(image.height): \(sizes)")
      #expect(try PNGDecoder.decode(PNGEncoder.pngFile(from: tried)) == image)
    }
  }

  @Test func aRankingEncoderPicksTheChoiceAndThisEncoderCompressesIt() throws {
    let encoder = try PNGEncoder(preset: .small)
    let ranking = try PNGEncoder(preset: .balanced)
    var beatsTheHeuristic = false
    for image in Self.images {
      let ranked = try Self.choices.map {
        try ranking.encodeImageData(image, colorType: .rgba, filters: $0).zdata.count
      }
      let pick = Self.choices[ranked.firstIndex(of: ranked.min()!)!]
      let expected = try encoder.encodeImageData(image, colorType: .rgba, filters: pick)
      let tried = try encoder.encodeImageDataTryingFilters(image, colorType: .rgba, ranking: ranking)
      #expect(tried == expected)
      #expect(try PNGDecoder.decode(PNGEncoder.pngFile(from: tried)) == image)
      if tried.zdata.count < (try encoder.encodeImageData(image, colorType: .rgba)).zdata.count {
        beatsTheHeuristic = true
      }
    }
    // The point of trying: on some of these images one filter for all rows is smaller.
    #expect(beatsTheHeuristic)
  }
}
