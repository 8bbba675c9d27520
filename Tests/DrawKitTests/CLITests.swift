// The command line, run as a user runs it: the built `drawc` binary in a scratch folder,
// checking exit statuses, files written (and not written), standard streams and messages.

import DrawKit
import DrawTestSupport
import Foundation
import Testing

enum CLI {
    /// The `drawc` binary built beside the test bundle (`swift build --build-tests` and
    /// `swift test` build every product).
    static let binary: String? = builtExecutable("drawc")

    static func run(_ arguments: [String], in folder: TemporaryFolder, stdin: [UInt8]? = nil, environment: [String: String] = [:]) throws -> ToolRun {
        let binary = try #require(CLI.binary, "the drawc binary was not found next to the tests")
        var env = environment
        env["NO_COLOR"] = env["NO_COLOR"] ?? ""
        return try ExternalTool.run(binary, arguments, stdin: stdin, workingDirectory: folder.path, environment: env, timeout: 60)
    }

    static func write(_ text: String, _ path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// A small valid drawing, and one with an error in every version of the front end.
    static let good = "rect \"hello\", width: 80pt, height: 30pt, fill: #ffd700\n"
    static let twoPages = "page size: (100pt, 80pt) {\n  text \"one\"\n}\npage size: (100pt, 80pt) {\n  text \"two\"\n}\n"
    static let bad = "rect \"unclosed {\n"
}

/// Formerly gates that turned a broken pipeline into skipped tests. The pipeline is whole,
/// and a stage that breaks must fail the tests that need it, so both are constant `true`,
/// kept only so that tests written against the old names still compile. Do not gate on them.
enum Pipeline {
    static let hasParser = true
    static let isComplete = true
}

@Suite("drawc command line")
struct CLITests {
    @Test func versionAndHelp() throws {
        let folder = try TemporaryFolder()
        let version = try CLI.run(["--version"], in: folder)
        #expect(version.status == 0)
        // `drawc 0.3.0`, then the commit in parentheses when built from git (Package.swift).
        let line = version.stdoutText
        #expect(line.hasPrefix("drawc \(DrawKitVersion.string)") && line.hasSuffix("\n"))
        let commit = line.dropFirst("drawc \(DrawKitVersion.string)".count).dropLast()
        #expect(commit.isEmpty || (commit.hasPrefix(" (") && commit.hasSuffix(")") && commit.count >= 15), "\(line)")
        for args in [["--help"], ["help"], ["compile", "--help"], ["check", "-h"], ["ir", "--help"], ["help", "compile"]] {
            let run = try CLI.run(args, in: folder)
            #expect(run.status == 0, "\(args)")
            #expect(run.stdoutText.contains("Examples:"), "\(args): \(run.stdoutText)")
            #expect(run.stderr.isEmpty)
        }
    }

    @Test func usageErrorsExitTwo() throws {
        let folder = try TemporaryFolder()
        CLI.write(CLI.good, folder.file("a.draw"))
        CLI.write(CLI.good, folder.file("b.draw"))
        let cases: [[String]] = [
            [], ["frobnicate"], ["compile"], ["compile", "a.draw", "--bogus"], ["compile", "a.draw", "--format", "gif"],
            ["compile", "a.draw", "b.draw", "-o", "x.pdf"], ["compile", "a.draw", "-o", "x.bin"],
            ["compile", "a.draw", "-o", "x.svg", "--format", "pdf"], ["compile", "a.draw", "-o"], ["check"],
            ["ir"], ["ir", "a.draw", "b.draw"], ["check", "a.draw", "--diagnostics", "xml"], ["compile", "a.draw", "a.draw"],
        ]
        for args in cases {
            let run = try CLI.run(args, in: folder)
            #expect(run.status == 2, "\(args): \(run.stderrText)")
            #expect(!run.stderrText.isEmpty, "\(args)")
        }
        #expect(folder.contents() == ["a.draw", "b.draw"], "a usage error writes nothing")
    }

    @Test func unreadableInputsExitThreeWithOneLine() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("dir.draw"), withIntermediateDirectories: false)
        for args in [["compile", "missing.draw"], ["compile", "dir.draw"], ["check", "missing.draw"], ["check", "dir.draw"], ["ir", "missing.draw"]] {
            let run = try CLI.run(args, in: folder)
            #expect(run.status == 3, "\(args): \(run.stderrText)")
            let lines = run.stderrText.split(separator: "\n")
            #expect(lines.count == 1, "\(args): \(run.stderrText)")
            #expect(lines.first?.contains(args[1]) == true, "the line names the file: \(run.stderrText)")
        }
    }

    @Test func unwritableOutputExitsThree() throws {
        let folder = try TemporaryFolder()
        CLI.write(CLI.good, folder.file("a.draw"))
        CLI.write("not a folder", folder.file("file"))
        for output in ["no/such/folder/a.pdf", "file/a.pdf"] {
            let run = try CLI.run(["compile", "a.draw", "-o", output], in: folder)
            #expect(run.status == 3, "\(output): \(run.stderrText)")
            #expect(run.stderrText.split(separator: "\n").count == 1, "\(run.stderrText)")
        }
        // A folder where the output file should be.
        try FileManager.default.createDirectory(atPath: folder.file("out.pdf"), withIntermediateDirectories: false)
        let run = try CLI.run(["compile", "a.draw", "-o", "out.pdf"], in: folder)
        #expect(run.status == 3, "\(run.stderrText)")
    }

    @Test
    func compileWritesBesideTheInputAndByExtension() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: false)
        CLI.write(CLI.good, folder.file("sub/a.draw"))
        let run = try CLI.run(["compile", "sub/a.draw"], in: folder)
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(CLI.bytes(folder.file("sub/a.pdf"))?.starts(with: Array("%PDF-".utf8)) == true)

        for (output, magic) in [("x.svg", "<?xml"), ("x.ps", "%!PS-Adobe-3.0"), ("x.eps", "%!PS-Adobe-3.0 EPSF-3.0"), ("x.PDF", "%PDF-")] {
            let run = try CLI.run(["compile", "sub/a.draw", "-o", output], in: folder)
            #expect(run.status == 0, "\(output): \(run.stderrText)")
            let bytes = CLI.bytes(folder.file(output)) ?? []
            #expect(String(decoding: bytes.prefix(40), as: UTF8.self).hasPrefix(magic), "\(output)")
        }
        let formatted = try CLI.run(["compile", "sub/a.draw", "--format", "svg"], in: folder)
        #expect(formatted.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.file("sub/a.svg")))
        #expect(!folder.contents().contains { $0.contains(".drawc-") }, "no temporary files left")
    }

    @Test
    func failedCompileLeavesThePreviousOutputUntouched() throws {
        let folder = try TemporaryFolder()
        CLI.write(CLI.good, folder.file("a.draw"))
        let first = try CLI.run(["compile", "a.draw", "-o", "out.pdf"], in: folder)
        #expect(first.status == 0)
        let before = try #require(CLI.bytes(folder.file("out.pdf")))

        CLI.write(CLI.bad, folder.file("a.draw"))
        let second = try CLI.run(["compile", "a.draw", "-o", "out.pdf"], in: folder)
        #expect(second.status == 1, "\(second.stderrText)")
        #expect(second.stderrText.contains("a.draw:1:"), "diagnostic with file and line: \(second.stderrText)")
        #expect(CLI.bytes(folder.file("out.pdf")) == before, "the old output is byte-identical")
        #expect(folder.contents() == ["a.draw", "out.pdf"], "no partial or temporary file: \(folder.contents())")

        // A fresh output is not created at all by a failing compile.
        let third = try CLI.run(["compile", "a.draw", "-o", "new.svg"], in: folder)
        #expect(third.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.file("new.svg")))
    }

    /// Imports, images and fonts are read from regular files only: a FIFO that no one
    /// writes to (open(2) of it blocks), a device, a folder and standard input are each a
    /// located error, reported at once — never a hang. Without the check the FIFO blocked
    /// the compile until the time limit here ran out.
    @Test
    func namedFilesThatAreNotRegularFilesAreErrorsNotHangs() throws {
        let folder = try TemporaryFolder()
        for name in ["pipe.draw", "pipe.png", "pipe.ttf"] {
            let made = try ExternalTool.run("mkfifo", [folder.file(name)])
            try #require(made.succeeded, "mkfifo: \(made.stderrText)")
        }
        try FileManager.default.createDirectory(atPath: folder.file("dir.draw"), withIntermediateDirectories: false)
        let cases: [(String, String)] = [
            ("import \"pipe.draw\"\n", "cannot read 'pipe.draw'"),
            ("import \"dir.draw\"\n", "cannot read 'dir.draw'"),
            ("import \"/dev/stdin\"\n", "cannot read '/dev/stdin'"),
            ("image \"pipe.png\"\n", "image 'pipe.png' is not a regular file (a pipe)"),
            ("image \"/dev/zero\"\n", "image '/dev/zero' is not a regular file (a device)"),
            ("text \"a\", font: \"pipe.ttf\"\n", "is not a regular file (a pipe)"),
            ("text \"a\", font: \"/dev/urandom\"\n", "is not a regular file (a device)"),
        ]
        for (source, message) in cases {
            CLI.write(source + CLI.good, folder.file("main.draw"))
            // Standard input is a pipe that stays open and silent for the whole run, as an idle
            // terminal or pipe would.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try #require(CLI.binary))
            process.arguments = ["check", "main.draw"]
            process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
            let input = Pipe(), errors = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            let deadline = Date().addingTimeInterval(20)
            while process.isRunning, Date() < deadline { usleep(5000) }
            let hung = process.isRunning
            if hung { process.terminate() }
            process.waitUntilExit()
            try? input.fileHandleForWriting.close()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(!hung, "\(source): drawc hung")
            #expect(process.terminationStatus == 1, "\(source): \(stderr)")
            #expect(stderr.contains("main.draw:1:"), "\(source): located: \(stderr)")
            #expect(stderr.contains(message), "\(source): \(stderr)")
        }
    }

    @Test
    func standardInputAndOutput() throws {
        let folder = try TemporaryFolder()
        let run = try CLI.run(["compile", "-", "-o", "-", "--format", "svg"], in: folder, stdin: Array(CLI.good.utf8))
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(run.stdoutText.hasPrefix("<?xml"))
        #expect(run.stdoutText.contains("<svg"))
        #expect(folder.contents().isEmpty, "nothing written to the folder")

        let pdf = try CLI.run(["compile", "-"], in: folder, stdin: Array(CLI.good.utf8))
        #expect(pdf.status == 0)
        #expect(pdf.stdout.starts(with: Array("%PDF-".utf8)), "'-' without -o writes PDF to standard output")

        let bad = try CLI.run(["compile", "-", "-o", "-"], in: folder, stdin: Array(CLI.bad.utf8))
        #expect(bad.status == 1)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderrText.contains("<stdin>:1:"), "\(bad.stderrText)")
    }

    @Test
    func multiPageOnePerFileFormats() throws {
        let folder = try TemporaryFolder()
        CLI.write(CLI.twoPages, folder.file("doc.draw"))
        let svg = try CLI.run(["compile", "doc.draw", "-o", "out.svg"], in: folder)
        #expect(svg.status == 0, "\(svg.stderrText)")
        #expect(folder.contents() == ["doc.draw", "out-1.svg", "out-2.svg"])
        #expect(svg.stderrText.contains("out-1.svg") && svg.stderrText.contains("out-2.svg"), "says so: \(svg.stderrText)")

        let eps = try CLI.run(["compile", "doc.draw", "--format", "eps"], in: folder)
        #expect(eps.status == 0, "\(eps.stderrText)")
        #expect(FileManager.default.fileExists(atPath: folder.file("doc-1.eps")))
        #expect(FileManager.default.fileExists(atPath: folder.file("doc-2.eps")))

        let pdf = try CLI.run(["compile", "doc.draw"], in: folder)
        #expect(pdf.status == 0)
        #expect(pdf.stderr.isEmpty, "one file, nothing to say")
        #expect(FileManager.default.fileExists(atPath: folder.file("doc.pdf")))

        let stdout = try CLI.run(["compile", "doc.draw", "-o", "-", "--format", "svg"], in: folder)
        #expect(stdout.status == 2, "several SVG pages cannot share standard output: \(stdout.stderrText)")
        #expect(stdout.stdout.isEmpty)
    }

    @Test
    func severalInputsCompileInParallelEachToItsOwnOutput() throws {
        let folder = try TemporaryFolder()
        var args = ["compile", "--format", "ps"]
        for i in 0..<8 {
            CLI.write("text \"page \(i)\"\n", folder.file("in\(i).draw"))
            args.append("in\(i).draw")
        }
        CLI.write(CLI.bad, folder.file("broken.draw"))
        args.append("broken.draw")
        let run = try CLI.run(args, in: folder)
        #expect(run.status == 1, "one input has errors: \(run.stderrText)")
        for i in 0..<8 {
            let text = String(decoding: CLI.bytes(folder.file("in\(i).ps")) ?? [], as: UTF8.self)
            #expect(text.contains("page \(i)") || text.contains("%!PS"), "in\(i).ps")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("broken.ps")))

        // I/O problems outrank input errors.
        let mixed = try CLI.run(["compile", "broken.draw", "missing.draw"], in: folder)
        #expect(mixed.status == 3)
    }

    @Test
    func checkReportsAndExits() throws {
        let folder = try TemporaryFolder()
        CLI.write(CLI.good, folder.file("good.draw"))
        CLI.write(CLI.bad, folder.file("bad.draw"))
        let clean = try CLI.run(["check", "good.draw"], in: folder)
        #expect(clean.status == 0)
        #expect(clean.stderr.isEmpty && clean.stdout.isEmpty)
        let errors = try CLI.run(["check", "good.draw", "bad.draw"], in: folder)
        #expect(errors.status == 1)
        #expect(errors.stderrText.hasPrefix("bad.draw:1:"), "\(errors.stderrText)")
        #expect(!errors.stderrText.contains("\u{1B}["), "no colour when not on a terminal")
        #expect(folder.contents() == ["bad.draw", "good.draw"], "check writes nothing")

        let json = try CLI.run(["check", "bad.draw", "--diagnostics", "json"], in: folder)
        #expect(json.status == 1)
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stderr)) as? [[String: Any]]
        let first = try #require(parsed?.first, "\(json.stderrText)")
        #expect(first["file"] as? String == "bad.draw")
        #expect(first["line"] as? Int == 1)
        #expect(first["severity"] as? String == "error")
        #expect((first["id"] as? String)?.isEmpty == false)
    }

    /// Family names are found on `--font-path` and `DRAWC_FONT_PATH`; a fallback list picks
    /// per character, and every face used is embedded.
    @Test
    func fontFamiliesOnTheFontPath() throws {
        let folder = try TemporaryFolder()
        let fonts = folder.file("fonts")
        try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: false)
        // Only the two complete faces (Tests/Fonts also holds a cut-down DejaVu for kerning tests).
        for file in ["DejaVuSans.ttf", "wqy-microhei.ttc"] {
            try FileManager.default.copyItem(atPath: packageRoot() + "/Tests/Fonts/" + file, toPath: fonts + "/" + file)
        }
        CLI.write("text \"Привет, мир\", font: \"DejaVu Sans\", fontSize: 14pt\n", folder.file("ru.draw"))
        CLI.write("text \"Привет 你好\", font: [\"DejaVu Sans\", \"WenQuanYi Micro Hei\"]\n", folder.file("mixed.draw"))

        let byOption = try CLI.run(["compile", "ru.draw", "--font-path", "fonts", "-o", "a.pdf"], in: folder)
        #expect(byOption.status == 0, "\(byOption.stderrText)")
        let byEnvironment = try CLI.run(["compile", "ru.draw", "-o", "b.pdf"], in: folder, environment: ["DRAWC_FONT_PATH": fonts])
        #expect(byEnvironment.status == 0, "\(byEnvironment.stderrText)")
        let mixed = try CLI.run(["compile", "mixed.draw", "--font-path", "fonts", "-o", "c.pdf"], in: folder)
        #expect(mixed.status == 0, "\(mixed.stderrText)")

        guard Conformance.require(["pdffonts", "pdftotext"]) else { return }
        for (pdf, expected) in [("a.pdf", ["DejaVuSans"]), ("b.pdf", ["DejaVuSans"]), ("c.pdf", ["DejaVuSans", "WenQuanYiMicroHei"])] {
            let listing = try ExternalTool.run("pdffonts", [folder.file(pdf)]).stdoutText
            for name in expected {
                #expect(listing.contains("+\(name) "), "\(pdf) embeds a subset of \(name):\n\(listing)")
            }
        }
        let text = try ExternalTool.run("pdftotext", [folder.file("c.pdf"), "-"]).stdoutText
        #expect(text.contains("Привет 你好"), "\(text)")

    }

    /// Colour only on a terminal, and never with NO_COLOR. util-linux `script` gives drawc a
    /// pseudo-terminal; without it the check is skipped (it is not a validator).
    @Test(.enabled(if: ExternalTool.shouldRun("script"), "needs util-linux 'script'"))
    func colourOnlyOnATerminal() throws {
        let folder = try TemporaryFolder()
        CLI.write(CLI.bad, folder.file("bad.draw"))
        let binary = try #require(CLI.binary)
        let command = "'\(binary)' check bad.draw"
        let coloured = try ExternalTool.run("script", ["-qec", command, "/dev/null"], workingDirectory: folder.path, environment: ["NO_COLOR": ""])
        #expect(coloured.stdoutText.contains("\u{1B}["), "ANSI colour on a terminal: \(coloured.stdoutText)")
        let plain = try ExternalTool.run("script", ["-qec", command, "/dev/null"], workingDirectory: folder.path, environment: ["NO_COLOR": "1"])
        #expect(plain.stdoutText.contains("bad.draw:1:"))
        #expect(!plain.stdoutText.contains("\u{1B}["), "NO_COLOR wins: \(plain.stdoutText)")
    }

    @Test
    func irPrintsTheScene() throws {
        let folder = try TemporaryFolder()
        CLI.write(CLI.good, folder.file("a.draw"))
        let run = try CLI.run(["ir", "a.draw"], in: folder)
        #expect(run.status == 0, "\(run.stderrText)")
        #expect(!run.stdout.isEmpty)
        let toFile = try CLI.run(["ir", "a.draw", "-o", "a.txt"], in: folder)
        #expect(toFile.status == 0)
        #expect(CLI.bytes(folder.file("a.txt")) == run.stdout)
    }
}
