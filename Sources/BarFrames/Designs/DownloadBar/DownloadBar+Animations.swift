import BarFramesGraphics
import BarFramesTiming

/// The original's animations, one builder each, named after the methods that build them
/// (designs.md §2.4). Every one is added with `beginTime` 0 ("now") unless it says otherwise.
extension DownloadBar {
  /// The animation keys the original uses, so later animations replace earlier ones exactly
  /// where the original's do (a same-key add removes the old animation first).
  enum Key {
    static let triangleReady = "kTriangleReadyAnimationKey"
    static let rectangleReady = "kRectangleReadyAnimationKey"
    static let triangleOrigin = "kTriangleOriginAnimationKey"
    static let rectangleOrigin = "kRectangleOriginAnimationKey"
    static let containerReady = "kContainerReadyAnimationKey"
    static let containerOrigin = "ContainerOriginAnimationKey"
    static let indicatorToStart = "kIndicatorToStartAnimationKey"
    static let readyForDownload = "kReadyForDownloadAnimationKey"
    static let failedTilt = "downloadFailedAnim"
    static let resumeMove = "resumeAnimaitonKey"
    static let progressHidden = "progressHiddenAnim"
    static let progressDismiss = "progressDissmissAnimationKey"
    static let progressDown = "progressDownAnimationKey"
    static let progressFall = "progressFallAnimationKey"
  }

  /// Bar coordinates → canvas (the indicator's and the stream's superlayer).
  var toCanvas: Transform2D { Transform2D(translationX: barFrame.minX, y: barFrame.minY) }

  /// A `CABasicAnimation` with only `toValue`, `fillMode = forwards`, `removedOnCompletion = NO`:
  /// it starts from whatever is presented underneath (the original's held values).
  static func held(_ keyPath: AnimationKeyPath, to value: AnimatableValue, duration: Double) -> Animation {
    .basic(
      BasicAnimation(
        keyPath: keyPath, to: value, timing: MediaTiming(duration: duration, fillMode: .forwards),
        removedOnCompletion: false))
  }

  /// `indicatorReadyAnimation`: the hop along ``DownloadBarGeometry/readyPath`` (four segments,
  /// a quarter of the eased time each) with the tilt `[0, highSpeedAngle]` at keyTimes
  /// `[0.4, 0.7]`, in a group whose easeOut warps both children's time.
  func indicatorReadyAnimation() -> Animation {
    let move = KeyframeAnimation(keyPath: "position", path: geometry.readyPath.applying(toCanvas))
    let tilt = KeyframeAnimation(
      keyPath: "transform.rotation.z", values: [.scalar(0), .scalar(style.highSpeedAngle)], keyTimes: [0.4, 0.7])
    return .group(
      AnimationGroup(
        animations: [.keyframe(tilt), .keyframe(move)],
        timing: MediaTiming(duration: style.readyDuration, fillMode: .forwards), timingFunction: .easeOut,
        removedOnCompletion: false))
  }

  /// `beginDownloading`'s swing: `[−lowSpeedAngle, 0]` at keyTimes `[0.5, 1.0]`. Added after the
  /// ready group, it overrides the group's held +15° at once: the tilt snaps to −11.25°, holds
  /// for half the swing and straightens.
  func beginDownloadingSwing() -> Animation {
    .keyframe(
      KeyframeAnimation(
        keyPath: "transform.rotation.z", values: [.scalar(-style.lowSpeedAngle), .scalar(0)], keyTimes: [0.5, 1.0],
        timing: MediaTiming(duration: style.swingDuration, fillMode: .forwards), removedOnCompletion: false))
  }

  /// `downloadSuccess`'s flip: `transform.rotation.y` → π, removed on completion (the original
  /// comments that a held flip would leave the text mirrored). Seen without perspective as an
  /// x-scale by cos θ on top of the held tag scale.
  func successFlip() -> Animation {
    .basic(
      BasicAnimation(
        keyPath: "transform.rotation.y", to: .scalar(.pi), timing: MediaTiming(duration: style.flipDuration)))
  }

  /// `progressDissmissAnimation`: the line's scale y → 0 about its centre while its centre moves
  /// down by half the line width, so the bottom edge stays: "the water level drains".
  func progressDismissAnimation(duration: Double) -> Animation {
    .group(
      AnimationGroup(
        animations: [
          .basic(BasicAnimation(keyPath: "transform", to: .transform(.scale(1, 0)))),
          .basic(BasicAnimation(keyPath: "position.y", to: .scalar(onCanvas(Point(0, geometry.drainedY)).y))),
        ],
        timing: MediaTiming(duration: duration, fillMode: .forwards), removedOnCompletion: false))
  }

  /// `progressDownAnimation`: the stream grows to `(1, W·p)` from its top-left corner while its
  /// y eases in to `W·p/2 + 3`.
  func progressDownAnimation(progress p: Double, duration: Double) -> Animation {
    .group(
      AnimationGroup(
        animations: [
          .basic(BasicAnimation(keyPath: "bounds.size", to: .size(geometry.pouredStreamSize(progress: p)))),
          .basic(
            BasicAnimation(
              keyPath: "position.y", to: .scalar(onCanvas(Point(0, geometry.pouredStreamY(progress: p))).y),
              timingFunction: .easeIn)),
        ],
        timing: MediaTiming(duration: duration, fillMode: .forwards), removedOnCompletion: false))
  }

  /// `progressFallingAnimation`: y → 200 and opacity → 0 over 0.7 s, beginning at `beginTime`
  /// (the stream's time when the pour ends; forwards fill only, so nothing before it).
  func progressFallingAnimation(beginTime: Double) -> Animation {
    .group(
      AnimationGroup(
        animations: [
          .basic(BasicAnimation(keyPath: "position.y", to: .scalar(onCanvas(Point(0, style.fallTargetY)).y))),
          .basic(BasicAnimation(keyPath: "opacity", to: .scalar(0))),
        ],
        timing: MediaTiming(beginTime: beginTime, duration: style.fallDuration, fillMode: .forwards),
        removedOnCompletion: false))
  }

  /// `resumeAnimation`'s arc home: a position keyframe along ``DownloadBarGeometry/resumePath(progress:)``.
  func resumeMoveAnimation(progress p: Double) -> Animation {
    .keyframe(
      KeyframeAnimation(
        keyPath: "position", path: geometry.resumePath(progress: p).applying(toCanvas),
        timing: MediaTiming(duration: style.resumeDuration, fillMode: .forwards), removedOnCompletion: false))
  }
}
