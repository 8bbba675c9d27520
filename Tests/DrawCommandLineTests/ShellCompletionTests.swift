import Foundation
import Testing
@testable import DrawCommandLine
import DrawKit
import DrawTestSupport

/// zsh and fish load the committed completion scripts and complete commands, options,
/// formats and `.draw` / `.md` files (bash: CommandLineTests.bashCompletes). zsh completes
/// only inside its line editor, so the test types into an interactive zsh on a
/// pseudo-terminal (zsh/zpty) and reads what it lists or inserts.
@Suite struct ShellCompletionTests {
    let root = packageRoot()

    /// A folder with drawings, a Markdown file, another file and a subfolder.
    func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder(prefix: "completion")
        for name in ["a.draw", "b.draw", "notes.txt", "guide.md"] {
            _ = FileManager.default.createFile(atPath: folder.file(name), contents: Data())
        }
        try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: true)
        return folder
    }

    @Test func fishCompletes() throws {
        guard ExternalTool.require("fish") else { return }
        let folder = try folder()
        func complete(_ line: String) throws -> [String] {
            let script = "source '\(root)/packaging/completions/drawc.fish'; complete -C '\(line)'"
            let run = try ExternalTool.run("fish", ["--no-config", "-c", script], workingDirectory: folder.path)
            #expect(run.status == 0, "\(run.stderrText)")
            return run.stdoutText.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        #expect(try complete("drawc co") == ["compile"])
        #expect(try complete("drawc ma") == ["markdown"])
        #expect(try Set(complete("drawc compile --format ")) == Set(OutputFormat.allCases.map(\.rawValue)))
        #expect(try complete("drawc check ") == ["a.draw", "b.draw", "sub/"])
        #expect(try complete("drawc markdown ") == ["guide.md", "sub/"])
        #expect(try complete("drawc markdown --im") == ["--images"])
        #expect(try complete("drawc mdbook ") == ["supports"])
        #expect(try complete("drawc help pa") == ["pandoc-filter"])
        // Descriptions are shown as written (no zsh escapes).
        let run = try ExternalTool.run("fish", ["--no-config", "-c", "source '\(root)/packaging/completions/drawc.fish'; complete -C 'drawc compile --format p'"])
        #expect(run.stdoutText.contains("the output format: svg"), "\(run.stdoutText)")
    }

    /// Types `line` and a tab into zsh with the completion on its fpath; returns what the
    /// terminal showed afterwards, without escape sequences: the listed matches, or the line
    /// with the one match inserted. The markers are printed as `$((6*7))` so that the echo of
    /// the typed command never matches them; typing starts once the line editor is back
    /// (it turns on bracketed paste, `ESC [?2004h`).
    func zshCompletion(_ line: String, in folder: String) throws -> String {
        let driver = """
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "PROMPT='> '; RPROMPT=''; unsetopt beep; fpath=('\(root)/packaging/completions' \\$fpath); autoload -Uz compinit; compinit -u -D; LISTMAX=1000"
            zpty -w z 'print SETUP-$((6*7))'
            zpty -r z out '*SETUP-42*2004h*'
            zpty -w -n z "$1"$'\\t'
            zpty -w z $'\\x15''print END-$((6*7))'
            zpty -r z out '*END-42*'
            print -r -- "$out"
            zpty -d z
            """
        // A terminal zsh's line editor works in (with TERM unset or dumb it has none).
        let run = try ExternalTool.run("zsh", ["-f", "-c", driver, "driver", line], workingDirectory: folder,
                                       environment: ["TERM": "xterm"], timeout: 30)
        #expect(run.status == 0 && !run.timedOut, "\(run.stderrText)")
        let plain = run.stdoutText.replacingOccurrences(of: #"\x1B\[[0-9;?]*[A-Za-z]"#, with: " ", options: .regularExpression)
        return plain.replacingOccurrences(of: #"[\r\x08]"#, with: " ", options: .regularExpression)
    }

    @Test func zshCompletes() throws {
        guard ExternalTool.require("zsh") else { return }
        let folder = try folder()
        func words(_ text: String) -> Set<String> { Set(text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)) }
        let commands = try zshCompletion("drawc c", in: folder.path)
        #expect(words(commands).isSuperset(of: ["check", "compile"]), "\(commands)")
        let formats = try zshCompletion("drawc compile --format ", in: folder.path)
        #expect(words(formats).isSuperset(of: Set(OutputFormat.allCases.map(\.rawValue))), "\(formats)")
        let drawings = try zshCompletion("drawc check ", in: folder.path)
        #expect(words(drawings).isSuperset(of: ["a.draw", "b.draw", "sub/"]), "\(drawings)")
        #expect(!drawings.contains("notes.txt") && !drawings.contains("guide.md"), "\(drawings)")
        let markdown = try zshCompletion("drawc markdown ", in: folder.path)
        #expect(words(markdown).isSuperset(of: ["guide.md", "sub/"]) && !markdown.contains("a.draw"), "\(markdown)")
        let option = try zshCompletion("drawc markdown --ima", in: folder.path)
        #expect(option.contains("drawc markdown --images"), "the one match is inserted: \(option)")
        let help = try zshCompletion("drawc help pan", in: folder.path)
        #expect(help.contains("drawc help pandoc-filter"), "\(help)")
    }
}
