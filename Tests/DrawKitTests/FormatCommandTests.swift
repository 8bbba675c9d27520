// `drawc fmt` run as a user runs it (the built binary in a scratch folder), DrawKit's
// `format(source:)`, and the regression of issue 14: one lexer error no longer hides the
// file's other errors.

import DrawKit
import DrawTestSupport
import Foundation
import Testing

@Suite("drawc fmt")
struct FormatCommandTests {
    static let messy = "group{\nrect   fill:red;circle r:2 // c\n}\n"
    static let tidy = "group {\n  rect fill: red\n  circle r: 2 // c\n}\n"

    @Test func printsTheFormattedText() throws {
        let folder = try TemporaryFolder()
        CLI.write(Self.messy, folder.file("a.draw"))
        let run = try CLI.run(["fmt", "a.draw"], in: folder)
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(run.stdoutText == Self.tidy)
        #expect(CLI.bytes(folder.file("a.draw")) == Array(Self.messy.utf8), "fmt without -w must not write")
        let stdin = try CLI.run(["fmt", "-"], in: folder, stdin: Array(Self.messy.utf8))
        #expect(stdin.status == 0)
        #expect(stdin.stdoutText == Self.tidy)
    }

    @Test func writeRewritesOnlyChangedFilesKeepingPermissions() throws {
        let folder = try TemporaryFolder()
        CLI.write(Self.messy, folder.file("messy.draw"))
        CLI.write(Self.tidy, folder.file("tidy.draw"))
        chmod(folder.file("messy.draw"), 0o640)
        let old = try FileManager.default.attributesOfItem(atPath: folder.file("tidy.draw"))
        usleep(20_000)
        let run = try CLI.run(["fmt", "-w", "messy.draw", "tidy.draw"], in: folder)
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(run.stdout.isEmpty)
        #expect(CLI.bytes(folder.file("messy.draw")) == Array(Self.tidy.utf8))
        let messy = try FileManager.default.attributesOfItem(atPath: folder.file("messy.draw"))
        #expect((messy[.posixPermissions] as? Int) == 0o640)
        // The formatted file was not touched: same inode, same modification date.
        let new = try FileManager.default.attributesOfItem(atPath: folder.file("tidy.draw"))
        #expect((new[.systemFileNumber] as? Int) == (old[.systemFileNumber] as? Int))
        #expect((new[.modificationDate] as? Date) == (old[.modificationDate] as? Date))
        // No temporary file left behind.
        #expect(folder.contents() == ["messy.draw", "tidy.draw"])
    }

    @Test func checkListsUnformattedFilesAndFails() throws {
        let folder = try TemporaryFolder()
        CLI.write(Self.messy, folder.file("messy.draw"))
        CLI.write(Self.tidy, folder.file("tidy.draw"))
        let run = try CLI.run(["fmt", "--check", "messy.draw", "tidy.draw"], in: folder)
        #expect(run.status == 1)
        #expect(run.stdoutText == "messy.draw\n")
        #expect(CLI.bytes(folder.file("messy.draw")) == Array(Self.messy.utf8))
        let clean = try CLI.run(["fmt", "--check", "tidy.draw"], in: folder)
        #expect(clean.status == 0)
        #expect(clean.stdout.isEmpty)
    }

    /// The diff is judged by GNU patch: applied to the original, it gives the formatted text.
    @Test func diffAppliesWithPatch() throws {
        guard ExternalTool.require("patch") else { return }
        let folder = try TemporaryFolder()
        let sample = try #require(FileManager.default.contents(atPath: packageRoot() + "/Tests/Corpus/fmt/odd-spacing.draw"))
        let original = String(decoding: sample, as: UTF8.self) + Self.messy + "\n\n\nrect\n" + String(repeating: "rect\n", count: 12) + "let   x = 1"
        CLI.write(original, folder.file("a.draw"))
        let formatted = try CLI.run(["fmt", "a.draw"], in: folder).stdout
        let run = try CLI.run(["fmt", "--diff", "a.draw"], in: folder)
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(run.stdoutText.hasPrefix("--- a.draw\n+++ a.draw (formatted)\n@@ -1"))
        #expect(CLI.bytes(folder.file("a.draw")) == Array(original.utf8))
        let patched = try ExternalTool.run("patch", ["-s", "-o", "patched.draw", "a.draw"], stdin: run.stdout,
                                           workingDirectory: folder.path)
        #expect(patched.status == 0, "\(patched.stderrText)\(patched.stdoutText)")
        #expect(CLI.bytes(folder.file("patched.draw")) == formatted)
        // A formatted file has no diff; with --check a diff means exit 1.
        CLI.write(Self.tidy, folder.file("tidy.draw"))
        let none = try CLI.run(["fmt", "--diff", "tidy.draw"], in: folder)
        #expect(none.status == 0 && none.stdout.isEmpty)
        let checked = try CLI.run(["fmt", "--diff", "--check", "a.draw"], in: folder)
        #expect(checked.status == 1)
        #expect(checked.stdoutText.hasPrefix("--- a.draw"))
    }

    @Test func fileWithSyntaxErrorsIsNeverRewritten() throws {
        let folder = try TemporaryFolder()
        let broken = "rect   fill: #ggg\ncircle  r: 2\n"
        CLI.write(broken, folder.file("bad.draw"))
        CLI.write(Self.messy, folder.file("good.draw"))
        let run = try CLI.run(["fmt", "-w", "bad.draw", "good.draw"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderrText.contains("bad.draw:1:14: error: malformed color '#ggg'"), "\(run.stderrText)")
        #expect(CLI.bytes(folder.file("bad.draw")) == Array(broken.utf8))
        #expect(CLI.bytes(folder.file("good.draw")) == Array(Self.tidy.utf8), "the other file is still formatted")
        let printed = try CLI.run(["fmt", "bad.draw"], in: folder)
        #expect(printed.status == 1 && printed.stdout.isEmpty)
    }

    @Test func usageErrors() throws {
        let folder = try TemporaryFolder()
        CLI.write(Self.tidy, folder.file("a.draw"))
        for arguments in [["fmt"], ["fmt", "-w", "-"], ["fmt", "-w", "--check", "a.draw"], ["fmt", "--bogus", "a.draw"]] {
            let run = try CLI.run(arguments, in: folder)
            #expect(run.status == 2, "\(arguments): \(run.stderrText)")
        }
        let missing = try CLI.run(["fmt", "nope.draw"], in: folder)
        #expect(missing.status == 3)
        let help = try CLI.run(["help", "fmt"], in: folder)
        #expect(help.status == 0)
        #expect(help.stdoutText.contains("drawc fmt --check"))
        let main = try CLI.run(["--help"], in: folder)
        #expect(main.stdoutText.contains("fmt"))
    }

    @Test func libraryFormat() {
        let result = format(source: Self.messy, path: "a.draw")
        #expect(result.text == Self.tidy)
        #expect(result.changed)
        #expect(!result.hasErrors)
        #expect(format(source: Self.tidy).changed == false)
        let bad = format(source: "rect \"open\n", path: "b.draw")
        #expect(bad.text == nil && bad.hasErrors)
        #expect(bad.diagnostics.map(\.id) == ["lex.unterminated-string"])
    }

    /// Issue 14 (from 13): `fill: #ggg` on line 1 used to hide every later error.
    @Test func lexerErrorDoesNotHideLaterErrors() {
        let result = check(source: "rect fill: #ggg\nrect fil: red\ncircle r: 12xy\ntext \"x\", color: 5\n", path: "a.draw")
        #expect(result.diagnostics.map(\.id).sorted() == ["lex.malformed-color", "lex.unknown-unit", "sem.type-mismatch", "sem.unknown-property"])
        // A structural error still stops the later stages (what follows may be misread).
        let structural = check(source: "rect fill: #ggg\nlet = 3\nrect fil: red\n", path: "b.draw")
        #expect(!structural.diagnostics.contains { $0.id.hasPrefix("sem.") })
        #expect(compile(source: "rect fill: #ggg\n", path: "c.draw", format: .svg).outputs.isEmpty)
    }
}
