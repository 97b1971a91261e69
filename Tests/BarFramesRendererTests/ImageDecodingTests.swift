import BarFramesGraphics
import BarFramesRenderer
import BarFramesTestSupport
import Testing

/// Cairo decodes icons with libpng. What libpng refuses, the style reader refuses first
/// (`PNGCheck`); and an image that still cannot be decoded fails the frame instead of being
/// left out of it.
@Suite struct ImageDecodingTests {
  /// The broken fixtures are really broken for libpng where the check says so — the reason
  /// for refusing them at load time — and libpng only warns about the two the check is
  /// stricter on.
  @Test(arguments: PNGFixture.broken)
  func libpngAgreesWithTheLoadTimeCheck(icon: PNGFixture.Broken) {
    let image = EmbeddedImage(name: "icon.png", pngData: icon.bytes)
    if icon.libpngRefuses {
      #expect(throws: RendererError.self) { try CairoContext.validate(image) }
    } else {
      #expect(throws: Never.self) { try CairoContext.validate(image) }
    }
  }

  @Test func aValidImageDecodesAtItsSize() throws {
    let image = EmbeddedImage(name: "icon.png", pngData: PNGFixture.file(PNGFixture.rgbaChunks(width: 3, height: 2)))
    let size = try CairoContext.validate(image)
    #expect(size.width == 3 && size.height == 2)
  }

  /// Drawing an undecodable image fails the frame with the image's name: it used to be left
  /// out silently, so the frame looked finished.
  @Test func drawingAnUndecodableImageFailsTheFrame() throws {
    let surface = try ImageSurface(size: Size(16, 16), scale: 1)
    let image = EmbeddedImage(name: "icon.png", pngData: PNGFixture.broken[0].bytes)
    surface.context.drawImage(image, in: Rect(x: 0, y: 0, width: 16, height: 16), contentMode: .aspectFill)
    #expect {
      try surface.flush()
    } throws: { error in
      guard case .imageUnreadable(let name, _) = error as? RendererError else { return false }
      return name == "icon.png"
    }
  }
}
