// Layout for tools: the language server lays out without making the scene's items
// (`emitsItems: false`), for speed. That is only right if emitting reports nothing and
// changes no frame, so for every sample and corpus file that evaluates, layout with and
// without items must give the same diagnostics and the same frames.

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

    @Test("without items: the same diagnostics and frames", arguments: files)
    func layoutWithoutItems(_ path: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: path).map { [UInt8]($0) })
        let inCorpus = path.hasPrefix(corpusRoot + "/")
        let driver = inCorpus ? corpusDriver(bytes: bytes, path: corpusRelativePath(path)) : StageDriver(source: bytes, path: path)
        driver.evaluate()
        guard !driver.hasErrors, let drawing = driver.drawing else { return }  // layout does not run after errors
        let folder = inCorpus ? corpusRoot : (path as NSString).deletingLastPathComponent
        let library = FontLibrary(
            searchDirectories: FontLibrary.searchDirectories(fontPath: [packageRoot + "/Tests/Fonts"], environment: [:], drawingDirectory: folder),
            baseDirectory: folder)
        let fonts = inCorpus ? FontResolver() : FontResolver(library: library)
        // Both layouts on a thread with the stack a process's main thread has: a debug
        // build's layout of a label sheet needs more than a test thread's.
        nonisolated(unsafe) var results: [(Scene.Document, [Diagnostic], [LaidOutFrame])] = []
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) let resources = driver.resources, tree = drawing
        let thread = Thread {
            results.append(layoutRecordingFrames(tree, fonts: fonts, resources: resources))
            results.append(layoutRecordingFrames(tree, fonts: fonts, resources: resources, emitsItems: false))
            done.signal()
        }
        thread.stackSize = 64 << 20
        thread.start()
        done.wait()
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
