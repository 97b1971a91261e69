import BarFramesTestSupport
import Foundation
import Testing

/// The version lives in one place (BarFramesVersion); CHANGELOG.md's newest release heading
/// names it, so a release cannot be cut with the two apart (CHANGELOG.md, "Cutting a release").
@Suite struct ChangelogTests {
  @Test func theNewestReleaseInTheChangelogIsTheVersionTheToolPrints() throws {
    let changelog = try String(
      contentsOf: TestRendering.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let releases = changelog.split(separator: "\n").filter { $0.hasPrefix("## ") && $0.dropFirst(3).first?.isNumber == true }
    let newest = try #require(releases.first).dropFirst(3)
    let result = try CommandRunner.run(["--version"])
    #expect(result.exitCode == 0)
    #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix(String(newest)), "\(result.stdout)")
  }

  @Test func theLicenceIsApache2AndNamesTheVendoredOnes() throws {
    let licence = try String(contentsOf: TestRendering.packageRoot.appendingPathComponent("LICENSE"), encoding: .utf8)
    #expect(licence.contains("Apache License") && licence.contains("Version 2.0, January 2004"))
    for vendored in ["Vendor/FlyingFox/LICENSE", "Vendor/Fonts/OFL.txt"] {
      #expect(licence.contains(vendored))
      #expect(FileManager.default.fileExists(atPath: TestRendering.packageRoot.appendingPathComponent(vendored).path))
    }
  }
}
