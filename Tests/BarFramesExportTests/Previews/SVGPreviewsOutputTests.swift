import BarFramesOutput
import BarFramesTestSupport
import Foundation
import Testing

@testable import BarFramesExport

/// The SVG previews are drawn while the frames are, on a thread of their own, but named only
/// when the output finishes: a render discarded before then leaves none of them.
@Suite struct SVGPreviewsOutputTests {
  /// A plan of the fixture scene with SVG previews, its scene folder made, and a context on
  /// `directory`.
  static func setUp(in directory: URL) throws -> (ScenePlan, OutputContext) {
    let options = ExportFixtures.options(.svg)
    let plan = try #require(
      try Exporter(outputDirectory: directory, options: options).plan([ExportFixtures.scene()]).first)
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent(plan.names.directory), withIntermediateDirectories: true)
    let context = OutputContext(
      options: options, outputDirectory: directory, temporaryFiles: .shared, flushing: false)
    return (plan, context)
  }

  @Test func discardedItLeavesNoPreview() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (plan, context) = try Self.setUp(in: directory)
    #expect(!plan.previews.isEmpty)
    let output = try #require(try SVGPreviewsOutput.make(for: plan, in: context))
    output.discard()
    #expect(try ExportFixtures.contents(of: directory).isEmpty)
  }

  @Test func finishedItNamesEveryPreviewInTimeOrder() throws {
    let directory = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (plan, context) = try Self.setUp(in: directory)
    let output = try #require(try SVGPreviewsOutput.make(for: plan, in: context))
    let files = try output.finish()
    let expected = plan.previews.map { plan.names.svgPath(time: $0.time) }
    let listed = files.map { file -> String? in if case .written(let entry) = file { entry.path } else { nil } }
    #expect(listed == expected)
    let contents = try ExportFixtures.contents(of: directory)
    #expect(contents.keys.sorted() == expected.sorted())
    for path in expected {
      let text = String(decoding: try #require(contents[path]), as: UTF8.self)
      #expect(text.hasPrefix("<?xml") || text.hasPrefix("<svg"))
    }
  }
}
