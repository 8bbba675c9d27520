// `drawc help` and `drawc COMMAND --help`, made from the table.

import DrawKit

package enum HelpText {
    /// Columns of the help text.
    static let width = 92
    /// Where an option's help starts.
    static let helpColumn = 27

    /// `drawc --help`.
    package static func main(version: String = DrawKitVersion.string) -> String {
        var out = "drawc \(version) — \(CommandTable.tagline)\n\nUsage:\n"
        for command in CommandTable.commands {
            for line in command.synopsis { out += "  " + joined("drawc", command.name, line) + "\n" }
        }
        out += "  drawc help [COMMAND]\n  drawc --version\n\nCommands:\n"
        let nameWidth = CommandTable.commands.map(\.name.count).max()! + 3
        for command in CommandTable.commands {
            out += fill(command.summary, width: width, first: "  " + pad(command.name, nameWidth), rest: String(repeating: " ", count: nameWidth + 2))
        }
        out += "\nRun 'drawc COMMAND --help' for the options and examples of a command.\n\nExamples:\n"
        out += examples(CommandTable.mainExamples)
        out += "\n" + fill("Exit status: " + CommandTable.exitStatus, width: width, first: "", rest: "")
        out += "\n"
        return out
    }

    /// `drawc help COMMAND`.
    package static func command(_ command: Command) -> String {
        var out = "drawc \(command.name) — \(command.summary)\n\nUsage:\n"
        for line in command.synopsis { out += "  " + joined("drawc", command.name, line) + "\n" }
        for paragraph in paragraphs(command.description) {
            out += "\n" + fill(paragraph, width: width, first: "", rest: "")
        }
        out += "\nOptions:\n"
        for key in command.options {
            out += optionLines(CommandTable.option(key))
        }
        if !command.environment.isEmpty {
            out += "\nEnvironment:\n"
            for variable in command.environment {
                out += fill(variable.help, width: width, first: "  " + pad(variable.name, helpColumn - 2), rest: String(repeating: " ", count: helpColumn))
            }
        }
        if let status = command.exitStatus {
            out += "\n" + fill("Exit status: " + status, width: width, first: "", rest: "")
        }
        for section in command.sections {
            out += "\n\(section.title):\n"
            for paragraph in paragraphs(section.text) { out += fill(paragraph, width: width, first: "  ", rest: "  ") }
        }
        if !command.examples.isEmpty {
            out += "\nExamples:\n" + examples(command.examples)
        }
        out += "\n"
        return out
    }

    /// One option: `  -o, --output OUT         where to write…`, continued under the help.
    static func optionLines(_ option: Option) -> String {
        let spelled = (option.short == nil ? "    " : "") + option.spelled
        let indent = String(repeating: " ", count: helpColumn)
        if spelled.count + 2 >= helpColumn - 1 {
            return "  " + spelled + "\n" + fill(option.help, width: width, first: indent, rest: indent)
        }
        return fill(option.help, width: width, first: "  " + pad(spelled, helpColumn - 2), rest: indent)
    }

    static func examples(_ list: [(line: String, comment: String)]) -> String {
        let column = min(56, list.map(\.line.count).max().map { $0 + 1 } ?? 0)
        return list.map { example in
            example.comment.isEmpty ? "  \(example.line)\n" : "  \(pad(example.line, column)) # \(example.comment)\n"
        }.joined()
    }

    static func joined(_ parts: String...) -> String { parts.filter { !$0.isEmpty }.joined(separator: " ") }

    static func pad(_ text: String, _ count: Int) -> String {
        text.count >= count ? text + " " : text + String(repeating: " ", count: count - text.count)
    }

    /// The paragraphs of a text: separated by blank lines, line breaks inside one are spaces.
    package static func paragraphs(_ text: String) -> [String] {
        var result: [String] = []
        var current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " }) {
                if !current.isEmpty { result.append(current.joined(separator: " ")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { result.append(current.joined(separator: " ")) }
        return result
    }

    /// Fills `text` into lines of at most `width` characters (a longer word gets its own line).
    package static func fill(_ text: String, width: Int, first: String, rest: String) -> String {
        var out = ""
        var line = first
        var empty = true
        for word in text.split(separator: " ") {
            if !empty, line.count + 1 + word.count > width {
                out += line + "\n"
                line = rest
                empty = true
            }
            line += (empty ? "" : " ") + word
            empty = false
        }
        return out + line + "\n"
    }
}
