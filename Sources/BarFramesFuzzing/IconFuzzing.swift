import BarFrames
import BarFramesImageIO
import BarFramesRenderer

/// Icon images (`progressBarIconImage`). Any bytes the load-time check (``PNGCheck``, under the
/// icon limits) accepts must decode in Cairo (libpng) at the header's size and draw in both
/// backends; a refusal is one escaped line. The PNG decoder goldens are read with never
/// crashes, and a PNG it decodes has the header's size.
enum IconFuzzing {
  static func check(_ bytes: [UInt8]) throws(FuzzFailure) -> FuzzOutcome {
    if let decoded = try? PNGDecoder.decode(bytes) {
      let header = bytes.count >= 24 ? (bigEndian32(bytes, 16), bigEndian32(bytes, 20)) : (-1, -1)
      guard (decoded.width, decoded.height) == header else {
        throw FuzzFailure(
          "PNGDecoder keeps the header's size",
          "\(decoded.width) × \(decoded.height), header \(header)")
      }
    }
    let header: PNGCheck.Header
    do {
      header = try PNGCheck.check(
        bytes, maximumSide: InputLimits.iconSide, maximumDecodedBytes: InputLimits.iconDecodedBytes)
    } catch {
      try FuzzProperties.checkMessage("icon.png: \(error)", file: "icon.png", accepted: true)
      return .refused("icon.png: \(error)")
    }
    let image = EmbeddedImage(name: "fuzz.png", pngData: bytes)
    do {
      let size = try CairoContext.validate(image)
      guard size == (header.width, header.height) else {
        throw FuzzFailure(
          "Cairo decodes an accepted icon at its header's size",
          "\(size), header \(header.width) × \(header.height)")
      }
      let rect = Rect(x: 2, y: 2, width: 12, height: 12)
      let surface = try ImageSurface(size: Size(16, 16), scale: 1)
      surface.context.drawImage(image, in: rect, contentMode: .aspectFill)
      try surface.flush()
      let svg = try SVGContext(size: Size(16, 16))
      svg.drawImage(image, in: rect, contentMode: .aspectFit)
      guard String(decoding: svg.document, as: UTF8.self).contains("<image") else {
        throw FuzzFailure("the SVG writer draws an accepted icon", "no <image> element")
      }
      return .accepted
    } catch let failure as FuzzFailure {
      throw failure
    } catch {
      throw FuzzFailure("an accepted icon decodes in Cairo", "\(error)")
    }
  }

  private static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> Int {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
  }
}
