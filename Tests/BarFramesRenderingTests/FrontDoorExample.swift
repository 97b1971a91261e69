// This file is the README's opening example, compiled by the suite and run by FrontDoorTests.
// FrontDoorTests checks that the README shows exactly the code between the markers.
// README-FRONT-DOOR-BEGIN
import BarFramesRendering
import Foundation

func renderTheSlider(into folder: URL) throws {
  let scene = try Scene.load(contentsOf: URL(fileURLWithPath: "Examples/bent-line-slider.json"))
  let png = try scene.png(at: 1.5, scale: 2)  // one frame, as PNG bytes
  try Data(png).write(to: folder.appendingPathComponent("slider-1.5s@2x.png"))
  try scene.render(to: folder.appendingPathComponent("frames"))  // every frame, as `barframes render` does
}
// README-FRONT-DOOR-END
