// The language server's and the preview's fuzz targets (issue 34) without libFuzzer: their
// committed seeds replay without tripping an invariant, and the inputs are what they claim —
// sessions with hostile ids and positions, requests the routes answer.

import DrawFuzzing
import Foundation
import Testing

@Suite("Server fuzz targets")
struct ServerFuzzTargetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    func seeds(_ folder: String) throws -> [[UInt8]] {
        let path = Self.root + "/Tests/Fuzz/" + folder
        return try FileManager.default.contentsOfDirectory(atPath: path).sorted().map {
            [UInt8](try #require(FileManager.default.contents(atPath: path + "/" + $0)))
        }
    }

    @Test func languageServerSeedsReplay() throws {
        let inputs = try seeds("lsp-corpus")
        #expect(inputs.count >= 32)
        var target = LanguageServerFuzzTarget()
        for input in inputs { target.run(input) }
        #expect(target.inputs == inputs.count && target.messages > inputs.count)
        // The sessions carry the ids that once stopped the server, and positions out of range.
        let all = inputs.flatMap { LanguageServerFuzzTarget.messages(of: $0) }.map { String(decoding: $0, as: UTF8.self) }
        #expect(all.contains { $0.contains(#""id":1e19"#) } && all.contains { $0.contains(#""line":1e19"#) })
        #expect(all.contains { $0.contains("textDocument/didChange") } && all.contains { $0.contains("semanticTokens") })
    }

    @Test func previewRequestSeedsReplay() throws {
        let inputs = try seeds("http-corpus")
        #expect(inputs.count >= 16)
        var target = PreviewRequestFuzzTarget()
        for input in inputs { target.run(input) }
        #expect(target.inputs == inputs.count && target.complete >= 8, "\(target.complete) whole requests")
    }
}
