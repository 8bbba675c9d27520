// The renderers the tests start see the suite's own fonts, not the machine's
// (DrawTestSupport/TestFontConfig.swift, issue 33): fontconfig, asked through the same
// `DrawTestSupport.ExternalTool.run` that starts rsvg-convert and the others, lists only the URW base-35 and
// the test fonts, and gives every family the SVG backend names to a URW face.

import DrawTestSupport
import Foundation
import Testing

@Suite("Renderer fonts")
struct RendererFontsTests {
    @Test("renderers see only the URW base-35 and Tests/Fonts")
    func onlyTheSuitesFonts() throws {
        guard DrawTestSupport.ExternalTool.require("fc-list") else { return }
        let run = try DrawTestSupport.ExternalTool.run("fc-list", ["--format", "%{file}\n"])
        #expect(run.succeeded, "\(run.stderrText)")
        let files = run.stdoutText.split(separator: "\n").map(String.init)
        #expect(!files.isEmpty)
        let folders = TestFontConfig.fontFolders
        for file in files {
            #expect(folders.contains { file.hasPrefix($0 + "/") }, "a renderer sees \(file)")
        }
    }

    @Test("every family of SVG's font lists resolves to its URW twin",
          arguments: [
              ("Courier New", "Nimbus Mono PS"), ("Courier", "Nimbus Mono PS"), ("monospace", "Nimbus Mono PS"),
              ("Times New Roman", "Nimbus Roman"), ("Times", "Nimbus Roman"), ("serif", "Nimbus Roman"),
              ("Helvetica", "Nimbus Sans"), ("Arial", "Nimbus Sans"), ("sans-serif", "DejaVu Sans"),
              ("Symbol", "Standard Symbols PS"), ("Zapf Dingbats", "D050000L"),
          ])
    func familiesResolveToURW(family: String, urw: String) throws {
        guard DrawTestSupport.ExternalTool.require("fc-match") else { return }
        let run = try DrawTestSupport.ExternalTool.run("fc-match", ["--format", "%{family[0]}", family])
        #expect(run.stdoutText == urw, "\(family) → \(run.stdoutText)")
    }
}
