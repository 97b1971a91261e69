import BarFrames
import BarFramesGraphics
import BarFramesRenderer
import BarFramesTestSupport
import Testing

@Suite struct CairoContextTests {
  @Test func opacityGroupsCompositeOnceNotPerShape() throws {
    // Two overlapping opaque white squares in a 0.5 group: the overlap is α 0.5, not 0.75.
    let image = try TestRendering.decodedPNG(size: Size(20, 10)) { cg in
      cg.beginTransparencyLayer(opacity: 0.5)
      cg.fill(Path(rect: Rect(x: 0, y: 0, width: 12, height: 10)), color: .white)
      cg.fill(Path(rect: Rect(x: 8, y: 0, width: 12, height: 10)), color: .white)
      cg.endTransparencyLayer()
    }
    #expect((127...128).contains(image[10, 5].alpha))
    #expect(image[10, 5].alpha == image[2, 5].alpha)
  }

  @Test func transformsAndClipsApplyInPoints() throws {
    let image = try TestRendering.decodedPNG(size: Size(20, 20), scale: 2) { cg in
      cg.withSavedState {
        cg.concatenate(Transform2D(translationX: 10, y: 0))
        cg.clip(to: Path(rect: Rect(x: 0, y: 0, width: 5, height: 20)))
        cg.fill(Path(rect: Rect(x: 0, y: 0, width: 20, height: 20)), color: .white)
      }
    }
    let bounds = try #require(image.opaqueBounds())
    #expect(bounds.minX == 20 && bounds.maxX == 29)
  }

  @Test func testCardDrawsEveryPrimitive() throws {
    let image = try TestRendering.decodedPNG(size: TestCard.size) { TestCard.draw(in: $0) }
    #expect(image[30, 24] == .init(red: 255, green: 255, blue: 255, alpha: 255))  // white fill
    #expect(image[200, 24] == .init(red: 128, green: 128, blue: 128, alpha: 255))  // gray track
    #expect(image[260, 30] == .init(red: 255, green: 255, blue: 255, alpha: 255))  // the circle's centre
    #expect(image[0, 0].alpha == 0)  // rounded card corner
  }
}
