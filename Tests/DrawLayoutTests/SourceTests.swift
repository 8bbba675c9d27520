import DrawDiagnostics
import DrawScene
import DrawSemantics
@testable import DrawLayout
import Testing
#if canImport(Foundation)
import Foundation
#endif

/// The `.draw` files under Golden/, each with its expected IR beside it (`name.ir`).
let goldenSources: [String] = {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".draw") }.map { String($0.dropLast(5)) }.sorted()
}()

@Suite struct SourceTests {
    @Test(arguments: goldenSources)
    func goldenIR(name: String) throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
        let source = try String(contentsOf: directory.appendingPathComponent(name + ".draw"), encoding: .utf8)
        let (ir, diagnostics, _) = compile(source)
        #expect(describe(diagnostics, in: source) == [])
        if let dir = ProcessInfo.processInfo.environment["DRAWC_DUMP_DIR"] {
            try? (describe(diagnostics, in: source).joined(separator: "\n") + "\n" + ir).write(toFile: dir + "/" + name + ".ir", atomically: true, encoding: .utf8)
        }
        expectGolden(ir, name)
    }
}

// The gallery's IR golden lives once, in Tests/Golden/<sample>/<sample>.ir.txt, checked by
// DrawKitTests' "Samples" suite.

/// Tests/Corpus/ok/*.draw (the examples of docs/language.md among them), each with its IR
/// under Golden/corpus/.
let corpusOKNames: [String] = {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpus/ok")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".draw") }.map { String($0.dropLast(5)) }.sorted()
}()

@Suite struct CorpusIRTests {
    @Test(arguments: corpusOKNames)
    func corpusIR(name: String) throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Corpus/ok/\(name).draw").path
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let (ir, diagnostics, _) = compile(source, path: path)
        let text = describe(diagnostics, in: source).map { "diagnostic " + $0 + "\n" }.joined() + ir
        expectGolden(text, "corpus/" + name)
    }
}
