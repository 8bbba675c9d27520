// swift-tools-version:6.0
// drawc — a compiler for the .draw language. One target per pipeline stage; stages share
// with `package` access, and only DrawKit is public. See docs/architecture.md.
import PackageDescription

let package = Package(
    name: "drawc",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "DrawKit", targets: ["DrawKit"]),
        .executable(name: "drawc", targets: ["drawc"]),
        .executable(name: "drawc-bench", targets: ["drawc-bench"]),
        .executable(name: "drawc-fuzz", targets: ["drawc-fuzz"]),
    ],
    targets: [
        // The system zlib: the one native dependency (Flate streams in PDF, PNG images).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),

        // Source files, spans and diagnostics, shared by every stage.
        .target(name: "DrawDiagnostics"),
        // The vocabulary of the language, declared once: node kinds, properties, functions,
        // colours, page sizes, anchors, keywords (checking, did-you-mean, the LSP, the reference).
        .target(name: "DrawCatalogue"),
        // Lexer, parser and AST.
        .target(name: "DrawSyntax", dependencies: ["DrawCatalogue", "DrawDiagnostics"]),
        // The input boundary: files a drawing names (imports, images, fonts, data) are read
        // here, regular files only, within a size limit.
        .target(name: "DrawResources"),
        // Font metrics (standard 14, TrueType), cmap, kerning, subsetting.
        .target(name: "DrawFonts", dependencies: ["DrawResources"]),
        // The values below both the node tree and the IR: geometry, colour and paint, and the
        // coordinate limits (Point, Size, Rect, Transform, Color, Fill, Stroke, Gradient, Shadow…).
        .target(name: "DrawBase"),
        // The scene IR: pages of positioned paths, text runs, images and groups.
        .target(name: "DrawScene", dependencies: ["DrawBase", "DrawFonts", "DrawDiagnostics", "DrawOutput"]),
        // Evaluation and checking: AST -> resolved node tree.
        .target(name: "DrawSemantics", dependencies: ["DrawBase", "DrawCatalogue", "DrawSyntax", "DrawDiagnostics", "DrawBarcodes",
                                                      "DrawResources", "DrawOutput"]),
        // Measuring and placing: node tree -> scene IR.
        .target(name: "DrawLayout", dependencies: ["DrawBase", "DrawCatalogue", "DrawSemantics", "DrawScene", "DrawFonts", "DrawDiagnostics", "DrawOutput", "DrawResources", "DrawBarcodes", "DrawImages"],
                exclude: ["Data"]),
        // The growing byte buffer, the one number formatter, escaping, zlib.
        .target(name: "DrawOutput", dependencies: ["CZlib"]),
        .target(name: "SVGBackend", dependencies: ["DrawBase", "DrawScene", "DrawOutput", "DrawFonts"]),
        .target(name: "PDFBackend", dependencies: ["DrawBase", "DrawScene", "DrawOutput", "DrawFonts", "DrawImages"]),
        .target(name: "PSBackend", dependencies: ["DrawBase", "DrawScene", "DrawDiagnostics", "DrawOutput", "DrawFonts", "DrawImages"]),
        // Barcode encoders: data -> bar widths or module matrix, check digits, data errors.
        .target(name: "DrawBarcodes"),
        // The one image decoder: PNG and JPEG headers and pixels, for layout, backends and tests.
        .target(name: "DrawImages", dependencies: ["DrawOutput"]),
        // drawc's own rasterizer and PNG encoder, and the shadow images of the formats without
        // blur (`ShadowImages`, which DrawKit runs before PDF and PostScript).
        .target(name: "DrawRaster", dependencies: ["DrawBase", "DrawScene", "DrawDiagnostics", "DrawOutput", "DrawFonts", "DrawImages"]),
        // The PNG format: its `Backend` conformance over DrawRaster.
        .target(name: "RasterBackend", dependencies: ["DrawBase", "DrawScene", "DrawRaster"]),
        // The canonical printer (`drawc fmt`) over the lossless tokens of DrawSyntax.
        .target(name: "DrawFormat", dependencies: ["DrawSyntax", "DrawDiagnostics"]),
        // The library API.
        .target(name: "DrawKit", dependencies: ["DrawBase",
            "DrawDiagnostics", "DrawSyntax", "DrawSemantics", "DrawFonts", "DrawLayout",
            "DrawScene", "SVGBackend", "PDFBackend", "PSBackend",
            "DrawResources", "DrawImages",
            "DrawRaster", "RasterBackend",
            "DrawFormat",
        ]),
        // The language server's protocol logic (`drawc lsp`): documents, names, completion,
        // hover… over the stages' package API, run through DrawKit's StageDriver. Foundation-free;
        // the stdio loop is drawc's.
        .target(name: "DrawLanguageServer", dependencies: ["DrawBase",
            "DrawCatalogue", "DrawDiagnostics", "DrawSyntax", "DrawSemantics", "DrawLayout", "DrawFonts", "DrawResources",
            "DrawScene", "DrawFormat", "DrawKit",
        ]),
        // watch and preview without sockets: HTTP parsing, routes and checks, the page, the
        // drag rewrite, the watch list (docs/preview.md).
        .target(name: "DrawTools", dependencies: ["DrawBase",
            "DrawKit", "DrawDiagnostics", "DrawSyntax", "DrawScene", "DrawOutput",
            "DrawFormat", "DrawCatalogue", "DrawLayout",
        ]),
        // The build's git commit, for `drawc --version`: scripts/release.sh writes it into a
        // header that BuildInfo.c includes (not the manifest: SwiftPM caches its evaluation, so
        // a commit read there goes stale).
        .target(name: "CBuildInfo"),
        // Drawings inside documents: ```draw blocks of Markdown (`drawc markdown`), mdBook's
        // preprocessor protocol and pandoc's JSON filters, over DrawKit (docs/cli.md).
        .target(name: "DrawDocuments", dependencies: ["DrawKit", "DrawDiagnostics", "DrawOutput", "PDFBackend"]),
        // The one table of drawc's commands and options, and what is made from it: help,
        // usage errors, the man page, shell completions, docs/cli.md's reference.
        .target(name: "DrawCommandLine", dependencies: ["DrawKit"]),
        .executableTarget(name: "drawc", dependencies: ["DrawKit", "DrawCommandLine", "CBuildInfo", "DrawLanguageServer", "DrawTools",
                                                        "DrawDocuments"]),
        .executableTarget(name: "drawc-bench", dependencies: ["DrawBase",
            "DrawLanguageServer",
            "DrawKit", "DrawDiagnostics", "DrawSyntax", "DrawSemantics", "DrawLayout", "DrawScene",
            "SVGBackend", "PDFBackend", "PSBackend", "DrawFonts", "DrawOutput",
            "DrawResources",
            "DrawFormat", "CZlib",
        ]),
        // The whole-compiler fuzz target and its drawing generator, and the language server's and
        // the preview's request targets (scripts/fuzz-drawc.sh, DRAWC_FUZZ_TARGET).
        .target(name: "DrawFuzzing", dependencies: ["DrawKit",
                                                   "DrawSyntax", "DrawDiagnostics", "DrawLanguageServer", "DrawTools"]),
        // DRAWC_FUZZ=1 (scripts/fuzz-drawc.sh): the libFuzzer shim in place of the replay main.
        .executableTarget(name: "drawc-fuzz", dependencies: ["DrawFuzzing"],
                          exclude: [Context.environment["DRAWC_FUZZ"] == "1" ? "main.swift" : "LibFuzzerEntry.swift"]),
        // Golden files, corpus walking, dumpers, external validators: for tests only.
        .target(name: "DrawTestSupport", dependencies: ["DrawBase",
            "DrawKit", "DrawDiagnostics", "DrawSyntax", "DrawSemantics", "DrawLayout", "DrawScene", "DrawOutput",
            "DrawFonts", "DrawCatalogue",
            "DrawResources",
            "DrawImages",
            "DrawRaster",
        ]),

        .testTarget(name: "DrawSyntaxTests", dependencies: ["DrawSyntax", "DrawDiagnostics", "DrawTestSupport"]),
        .testTarget(name: "DrawSemanticsTests", dependencies: ["DrawBase", "DrawCatalogue", "DrawSemantics", "DrawSyntax", "DrawDiagnostics", "DrawTestSupport",
                                                               "DrawResources", "DrawOutput"]),
        .testTarget(name: "DrawLayoutTests", dependencies: ["DrawBase", "DrawCatalogue", "DrawLayout", "DrawSemantics", "DrawSyntax", "DrawScene", "DrawTestSupport", "DrawKit", "DrawImages", "DrawOutput"]),
        .testTarget(name: "DrawFontsTests", dependencies: ["DrawFonts", "DrawTestSupport"]),
        .testTarget(name: "DrawOutputTests", dependencies: ["DrawOutput"]),
        .testTarget(name: "SVGBackendTests", dependencies: ["DrawBase", "SVGBackend", "DrawScene", "DrawFonts", "DrawTestSupport"]),
        .testTarget(name: "PDFBackendTests", dependencies: ["DrawBase", "PDFBackend", "DrawScene", "DrawFonts", "DrawOutput", "DrawTestSupport", "DrawImages"],
                    exclude: ["Golden", "Fixtures"]),
        .testTarget(name: "PSBackendTests", dependencies: ["DrawBase", "PSBackend", "DrawScene", "DrawFonts", "DrawOutput", "DrawTestSupport"],
                    exclude: ["Golden", "Fixtures"]),
        .testTarget(name: "DrawKitTests", dependencies: ["DrawBase", "DrawKit", "DrawTestSupport",
                                                         "DrawFuzzing", "DrawScene", "DrawCatalogue"]),
        .testTarget(name: "DrawBarcodesTests", dependencies: ["DrawBarcodes", "DrawKit", "DrawTestSupport"],
                    exclude: ["segno_matrices.py", "decode_barcodes.py"]),
        .testTarget(name: "DrawImagesTests", dependencies: ["DrawImages", "DrawTestSupport"]),
        .testTarget(name: "DrawLanguageServerTests", dependencies: ["DrawLanguageServer", "DrawSemantics", "DrawTestSupport",
                                                              "DrawKit", "DrawLayout", "DrawDiagnostics"],
                    exclude: ["lsp"]),
        .testTarget(name: "DrawToolsTests", dependencies: ["DrawTools", "DrawKit", "DrawSyntax", "DrawDiagnostics", "DrawTestSupport",
                                                         "DrawFormat", "DrawLayout"],
                    exclude: ["preview_browser.py"]),
        .testTarget(name: "RasterBackendTests", dependencies: ["DrawBase",
            "RasterBackend", "DrawRaster", "DrawImages", "DrawScene", "DrawFonts", "DrawOutput", "DrawTestSupport", "DrawKit", "DrawDiagnostics",
        ]),
        .testTarget(name: "DrawCommandLineTests", dependencies: ["DrawCommandLine", "DrawKit", "DrawTestSupport"]),
        .testTarget(name: "DrawDocumentsTests", dependencies: ["DrawDocuments", "DrawKit", "DrawLanguageServer", "DrawDiagnostics", "DrawTestSupport"]),
        .testTarget(name: "DrawFormatTests", dependencies: ["DrawFormat", "DrawSyntax", "DrawDiagnostics", "DrawKit", "DrawTestSupport"]),
    ]
)
