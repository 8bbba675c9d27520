// The language server and the TextMate grammar, end to end: pytest-lsp starts the built
// `drawc lsp` as a process and speaks the protocol to it with VS Code's client capabilities
// (lsp/test_lsp.py), also beside a real `drawc preview` in headless Chromium
// (lsp/test_preview_cursor.py); textmate-grammar-python tokenises every sample and corpus file with
// grammar/draw.tmLanguage.json (lsp/test_grammar.py). Each Python run must pass; a missing
// Python package fails under CI (DrawTestSupport's ExternalTool).

import DrawTestSupport
import Foundation
import Testing

@Suite("LanguageServerEndToEnd", .serialized)
struct LanguageServerEndToEndTests {
    static func runPytest(_ file: String, modules: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard ExternalTool.requirePython(modules: ["pytest", "pytest_lsp", "lsprotocol", "pytest_asyncio", "textmate_grammar"] + modules,
                                         sourceLocation: sourceLocation) else { return }
        let drawc = try #require(builtExecutable("drawc"), "the drawc binary was not found next to the tests")
        let folder = packageRoot() + "/Tests/DrawLanguageServerTests/lsp"
        let run = try ExternalTool.run(
            "python3", ["-m", "pytest", "-q", "-p", "no:cacheprovider", file], workingDirectory: folder,
            environment: ["DRAWC": drawc, "PYTHONDONTWRITEBYTECODE": "1"], timeout: 1800)
        let passed = run.succeeded, output = run.stdoutText
        #expect(passed, "pytest \(file) failed:\n\(output.suffix(12_000))\n\(run.stderrText.suffix(4_000))",
                sourceLocation: sourceLocation)
        let ranSomething = output.contains(" passed")
        #expect(ranSomething, "pytest ran nothing:\n\(output)", sourceLocation: sourceLocation)
    }

    @Test("drawc lsp: every feature over stdio, with VS Code's capabilities (pytest-lsp)")
    func languageServerProtocol() throws {
        try Self.runPytest("test_lsp.py")
    }

    @Test("drawc lsp + drawc preview + Chromium: the cursor's statement is outlined in the page")
    func cursorInThePreview() throws {
        guard ExternalTool.require("chromium", "chromedriver") else { return }
        try Self.runPytest("test_preview_cursor.py", modules: ["selenium"])
    }

    @Test("grammar/draw.tmLanguage.json in a TextMate engine, on every sample and corpus file")
    func textMateGrammar() throws {
        try Self.runPytest("test_grammar.py")
    }
}
