// swift-tools-version: 6.0
// BarFrames renders Core Animation progress-bar designs off-device, with Cairo,
// into PNG frame sequences, SVG previews, animated previews and golden images.

import PackageDescription

let package = Package(
  name: "BarFrames",
  products: [
    // The core: geometry, the Core Animation timing model, styles, scenes and designs. No Cairo.
    .library(name: "BarFrames", targets: ["BarFrames", "BarFramesTiming", "BarFramesGraphics", "BarFramesText", "BarFramesJSON"]),
    // Cairo-backed drawing, PNG encoding and the frame exporter.
    .library(name: "BarFramesRendering", targets: ["BarFramesRenderer", "BarFramesImageIO", "BarFramesPlayer", "BarFramesExport"]),
    // Golden-image assertions for XCTest and Swift Testing.
    .library(name: "BarFramesTesting", targets: ["BarFramesTesting", "BarFramesGolden"]),
    .executable(name: "barframes", targets: ["barframes"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // The HTTP server of `barframes preview` (small, no NIO); only the CLI links it.
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
  ],
  targets: [
    // MARK: System libraries
    .systemLibrary(
      name: "CCairo",
      pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev"])]
    ),
    .systemLibrary(
      name: "CFreeType",
      pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"])]
    ),
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]
    ),

    // MARK: Core (no Cairo)
    // JSON text: a strict parser (file order, duplicate keys, line and column) and a writer.
    .target(name: "BarFramesJSON"),
    .target(name: "BarFramesGraphics"),
    // Text as geometry: the pinned font's glyph outlines through FreeType, laid out exactly.
    .target(name: "BarFramesText", dependencies: ["BarFramesGraphics", "CFreeType"]),
    .target(name: "BarFramesTiming", dependencies: ["BarFramesGraphics", "BarFramesJSON"]),
    .target(name: "BarFrames", dependencies: ["BarFramesGraphics", "BarFramesText", "BarFramesTiming", "BarFramesJSON"]),

    // MARK: Output
    .target(name: "BarFramesImageIO", dependencies: ["CZlib"]),
    .target(name: "BarFramesRenderer", dependencies: ["BarFramesGraphics", "BarFramesImageIO", "CCairo"]),
    // The player page (script, style sheet, page shell, backdrop choice) shared by the gallery
    // and the golden report: text only, so neither module depends on the other's page code.
    .target(name: "BarFramesPlayer", dependencies: ["BarFramesJSON"]),
    .target(
      name: "BarFramesExport",
      dependencies: ["BarFrames", "BarFramesRenderer", "BarFramesImageIO", "BarFramesPlayer"]
    ),
    // Golden images: comparison, record modes and artefacts (no XCTest, so the CLI can use it).
    .target(
      name: "BarFramesGolden",
      dependencies: ["BarFrames", "BarFramesRenderer", "BarFramesImageIO", "BarFramesExport", "BarFramesPlayer"]
    ),
    // Assertions for XCTest and Swift Testing on top of BarFramesGolden.
    .target(name: "BarFramesTesting", dependencies: ["BarFrames", "BarFramesGolden"]),

    // The C reference of `barframes bench`: the seek-bar workload in plain C, same Cairo calls and
    // PNG settings, so the Swift pipeline's overhead is measured as a ratio in the same run.
    .target(
      name: "CBarFramesReference",
      dependencies: ["CCairo", "CZlib"],
      linkerSettings: [.linkedLibrary("m")]
    ),

    // `barframes bench`: standard workloads, measured against the naive pipeline and the C reference.
    .target(
      name: "BarFramesBench",
      dependencies: ["BarFrames", "BarFramesExport", "BarFramesRenderer", "BarFramesImageIO", "CBarFramesReference"]
    ),

    // MARK: Command line
    .executableTarget(
      name: "barframes",
      dependencies: [
        "BarFrames", "BarFramesRenderer", "BarFramesImageIO", "BarFramesPlayer", "BarFramesExport", "BarFramesGolden", "BarFramesBench",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "FlyingFox", package: "FlyingFox"),
      ]
    ),

    // MARK: Tests (mirror Sources/)
    .target(
      name: "BarFramesTestSupport",
      dependencies: ["BarFrames", "BarFramesRenderer", "BarFramesImageIO"],
      path: "Tests/BarFramesTestSupport"
    ),
    .testTarget(name: "BarFramesJSONTests", dependencies: ["BarFramesJSON"]),
    .testTarget(name: "BarFramesGraphicsTests", dependencies: ["BarFramesGraphics"]),
    .testTarget(name: "BarFramesTextTests", dependencies: ["BarFramesText"]),
    .testTarget(name: "BarFramesTimingTests", dependencies: ["BarFramesTiming", "BarFramesJSON"]),
    .testTarget(name: "BarFramesTests", dependencies: ["BarFrames", "BarFramesTestSupport"]),
    .testTarget(name: "BarFramesImageIOTests", dependencies: ["BarFramesImageIO", "BarFramesTestSupport"]),
    .testTarget(
      name: "BarFramesRendererTests",
      dependencies: ["BarFramesRenderer", "BarFramesText", "BarFramesImageIO", "BarFramesTestSupport"]
    ),
    .testTarget(
      name: "BarFramesExportTests",
      dependencies: ["BarFramesExport", "BarFramesPlayer", "BarFramesTestSupport"]
    ),
    .testTarget(
      name: "BarFramesTestingTests",
      dependencies: ["BarFramesTesting", "BarFramesGolden", "BarFramesExport", "BarFramesText", "BarFramesTestSupport"]
    ),
    .testTarget(
      name: "barframesTests",
      dependencies: ["barframes", "BarFramesTestSupport"],
      exclude: ["__Snapshots__"]
    ),
  ]
)
