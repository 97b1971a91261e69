@testable import BarFramesExport
import Testing

@Suite struct SVGFrameRendererTests {
  @Test func theSameFrameGivesTheSameBytesEveryTime() throws {
    let timeline = try ExportFixtures.scene()
    let first = try SVGFrameRenderer.svg(timeline.presentation(at: 0.5), background: nil)
    _ = try SVGFrameRenderer.svg(timeline.presentation(at: 0.1), background: nil)
    let again = try SVGFrameRenderer.svg(timeline.presentation(at: 0.5), background: nil)
    #expect(first == again)
    #expect(String(decoding: first, as: UTF8.self).contains("id=\"surface1\""))
  }

  @Test func surfaceAndSourceIDsAreRenumberedByFirstAppearance() {
    let svg = ##"<g id="surface107"><use xlink:href="#source12"/><g id="surface9"/><use href="#surface107"/><p fill="url(#source12)"/><x id="surfaces"/>"##
    let renumbered = String(decoding: SVGFrameRenderer.renumberingSurfaceIDs(Array(svg.utf8)), as: UTF8.self)
    #expect(
      renumbered
        == ##"<g id="surface1"><use xlink:href="#source1"/><g id="surface2"/><use href="#surface1"/><p fill="url(#source1)"/><x id="surfaces"/>"##)
  }
}
