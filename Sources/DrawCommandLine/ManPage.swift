// drawc.1, the man page, made from the table (man(7) macros; checked with `groff -man -ww`).

import DrawKit

package enum ManPage {
    /// The whole page. `date` is the release's date (CHANGELOG.md), so the page is the same
    /// bytes on every build of one version.
    package static func render(version: String = DrawKitVersion.string, date: String) -> String {
        var out = ".\\\" Generated from drawc's command table (Sources/DrawCommandLine); do not edit.\n"
        out += ".TH DRAWC 1 \"\(date)\" \"drawc \(version)\" \"User Commands\"\n"
        out += ".SH NAME\ndrawc \\- \(escape(CommandTable.tagline))\n"
        out += ".SH SYNOPSIS\n"
        for command in CommandTable.commands {
            for line in command.synopsis {
                out += ".B drawc \(command.name)\n"
                if !line.isEmpty { out += escape(line) + "\n" }
                out += ".br\n"
            }
        }
        out += ".B drawc help\n[\\fICOMMAND\\fR]\n.br\n.B drawc \\-\\-version\n"
        out += ".SH DESCRIPTION\n"
        out += escape("drawc compiles .draw files — a small text language for drawings you keep in version control — to \(CommandTable.formatProse). The same source always gives the same bytes. The language is described in docs/language.md of drawc's sources.") + "\n"
        out += ".SH COMMANDS\n"
        for command in CommandTable.commands {
            out += ".SS \(command.name)\n"
            for (index, line) in command.synopsis.enumerated() {
                if index > 0 { out += ".br\n" }
                out += ".B drawc \(command.name)\n" + (line.isEmpty ? "" : escape(line) + "\n")
            }
            for paragraph in HelpText.paragraphs(command.description) {
                out += ".PP\n" + escape(paragraph) + "\n"
            }
            for section in command.sections {
                out += ".PP\n.I \(escape(section.title))\n"
                for paragraph in HelpText.paragraphs(section.text) { out += ".PP\n" + escape(paragraph) + "\n" }
            }
            if let status = command.exitStatus { out += ".PP\nExit status: " + escape(status) + "\n" }
            if !command.options.isEmpty {
                out += ".PP\nOptions:\n"
                for key in command.options {
                    let option = CommandTable.option(key)
                    out += ".TP\n" + spelled(option) + "\n" + escape(option.help) + "\n"
                }
            }
            if !command.examples.isEmpty {
                out += ".PP\nExamples:\n.PP\n.RS\n.nf\n"
                for example in command.examples {
                    out += escape(example.line) + (example.comment.isEmpty ? "" : "    # " + escape(example.comment)) + "\n"
                }
                out += ".fi\n.RE\n"
            }
        }
        out += ".SH OPTIONS\n.TP\n.BR \\-h \", \" \\-\\-help\nshow the help of drawc or of a command\n"
        out += ".TP\n.BR \\-V \", \" \\-\\-version\nprint the version (and the commit drawc was built from)\n"
        out += ".SH ENVIRONMENT\n"
        var seen = Set<String>()
        for command in CommandTable.commands {
            for variable in command.environment where seen.insert(variable.name).inserted {
                out += ".TP\n.B \(variable.name)\n" + escape(variable.help) + "\n"
            }
        }
        out += ".SH EXIT STATUS\n" + escape(CommandTable.exitStatus) + "\n"
        out += ".SH EXAMPLES\n.nf\n"
        for example in CommandTable.mainExamples {
            out += escape(example.line) + (example.comment.isEmpty ? "" : "    # " + escape(example.comment)) + "\n"
        }
        out += ".fi\n"
        return out
    }

    /// `.BR \-o ", " \-\-output " " \fIOUT\fR`: the spellings bold, the value italic.
    static func spelled(_ option: Option) -> String {
        var out = "\\fB" + option.names.map(escape).joined(separator: "\\fR, \\fB") + "\\fR"
        if let value = option.value { out += " \\fI" + escape(value) + "\\fR" }
        return out
    }

    /// Text safe in a man page line: backslashes, hyphens as minus signs, no line starting
    /// with a control character, and non-ASCII as groff's named or \[uXXXX] characters.
    package static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\u{2014}": out += "\\(em"
            case "\u{2013}": out += "\\(en"
            case "\u{2026}": out += "\\&...\\&"
            case "\u{2192}": out += "\\(->"
            case "\u{00D7}": out += "\\(mu"
            case "\u{2018}": out += "\\(oq"
            case "\u{2019}": out += "\\(cq"
            case "\u{201C}": out += "\\(lq"
            case "\u{201D}": out += "\\(rq"
            case "'": out += "\\(aq"
            case "`": out += "\\(ga"
            default:
                if scalar.value < 0x80 {
                    out.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
