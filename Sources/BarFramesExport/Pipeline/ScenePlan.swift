import BarFrames
import BarFramesGraphics
import BarFramesImageIO

/// Everything decided about one scene before a pixel is drawn: the frames, their names, which
/// of them this shard writes, and which feed the APNG, the GIF, the WebP and the contact sheet.
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
  /// Positions (in ``ResolvedSelection/indices``) of the GIF's frames and their delays in cs.
  public var gifPositions: [Int]
  public var gifDelays: [UInt16]
  /// Positions of the contact sheet's frames.
  public var sheetPositions: [Int]
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
        "\(scene.file): at @\(scale)x a frame is \(pixelWidth) × \(pixelHeight) = \(pixelWidth * pixelHeight) pixels; the limit is \(InputLimits.framePixels) (4096 × 4096): use a smaller --scale")
    }
    colorType = (background?.alpha ?? 0) >= 1 ? .rgb : .rgba
    formats = options.formats
    ownsSceneFiles = options.shard.ownsSceneFiles(sceneOrdinal: ordinal)
    writesAnimations = options.shard == .whole

    let count = selection.indices.count
    let timing = AnimationTiming(rate: rate, everyNth: selection.everyNth, frameCount: count)
    if let problem = timing.frameTooLong(for: formats) { throw .invalidFormat("\(scene.file): \(problem)") }
    (gifPositions, gifDelays) = formats.contains(.gif) ? timing.gifFrames : ([], [])
    let sheetCount = min(max(1, options.sheetFrameCount), count)
    sheetPositions =
      sheetCount == 1
      ? [0] : (0..<sheetCount).map { j in Int((Double(j) * Double(count - 1) / Double(sheetCount - 1)).rounded()) }
    previews = SVGPreview.previews(for: scene, in: selection.timeRange)

    let wantsAPNG = writesAnimations && formats.contains(.apng)
    let wantsGIF = writesAnimations && formats.contains(.gif)
    let wantsWebP = writesAnimations && formats.contains(.webp)
    let wantsSheet = ownsSceneFiles && formats.contains(.sheet)
    let gifSet = Set(gifPositions)
    let sheetSet = Set(sheetPositions)
    var items: [FrameWorkItem] = []
    for (position, index) in selection.indices.enumerated() {
      let item = FrameWorkItem(
        position: position, index: index, time: selection.sampler.time(ofFrame: index),
        writesPNG: formats.contains(.png) && options.shard.ownsFrame(atPosition: position),
        feedsAPNG: wantsAPNG,
        feedsGIF: wantsGIF && gifSet.contains(position),
        feedsWebP: wantsWebP,
        feedsSheet: wantsSheet && sheetSet.contains(position))
      if item.writesPNG || item.feedsAPNG || item.feedsGIF || item.feedsWebP || item.feedsSheet { items.append(item) }
    }
    self.items = items
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
          message: "\(scene.duration.compactJSON) s at \(rate) fps is \(count) frames; a render draws at most \(limit) a scene (the limit): \(advice), or shorten the scene"))
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
      "\(scene.file): \(part) at \(fps)\(nth) is \(count) frames; a render draws at most \(limit) a scene (the limit): \(advice)")
  }

  /// When the animations' frames show.
  public var timing: AnimationTiming {
    AnimationTiming(rate: rate, everyNth: selection.everyNth, frameCount: selection.indices.count)
  }

  /// The delay of one APNG frame: `everyNth / fps`, exactly.
  public var apngDelay: FrameDelay { timing.apngDelay }

  /// The WebP's frame start times: frame k at k · everyNth / fps, to the millisecond.
  public var webpTimestamps: WebPTimestamps { timing.webpTimestamps }
}

/// One frame to draw and what it is for.
struct FrameWorkItem: Hashable, Sendable {
  var position: Int
  var index: Int
  var time: Double
  var writesPNG: Bool
  var feedsAPNG: Bool
  var feedsGIF: Bool
  var feedsWebP: Bool
  var feedsSheet: Bool

  /// The APNG reuses a PNG frame's compressed data where it stores a whole frame, so its
  /// frames are encoded whether or not this shard writes the PNG: the APNG's bytes must not
  /// depend on the sharding.
  var needsEncoding: Bool { writesPNG || feedsAPNG }
}
