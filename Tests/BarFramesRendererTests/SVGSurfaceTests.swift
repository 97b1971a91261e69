import BarFrames
import BarFramesGraphics
import BarFramesRenderer
import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite struct SVGSurfaceTests {
  @Test func writesWellFormedXMLInPixelUnits() throws {
    let svg = try SVGSurface(size: TestCard.size)
    TestCard.draw(in: svg.context)
    let bytes = try svg.finish()
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("width=\"320px\""))
    #expect(text.contains("height=\"120px\""))
    let parser = XMLParser(data: Data(bytes))
    #expect(parser.parse(), "SVG is not well-formed: \(String(describing: parser.parserError))")
  }

  @Test func backgroundBecomesAFullSizeFill() throws {
    let svg = try SVGSurface(size: Size(50, 10), background: .black)
    let text = String(decoding: try svg.finish(), as: UTF8.self)
    #expect(text.contains("<rect x=\"0\" y=\"0\" width=\"50\" height=\"10\" style=\"fill:rgb(0%,0%,0%)"))
  }
}
