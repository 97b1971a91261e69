import BarFramesImageIO
import Foundation

/// Hands each drawn frame to the thread drawing the next one, which prepares the animation
/// frames (APNG, WebP) from the two: what changed between them and its compression.
///
/// Items are taken in order, so frame n − 1 is always being drawn, or drawn, when frame n's
/// thread asks for it: waiting for it cannot deadlock, and it is at most one frame's drawing
/// away. Each frame is held until the next one's thread has taken it, so at most a window of
/// frames are held. A failing thread calls ``fail()`` so no one waits for a frame that will
/// never come.
final class FrameHandoff: @unchecked Sendable {
  private let condition = NSCondition()
  /// A drawn frame and the rectangle outside which it is background (nil: all background).
  struct Frame: Sendable {
    var image: RGBAImage
    var ink: PixelRect?
  }

  private var frames: [Int: Frame] = [:]
  private var failed = false

  /// Frame `n` is drawn.
  func publish(_ n: Int, _ frame: Frame) {
    condition.lock()
    frames[n] = frame
    condition.broadcast()
    condition.unlock()
  }

  /// Frame `n`, once drawn, removed from the handoff (only frame n + 1 asks for it); nil if
  /// a thread failed first.
  func take(_ n: Int) -> Frame? {
    condition.lock()
    defer { condition.unlock() }
    while !failed, frames[n] == nil { condition.wait() }
    return frames.removeValue(forKey: n)
  }

  func fail() {
    condition.lock()
    failed = true
    condition.broadcast()
    condition.unlock()
  }
}
