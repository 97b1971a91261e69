import BarFramesGraphics
import BarFramesTiming

/// Scene events every design understands: hit tests and the timing model applied to any
/// named layer.
public enum GenericCall: Hashable, Sendable {
  /// Records whether a touch at the point lands on the bar (shown by `inspect`).
  case hitTest(Point)
  /// QA1673's pause on one layer.
  case pauseLayer(String)
  /// QA1673's resume on one layer.
  case resumeLayer(String)
  /// Assigns the listed timing properties of one layer.
  case setLayerTiming(String, speed: Double?, timeOffset: Double?, beginTime: Double?)
  /// Starts driving a layer by hand, as UIKit starts an interactive transition: speed 0.
  case beginInteractive(String)
  /// Scrubs: `timeOffset` = the running animation's begin + percent × its duration.
  case updateInteractive(String, percent: Double)
  /// Lets the transition finish from where it is: the layer's clock runs again.
  case finishInteractive(String)
  /// Plays the transition back to its start, with the autoreverse-in-a-group technique.
  case cancelInteractive(String)

  /// The generic events, each declared once: name, argument keys and reader.
  static let declarations: [Declaration] = [
    Declaration("hitTest", ["x", "y"]) { args, _ throws(InputError) in
      .hitTest(Point(try args.number("x"), try args.number("y")))
    },
    Declaration("pauseLayer", ["layer"]) { args, layers throws(InputError) in .pauseLayer(try layer(&args, in: layers))
    },
    Declaration("resumeLayer", ["layer"]) { args, layers throws(InputError) in
      .resumeLayer(try layer(&args, in: layers))
    },
    Declaration("setLayerTiming", ["layer", "speed", "timeOffset", "beginTime"]) { args, layers throws(InputError) in
      let name = try layer(&args, in: layers)
      return .setLayerTiming(
        name, speed: try args.optionalNumber("speed"), timeOffset: try args.optionalNumber("timeOffset"),
        beginTime: try args.optionalNumber("beginTime"))
    },
    Declaration("beginInteractive", ["layer"]) { args, layers throws(InputError) in
      .beginInteractive(try layer(&args, in: layers))
    },
    Declaration("updateInteractive", ["layer", "percent"]) { args, layers throws(InputError) in
      let name = try layer(&args, in: layers)
      return .updateInteractive(name, percent: try args.number("percent", .range(0...1)))
    },
    Declaration("finishInteractive", ["layer"]) { args, layers throws(InputError) in
      .finishInteractive(try layer(&args, in: layers))
    },
    Declaration("cancelInteractive", ["layer"]) { args, layers throws(InputError) in
      .cancelInteractive(try layer(&args, in: layers))
    },
  ]

  /// A generic event's name, argument keys and reader (which checks layer names against the design's layers).
  struct Declaration: Sendable {
    let name: String
    let arguments: [String]
    let read: @Sendable (inout JSONObjectReader, LayerTree) throws(InputError) -> GenericCall

    init(
      _ name: String, _ arguments: [String],
      read: @escaping @Sendable (inout JSONObjectReader, LayerTree) throws(InputError) -> GenericCall
    ) {
      self.name = name
      self.arguments = arguments
      self.read = read
    }
  }

  /// The generic event names.
  public static let names = declarations.map(\.name)

  /// The argument keys of each generic event.
  public static let arguments = Dictionary(uniqueKeysWithValues: declarations.map { ($0.name, $0.arguments) })

  /// Parses a generic event, checking that its layer exists; nil when `name` is not generic.
  static func parse(_ name: String, args: inout JSONObjectReader, layers: LayerTree) throws(InputError) -> GenericCall?
  {
    guard let declaration = declarations.first(where: { $0.name == name }) else { return nil }
    return try declaration.read(&args, layers)
  }

  /// The `layer` argument, which must name one of `layers`.
  private static func layer(_ args: inout JSONObjectReader, in layers: LayerTree) throws(InputError) -> String {
    let layer = try args.string("layer")
    guard layers.contains(layer) else {
      throw args.error(
        "layer",
        "no layer named \(InputText.quoted(layer)); this design has \(layers.names.joined(separator: ", "))")
    }
    return layer
  }

  /// Applies the event to the layer tree at an absolute time.
  func apply(to layers: inout LayerTree, at time: Double) {
    switch self {
    case .hitTest:
      break
    case .pauseLayer(let name), .beginInteractive(let name):
      guard layers[name].timing.speed != 0 else { return }
      layers.pause(name, atAbsoluteTime: time)
    case .resumeLayer(let name), .finishInteractive(let name):
      guard layers[name].timing.speed == 0 else { return }
      layers.resume(name, atAbsoluteTime: time)
    case .setLayerTiming(let name, let speed, let timeOffset, let beginTime):
      var timing = layers[name].timing
      if let speed { timing.speed = speed }
      if let timeOffset { timing.timeOffset = timeOffset }
      if let beginTime { timing.beginTime = beginTime }
      layers[name].timing = timing
    case .updateInteractive(let name, let percent):
      guard let running = GenericCall.transitionAnimation(of: layers[name]) else { return }
      if layers[name].timing.speed != 0 { layers.pause(name, atAbsoluteTime: time) }
      // With speed 0 the layer's local time is its timeOffset: put it `percent` of the way
      // through the animation's active window.
      layers[name].timing.timeOffset = running.timing.beginTime + percent * running.timing.duration
    case .cancelInteractive(let name):
      // UIKit reverses every animation under the driven layer, since they all run on its
      // clock: sublayers too, or they would jump to wherever their own animations stand.
      let driven = layers.names.filter { $0 == name || layers.ancestry(of: $0).contains(name) }
      let before = driven.map { layers.localTime(of: $0, atAbsoluteTime: time) }
      if layers[name].timing.speed == 0 { layers.resume(name, atAbsoluteTime: time) }
      for (layerName, local) in zip(driven, before) {
        let now = layers.localTime(of: layerName, atAbsoluteTime: time)
        var rebuilt = layers[layerName].animations
        for entry in layers[layerName].animations.entries {
          guard let key = entry.key else { continue }
          let timing = entry.animation.timing
          let sinceBegin = local - timing.beginTime
          let elapsed = min(max(sinceBegin, 0), timing.duration)
          let holdsEnd = timing.fillMode.fillsForwards && !entry.animation.removedOnCompletion
          // An animation that ended without holding its end shows nothing; leave it be.
          if sinceBegin > timing.duration, !holdsEnd { continue }
          var copy = entry.animation
          copy.timing.beginTime = 0
          rebuilt.removeAnimation(forKey: key)
          guard elapsed > 0 else { continue }
          var reversal = AnimationGroup.reversing(copy, fromElapsedTime: elapsed)
          if sinceBegin > elapsed {
            // Time runs backwards from `local`: an animation that ended earlier holds its end
            // until the reversed clock reaches it, then plays back.
            reversal.timing.beginTime = now + (sinceBegin - elapsed)
            reversal.timing.fillMode = .backwards
          }
          rebuilt.add(.group(reversal), forKey: key, atLayerTime: now)
        }
        layers[layerName].animations = rebuilt
      }
    }
  }

  /// The animation an interactive transition drives: the one with the longest duration.
  static func transitionAnimation(of layer: Layer) -> Animation? {
    layer.animations.entries.map(\.animation).max { $0.timing.duration < $1.timing.duration }
  }
}
