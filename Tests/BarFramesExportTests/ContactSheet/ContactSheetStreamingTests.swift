import BarFramesExport
import BarFramesImageIO
import BarFramesRenderer
import BarFramesTestSupport
import Testing

/// The contact sheet compresses each full row of cells while the next ones are drawn; the file
/// must be the one the finished picture would give: byte for byte `PNGEncoder`'s with zlib's
/// presets, and with `fast` (the run-length deflater) the same pixels in about zlib's size.
@Suite struct ContactSheetStreamingTests {
  @Test(
    "A sheet compressed row by row is the finished picture's PNG",
    arguments: [
      (PNGCompressionPreset.fast, 11, false), (.small, 11, false), (.fast, 12, true), (.fast, 3, true),
      (.fast, 1, false),
    ])
  func streamedSheetMatchesTheWholePicture(preset: PNGCompressionPreset, count: Int, transparent: Bool) throws {
    let timeline = try ExportFixtures.scene(
      duration: 2, fps: 10, scale: 2, background: transparent ? "transparent" : "#336699")
    let renderer = try FrameRenderer(
      size: timeline.scene.style.canvas.size, scale: 2,
      background: transparent ? nil : timeline.scene.style.canvas.background)
    // 11 cells: 4 columns, 3 rows, the last one short; 12 full; 3 and 1: a single row.
    let sheet = ContactSheet(
      title: "bar", scale: 2, frameWidth: renderer.pixelSize.width, frameHeight: renderer.pixelSize.height,
      count: count,
      isTransparent: transparent, backdrop: .checker)
    let streamed = try sheet.makeCanvas(encodingAs: preset)
    let whole = try sheet.makeCanvas()
    for k in 0..<count {
      let frame = ContactSheet.Frame(
        index: k, time: Double(k) / 5, image: try renderer.render(timeline.presentation(at: Double(k) / 5)))
      try streamed.add(frame)
      try whole.add(frame)
    }
    let png = try streamed.png()
    let encoded = try PNGEncoder(preset: preset).encode(whole.image())
    if preset == .fast {
      #expect(Double(png.count) <= Double(encoded.count) * 1.01 + 16, "\(png.count) bytes against \(encoded.count)")
    } else {
      #expect(png == encoded)
    }
    #expect(try PNGDecoder.decode(png) == (try whole.image()))
  }
}
