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
  /// Whether this shard writes the APNG, GIF, WebP, contact sheet and SVG previews.
  public var ownsSceneFiles: Bool
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
    names = SceneFileNames(scene: scene.name, scale: scale, indexDigits: selection.sampler.indexDigits)
    let size = scene.style.canvas.size
    pixelWidth = Int((size.width * Double(scale)).rounded(.up))
    pixelHeight = Int((size.height * Double(scale)).rounded(.up))
    // The scene file's own scale is checked when it is read; `--scale` can raise it.
    guard pixelWidth * pixelHeight <= InputLimits.framePixels else {
      throw .invalidFormat(
        "\(scene.file): at @\(scale)x a frame is \(pixelWidth) × \(pixelHeight) = \(pixelWidth * pixelHeight) pixels; "
          + "the limit is \(InputLimits.framePixels) (4096 × 4096): use a smaller --scale")
    }
    colorType = (background?.alpha ?? 0) >= 1 ? .rgb : .rgba
    formats = options.formats
    ownsSceneFiles = options.shard.ownsSceneFiles(sceneOrdinal: ordinal)

    let count = selection.indices.count
    // GIF: browsers show delays under 2 cs as 10 cs, so above 50 fps the GIF keeps every
    // n-th frame; delays come from the full sequence's schedule so the total stays exact.
    let schedule = GIFDelaySchedule(
      framesPerSecond: rate.numerator, per: rate.denominator * selection.everyNth, frameCount: count)
    let stride = schedule.browserSafeFrameStride
    gifPositions = Array(Swift.stride(from: 0, to: count, by: stride))
    gifDelays = gifPositions.map { p in
      UInt16(schedule.start(ofFrame: min(p + stride, count)) - schedule.start(ofFrame: p))
    }
    let sheetCount = min(max(1, options.sheetFrameCount), count)
    sheetPositions =
      sheetCount == 1
      ? [0] : (0..<sheetCount).map { j in Int((Double(j) * Double(count - 1) / Double(sheetCount - 1)).rounded()) }
    previews = SVGPreview.previews(for: scene, in: selection.timeRange)

    let wantsAPNG = ownsSceneFiles && formats.contains(.apng)
    let wantsGIF = ownsSceneFiles && formats.contains(.gif)
    let wantsWebP = ownsSceneFiles && formats.contains(.webp)
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

  /// The delay of one APNG frame: `everyNth / fps`, exactly.
  public var apngDelay: FrameDelay {
    FrameDelay(framesPerSecond: rate.numerator, per: rate.denominator * selection.everyNth)
  }

  /// The WebP's frame start times: frame k at k · everyNth / fps, to the millisecond.
  public var webpTimestamps: WebPTimestamps {
    WebPTimestamps(framesPerSecond: rate.numerator, per: rate.denominator * selection.everyNth)
  }
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
