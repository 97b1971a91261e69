import Foundation
import Testing

/// A cheap guard for portability (issue 13): goldens and SVG previews only stay the same across
/// Debian releases because no output depends on Cairo's version-dependent text, font and SVG code
/// (Cairo 1.17.4 moved glyphs from whole to quarter pixels, and its SVG surface changed its whole
/// output). Text is glyph outlines from FreeType and SVG is our own writer; these tests read the
/// package's sources and fail when that stops being true. The full check — the same binary on
/// Debian 12 and 13 libraries — is `make portability` (docs/portability.md), too slow for here.
@Suite struct PortabilityTests {
  /// The only Swift module allowed to import Cairo.
  static let cairoModule = "Sources/BarFramesRenderer/"
  /// C targets allowed to include Cairo's headers: the module map of Cairo itself, and the C
  /// reference of `barframes-bench` (pixels of the seek-bar only, no text, no SVG).
  static let cairoCTargets = ["Sources/CCairo/", "Sources/CBarFramesReference/"]

  @Test func onlyTheRendererImportsCairo() throws {
    let files = try PortabilityScan.sourceFiles()
    var importers: [String] = []
    for file in files {
      let text = try PortabilityScan.read(file)
      if file.hasSuffix(".swift"), PortabilityScan.importsCCairo(text) { importers.append(file) }
      if file.hasSuffix(".c") || file.hasSuffix(".h"),
        PortabilityScan.includesCairo(text), !Self.cairoCTargets.contains(where: file.hasPrefix)
      {
        Issue.record("\(file) includes a Cairo header; only \(Self.cairoCTargets) may")
      }
    }
    // The scan must have seen the renderer's own imports, or it looked in the wrong place.
    #expect(
      importers.contains { $0.hasPrefix(Self.cairoModule) },
      "no file of \(Self.cairoModule) imports CCairo: is the scan broken?")
    let strays = importers.filter { !$0.hasPrefix(Self.cairoModule) }
    #expect(strays.isEmpty, "only \(Self.cairoModule) may import CCairo; also imported by: \(strays)")
  }

  @Test func noSourceUsesCairosTextFontOrSVGAPI() throws {
    let files = try PortabilityScan.sourceFiles()
    #expect(
      files.contains("Sources/BarFramesRenderer/CairoContext.swift"),
      "the scan did not find the renderer: \(files.count) files")
    var found: [String] = []
    for file in files {
      for hit in PortabilityScan.versionDependentCalls(in: try PortabilityScan.read(file)) {
        found.append("\(file):\(hit.line): \(hit.name)")
      }
    }
    #expect(
      found.isEmpty,
      """
      Cairo's text, font, glyph and SVG APIs depend on the Cairo version (glyph positions, SVG \
      structure); draw text as outlines (BarFramesText) and write SVG with our writer instead:
      \(found.joined(separator: "\n"))
      """)
  }

  @Test func cairoModuleMapExposesNoSVGOrFreeTypeBackend() throws {
    for file in try PortabilityScan.sourceFiles() where file.hasPrefix("Sources/CCairo/") {
      let text = PortabilityScan.strippingComments(try PortabilityScan.read(file))
      for header in ["cairo-svg.h", "cairo-ft.h"] {
        #expect(!text.contains(header), "\(file) exposes \(header)")
      }
    }
  }

  // MARK: The scanner can fail

  @Test func scannerFindsCallsButNotComments() {
    let source = """
      // cairo_show_text(cr, "x") was used before; /* cairo_svg_surface_create */ too
      let url = "http://example.com/cairo_font_face"  // a string, not a call
      cairo_move_to(cr, 0, 0)
      cairo_show_glyphs(cr, glyphs, 3)
      let options = cairo_font_options_create()
      cairo_text_path(cr, "label"); cairo_set_font_size(cr, 12)
      surface = cairo_svg_surface_create_for_stream(write, nil, 10, 10)
      /* a block
         cairo_text_extents(cr, "x", &e) */
      cairo_fill(cr)
      """
    let hits = PortabilityScan.versionDependentCalls(in: source)
    #expect(
      hits.map(\.name) == [
        "cairo_show_glyphs", "cairo_font_options_create", "cairo_text_path", "cairo_set_font_size",
        "cairo_svg_surface_create_for_stream",
      ])
    #expect(hits.map(\.line) == [4, 5, 6, 6, 7])
  }

  @Test func scannerFindsEveryFormOfImport() {
    #expect(PortabilityScan.importsCCairo("import CCairo\n"))
    #expect(PortabilityScan.importsCCairo("import Foundation\n  @_implementationOnly import CCairo\n"))
    #expect(PortabilityScan.importsCCairo("internal import CCairo"))
    #expect(PortabilityScan.importsCCairo("public import func CCairo.cairo_fill"))
    #expect(!PortabilityScan.importsCCairo("import CCairoHelpers\n// import CCairo\nimport BarFrames"))
    #expect(PortabilityScan.includesCairo("#include <cairo.h>"))
    #expect(PortabilityScan.includesCairo("#  include \"cairo-svg.h\""))
    #expect(!PortabilityScan.includesCairo("#include <zlib.h>\n// #include <cairo.h>"))
  }

  @Test func aFakeSourceFileWithAGlyphCallIsCaught() throws {
    // The same check as noSourceUsesCairosTextFontOrSVGAPI, on a scratch copy of the renderer
    // with one forbidden call added: it must be reported with its file and line.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "barframes-portability-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let original = try PortabilityScan.read("Sources/BarFramesRenderer/CairoContext.swift")
    #expect(PortabilityScan.versionDependentCalls(in: original).isEmpty)
    let broken = original + "\nfunc label(_ cr: OpaquePointer) { cairo_show_text(cr, \"55%\") }\n"
    let url = directory.appendingPathComponent("CairoContext.swift")
    try broken.write(to: url, atomically: true, encoding: .utf8)
    let hits = PortabilityScan.versionDependentCalls(in: try String(contentsOf: url, encoding: .utf8))
    #expect(hits.map(\.name) == ["cairo_show_text"])
    #expect(hits.first?.line == original.split(separator: "\n", omittingEmptySubsequences: false).count + 1)
  }
}

/// Reads the package's own sources (found from this file's path) and looks for Cairo use.
enum PortabilityScan {
  static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
  }()

  /// Every Swift, C, header and module-map file under Sources/, as package-relative paths, sorted.
  static func sourceFiles() throws -> [String] {
    let sources = packageRoot.appendingPathComponent("Sources")
    let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path), "cannot list \(sources.path)")
    let extensions: Set<String> = ["swift", "c", "h", "modulemap"]
    var files: [String] = []
    while let path = enumerator.nextObject() as? String {
      if extensions.contains((path as NSString).pathExtension) { files.append("Sources/" + path) }
    }
    try #require(!files.isEmpty, "no source files under \(sources.path)")
    return files.sorted()
  }

  static func read(_ relativePath: String) throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(relativePath), encoding: .utf8)
  }

  /// Cairo functions whose output depends on the Cairo version or that bring fonts or SVG back:
  /// the text and glyph API (show, path, extents), font faces and options, scaled fonts, the
  /// FreeType font backend and the SVG surface.
  static var forbidden: Regex<AnyRegexOutput> {
    try! Regex(
      #"\bcairo_(show_text|show_glyphs|show_text_glyphs|text_[a-z_]+|glyph_[a-z_]+|font_[a-z_]+|"#
        + #"select_font_face|set_font_[a-z_]+|get_font_[a-z_]+|set_scaled_font|get_scaled_font|"#
        + #"scaled_font_[a-z_]+|toy_font_face_[a-z_]+|ft_[a-z_]+|svg_[a-z_]+)\b"#)
  }

  /// The forbidden identifiers outside comments and string literals, with their 1-based lines.
  static func versionDependentCalls(in source: String) -> [(line: Int, name: String)] {
    var hits: [(line: Int, name: String)] = []
    let forbidden = forbidden
    for (index, line) in strippingComments(source, stringsToo: true).split(
      separator: "\n", omittingEmptySubsequences: false
    ).enumerated() {
      for match in line.matches(of: forbidden) { hits.append((index + 1, String(line[match.range]))) }
    }
    return hits
  }

  static func importsCCairo(_ source: String) -> Bool {
    let pattern = try! Regex(
      #"^\s*(@[A-Za-z_]+\s+)*((public|package|internal|fileprivate|private)\s+)?import\s+((typealias|struct|class|enum|protocol|let|var|func)\s+)?CCairo(\.|\s|$)"#
    )
    return strippingComments(source).split(separator: "\n").contains { $0.contains(pattern) }
  }

  static func includesCairo(_ source: String) -> Bool {
    let pattern = try! Regex(#"^\s*#\s*include\s*[<"]cairo[^>"]*\.h[>"]"#)
    return strippingComments(source).split(separator: "\n").contains { $0.contains(pattern) }
  }

  /// `source` with `//` and `/* */` comments (and, if asked, the contents of "…" literals)
  /// replaced by spaces, keeping line breaks so that line numbers stay right. Works on UTF-8
  /// bytes: every delimiter is ASCII, and a multi-byte character only ever becomes spaces whole.
  static func strippingComments(_ source: String, stringsToo: Bool = false) -> String {
    let slash = UInt8(ascii: "/")
    let star = UInt8(ascii: "*")
    let quote = UInt8(ascii: "\"")
    let backslash = UInt8(ascii: "\\")
    let newline = UInt8(ascii: "\n")
    let space = UInt8(ascii: " ")
    var bytes = Array(source.utf8)
    enum State { case code, line, block, string }
    var state = State.code
    var i = 0
    while i < bytes.count {
      let c = bytes[i]
      let next: UInt8? = i + 1 < bytes.count ? bytes[i + 1] : nil
      switch state {
      case .code:
        if c == slash && next == slash {
          state = .line
          bytes[i] = space
          bytes[i + 1] = space
          i += 2
          continue
        } else if c == slash && next == star {
          state = .block
          bytes[i] = space
          bytes[i + 1] = space
          i += 2
          continue
        } else if c == quote && stringsToo {
          state = .string
        }
      case .line:
        if c == newline { state = .code } else { bytes[i] = space }
      case .block:
        if c == star && next == slash {
          state = .code
          bytes[i] = space
          bytes[i + 1] = space
          i += 2
          continue
        }
        if c != newline { bytes[i] = space }
      case .string:
        if c == backslash, next != nil, next != newline {
          bytes[i] = space
          bytes[i + 1] = space
          i += 2
          continue
        }
        if c == quote { state = .code } else if c != newline { bytes[i] = space }
      }
      i += 1
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
