import DrawCommandLine

// The help texts, made from the command table (Sources/DrawCommandLine).

enum Help {
    static var main: String { HelpText.main() }
    static var compile: String { text("compile") }
    static var check: String { text("check") }
    static var ir: String { text("ir") }
    static var fmt: String { text("fmt") }
    static var lsp: String { text("lsp") }
    static var watch: String { text("watch") }
    static var preview: String { text("preview") }

    static func text(_ name: String) -> String { HelpText.command(CommandTable.command(name)!) }
}
