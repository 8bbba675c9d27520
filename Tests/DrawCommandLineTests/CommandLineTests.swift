import Foundation
import Testing
@testable import DrawCommandLine
import DrawKit
import DrawTestSupport

/// The files made from the command table, committed and checked like goldens
/// (DRAWC_UPDATE_GOLDEN=1 rewrites them).
@Suite struct CommandLineTests {
    let root = packageRoot()

    /// The newest released version and its date in CHANGELOG.md: `## [0.3.0] - 2026-12-05`.
    func newestRelease() throws -> (version: String, date: String) {
        let text = try String(contentsOfFile: root + "/CHANGELOG.md", encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("## [") && !line.hasPrefix("## [Unreleased]") {
            let parts = line.dropFirst(4).split(separator: "]", maxSplits: 1)
            let version = String(parts[0])
            let date = parts.count > 1 ? String(parts[1].drop { $0 == " " || $0 == "-" }) : ""
            return (version, date)
        }
        Issue.record("CHANGELOG.md has no released version")
        return ("", "")
    }

    @Test func versionIsTheNewestChangelogEntryAndSemver() throws {
        let release = try newestRelease()
        #expect(DrawKitVersion.string == release.version)
        let numbers = release.version.split(separator: ".")
        #expect(numbers.count == 3 && numbers.allSatisfy { Int($0) != nil })
        #expect(release.date.count == 10, "date in YYYY-MM-DD form: \(release.date)")
    }

    @Test func manPageCompletionsAndReferenceAreWhatTheTableMakes() throws {
        let release = try newestRelease()
        GoldenFiles.expect(ManPage.render(date: release.date), matches: root + "/packaging/man/drawc.1")
        GoldenFiles.expect(Completions.bash(), matches: root + "/packaging/completions/drawc.bash")
        GoldenFiles.expect(Completions.zsh(), matches: root + "/packaging/completions/_drawc")
        GoldenFiles.expect(Completions.fish(), matches: root + "/packaging/completions/drawc.fish")
        let page = try String(contentsOfFile: root + "/docs/cli.md", encoding: .utf8)
        let regenerated = try #require(CLIReference.replacing(in: page), "docs/cli.md lacks the reference markers")
        GoldenFiles.expect(regenerated, matches: root + "/docs/cli.md")
    }

    /// Every option the table gives a command parses for it; every other option is refused
    /// with a usage error naming the command.
    @Test func parserTakesExactlyTheTablesOptions() throws {
        let allSpellings = Set(CommandTable.options.flatMap(\.names))
        for command in CommandTable.commands {
            let offered = command.options.map(CommandTable.option)
            for option in offered {
                for name in option.names {
                    let args = option.value == nil ? [name] : [name, "x"]
                    let parsed = try CommandLineParser.parse(args[...], command: command)
                    #expect(parsed.options.map(\.key) == [option.key], "\(command.name) \(name)")
                }
            }
            for name in allSpellings.subtracting(offered.flatMap(\.names)) {
                #expect(throws: CommandLineError.self, "\(command.name) \(name)") {
                    try CommandLineParser.parse([name, "x"], command: command)
                }
            }
        }
        let compile = try #require(CommandTable.command("compile"))
        #expect(throws: CommandLineError(message: "option '-o' needs a value (-o OUT)", command: "compile")) {
            try CommandLineParser.parse(["a.draw", "-o"], command: compile)
        }
        #expect(throws: CommandLineError(message: "unknown option '--fromat' for 'drawc compile'; did you mean '--format'?", command: "compile")) {
            try CommandLineParser.parse(["--fromat", "svg"], command: compile)
        }
        let parsed = try CommandLineParser.parse(["--format=svg", "a.draw", "--", "-b.draw"], command: compile)
        #expect(parsed.operands == ["a.draw", "-b.draw"])
        #expect(parsed.last(.format) == "svg")
    }

    /// The formats in help, completions and the man page are DrawKit's.
    @Test func formatListComesFromDrawKit() {
        let names = OutputFormat.allCases.map(\.rawValue)
        #expect(CommandTable.formatNames == names)
        let help = HelpText.command(CommandTable.command("compile")!)
        #expect(help.contains(names.joined(separator: "|")))
        #expect(Completions.bash().contains("compgen -W '\(names.joined(separator: " "))'"))
    }

    /// Help: every option of a command, with its help text, in `drawc help COMMAND`.
    @Test func helpListsEveryOptionWithItsHelp() {
        for command in CommandTable.commands {
            let help = HelpText.command(command)
            let flat = help.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
            for key in command.options {
                let option = CommandTable.option(key)
                #expect(help.contains(option.spelled), "\(command.name): \(option.spelled)")
                #expect(flat.contains(option.help.split(separator: " ").joined(separator: " ")), "\(command.name): \(option.long)")
            }
            #expect(HelpText.main().contains("  \(command.name) "))
        }
    }

    /// groff formats the man page without a warning (`-ww` enables them all).
    @Test func manPageFormatsWithoutWarnings() throws {
        guard ExternalTool.require("groff") else { return }
        let page = ManPage.render(date: try newestRelease().date)
        let run = try ExternalTool.run("groff", ["-man", "-Tutf8", "-ww", "-z"], stdin: Array(page.utf8))
        #expect(run.succeeded)
        #expect(run.stderrText == "", "\(run.stderrText)")
        let text = try ExternalTool.run("groff", ["-man", "-Tutf8"], stdin: Array(page.utf8), environment: ["GROFF_NO_SGR": "1"])
        #expect(text.stdoutText.contains("drawc compile"))
    }

    /// bash: the committed completion script, loaded into a real bash, completes commands,
    /// options, formats and `.draw` files (driving `_drawc` as `complete -p` says).
    @Test func bashCompletes() throws {
        guard ExternalTool.require("bash") else { return }
        let folder = try TemporaryFolder(prefix: "completion")
        for name in ["a.draw", "b.draw", "notes.txt"] {
            _ = FileManager.default.createFile(atPath: folder.file(name), contents: Data())
        }
        try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: true)
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
            let script = """
                source '\(root)/packaging/completions/drawc.bash'
                complete -p drawc >/dev/null || exit 9
                COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
                _drawc
                printf '%s\\n' "${COMPREPLY[@]}" | sort
                """
            let run = try ExternalTool.run("bash", ["--norc", "--noprofile", "-c", script], workingDirectory: folder.path)
            #expect(run.status == 0, "\(run.stderrText)")
            return run.stdoutText.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["drawc", "co"]) == ["compile"])
        #expect(try complete(["drawc", "compile", "--fo"]).contains("--format"))
        #expect(try complete(["drawc", "compile", "--format", ""]) == OutputFormat.allCases.map(\.rawValue).sorted())
        #expect(try complete(["drawc", "check", ""]) == ["a.draw", "b.draw", "sub"])
        #expect(try complete(["drawc", "fmt", "--"]).contains("--check"))
        #expect(try complete(["drawc", "help", "pr"]) == ["preview"])
    }
}
