import BarFramesImageIO
import Testing

@Suite struct PNGStreamEncoderTests {
  /// With `balanced` and `small` the stream is zlib's, byte for byte `PNGEncoder`'s; with
  /// `fast` it is the run-length deflater's, which must decode to the same pixels.
  static func expectSamePicture(
    _ stream: EncodedFrame, as expected: EncodedFrame, preset: PNGCompressionPreset
  ) throws {
    if preset == .fast {
      #expect(stream.width == expected.width && stream.height == expected.height)
      #expect(stream.colorType == expected.colorType)
      #expect(try PNGDecoder.decode(PNGEncoder.pngFile(from: stream)) == PNGDecoder.decode(PNGEncoder.pngFile(from: expected)))
      // About zlib's size: the same runs are found.
      #expect(Double(stream.zdata.count) <= Double(expected.zdata.count) * 1.05 + 16)
    } else {
      #expect(stream == expected)
    }
  }

  @Test(
    "Bands of any heights give the whole picture's encoding",
    arguments: [PNGCompressionPreset.fast, .balanced, .small], [true, false])
  func bandsMatchTheWholePicture(preset: PNGCompressionPreset, opaque: Bool) throws {
    let picture = TestImages.noise(width: 37, height: 29, opaque: opaque, seed: 11)
    var rows = picture.pixels
    // Repeated rows and runs, as in a contact sheet, so Up and run-length matches occur.
    for y in 10..<14 { rows.replaceSubrange(y * 37 * 4..<(y + 1) * 37 * 4, with: rows[9 * 37 * 4..<10 * 37 * 4]) }
    let image = RGBAImage(width: 37, height: 29, pixels: rows)
    let colorType: PNGColorType = opaque ? .rgb : .rgba
    let expected = try PNGEncoder(preset: preset).encodeImageData(image, colorType: colorType)
    let stream = try PNGStreamEncoder(width: 37, height: 29, colorType: colorType, preset: preset)
    var y = 0
    for height in [1, 9, 2, 12, 5] {
      try stream.append(RGBAImage(width: 37, height: height, pixels: Array(rows[y * 37 * 4..<(y + height) * 37 * 4])))
      y += height
    }
    #expect(stream.rowsAppended == 29)
    let banded = stream.finish()
    try Self.expectSamePicture(banded, as: expected, preset: preset)
    // The bands do not change the bytes: one band of the whole picture gives the same.
    let whole = try PNGStreamEncoder(width: 37, height: 29, colorType: colorType, preset: preset)
    try whole.append(image)
    #expect(whole.finish() == banded)
  }

  @Test(
    "Packed rows give the encoding of the same pixels appended as images",
    arguments: [PNGCompressionPreset.fast, .balanced, .small], [true, false])
  func packedRowsMatchImages(preset: PNGCompressionPreset, opaque: Bool) throws {
    var rows = TestImages.noise(width: 23, height: 20, opaque: opaque, seed: 5).pixels
    for y in 6..<10 { rows.replaceSubrange(y * 23 * 4..<(y + 1) * 23 * 4, with: rows[5 * 23 * 4..<6 * 23 * 4]) }
    let image = RGBAImage(width: 23, height: 20, pixels: rows)
    let colorType: PNGColorType = opaque ? .rgb : .rgba
    let expected = try PNGEncoder(preset: preset).encodeImageData(image, colorType: colorType)
    let bpp = opaque ? 3 : 4
    let channels = (0..<23 * 20).flatMap { rows[$0 * 4..<$0 * 4 + bpp] }
    let stream = try PNGStreamEncoder(width: 23, height: 20, colorType: colorType, preset: preset)
    var y = 0
    // Packed bands and image bands mixed: the row above carries across both.
    for (height, packed) in [(1, true), (7, false), (3, true), (9, true)] {
      if packed {
        try Array(channels[y * 23 * bpp..<(y + height) * 23 * bpp]).withUnsafeBytes {
          try stream.append(packedRows: $0, rows: height)
        }
      } else {
        try stream.append(RGBAImage(width: 23, height: height, pixels: Array(rows[y * 23 * 4..<(y + height) * 23 * 4])))
      }
      y += height
    }
    #expect(stream.rowsAppended == 20)
    let packed = stream.finish()
    try Self.expectSamePicture(packed, as: expected, preset: preset)
    let asImage = try PNGStreamEncoder(width: 23, height: 20, colorType: colorType, preset: preset)
    try asImage.append(image)
    #expect(asImage.finish() == packed)
  }

  @Test func aTranslucentBandOfAnRGBPictureIsRefused() throws {
    let stream = try PNGStreamEncoder(width: 4, height: 2, colorType: .rgb)
    #expect(throws: PNGEncodingError.alphaWouldBeLost) { try stream.append(RGBAImage(width: 4, height: 1)) }
  }
}
