// docs/cli.md's reference: the synopsis of every command and a table of its options,
// written between two marker lines the rest of the page is kept around.

package enum CLIReference {
    package static let begin = "<!-- reference: generated from Sources/DrawCommandLine (DRAWC_UPDATE_GOLDEN=1 swift test --filter CommandLineTests) -->"
    package static let end = "<!-- end of reference -->"

    package static func render() -> String {
        var out = begin + "\n"
        out += "```\n"
        for command in CommandTable.commands {
            for line in command.synopsis { out += HelpText.joined("drawc", command.name, line) + "\n" }
        }
        out += "drawc help [COMMAND]      drawc COMMAND --help      drawc --version\n```\n\n"
        out += "| command | what it does |\n|---|---|\n"
        for command in CommandTable.commands {
            out += "| `\(command.name)` | \(cell(command.summary)) |\n"
        }
        for command in CommandTable.commands {
            out += "\n#### Options of `\(command.name)`\n\n| option | |\n|---|---|\n"
            for key in command.options {
                let option = CommandTable.option(key)
                out += "| `\(option.spelled)` | \(cell(option.help))\(option.repeatable ? " (repeatable)" : "") |\n"
            }
        }
        out += end + "\n"
        return out
    }

    static func cell(_ text: String) -> String {
        text.replacingAll("|", with: "\\|").replacingAll("```", with: "` ``")
    }

    /// `page` with the text between the markers replaced by `render()`; nil when the page
    /// has no markers.
    package static func replacing(in page: String) -> String? {
        guard let start = page.firstRange(of: begin), let stop = page.firstRange(of: end),
              start.lowerBound < stop.lowerBound else { return nil }
        var after = page[stop.upperBound...]
        if after.first == "\n" { after = after.dropFirst() }
        return String(page[..<start.lowerBound]) + render() + after
    }
}
