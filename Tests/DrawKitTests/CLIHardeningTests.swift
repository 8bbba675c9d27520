// The command line against outputs that would destroy an input, and drawings confined with
// `--sandbox` (issue 34, points 5 and "untrusted drawings").

@testable import DrawKit
import DrawTestSupport
import Foundation
import Testing

@Suite("drawc command line: outputs over inputs, the sandbox")
struct CLIHardeningTests {
    static let fontsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fonts").path

    /// `-o` naming the source, an imported drawing, a data file or a font: refused with
    /// status 2, the file untouched (before: replaced by the output).
    @Test func anOutputThatIsAnInputIsRefused() throws {
        let folder = try TemporaryFolder()
        let main = "import \"lib.draw\"\nlet rows = csv(\"d.csv\")\ntext \"\\(count(rows))\", font: \"f.ttf\"\n"
        CLI.write(main, folder.file("a.draw"))
        CLI.write("let unused = 1\n", folder.file("lib.draw"))
        CLI.write("x\n1\n", folder.file("d.csv"))
        try FileManager.default.copyItem(atPath: Self.fontsFolder + "/DejaVuSans.ttf", toPath: folder.file("f.ttf"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.svg"), withDestinationPath: "a.draw")
        let before = try #require(CLI.bytes(folder.file("a.draw")))
        let cases: [([String], String)] = [
            (["compile", "a.draw", "-o", "a.draw", "--format", "svg"], "a.draw"),
            (["compile", "a.draw", "-o", "./a.draw", "--format", "pdf"], "a.draw"),
            (["compile", "a.draw", "-o", "link.svg"], "a.draw"),
            (["ir", "a.draw", "-o", "a.draw"], "a.draw"),
            (["compile", "a.draw", "-o", "lib.draw", "--format", "svg"], "lib.draw"),
            (["compile", "a.draw", "-o", "d.csv", "--format", "ps"], "d.csv"),
            (["ir", "a.draw", "-o", "d.csv"], "d.csv"),
            (["compile", "a.draw", "-o", "f.ttf", "--format", "pdf"], "f.ttf"),
        ]
        for (args, victim) in cases {
            let original = try #require(CLI.bytes(folder.file(victim)))
            let run = try CLI.run(args, in: folder)
            #expect(run.status == 2, "\(args): \(run.stderrText)")
            #expect(run.stderrText.contains("refusing to write"), "\(args): \(run.stderrText)")
            #expect(CLI.bytes(folder.file(victim)) == original, "\(args) changed \(victim)")
        }
        #expect(CLI.bytes(folder.file("a.draw")) == before)
        // Another name is written as usual.
        let fine = try CLI.run(["compile", "a.draw", "-o", "out.svg"], in: folder)
        #expect(fine.status == 0, "\(fine.stderrText)")
    }

    /// Every read of a sandboxed drawing stays in the folder: `..`, absolute paths and a link
    /// inside the folder that points out of it are located errors; reads inside still work.
    @Test func theSandboxConfinesEveryRead() throws {
        let outer = try TemporaryFolder()
        let box = outer.file("box")
        try FileManager.default.createDirectory(atPath: box, withIntermediateDirectories: false)
        CLI.write("secret,1\n", outer.file("secret.csv"))
        CLI.write("let hidden = 1\n", outer.file("secret.draw"))
        try FileManager.default.copyItem(atPath: Self.fontsFolder + "/DejaVuSans.ttf", toPath: outer.file("outside.ttf"))
        try FileManager.default.createSymbolicLink(atPath: box + "/escape.csv", withDestinationPath: "../secret.csv")
        CLI.write("inside,2\n", box + "/inside.csv")
        let escapes: [(String, String)] = [
            ("let rows = csv(\"../secret.csv\", header: false)\n", "sem.data-not-found"),
            ("let rows = csv(\"\(outer.file("secret.csv"))\", header: false)\n", "sem.data-not-found"),
            ("let rows = csv(\"escape.csv\", header: false)\n", "sem.data-not-found"),
            ("let rows = csv(\"/etc/passwd\", delimiter: \":\", header: false)\n", "sem.data-not-found"),
            ("import \"../secret.draw\"\n", "sem.import-not-found"),
            ("text \"x\", font: \"\(outer.file("outside.ttf"))\"\n", "layout.font-unavailable"),
            ("image \"../nothing/../secret.csv\", width: 10pt\n", "layout.image"),
        ]
        for (source, id) in escapes {
            CLI.write(source, box + "/main.draw")
            for command in ["check", "compile", "ir"] {
                let run = try CLI.run([command, "--sandbox", box, "box/main.draw", "--diagnostics", "json"]
                                          + (command == "compile" ? ["-o", "out.pdf"] : []), in: outer)
                #expect(run.status == 1, "\(command) \(source): \(run.stderrText)")
                #expect(run.stderrText.contains(id), "\(command) \(source): \(run.stderrText)")
                #expect(run.stderrText.contains("outside the sandbox"), "\(command) \(source): \(run.stderrText)")
                #expect(run.stderrText.contains("\"line\":1"), "located: \(run.stderrText)")
                #expect(!run.stderrText.contains("secret,1") && !run.stdoutText.contains("secret"))
            }
            // Without the sandbox the same drawing reads the file (what a service must not allow).
        }
        CLI.write("let rows = csv(\"inside.csv\", header: false)\ntext \"\\(rows[0][0])\"\n", box + "/main.draw")
        let inside = try CLI.run(["ir", "--sandbox", box, "box/main.draw"], in: outer)
        #expect(inside.status == 0, "\(inside.stderrText)")
        #expect(inside.stdoutText.contains("inside"))
        // The folder must exist.
        let missing = try CLI.run(["check", "--sandbox", "nowhere", "box/main.draw"], in: outer)
        #expect(missing.status == 2)
        #expect(missing.stderrText.contains("'--sandbox nowhere' is not a folder"))
    }

    /// Font families under a sandbox come from `--font-path` and the sandbox only, never the
    /// system's folders: a family that is only installed on the machine is unknown.
    @Test func theSandboxLooksUpFontFamiliesInTheNamedFoldersOnly() throws {
        let folder = try TemporaryFolder()
        CLI.write("text \"x\", font: \"DejaVu Sans\"\n", folder.file("a.draw"))
        let named = try CLI.run(["check", "--sandbox", ".", "--font-path", Self.fontsFolder, "a.draw"], in: folder)
        #expect(named.status == 0, "\(named.stderrText)")
        let environment = ["DRAWC_FONT_PATH": Self.fontsFolder]
        let unnamed = try CLI.run(["check", "--sandbox", ".", "a.draw"], in: folder, environment: environment)
        #expect(unnamed.status == 1, "DRAWC_FONT_PATH is not searched under a sandbox: \(unnamed.stderrText)")
        let open = try CLI.run(["check", "a.draw"], in: folder, environment: environment)
        #expect(open.status == 0, "\(open.stderrText)")
    }
}

/// Outputs and `fmt -w` against long names, links, modes, owners and stopped runs (issue 34,
/// points 6 and 14).
@Suite("drawc writes: names, links, modes, temporaries")
struct CLIWriteTests {
    static let unformatted = "rect   width: 10pt\n"
    static let formatted = "rect width: 10pt\n"

    /// An output name of 242–255 bytes was refused ("file name too long"): the temporary name
    /// added 14 bytes to it.
    @Test func anOutputNameOfTheLongestLengthIsWritten() throws {
        let folder = try TemporaryFolder()
        CLI.write(CLI.good, folder.file("a.draw"))
        for length in [242, 250, 255] {
            let name = String(repeating: "n", count: length - 4) + ".svg"
            let run = try CLI.run(["compile", "a.draw", "-o", name], in: folder)
            #expect(run.status == 0, "\(length): \(run.stderrText)")
            #expect(FileManager.default.fileExists(atPath: folder.file(name)), "\(length)")
        }
        #expect(!folder.contents().contains { $0.contains(".drawc-") })
    }

    /// A temporary of the same output left by a process that is gone is removed by the next
    /// run; one of a running process is not.
    @Test func staleTemporariesOfTheSameOutputAreSwept() throws {
        let folder = try TemporaryFolder()
        CLI.write(CLI.good, folder.file("a.draw"))
        var dead: pid_t = 4_000_000
        while kill(dead, 0) == 0 || errno != ESRCH { dead -= 1 }
        let stale = ".out.svg.drawc-\(dead)-a1B2c3", live = ".out.svg.drawc-\(getpid())-z9Y8x7", other = ".b.svg.drawc-\(dead)-q1w2e3"
        for name in [stale, live, other] { CLI.write("partial", folder.file(name)) }
        let run = try CLI.run(["compile", "a.draw", "-o", "out.svg"], in: folder)
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(folder.contents() == [live, other, "a.draw", "out.svg"].sorted())
    }

    /// The temporaries being written are what a SIGINT/SIGTERM handler removes.
    @Test func theSignalHandlerRemovesTheTemporariesBeingWritten() throws {
        let folder = try TemporaryFolder()
        let path = folder.file(".x.svg.drawc-1-abcdef")
        CLI.write("partial", path)
        OutputWriter.prepareForSignals()
        let slot = TemporaryFiles.register(path)
        #expect(slot != nil)
        OutputWriter.removeTemporariesForSignal()
        #expect(!FileManager.default.fileExists(atPath: path))
        TemporaryFiles.unregister(slot)
    }

    /// `fmt -w` on a link formats the file it names and leaves the link a link.
    @Test func fmtWritesThroughASymbolicLink() throws {
        let folder = try TemporaryFolder()
        CLI.write(Self.unformatted, folder.file("real.draw"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.draw"), withDestinationPath: "real.draw")
        let run = try CLI.run(["fmt", "-w", "link.draw"], in: folder)
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(CLI.bytes(folder.file("real.draw")) == Array(Self.formatted.utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("link.draw")) == "real.draw")
    }

    /// `fmt -w` keeps the mode (0640 stayed 0640? it became 0644) and a hard link's other
    /// name sees the formatted text (the link was split).
    @Test func fmtKeepsModeAndHardLinks() throws {
        let folder = try TemporaryFolder()
        CLI.write(Self.unformatted, folder.file("a.draw"))
        #expect(chmod(folder.file("a.draw"), 0o640) == 0)
        var run = try CLI.run(["fmt", "-w", "a.draw"], in: folder)
        #expect(run.status == 0, "\(run.stderrText)")
        var info = stat()
        #expect(stat(folder.file("a.draw"), &info) == 0)
        #expect(info.st_mode & 0o7777 == 0o640)

        CLI.write(Self.unformatted, folder.file("b.draw"))
        #expect(link(folder.file("b.draw"), folder.file("c.draw")) == 0)
        run = try CLI.run(["fmt", "-w", "b.draw"], in: folder)
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(CLI.bytes(folder.file("c.draw")) == Array(Self.formatted.utf8), "the other name of the file is formatted too")
        var b = stat(), c = stat()
        #expect(stat(folder.file("b.draw"), &b) == 0 && stat(folder.file("c.draw"), &c) == 0)
        #expect(b.st_ino == c.st_ino && b.st_nlink == 2)
    }

    /// Another user's file keeps its owner (run as root; as anyone else the case cannot arise
    /// for a file we may write but not chown, which is rewritten in place).
    @Test(.enabled(if: getuid() == 0)) func fmtKeepsTheOwner() throws {
        let folder = try TemporaryFolder()
        CLI.write(Self.unformatted, folder.file("a.draw"))
        #expect(chown(folder.file("a.draw"), 12345, 23456) == 0)
        let run = try CLI.run(["fmt", "-w", "a.draw"], in: folder)
        #expect(run.status == 0, "\(run.stderrText)")
        var info = stat()
        #expect(stat(folder.file("a.draw"), &info) == 0)
        #expect(info.st_uid == 12345 && info.st_gid == 23456)
        #expect(CLI.bytes(folder.file("a.draw")) == Array(Self.formatted.utf8))
    }
}
