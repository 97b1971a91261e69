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
    .library(name: "BarFramesRendering", targets: ["BarFramesRendering"]),
    // Golden-image assertions for XCTest and Swift Testing.
    .library(name: "BarFramesTesting", targets: ["BarFramesTesting", "BarFramesGolden"]),
    // The whole command line as a library: `BarFramesCLI.main(designs:)` runs it with more designs.
    .library(name: "BarFramesCLI", targets: ["BarFramesCLI"]),
    .executable(name: "barframes", targets: ["barframes"]),
    // Performance measurement, kept out of the `barframes` binary users install.
    .executable(name: "barframes-bench", targets: ["barframes-bench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    // `swift package generate-documentation` for the DocC catalogs (Sources/BarFrames/BarFrames.docc).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
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
    // Animated WebP: WebPEncode (libwebp) for each frame's rectangle, WebPAnimDecoder (libwebpdemux) in the tests.
    .systemLibrary(
      name: "CWebP",
      pkgConfig: "libwebpmux",
      providers: [.apt(["libwebp-dev"])]
    ),
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]
    ),
    // giflib: the reference decoder the GIF writer's fuzz target and tests read its files with
    // (test and fuzzing code only: `make test` and `make fuzz` install it, `make demo` does not).
    .systemLibrary(
      name: "CGIF",
      pkgConfig: "libgif",
      providers: [.apt(["libgif-dev"])]
    ),
    // libdeflate: whole-buffer DEFLATE, about twice zlib's speed for the same size on the APNG's rectangles.
    .systemLibrary(
      name: "CLibDeflate",
      pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"])]
    ),

    // MARK: Core (no Cairo)
    // JSON text: a strict parser (file order, duplicate keys, line and column) and a writer.
    .target(name: "BarFramesJSON"),
    .target(name: "BarFramesGraphics"),
    // Text as geometry: the pinned font's glyph outlines through FreeType, laid out exactly.
    .target(name: "BarFramesText", dependencies: ["BarFramesGraphics", "CFreeType", "CBarFramesFonts"]),
    // The pinned font files (Vendor/Fonts), embedded in the library.
    .target(name: "CBarFramesFonts"),
    .target(name: "BarFramesTiming", dependencies: ["BarFramesGraphics", "BarFramesJSON"]),
    // PNG's container: the chunk walk and the zlib inflation that the core's icon check
    // (PNGCheck) and the image formats' readers share. Only zlib, so the core can use it.
    .target(name: "BarFramesPNGContainer", dependencies: ["CZlib"]),
    // Icons are checked whole when a style is read (PNGCheck), never decoded by the core.
    .target(
      name: "BarFrames",
      dependencies: ["BarFramesGraphics", "BarFramesText", "BarFramesTiming", "BarFramesJSON", "BarFramesPNGContainer"]
    ),

    // MARK: Output
    // Durable writes: a temporary name unique per write, fsync, rename into place, fsync of the folder.
    .target(name: "BarFramesOutput"),
    // Image types and PNG: RGBA images, PNG encoding and decoding, zlib and libdeflate, byte
    // sinks. All that golden tests and the renderer need, and no libwebp.
    .target(name: "BarFramesPNG", dependencies: ["BarFramesPNGContainer", "CZlib", "CLibDeflate", "CBarFramesKernels"]),
    // The animated formats: APNG, GIF and WebP (libwebp), on top of BarFramesPNG (re-exported).
    .target(name: "BarFramesImageIO", dependencies: ["BarFramesPNG", "CZlib", "CLibDeflate", "CWebP", "CBarFramesKernels"]),
    // Byte loops in C with SIMD where the CPU has it: opaque ARGB32 rows packed as RGB, and where
    // two rows of pixels start and stop differing; and the contact sheet's run-length deflater.
    // (Adler-32 is libdeflate's.)
    .target(name: "CBarFramesKernels"),
    .target(
      name: "BarFramesRenderer",
      dependencies: ["BarFrames", "BarFramesGraphics", "BarFramesText", "BarFramesPNG", "CCairo", "CBarFramesKernels"]),
    // The player page (script, style sheet, page shell, backdrop choice) shared by the gallery
    // and the golden report: text only, so neither module depends on the other's page code.
    .target(name: "BarFramesPlayer", dependencies: ["BarFramesJSON"], resources: [.embedInCode("player.js")]),
    .target(
      name: "BarFramesExport",
      dependencies: [
        "BarFrames", "BarFramesRenderer", "BarFramesImageIO", "BarFramesOutput", "BarFramesPlayer", "CBarFramesAllocator",
      ]
    ),
    // The front door for rendering: re-exports the core, the renderer, the image formats and the
    // exporter, and adds Scene.png(at:scale:), svg(at:) and render(to:options:).
    .target(
      name: "BarFramesRendering",
      dependencies: ["BarFrames", "BarFramesRenderer", "BarFramesImageIO", "BarFramesExport"]
    ),
    // Golden images: comparison, record modes and artefacts (no XCTest, so the CLI can use it).
    .target(
      name: "BarFramesGolden",
      dependencies: ["BarFrames", "BarFramesRenderer", "BarFramesPNG", "BarFramesOutput", "BarFramesPlayer"]
    ),
    // Assertions for XCTest and Swift Testing on top of BarFramesGolden.
    .target(name: "BarFramesTesting", dependencies: ["BarFrames", "BarFramesGolden"]),

    // The C reference of `barframes bench`: the seek-bar workload in plain C, same Cairo calls and
    // PNG settings, so the Swift pipeline's overhead is measured as a ratio in the same run.
    .target(
      name: "CBarFramesReference",
      dependencies: ["CCairo", "CZlib", "CBarFramesKernels"],
      linkerSettings: [.linkedLibrary("m")]
    ),

    // `barframes-bench`: standard workloads, measured against the naive pipeline and the C reference.
    .target(
      name: "BarFramesBench",
      dependencies: ["BarFrames", "BarFramesExport", "BarFramesRenderer", "BarFramesImageIO", "CBarFramesReference"]
    ),

    // MARK: Vendored
    // FlyingFox, the HTTP and WebSocket server of `preview` and `compare` (small, no NIO), built
    // from Vendor/FlyingFox without its proxy handler: its URLSession would link
    // FoundationNetworking and libcurl into `barframes` (Vendor/FlyingFox/README.md).
    .target(name: "CSystemLinux", path: "Vendor/FlyingFox/CSystemLinux"),
    .target(
      name: "FlyingSocks",
      dependencies: [.target(name: "CSystemLinux", condition: .when(platforms: [.linux, .android]))],
      path: "Vendor/FlyingFox/FlyingSocks/Sources",
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),
    .target(
      name: "FlyingFox",
      dependencies: ["FlyingSocks"],
      path: "Vendor/FlyingFox/FlyingFox/Sources",
      swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
    ),

    // MARK: Command line
    // The argument vector as glibc hands it to constructors: Swift's CommandLine reads /proc for it.
    .target(name: "CBarFramesArguments"),
    // glibc's allocator told to keep freed frame buffers for reuse (mallopt).
    .target(name: "CBarFramesAllocator"),
    // The subcommands, in a library so another package's executable can run them with its designs.
    .target(
      name: "BarFramesCLI",
      dependencies: [
        "BarFrames", "BarFramesRenderer", "BarFramesImageIO", "BarFramesOutput", "BarFramesPlayer", "BarFramesExport",
        "BarFramesGolden", "CBarFramesArguments",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        "FlyingFox",
      ]
    ),
    // `barframes`: BarFramesCLI with BarFrames' own designs.
    .executableTarget(name: "barframes", dependencies: ["BarFramesCLI"]),
    // `barframes-bench`: its own executable, so the workloads and the C reference are not in `barframes`.
    .executableTarget(
      name: "barframes-bench",
      dependencies: [
        "BarFrames", "BarFramesBench", "BarFramesExport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // MARK: Fuzzing
    // The fuzz targets' entry functions and properties, a library so the test suite replays the
    // committed corpus and past crashes through them without a sanitizer build.
    // Decoders written by others, as the oracles of our encoders and decoders: libpng, in C
    // because it reports errors by longjmp (libpng-dev comes with Cairo's headers).
    .target(name: "CBarFramesOracles", linkerSettings: [.linkedLibrary("png16")]),
    .target(
      name: "BarFramesFuzzing",
      dependencies: [
        "BarFrames", "BarFramesJSON", "BarFramesTiming", "BarFramesRenderer", "BarFramesImageIO", "CBarFramesOracles",
        "CGIF", "CWebP", "CZlib",
      ]
    ),
    // libFuzzer executables (`make fuzz`); no products, so nothing outside this package sees them.
    .executableTarget(name: "fuzz-json", dependencies: ["BarFramesFuzzing"]),
    .executableTarget(name: "fuzz-scene", dependencies: ["BarFramesFuzzing"]),
    .executableTarget(name: "fuzz-probe", dependencies: ["BarFramesFuzzing"]),
    .executableTarget(name: "fuzz-icon", dependencies: ["BarFramesFuzzing"]),
    .executableTarget(name: "fuzz-webp", dependencies: ["BarFramesFuzzing"]),
    .executableTarget(name: "fuzz-deflate", dependencies: ["BarFramesFuzzing"]),
    .executableTarget(name: "fuzz-gif", dependencies: ["BarFramesFuzzing"]),
    .executableTarget(name: "fuzz-png-encoder", dependencies: ["BarFramesFuzzing"]),
    .executableTarget(name: "fuzz-png-decoder", dependencies: ["BarFramesFuzzing"]),

    // MARK: Tests (mirror Sources/)
    .target(
      name: "BarFramesTestSupport",
      // CWebP: libwebp's own WebPAnimDecoder, the independent decoder of our WebP files.
      // BarFramesFuzzing: libpng, the reader of other programs' PNGs (screenshots).
      dependencies: ["BarFrames", "BarFramesRenderer", "BarFramesImageIO", "BarFramesFuzzing", "CWebP"],
      path: "Tests/BarFramesTestSupport"
    ),
    // A fourth design, defined outside BarFrames as another package would (the DocC article's
    // code), and the full command line with it added.
    .target(name: "RingDesign", dependencies: ["BarFrames"], path: "Tests/RingDesign"),
    .executableTarget(name: "ring-barframes", dependencies: ["BarFramesCLI", "RingDesign"], path: "Tests/RingBarFrames"),
    .testTarget(name: "BarFramesJSONTests", dependencies: ["BarFramesJSON"]),
    .testTarget(name: "BarFramesGraphicsTests", dependencies: ["BarFramesGraphics"]),
    .testTarget(name: "BarFramesTextTests", dependencies: ["BarFramesText"]),
    .testTarget(name: "BarFramesRenderingTests", dependencies: ["BarFramesRendering", "BarFramesTestSupport"]),
    .testTarget(name: "BarFramesTimingTests", dependencies: ["BarFramesTiming", "BarFramesJSON"]),
    .testTarget(name: "BarFramesTests", dependencies: ["BarFrames", "BarFramesImageIO", "BarFramesTestSupport", "RingDesign"]),
    .testTarget(name: "BarFramesImageIOTests", dependencies: ["BarFramesImageIO", "BarFramesTestSupport"]),
    .testTarget(
      name: "BarFramesRendererTests",
      dependencies: ["BarFramesRenderer", "BarFramesText", "BarFramesImageIO", "BarFramesTestSupport"]
    ),
    .testTarget(
      name: "BarFramesFuzzingTests", dependencies: ["BarFramesFuzzing", "BarFramesJSON", "BarFramesImageIO", "BarFramesTestSupport"]
    ),
    .testTarget(name: "BarFramesOutputTests", dependencies: ["BarFramesOutput", "BarFramesTestSupport"]),
    .testTarget(
      name: "BarFramesExportTests",
      dependencies: ["BarFramesExport", "BarFramesPlayer", "BarFramesRenderer", "BarFramesTestSupport", "RingDesign"]
    ),
    .testTarget(
      name: "BarFramesTestingTests",
      dependencies: [
        "BarFramesTesting", "BarFramesGolden", "BarFramesText", "BarFramesTestSupport", "RingDesign",
      ]
    ),
    .testTarget(
      name: "barframesTests",
      dependencies: [
        "barframes", "barframes-bench", "ring-barframes", "BarFramesCLI", "BarFramesTestSupport", "CBarFramesAllocator",
        // The bench's report, rendered from fixed figures (docs/performance.md is its output).
        "BarFramesBench",
      ],
      exclude: ["__Snapshots__"]
    ),
  ]
)
