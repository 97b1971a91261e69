import BarFramesImageIO

/// Pixels through our PNG encoders — ``PNGEncoder`` with each preset and colour type, and
/// ``PNGStreamEncoder`` fed in bands — decoded by libpng: the pixels come back exactly, without
/// a single warning. Asking for RGB with a translucent image is refused
/// (``PNGEncodingError/alphaWouldBeLost``), never written with its alpha dropped.
///
/// Input: width and height (1…48 each), a mode byte — bits 0–1 the preset, 2–3 the colour type
/// asked for (default, RGB, RGBA), bit 4 every pixel opaque, bit 5 raw RGBA pixels rather
/// than a palette of colours (bits 6–7 its size: 2, 5, 17 or 129) —, the pixels, then the
/// band heights of the streamed encoding (0 bytes: one band).
package enum PNGEncoderRoundTripFuzzing {
  static func check(_ bytes: [UInt8]) throws(FuzzFailure) -> FuzzOutcome {
    guard bytes.count >= 3 else { return .refused("fewer than 3 bytes: no image") }
    var input = FuzzInput(bytes)
    let width = input.int(in: 1...48)
    let height = input.int(in: 1...48)
    let mode = input.byte()
    let preset = PNGCompressionPreset.allCases[Int(mode & 3) % PNGCompressionPreset.allCases.count]
    let colorType: PNGColorType? = [nil, .rgb, .rgba, nil][Int(mode >> 2) & 3]
    var image =
      mode & 0x20 != 0
      ? input.rawImage(width: width, height: height)
      : input.palettedImage(width: width, height: height, colors: [2, 5, 17, 129][Int(mode >> 6)])
    if mode & 0x10 != 0 {
      for i in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[i] = 255 }
    }
    let expectsRefusal = colorType == .rgb && !image.isOpaque
    let whole: [UInt8]
    do {
      whole = try PNGEncoder(preset: preset).encode(image, colorType: colorType)
    } catch .alphaWouldBeLost where expectsRefusal {
      return .refused("RGB asked for a translucent image")
    } catch {
      throw FuzzFailure("the encoder encodes any image", "\(preset), \(String(describing: colorType)): \(error)")
    }
    guard !expectsRefusal else {
      throw FuzzFailure("RGB is refused for a translucent image", "\(preset) wrote \(whole.count) bytes")
    }
    try checkDecodes(whole, to: image, "\(preset) \(colorType.map { "\($0)" } ?? "default")")

    // The same pixels in bands.
    let streamedType = colorType ?? PNGEncoder.defaultColorType(for: image)
    var streamed: [UInt8]
    do {
      let encoder = try PNGStreamEncoder(width: width, height: height, colorType: streamedType, preset: preset)
      var row = 0
      while row < height {
        let band = min(height - row, input.remaining.isEmpty ? height : input.int(in: 1...height))
        try encoder.append(image.cropped(to: PixelRect(x: 0, y: row, width: width, height: band)))
        row += band
      }
      streamed = PNGEncoder.pngFile(from: encoder.finish())
    } catch {
      throw FuzzFailure("the streaming encoder encodes any image", "\(preset), \(streamedType): \(error)")
    }
    try checkDecodes(streamed, to: image, "\(preset) \(streamedType) in bands")
    return .accepted
  }

  /// `file` must decode in libpng, without a warning, to exactly `image`.
  package static func checkDecodes(_ file: [UInt8], to image: RGBAImage, _ what: String) throws(FuzzFailure) {
    switch PNGReference(decoding: file).outcome {
    case .decoded(let decoded, let warnings):
      guard warnings == 0 else {
        throw FuzzFailure("libpng reads our PNG without a warning", "\(what): \(PNGReference(decoding: file).message)")
      }
      guard decoded == image else {
        throw FuzzFailure("libpng gives back the pixels exactly", "\(what): \(image.firstDifference(from: decoded))")
      }
    case .refused(let message):
      throw FuzzFailure("libpng reads our PNG", "\(what): \(message)")
    case .tooLarge:
      throw FuzzFailure("libpng reads our PNG", "\(what): past the reference decoder's size limit")
    }
  }
}
