import BarFramesImageIO
import CGIF

/// A GIF as giflib (`DGifSlurp`) reads it, played as a viewer plays it: each frame drawn on the
/// canvas left by the one before, then disposed of as its Graphics Control Extension says.
/// giflib gives the raw frames; the composition follows the GIF89a specification (§23): the
/// canvas starts transparent, a frame's transparent index leaves the canvas as it was,
/// disposal 2 restores the frame's rectangle to the background — transparent, as browsers
/// show it — and disposal 3 restores the canvas as it was before the frame.
struct GIFReference {
  struct Frame {
    /// The canvas while the frame is shown (transparent pixels are 0, 0, 0, 0).
    var canvas: RGBAImage
    var delayCentiseconds: Int
  }

  var width: Int
  var height: Int
  var frames: [Frame]

  enum Failure: Error, CustomStringConvertible {
    case giflib(String)
    case invalid(String)

    var description: String {
      switch self {
      case .giflib(let message): "giflib refused the file: \(message)"
      case .invalid(let message): message
      }
    }
  }

  /// The bytes giflib's read callback has not taken yet.
  private final class Reader {
    let bytes: [UInt8]
    var position = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
  }

  init(decoding bytes: [UInt8]) throws(Failure) {
    let reader = Reader(bytes)
    var error: Int32 = 0
    let read: InputFunc = { gif, buffer, count in
      guard let gif, let buffer, count >= 0 else { return 0 }
      let reader = Unmanaged<Reader>.fromOpaque(gif.pointee.UserData).takeUnretainedValue()
      let n = min(Int(count), reader.bytes.count - reader.position)
      reader.bytes.withUnsafeBufferPointer { source in
        buffer.update(from: source.baseAddress! + reader.position, count: n)
      }
      reader.position += n
      return Int32(n)
    }
    let opened = withExtendedLifetime(reader) { () -> UnsafeMutablePointer<GifFileType>? in
      DGifOpen(Unmanaged.passUnretained(reader).toOpaque(), read, &error)
    }
    guard let gif = opened else { throw .giflib(String(cString: GifErrorString(error))) }
    defer { DGifCloseFile(gif, &error) }
    let slurped = withExtendedLifetime(reader) { DGifSlurp(gif) }
    guard slurped == GIF_OK else { throw .giflib(String(cString: GifErrorString(gif.pointee.Error))) }

    width = Int(gif.pointee.SWidth)
    height = Int(gif.pointee.SHeight)
    guard width > 0, height > 0 else { throw .invalid("the canvas is \(width) × \(height)") }
    let global = Self.colors(gif.pointee.SColorMap)
    var canvas = RGBAImage(width: width, height: height)
    frames = []
    for index in 0..<Int(gif.pointee.ImageCount) {
      let saved = gif.pointee.SavedImages[index]
      let descriptor = saved.ImageDesc
      var control = GraphicsControlBlock()
      guard DGifSavedExtensionToGCB(gif, Int32(index), &control) == GIF_OK else {
        throw .invalid("frame \(index): no readable Graphics Control Extension")
      }
      let (left, top) = (Int(descriptor.Left), Int(descriptor.Top))
      let (frameWidth, frameHeight) = (Int(descriptor.Width), Int(descriptor.Height))
      guard left + frameWidth <= width, top + frameHeight <= height, frameWidth > 0, frameHeight > 0 else {
        throw .invalid("frame \(index): \(frameWidth) × \(frameHeight) at (\(left), \(top)) is not inside the canvas")
      }
      let table = descriptor.ColorMap != nil ? Self.colors(descriptor.ColorMap) : global
      let before = canvas
      for y in 0..<frameHeight {
        for x in 0..<frameWidth {
          let colorIndex = Int(saved.RasterBits[y * frameWidth + x])
          if colorIndex == Int(control.TransparentColor) { continue }
          guard colorIndex < table.count else {
            throw .invalid(
              "frame \(index): index \(colorIndex) at (\(x), \(y)) is past its \(table.count)-colour table")
          }
          canvas[left + x, top + y] = table[colorIndex]
        }
      }
      frames.append(Frame(canvas: canvas, delayCentiseconds: Int(control.DelayTime)))
      switch control.DisposalMode {
      case DISPOSE_BACKGROUND:
        for y in top..<(top + frameHeight) {
          for x in left..<(left + frameWidth) { canvas[x, y] = RGBAImage.Pixel(red: 0, green: 0, blue: 0, alpha: 0) }
        }
      case DISPOSE_PREVIOUS:
        canvas = before
      default:
        break
      }
    }
  }

  private static func colors(_ map: UnsafeMutablePointer<ColorMapObject>?) -> [RGBAImage.Pixel] {
    guard let map else { return [] }
    return (0..<Int(map.pointee.ColorCount)).map { i in
      let color = map.pointee.Colors[i]
      return RGBAImage.Pixel(red: color.Red, green: color.Green, blue: color.Blue, alpha: 255)
    }
  }
}
