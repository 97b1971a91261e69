import BarFrames
import BarFramesGraphics
import BarFramesImageIO

/// Everything decided about one scene before a pixel is drawn: the frames, their names, which
/// of them this shard writes, and which feed which output (`FrameOutput`).
public struct ScenePlan: Sendable {
  /// The scene's position in the sorted list, from 0 (decides the shard that owns its files).
  public var ordinal: Int
  public var timeline: any SceneTimeline
  public var rate: FrameRate
  public var scale: Int
  /// nil renders transparent frames.
  public var background: Color?
  public var selection: ResolvedSelection
  public var names: SceneFileNames
  /// The frame size in pixels.
  public var pixelWidth: Int
  public var pixelHeight: Int
  /// RGBA when frames may be translucent, RGB over an opaque background; shared by the PNG
  /// files and the APNG, which reuses their compressed data.
  public var colorType: PNGColorType
  public var formats: ExportFormats
  /// Whether this shard writes the contact sheet and SVG previews.
  public var ownsSceneFiles: Bool
  /// Whether this run writes the APNG, GIF and WebP: only an unsharded one. Shards write PNG
  /// frames, and `barframes merge` builds the animations from them, so no machine has to draw
  /// a whole scene.
  public var writesAnimations: Bool
  /// The frames a contact sheet shows (`--sheet-frames`).
  public var sheetFrameCount: Int
  /// The SVG previews: key fractions of the selected interval and every event time in it.
  public var previews: [SVGPreview]
  /// The frames to draw, in order.
  var items: [FrameWorkItem]

  public var scene: Scene { timeline.scene }
  public var name: String { timeline.scene.name }

  /// Frames this shard draws (for PNG files or for the animations).
  public var renderedFrameCount: Int { items.count }

  /// The frames this shard writes as PNG files.
  public var writtenFrameIndices: [Int] { items.filter(\.writesPNG).map(\.index) }

  /// Plans `timeline` as scene number `ordinal` of a run with `options`.
  public init(timeline: any SceneTimeline, ordinal: Int, options: ExportOptions) throws(ExportError) {
    let scene = timeline.scene
    self.ordinal = ordinal
    self.timeline = timeline
    rate = FrameRate(options.fps ?? scene.fps)
    scale = options.scale ?? scene.scale
    switch options.background {
    case .scene: background = scene.style.canvas.background
    case .transparent: background = nil
    case .color(let color): background = color
    }
    if let color = background, color.alpha <= 0 { background = nil }
    do {
      selection = try options.selection.resolve(duration: scene.duration, rate: rate, everyNth: options.everyNth)
    } catch {
      throw .emptySelection("\(scene.file): \(error.description)")
    }
    try Self.checkFrameCount(selection.indices.count, scene: scene, rate: rate, options: options)
    names = SceneFileNames(scene: scene.name, scale: scale, indexDigits: selection.sampler.indexDigits)
    let size = scene.style.canvas.size
    pixelWidth = Int((size.width * Double(scale)).rounded(.up))
    pixelHeight = Int((size.height * Double(scale)).rounded(.up))
    // The scene file's own scale is checked when it is read; `--scale` can raise it.
    guard pixelWidth * pixelHeight <= InputLimits.framePixels else {
      throw .invalidFormat(
        "\(scene.file): at @\(scale)x a frame is \(pixelWidth) × \(pixelHeight) = \(pixelWidth * pixelHeight) pixels; the limit is \(InputLimits.framePixels) (4096 × 4096): use a smaller --scale"
      )
    }
    colorType = (background?.alpha ?? 0) >= 1 ? .rgb : .rgba
    formats = options.formats
    ownsSceneFiles = options.shard.ownsSceneFiles(sceneOrdinal: ordinal)
    writesAnimations = options.shard == .whole

    let timing = AnimationTiming(rate: rate, everyNth: selection.everyNth, frameCount: selection.indices.count)
    if let problem = timing.frameTooLong(for: formats) { throw .invalidFormat("\(scene.file): \(problem)") }
    sheetFrameCount = options.sheetFrameCount
    previews = SVGPreview.previews(for: scene, in: selection.timeRange)
    items = []
    items = frameItems(shard: options.shard)
  }

  /// The frames to draw: those this shard writes as PNG files and those an output wants.
  private func frameItems(shard: Shard) -> [FrameWorkItem] {
    let count = selection.indices.count
    var feeds = [FrameOutputSet](repeating: .empty, count: count)
    var needsEncoding = [Bool](repeating: false, count: count)
    var isCompared = [Bool](repeating: false, count: count)
    for (slot, output) in FrameOutputs.registered.enumerated() {
      for position in output.positions(in: self) {
        feeds[position].insert(slot)
        needsEncoding[position] = needsEncoding[position] || output.usesPNGEncoding
        isCompared[position] = isCompared[position] || output.comparesFrames
      }
    }
    var items: [FrameWorkItem] = []
    for (position, index) in selection.indices.enumerated() {
      let writesPNG = formats.contains(.png) && shard.ownsFrame(atPosition: position)
      guard writesPNG || !feeds[position].isEmpty else { continue }
      items.append(
        FrameWorkItem(
          position: position, index: index, time: selection.sampler.time(ofFrame: index), writesPNG: writesPNG,
          feeds: feeds[position], needsEncoding: writesPNG || needsEncoding[position],
          isCompared: isCompared[position]))
    }
    return items
  }

  /// Refuses a render of more than ``InputLimits/frames`` frames of one scene: bad input when
  /// the scene file alone asks for them (its duration at its fps), a usage error when flags do.
  static func checkFrameCount(_ count: Int, scene: Scene, rate: FrameRate, options: ExportOptions) throws(ExportError) {
    let limit = InputLimits.frames
    guard count > limit else { return }
    let advice = "render part of it with --time A-B, --frames A-B or --every-nth N"
    if options.fps == nil, options.selection == .all, options.everyNth == 1 {
      throw .invalidInput(
        InputError(
          file: scene.file, keyPath: "duration",
          message:
            "\(scene.duration.compactJSON) s at \(rate) fps is \(count) frames; a render draws at most \(limit) a scene (the limit): \(advice), or shorten the scene"
        ))
    }
    let part: String
    switch options.selection {
    case .time(let range): part = "--time \(range.lowerBound.compactJSON)-\(range.upperBound.compactJSON)"
    case .frames(let range): part = "--frames \(range.lowerBound)-\(range.upperBound)"
    case .progressRange(let range): part = "--progress \(range.lowerBound.compactJSON)-\(range.upperBound.compactJSON)"
    case .all, .at, .progress: part = "\(scene.duration.compactJSON) s"
    }
    let fps = options.fps.map { "--fps \($0.compactJSON)" } ?? "\(rate) fps"
    let nth = options.everyNth > 1 ? " with --every-nth \(options.everyNth)" : ""
    throw .tooManyFrames(
      "\(scene.file): \(part) at \(fps)\(nth) is \(count) frames; a render draws at most \(limit) a scene (the limit): \(advice)"
    )
  }

  /// When the animations' frames show.
  public var timing: AnimationTiming {
    AnimationTiming(rate: rate, everyNth: selection.everyNth, frameCount: selection.indices.count)
  }

}

/// One frame to draw and what it is for.
struct FrameWorkItem: Hashable, Sendable {
  /// Its position among the selected frames.
  var position: Int
  var index: Int
  var time: Double
  var writesPNG: Bool
  /// The outputs it feeds.
  var feeds: FrameOutputSet
  /// Whether it is encoded as PNG: for its file, or for an output that reuses the encoding
  /// (which is encoded whether or not this shard writes the file, so that the output's bytes do
  /// not depend on the sharding).
  var needsEncoding: Bool
  /// Whether an output compares it with the frame before it among theirs.
  var isCompared: Bool
}
