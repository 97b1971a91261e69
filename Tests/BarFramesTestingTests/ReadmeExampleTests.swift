// This file is the README's "Golden tests in your package" example, compiled and run as is.
// ReadmeSyncTests checks that the README shows exactly the code between the markers.
// README-EXAMPLE-BEGIN
import BarFramesTesting
import Foundation
import Testing

@Test func bentLineSliderMatchesItsGoldens() throws {
  try assertFrames(
    of: URL(fileURLWithPath: "Examples/bent-line-slider.json"),
    at: [0, 0.5, 1.0],
    matching: URL(fileURLWithPath: "Tests/Goldens"))
}
// README-EXAMPLE-END
