import BarFrames
import BarFramesRenderer

/// A SHA-256 of what a scene draws, recorded in the manifest so that `barframes merge` refuses
/// shards rendered from different versions of a scene (a file edited between two machines'
/// runs) even when its name, duration and size agree.
///
/// It hashes the design's name, the canvas size, every event (time, call, arguments) and our
/// own SVG of the scene at its key times (0, 25, 50, 75, 100 % and every event entry's time,
/// ``Scene/keyTimes``), drawn over `background`: any style parameter, icon or event that changes
/// a pixel at those times changes it. The SVG writer's output is the same on every machine, and
/// nothing of the file's path or formatting enters, so two checkouts of one scene agree.
public enum SceneFingerprint {
  /// The fingerprint of `timeline`'s scene drawn over `background` (nil: transparent).
  /// - Throws: ``ExportError/renderFailed(scene:time:reason:)`` when a key time cannot be drawn.
  public static func sha256(of timeline: any SceneTimeline, background: Color?) throws(ExportError) -> String {
    let scene = timeline.scene
    var text =
      "design \(scene.style.designName)\nsize \(scene.style.canvas.size.width.compactJSON) \(scene.style.canvas.size.height.compactJSON)\n"
    for event in scene.events {
      text += "event \(event.at.compactJSON) \(event.call) \(event.args.serialized(pretty: false))\n"
    }
    var digests = Array(text.utf8)
    for time in scene.keyTimes {
      let svg: [UInt8]
      do {
        svg = try SVGFrameRenderer.svg(timeline.presentation(at: time), background: background)
      } catch {
        throw .renderFailed(scene: scene.name, time: time, reason: AtomicFile.reason(error))
      }
      digests += Array("svg \(time.compactJSON)\n".utf8) + SHA256.digest(svg)
    }
    return SHA256.hex(digests)
  }
}
