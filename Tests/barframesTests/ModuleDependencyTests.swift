import BarFramesTestSupport
import Foundation
import Testing

/// What each product makes its users install: golden tests and the renderer need Cairo, zlib and
/// libdeflate, never libwebp, whose formats (APNG, GIF, WebP) live in `BarFramesImageIO`.
@Suite struct ModuleDependencyTests {
  static let swift =
    ProcessInfo.processInfo.environment["SWIFT"] ?? ExternalTools.path("swift") ?? "/opt/swift/usr/bin/swift"

  /// Every target reachable from `targets`, following `dependencies` in `swift package
  /// dump-package`'s description.
  static func closure(of targets: [String], in package: [String: Any]) -> Set<String> {
    var dependencies: [String: [String]] = [:]
    for case let target as [String: Any] in package["targets"] as? [Any] ?? [] {
      let name = target["name"] as? String ?? ""
      var names: [String] = []
      for case let dependency as [String: Any] in target["dependencies"] as? [Any] ?? [] {
        for key in ["byName", "target"] {
          if let parts = dependency[key] as? [Any], let first = parts.first as? String { names.append(first) }
        }
      }
      dependencies[name] = names
    }
    var seen: Set<String> = []
    var queue = targets
    while let next = queue.popLast() {
      guard seen.insert(next).inserted else { continue }
      queue += dependencies[next] ?? []
    }
    return seen
  }

  @Test func goldenTestingAndTheRendererNeedNoLibWebP() throws {
    // A scratch folder of its own: `swift test` holds the package's .build lock meanwhile.
    let scratch = try TestRendering.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let dump = try ExternalTools.run(
      Self.swift, ["package", "--scratch-path", scratch.path, "dump-package"], in: TestRendering.packageRoot,
      timeout: 120)
    #expect(dump.status == 0, "\(dump.stderr)")
    let package = try #require(try JSONSerialization.jsonObject(with: dump.stdout) as? [String: Any])
    var products: [String: [String]] = [:]
    for case let product as [String: Any] in package["products"] as? [Any] ?? [] {
      products[product["name"] as? String ?? ""] = product["targets"] as? [String] ?? []
    }
    let testing = Self.closure(of: try #require(products["BarFramesTesting"]), in: package)
    #expect(testing.contains("BarFramesPNG") && testing.contains("CCairo"), "\(testing.sorted())")
    #expect(!testing.contains("CWebP") && !testing.contains("BarFramesImageIO"), "\(testing.sorted())")
    let renderer = Self.closure(of: ["BarFramesRenderer"], in: package)
    #expect(!renderer.contains("CWebP"), "\(renderer.sorted())")
    // The check itself: the command line does reach libwebp.
    #expect(Self.closure(of: try #require(products["BarFramesCLI"]), in: package).contains("CWebP"))
  }
}
