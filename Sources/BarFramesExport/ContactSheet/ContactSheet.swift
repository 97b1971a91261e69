import BarFramesGraphics
import BarFramesImageIO
import BarFramesPlayer
import BarFramesRenderer
import BarFramesText
import Foundation

/// One PNG grid of evenly spaced frames, each captioned with its time and frame number, under a
/// title line — the whole animation at a glance, for reviews and bug reports.
///
/// Frames are placed pixel for pixel on a light sheet at the frames' own scale — except large
/// ones (more than ``largestCellArea`` pixels, such as bent-line-slider's 640 × 640), which are
/// shown reduced by a whole factor, each pixel the average of a square of the frame's: a grid of
/// full-size large frames is a picture several screens wide (3296 × 2124 px for
/// bent-line-slider) that costs as much to compress as a dozen more frames, and an overview needs
/// none of that detail. Transparent frames sit on the backdrop the player would choose by contrast
/// (``Backdrop/choose(for:)``: dark under a white seek bar, light or a checkerboard otherwise),
/// so white or translucent parts stay visible.
/// The column count makes the sheet's shape closest to 16:10. Frames are composited as they
/// arrive (``Canvas/add(_:)``), so the exporter never holds them all.
public struct ContactSheet: Sendable {
  /// One cell.
  public struct Frame: Sendable {
    public var index: Int
    public var time: Double
    public var image: RGBAImage

    public init(index: Int, time: Double, image: RGBAImage) {
      self.index = index
      self.time = time
      self.image = image
    }
  }

  public var title: String
  public var scale: Int
  /// The frames' size in pixels.
  public var frameWidth: Int
  public var frameHeight: Int
  /// How many cells the grid has.
  public var count: Int
  /// Whether the frames have alpha (draws the backdrop under them).
  public var isTransparent: Bool
  /// What transparent frames are drawn on.
  public var backdrop: Backdrop
  /// Each cell shows the frame reduced by this factor (1: pixel for pixel), as
  /// ``reduction(frameWidth:frameHeight:)`` chooses for the frame size.
  public var reduction: Int { Self.reduction(frameWidth: frameWidth, frameHeight: frameHeight) }

  /// Space around and between cells, in points.
  public static let padding = 8.0
  /// The caption band under each frame, in points.
  public static let captionHeight = 16.0
  /// The title band at the top, in points.
  public static let titleHeight = 22.0
  static let sheetColor = Color(red8: 0xF4, green8: 0xF4, blue8: 0xF4)
  static let textColor = Color(red8: 0x33, green8: 0x33, blue8: 0x33)

  public init(
    title: String, scale: Int, frameWidth: Int, frameHeight: Int, count: Int, isTransparent: Bool,
    backdrop: Backdrop = .checker
  ) {
    self.title = title
    self.scale = max(1, scale)
    self.frameWidth = max(1, frameWidth)
    self.frameHeight = max(1, frameHeight)
    self.count = max(1, count)
    self.isTransparent = isTransparent
    self.backdrop = backdrop
  }

  /// Frames with more pixels than this are shown reduced (400 × 400 px: a 200-point square at
  /// 2x).
  public static let largestCellArea = 160_000

  /// The smallest whole factor that brings a frame to at most ``largestCellArea`` pixels.
  public static func reduction(frameWidth: Int, frameHeight: Int) -> Int {
    var factor = 1
    while ((frameWidth + factor - 1) / factor) * ((frameHeight + factor - 1) / factor) > largestCellArea {
      factor += 1
    }
    return factor
  }

  /// A cell's size in pixels: the frame's, reduced.
  var cellPixelWidth: Int { (frameWidth + reduction - 1) / reduction }
  var cellPixelHeight: Int { (frameHeight + reduction - 1) / reduction }

  /// The grid for `count` cells of `cellWidth × cellHeight`: the column count whose sheet is
  /// closest to 16:10 (fewest columns on ties).
  public static func columns(count: Int, cellWidth: Double, cellHeight: Double) -> Int {
    guard count > 1 else { return 1 }
    var best = 1
    var bestScore = Double.infinity
    for columns in 1...count {
      let rows = (count + columns - 1) / columns
      let aspect = Double(columns) * cellWidth / (Double(rows) * cellHeight)
      let score = abs(log(aspect / 1.6))
      if score < bestScore - 1e-12 {
        best = columns
        bestScore = score
      }
    }
    return best
  }

  /// The layout: cell size in points (the reduced frame's width rounded up to whole points),
  /// columns, rows and the sheet's size in points.
  public func layout() -> (cellWidth: Double, frameHeight: Double, columns: Int, rows: Int, size: Size) {
    let s = Double(scale)
    let cellWidth = (Double(cellPixelWidth) / s).rounded(.up)
    let frameHeight = (Double(cellPixelHeight) / s).rounded(.up)
    let cellHeight = frameHeight + Self.captionHeight
    let columns = Self.columns(count: count, cellWidth: cellWidth + Self.padding, cellHeight: cellHeight + Self.padding)
    let rows = max(1, (count + columns - 1) / columns)
    let minimumWidth = 240.0
    let sheetWidth = max(minimumWidth, Double(columns) * (cellWidth + Self.padding) + Self.padding)
    let sheetHeight = Self.titleHeight + Double(rows) * (cellHeight + Self.padding) + Self.padding
    return (cellWidth, frameHeight, columns, rows, Size(width: sheetWidth, height: sheetHeight))
  }

  /// A sheet being filled, cell by cell. Not thread-safe (it holds a Cairo surface).
  ///
  /// Made by ``ContactSheet/makeCanvas(encodingAs:)``, it holds only one row of cells: each
  /// full row is compressed into the PNG and the surface is cleared for the next, so the whole
  /// sheet is never in memory (bent-line-slider's would be 3296 × 2124 px, 28 MB).
  public final class Canvas {
    let sheet: ContactSheet
    let layout: (cellWidth: Double, frameHeight: Double, columns: Int, rows: Int, size: Size)
    let surface: ImageSurface
    private var next = 0
    /// With ``ContactSheet/makeCanvas(encodingAs:)``: the PNG being encoded, a row of cells
    /// at a time.
    private let encoder: PNGStreamEncoder?
    /// The sheet's height in pixels.
    private let pixelHeight: Int
    /// The sheet's y, in points, of the surface's top row: 0 for a whole sheet, the top of
    /// the row of cells being drawn for one encoding as it goes.
    private var top = 0.0
    /// Pixel rows handed to `encoder` so far.
    private var encodedRows = 0
    /// The rows being handed over, packed as RGB, reused.
    private var packed: [UInt8] = []

    /// A row of cells with the gap under it, in points.
    private var rowHeight: Double { layout.frameHeight + ContactSheet.captionHeight + ContactSheet.padding }

    init(_ sheet: ContactSheet, encodingAs preset: PNGCompressionPreset? = nil) throws {
      try PinnedFont.check()
      self.sheet = sheet
      let layout = sheet.layout()
      self.layout = layout
      let pixelHeight = Int((layout.size.height * Double(sheet.scale)).rounded(.up))
      self.pixelHeight = pixelHeight
      let rowHeight = layout.frameHeight + ContactSheet.captionHeight + ContactSheet.padding
      let surfaceSize =
        preset == nil ? layout.size : Size(width: layout.size.width, height: max(ContactSheet.titleHeight, rowHeight))
      let surface = try ImageSurface(size: surfaceSize, scale: sheet.scale, background: ContactSheet.sheetColor)
      self.surface = surface
      // The sheet is opaque (drawn on the sheet colour), so its PNG is RGB.
      encoder = try preset.map {
        try PNGStreamEncoder(width: surface.pixelWidth, height: pixelHeight, colorType: .rgb, preset: $0)
      }
      surface.context.drawText(
        sheet.title,
        in: Rect(
          x: ContactSheet.padding, y: 0, width: layout.size.width - 2 * ContactSheet.padding,
          height: ContactSheet.titleHeight),
        font: Font(size: 12, weight: .bold), color: ContactSheet.textColor, alignment: .left)
      if encoder != nil { try encodeSurface(rows: Int(ContactSheet.titleHeight) * sheet.scale) }
    }

    /// Places `frame` in the next cell.
    public func add(_ frame: Frame) throws {
      guard next < sheet.count else { return }
      let column = next % layout.columns
      let row = next / layout.columns
      next += 1
      let scale = sheet.scale
      let x = ContactSheet.padding + Double(column) * (layout.cellWidth + ContactSheet.padding)
      // Drawn at its place in the sheet, less the surface's top: whole pixels, so the pixels
      // are those of a whole sheet.
      let y = ContactSheet.titleHeight + Double(row) * rowHeight - top
      let context = surface.context
      if sheet.isTransparent {
        let reduction = sheet.reduction
        let cell = Rect(
          x: x, y: y, width: Double((frame.image.width + reduction - 1) / reduction) / Double(scale),
          height: Double((frame.image.height + reduction - 1) / reduction) / Double(scale))
        switch sheet.backdrop {
        case .checker: sheet.drawCheckerboard(in: cell, context: context)
        case .light, .dark:
          let rgb = sheet.backdrop.rgb
          context.fill(Path(rect: cell), color: Color(red8: Int(rgb.red), green8: Int(rgb.green), blue8: Int(rgb.blue)))
        }
      }
      try surface.composite(frame.image, atPixelX: Int(x) * scale, y: Int(y) * scale, reducedBy: sheet.reduction)
      let caption = "\(SceneFileNames.timeLabel(frame.time)) s · #\(frame.index)"
      context.drawText(
        caption, in: Rect(x: x, y: y + layout.frameHeight, width: layout.cellWidth, height: ContactSheet.captionHeight),
        font: Font(size: 10), color: ContactSheet.textColor, alignment: .center)
      // A full row of cells (or the last cell): nothing is drawn on it again, so it is
      // compressed now, while the frames of the next row are still being drawn.
      if encoder != nil, column == layout.columns - 1 || next == sheet.count {
        try encodeSurface(rows: Int(rowHeight) * scale)
      }
    }

    /// Compresses the surface's first `rows` pixel rows, sixteen rows at a time through one
    /// reused buffer, then clears the surface for what comes below them in the sheet.
    ///
    /// The sheet is opaque, so Cairo's premultiplied pixels are its colours: each band is
    /// packed straight into the PNG's RGB rows (a byte shuffle), not un-premultiplied into an
    /// RGBA image and packed again.
    private func encodeSurface(rows: Int) throws {
      guard let encoder else { return }
      let width = surface.pixelWidth
      try surface.withPremultipliedARGB { source, stride in
        var done = 0
        while done < rows {
          let count = min(Self.bandRows, rows - done)
          let start = done
          let bandSource = UnsafeRawBufferPointer(rebasing: source[(start * stride)...])
          if packed.count < count * width * 3 { packed = [UInt8](repeating: 0, count: Self.bandRows * width * 3) }
          let opaque = packed.withUnsafeMutableBytes { out in
            PixelConversion.packOpaqueARGB32(bandSource, stride: stride, width: width, height: count, into: out)
          }
          // As an RGB encoder refuses a translucent image (Cairo cannot make one here: every
          // draw is over the opaque sheet).
          guard opaque else { throw PNGEncodingError.alphaWouldBeLost }
          try packed.withUnsafeBytes { try encoder.append(packedRows: $0, rows: count) }
          done += count
        }
      }
      encodedRows += rows
      top += Double(rows) / Double(sheet.scale)
      surface.clear()
    }

    /// Rows converted and compressed at a time.
    private static var bandRows: Int { 16 }

    /// The finished sheet's pixels (opaque), from a canvas made by ``ContactSheet/makeCanvas()``.
    /// - Throws: ``RendererError`` for a canvas that encodes as it goes (it holds one row).
    public func image() throws -> RGBAImage {
      guard encoder == nil else {
        throw RendererError.cairo(
          operation: "read the contact sheet", status: "this canvas holds one row of cells; use png()")
      }
      return try surface.rgbaImage()
    }

    /// The finished sheet as a PNG file, from a canvas made by
    /// ``ContactSheet/makeCanvas(encodingAs:)``: the gap under the last row is added and the file
    /// assembled.
    public func png() throws -> [UInt8] {
      guard let encoder else {
        throw RendererError.cairo(
          operation: "encode the contact sheet", status: "the canvas was made without a PNG encoder")
      }
      if encodedRows < pixelHeight { try encodeSurface(rows: pixelHeight - encodedRows) }
      return PNGEncoder.pngFile(from: encoder.finish())
    }
  }

  /// Starts an empty sheet.
  /// - Throws: ``RendererError`` from Cairo or the pinned font.
  public func makeCanvas() throws -> Canvas { try Canvas(self) }

  /// Starts an empty sheet that compresses itself into a PNG with `preset` as rows of cells
  /// fill up (``Canvas/png()`` finishes it): the work is spread over the render instead of
  /// waiting for its end, and only one row of cells is ever held. The pixels are those of the
  /// ``Canvas/image()`` of a whole sheet, compressed by ``PNGStreamEncoder`` (with `fast`, the
  /// exporter's default, its run-length deflater: a sheet is mostly flat colour).
  /// - Throws: ``RendererError`` from Cairo or the pinned font, or ``PNGEncodingError``.
  public func makeCanvas(encodingAs preset: PNGCompressionPreset) throws -> Canvas {
    try Canvas(self, encodingAs: preset)
  }

  /// Draws a sheet of `frames` at once.
  public static func render(
    title: String, scale: Int, frames: [Frame], isTransparent: Bool, backdrop: Backdrop = .checker
  ) throws -> RGBAImage {
    let sheet = ContactSheet(
      title: title, scale: scale, frameWidth: frames.map(\.image.width).max() ?? 1,
      frameHeight: frames.map(\.image.height).max() ?? 1, count: frames.count, isTransparent: isTransparent,
      backdrop: backdrop)
    let canvas = try sheet.makeCanvas()
    for frame in frames { try canvas.add(frame) }
    return try canvas.image()
  }

  func drawCheckerboard(in rect: Rect, context: some DrawingContext) {
    let square = 6.0
    context.fill(Path(rect: rect), color: .white)
    var dark = Path()
    var y = rect.minY
    var row = 0
    while y < rect.maxY {
      var x = rect.minX + (row % 2 == 0 ? 0 : square)
      while x < rect.maxX {
        dark.addPath(
          Path(rect: Rect(x: x, y: y, width: min(square, rect.maxX - x), height: min(square, rect.maxY - y))))
        x += 2 * square
      }
      y += square
      row += 1
    }
    context.fill(dark, color: Color(red8: 0xE3, green8: 0xE3, blue8: 0xE3))
  }
}
