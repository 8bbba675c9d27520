// Layout for tools: the language server lays out without making the scene's items
// (`emitsItems: false`), for speed. That is only right if emitting reports nothing and
// changes no frame, so for every sample and corpus file that evaluates, layout with and
// without items must give the same diagnostics and the same frames.

import DrawBase
import DrawDiagnostics
import DrawFonts
import DrawKit
@testable import DrawLayout
import DrawResources
import DrawScene
import DrawSemantics
import DrawSyntax
import DrawTestSupport
import Foundation
import Testing

@Suite("layout for tools", .serialized)
struct ToolLayoutTests {
    static let files: [String] = {
        let samples = ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/samples")) ?? [])
            .filter { $0.hasSuffix(".draw") }.sorted().map { packageRoot + "/samples/" + $0 }
        return samples + corpusFiles(in: "ok") + corpusFiles(in: "bad")
    }()

    /// A sample or corpus file evaluated, with the fonts its layout resolves against (the
    /// test fonts and its folder; the corpus uses the standard fonts only); nil when
    /// evaluation reports an error, since layout does not run then.
    static func evaluated(_ path: String) throws -> (drawing: Drawing, fonts: FontResolver, resources: Resources)? {
        let bytes = try #require(FileManager.default.contents(atPath: path).map { [UInt8]($0) })
        let inCorpus = path.hasPrefix(corpusRoot + "/")
        let driver = inCorpus ? corpusDriver(bytes: bytes, path: corpusRelativePath(path)) : StageDriver(source: bytes, path: path)
        driver.evaluate()
        guard !driver.hasErrors, let drawing = driver.drawing else { return nil }
        let folder = inCorpus ? corpusRoot : (path as NSString).deletingLastPathComponent
        let library = FontLibrary(
            searchDirectories: FontLibrary.searchDirectories(fontPath: [packageRoot + "/Tests/Fonts"], environment: [:], drawingDirectory: folder),
            baseDirectory: folder)
        return (drawing, inCorpus ? FontResolver() : FontResolver(library: library), driver.resources)
    }

    /// Runs `body` on a thread with the stack a process's main thread has: a debug build's
    /// layout of a label sheet needs more than a test thread's.
    static func onLargeStack(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { body(); done.signal() }
        thread.stackSize = 64 << 20
        thread.start()
        done.wait()
    }

    @Test("without items: the same diagnostics and frames", arguments: files)
    func layoutWithoutItems(_ path: String) throws {
        guard let (drawing, fonts, resources) = try Self.evaluated(path) else { return }
        nonisolated(unsafe) var results: [(Scene.Document, [Diagnostic], [LaidOutFrame])] = []
        nonisolated(unsafe) let tree = drawing, resolver = fonts, shared = resources
        Self.onLargeStack {
            results.append(layoutRecordingFrames(tree, fonts: resolver, resources: shared))
            results.append(layoutRecordingFrames(tree, fonts: resolver, resources: shared, emitsItems: false))
        }
        let (full, withItems, framesWithItems) = results[0]
        let (bare, without, framesWithout) = results[1]
        #expect(without == withItems, "\(path)")
        #expect(framesWithout == framesWithItems, "\(path)")
        #expect(bare.pages.count == full.pages.count && bare.pages.allSatisfy { $0.items.isEmpty })
        // The check is worth something only where there are items to skip.
        // A drawing with an error may draw nothing (a barcode whose data is refused).
        if !full.pages.isEmpty && !framesWithItems.isEmpty && !withItems.contains(where: { $0.severity == .error }) {
            #expect(full.pages.contains { !$0.items.isEmpty }, "\(path)")
        }
    }
}

// Measured texts kept from one layout to the next (TextMeasureCache, for the language
// server): a layout that takes every text from the cache makes the same scene, diagnostics
// and frames as one that measures them, for every sample and corpus file; and a block made
// when the fonts were resolved in one order is right in a layout that resolves them in another.
@Suite("layout with a text cache", .serialized)
struct TextCacheLayoutTests {
    @Test("from the cache: the same scene, diagnostics and frames", arguments: ToolLayoutTests.files)
    func layoutFromTheCache(_ path: String) throws {
        guard let (drawing, fonts, resources) = try ToolLayoutTests.evaluated(path) else { return }
        nonisolated(unsafe) var results: [(Scene.Document, [Diagnostic], [LaidOutFrame])] = []
        nonisolated(unsafe) let tree = drawing, resolver = fonts, shared = resources
        let cache = TextMeasureCache()
        ToolLayoutTests.onLargeStack {
            results.append(layoutRecordingFrames(tree, fonts: resolver, resources: shared))
            results.append(layoutRecordingFrames(tree, fonts: resolver, resources: shared, textCache: cache))
            results.append(layoutRecordingFrames(tree, fonts: resolver, resources: shared, textCache: cache))
        }
        let (fresh, freshDiagnostics, freshFrames) = results[0]
        for (document, diagnostics, frames) in results.dropFirst() {
            #expect(diagnostics == freshDiagnostics, "\(path)")
            #expect(frames == freshFrames, "\(path)")
            #expect(document == fresh, "\(path): the scene differs")
        }
    }

    @Test("a cached text's faces follow the order this layout resolved its fonts in")
    func facesMoveWithTheResolutionOrder() throws {
        func drawing(_ text: String) throws -> Drawing {
            let driver = StageDriver(source: Array(text.utf8), path: "/tmp/faces.draw")
            driver.evaluate()
            return try #require(driver.drawing)
        }
        let first = try drawing("""
        text "In Times", font: "Times"
        text "In Courier", font: "Courier", bold: true
        text "In Helvetica"
        """)
        let second = try drawing("""
        text "In Helvetica"
        text "In Courier", font: "Courier", bold: true
        """)
        nonisolated(unsafe) var results: [Scene.Document] = []
        nonisolated(unsafe) let a = first, b = second
        let cache = TextMeasureCache()
        ToolLayoutTests.onLargeStack {
            _ = layoutRecordingFrames(a, textCache: cache)
            results.append(layoutRecordingFrames(b, textCache: cache).0)
            results.append(layoutRecordingFrames(b).0)
        }
        #expect(cache.hits == 2, "hits \(cache.hits), misses \(cache.misses)")
        #expect(cache.misses == 3, "hits \(cache.hits), misses \(cache.misses)")
        #expect(results[0] == results[1])
        #expect(results[0].fonts.count == 2)
    }
}
