import BarFramesImageIO

/// A decoded GIF: every frame as a viewer shows it, with its timing and transparency.
public struct GIFAnimation: Hashable, Sendable {
  public var width: Int
  public var height: Int
  /// Plays; 0 means forever. 1 when there is no NETSCAPE2.0 extension.
  public var loopCount: Int
  public var frames: [GIFFrame]
}

/// One frame of a ``GIFAnimation``.
public struct GIFFrame: Hashable, Sendable {
  /// The whole canvas after this frame was drawn; unpainted pixels are transparent black.
  public var image: RGBAImage
  public var delayCentiseconds: Int
  /// The Graphics Control Extension's transparent index, if its flag is set.
  public var transparentIndex: Int?
  /// Disposal method 0…3 (2 = restore to background).
  public var disposalMethod: Int
  /// Entries in the colour table the frame used.
  public var colorTableSize: Int
  /// Whether the frame had a local colour table.
  public var hasLocalColorTable: Bool
  /// The frame's rectangle on the canvas.
  public var x: Int, y: Int, width: Int, height: Int
}

/// Reads GIF87a/GIF89a files: LZW decoding, interlacing, disposal and transparency.
///
/// Built for tests and previews; the whole file is read into memory.
public enum GIFReader {
  /// Decodes every frame of a GIF.
  /// - Throws: ``GIFError`` describing the first problem found.
  public static func read(_ bytes: [UInt8]) throws(GIFError) -> GIFAnimation {
    var reader = ByteReader(bytes: bytes)
    guard bytes.count >= 6, bytes[0..<6].elementsEqual("GIF89a".utf8) || bytes[0..<6].elementsEqual("GIF87a".utf8)
    else {
      throw .notGIF
    }
    reader.position = 6
    let width = Int(try reader.uint16("the logical screen descriptor"))
    let height = Int(try reader.uint16("the logical screen descriptor"))
    let flags = try reader.byte("the logical screen descriptor")
    _ = try reader.bytes(2, "the logical screen descriptor")
    guard width > 0, height > 0 else { throw .invalidData("the logical screen is \(width)×\(height)") }
    var globalTable: [UInt8]?
    if flags & 0x80 != 0 {
      globalTable = try reader.bytes(3 << (Int(flags & 7) + 1), "the global colour table")
    }

    var canvas = RGBAImage(width: width, height: height)
    var frames: [GIFFrame] = []
    var loopCount = 1
    var delay = 0
    var transparentIndex: Int?
    var disposal = 0

    while true {
      let introducer = try reader.byte("the block list (no trailer)")
      switch introducer {
      case 0x3B:
        return GIFAnimation(width: width, height: height, loopCount: loopCount, frames: frames)
      case 0x21:
        let label = try reader.byte("an extension")
        let blocks = try reader.subBlocks("an extension")
        if label == 0xF9 {
          guard let data = blocks.first, data.count >= 4 else {
            throw .invalidData("a graphics control extension is too short")
          }
          disposal = Int(data[0] >> 2) & 7
          delay = Int(data[1]) | Int(data[2]) << 8
          transparentIndex = data[0] & 1 != 0 ? Int(data[3]) : nil
        } else if label == 0xFF, blocks.count >= 2, blocks[0].elementsEqual("NETSCAPE2.0".utf8),
          blocks[1].count >= 3, blocks[1][0] == 1
        {
          let repeats = Int(blocks[1][1]) | Int(blocks[1][2]) << 8
          loopCount = repeats == 0 ? 0 : repeats + 1
        }
      case 0x2C:
        let x = Int(try reader.uint16("an image descriptor"))
        let y = Int(try reader.uint16("an image descriptor"))
        let frameWidth = Int(try reader.uint16("an image descriptor"))
        let frameHeight = Int(try reader.uint16("an image descriptor"))
        let imageFlags = try reader.byte("an image descriptor")
        var table = globalTable
        if imageFlags & 0x80 != 0 {
          table = try reader.bytes(3 << (Int(imageFlags & 7) + 1), "a local colour table")
        }
        guard let table else { throw .invalidData("frame \(frames.count) has no colour table") }
        guard x + frameWidth <= width, y + frameHeight <= height, frameWidth > 0, frameHeight > 0 else {
          throw .invalidData(
            "frame \(frames.count)'s rectangle \(frameWidth)×\(frameHeight) at (\(x), \(y)) leaves the canvas")
        }
        let minimumCodeSize = Int(try reader.byte("the LZW code size"))
        guard (2...11).contains(minimumCodeSize) else { throw .invalidData("LZW minimum code size \(minimumCodeSize)") }
        let data = try reader.subBlocks("the image data").flatMap { $0 }
        var indices: [UInt8]
        do {
          indices = try LZWDecoder.decode(data, minimumCodeSize: minimumCodeSize, count: frameWidth * frameHeight)
        } catch {
          switch error {
          case .tooShort(let decoded):
            throw .invalidData(
              "frame \(frames.count)'s LZW data ends after \(decoded) of \(frameWidth * frameHeight) pixels")
          case .invalidCode(let code):
            throw .invalidData("frame \(frames.count)'s LZW data contains the impossible code \(code)")
          }
        }
        if imageFlags & 0x40 != 0 { indices = deinterlace(indices, width: frameWidth, height: frameHeight) }

        let saved = canvas
        for row in 0..<frameHeight {
          for column in 0..<frameWidth {
            let index = Int(indices[row * frameWidth + column])
            if index == transparentIndex { continue }
            guard index * 3 + 2 < table.count else {
              throw .invalidData("frame \(frames.count) uses colour \(index) of a \(table.count / 3)-entry table")
            }
            canvas[x + column, y + row] = .init(
              red: table[index * 3], green: table[index * 3 + 1], blue: table[index * 3 + 2])
          }
        }
        frames.append(
          GIFFrame(
            image: canvas, delayCentiseconds: delay, transparentIndex: transparentIndex, disposalMethod: disposal,
            colorTableSize: table.count / 3, hasLocalColorTable: imageFlags & 0x80 != 0,
            x: x, y: y, width: frameWidth, height: frameHeight))
        switch disposal {
        case 2:
          for row in y..<(y + frameHeight) {
            for column in x..<(x + frameWidth) { canvas[column, row] = .init(red: 0, green: 0, blue: 0, alpha: 0) }
          }
        case 3:
          canvas = saved
        default:
          break
        }
        // A Graphics Control Extension applies to the next image only.
        (delay, transparentIndex, disposal) = (0, nil, 0)
      default:
        throw .invalidData(
          "unexpected block introducer 0x\(String(introducer, radix: 16)) at byte \(reader.position - 1)")
      }
    }
  }

  private static func deinterlace(_ indices: [UInt8], width: Int, height: Int) -> [UInt8] {
    var output = [UInt8](repeating: 0, count: indices.count)
    var source = 0
    for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
      var row = start
      while row < height {
        output[(row * width)..<((row + 1) * width)] = indices[(source * width)..<((source + 1) * width)]
        source += 1
        row += step
      }
    }
    return output
  }
}

private struct ByteReader {
  let bytes: [UInt8]
  var position = 0

  mutating func byte(_ context: String) throws(GIFError) -> UInt8 {
    guard position < bytes.count else { throw .truncated(context: context) }
    defer { position += 1 }
    return bytes[position]
  }

  mutating func uint16(_ context: String) throws(GIFError) -> UInt16 {
    let low = try byte(context)
    return UInt16(low) | UInt16(try byte(context)) << 8
  }

  mutating func bytes(_ count: Int, _ context: String) throws(GIFError) -> [UInt8] {
    guard position + count <= bytes.count else { throw .truncated(context: context) }
    defer { position += count }
    return Array(bytes[position..<(position + count)])
  }

  mutating func subBlocks(_ context: String) throws(GIFError) -> [[UInt8]] {
    var blocks: [[UInt8]] = []
    while true {
      let size = Int(try byte(context))
      if size == 0 { return blocks }
      blocks.append(try bytes(size, context))
    }
  }
}
