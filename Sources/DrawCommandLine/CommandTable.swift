// DrawCommandLine — the one table of drawc's commands and options, and what is made from it:
// the argument parser's knowledge of which command takes which option, `drawc help`, the
// usage errors, the man page, the bash/zsh/fish completions and docs/cli.md's reference.
//
// Takes: nothing but the table below. Hands on: parsed arguments (`CommandLineParser`) and
// texts (`HelpText`, `ManPage`, `Completions`, `CLIReference`). The help of an option lives
// with the option, once; a command lists the options it takes. The output formats come from
// `OutputFormat.allCases` (DrawKit), read in one place (`CommandTable.formatNames`).
// A test (CommandLineTests) checks that the committed man page, completions and reference
// are what this table generates today.

import DrawKit

/// What an option's value is, for completion and for the man page.
package enum ValueKind: Sendable, Equatable {
    /// A file path (any file).
    case file
    /// A folder.
    case directory
    /// One of a fixed list of words.
    case choice([String])
    /// A number.
    case number
    /// Free text.
    case text
}

/// Every option of every command. Two options may share a spelling in different commands
/// : they are then two keys, each with its own help.
package enum OptionKey: String, Sendable, CaseIterable {
    case output, format, diagnostics, fontPath, noCompress, dpi, scale, background
    case write, listUnformatted, diff, spans
    case port, open, editor, stdio
    case sandbox
    case images, checkDrawings
    case help
}

/// One option: its spellings, its value, its help.
package struct Option: Sendable {
    package let key: OptionKey
    /// `-o`, or nil.
    package let short: String?
    /// `--output`.
    package let long: String
    /// The value's name in help (`OUT`), nil for a flag.
    package let value: String?
    package let kind: ValueKind?
    package let help: String
    package let repeatable: Bool

    /// `-o, --output OUT` as help and the man page show it.
    package var spelled: String {
        (short.map { $0 + ", " } ?? "") + long + (value.map { " " + $0 } ?? "")
    }
    package var names: [String] { (short.map { [$0] } ?? []) + [long] }
}

/// What a command takes besides options.
package enum Operands: Sendable, Equatable {
    /// No operands.
    case none
    /// `.draw` files (or `-`).
    case drawings
    /// One Markdown file (or `-`).
    case markdown
    /// A word (`drawc mdbook supports RENDERER`, `drawc help COMMAND`).
    case words([String])
}

/// One command.
package struct Command: Sendable {
    package let name: String
    /// One line for the list of commands.
    package let summary: String
    /// The usage lines, without the leading `drawc NAME `.
    package let synopsis: [String]
    /// Paragraphs (separated by blank lines); each is filled to the width of the output.
    package let description: String
    package let operands: Operands
    package let options: [OptionKey]
    /// Further sections of the help (title, paragraphs).
    package var sections: [(title: String, text: String)] = []
    /// Environment variables read: (name, what for).
    package var environment: [(name: String, help: String)] = []
    /// Examples: (command line, comment).
    package var examples: [(line: String, comment: String)] = []
    /// When the command's exit status differs from the usual 0/1/2/3.
    package var exitStatus: String?
}

package enum CommandTable {
    /// The output format names, from DrawKit: the one place the CLI reads them.
    package static var formatNames: [String] { OutputFormat.allCases.map(\.rawValue) }
    /// `svg|pdf|ps|eps|png`.
    package static var formatChoice: String { formatNames.joined(separator: "|") }
    /// `svg, pdf, ps, eps or png`.
    package static var formatList: String { OutputFormat.listed(formatNames, last: " or ") }
    /// The format `compile` writes when neither `--format` nor the extension of `-o` says.
    package static let defaultFormat = OutputFormat.pdf
    /// `PDF, SVG, PostScript, EPS and PNG`: the formats as prose names them, the default first.
    package static var formatProse: String {
        OutputFormat.listed(([defaultFormat] + OutputFormat.allCases.filter { $0 != defaultFormat }).map(\.shortName), last: " and ")
    }
    /// `SVG, EPS, PNG`: the formats that write one file per page.
    package static var onePagePerFileFormats: String {
        OutputFormat.allCases.filter(\.isOnePagePerFile).map(\.shortName).joined(separator: ", ")
    }

    package static let options: [Option] = [
        Option(key: .output, short: "-o", long: "--output", value: "OUT", kind: .file,
               help: "where to write ('-' for standard output); only with a single input", repeatable: false),
        Option(key: .format, short: "-f", long: "--format", value: "FORMAT", kind: .choice(formatNames),
               help: "the output format: \(formatList) (default: the extension of -o, else \(defaultFormat.shortName))", repeatable: false),
        Option(key: .diagnostics, short: nil, long: "--diagnostics", value: "FORM", kind: .choice(["text", "json"]),
               help: "diagnostics on standard error as text (the default) or json", repeatable: false),
        Option(key: .fontPath, short: nil, long: "--font-path", value: "DIR", kind: .directory,
               help: "also look for fonts in DIR, before DRAWC_FONT_PATH and the system's fonts (may be repeated); TrueType and OpenType/CFF fonts (.ttf .ttc .otf .otc) by family name",
               repeatable: true),
        Option(key: .noCompress, short: nil, long: "--no-compress", value: nil, kind: nil,
               help: "leave PDF content streams uncompressed (for reading them)", repeatable: false),
        Option(key: .dpi, short: nil, long: "--dpi", value: "N", kind: .number,
               help: "PNG resolution in pixels per inch (default 96, 1…9600)", repeatable: false),
        Option(key: .scale, short: nil, long: "--scale", value: "F", kind: .number,
               help: "PNG at F × 96 dpi (--scale 2 for @2x images); not with --dpi", repeatable: false),
        Option(key: .background, short: nil, long: "--background", value: "B", kind: .choice(["white", "transparent"]),
               help: "PNG backdrop: white (the default), transparent, #rrggbb or #rrggbbaa", repeatable: false),
        Option(key: .write, short: "-w", long: "--write", value: nil, kind: nil,
               help: "rewrite each file in place (only when it changes)", repeatable: false),
        Option(key: .listUnformatted, short: "-l", long: "--check", value: nil, kind: nil,
               help: "list the files that are not formatted; exit 1 if there are any", repeatable: false),
        Option(key: .diff, short: "-d", long: "--diff", value: nil, kind: nil,
               help: "print a unified diff (with --check too: diff and exit 1)", repeatable: false),
        Option(key: .spans, short: nil, long: "--spans", value: nil, kind: nil,
               help: "print before each item the statement that made it: 'source LINE:COL-LINE:COL', then 'def FILE:LINE:COL-…' for the statements inside components (docs/ir.md)",
               repeatable: false),
        Option(key: .port, short: nil, long: "--port", value: "N", kind: .number,
               help: "listen on port N (default: any free port, printed)", repeatable: false),
        Option(key: .open, short: nil, long: "--open", value: nil, kind: nil,
               help: "open the page in the default browser", repeatable: false),
        Option(key: .editor, short: nil, long: "--editor", value: "TEMPLATE", kind: .text,
               help: "the editor to open on click: {file}, {line} and {col} are replaced, e.g. 'code -g {file}:{line}:{col}'",
               repeatable: false),
        Option(key: .stdio, short: nil, long: "--stdio", value: nil, kind: nil,
               help: "accepted and ignored (standard input and output is the transport)", repeatable: false),
        Option(key: .sandbox, short: nil, long: "--sandbox", value: "DIR", kind: .directory,
               help: "read imports, data, images and fonts only inside DIR (docs/cli.md, \"Untrusted drawings\")",
               repeatable: false),
        Option(key: .images, short: nil, long: "--images", value: "DIR", kind: .directory,
               help: "write each drawing as an image file in DIR, named by the hash of its bytes, and link it (GitHub shows no inline SVG)",
               repeatable: false),
        Option(key: .checkDrawings, short: nil, long: "--check", value: nil, kind: nil,
               help: "only report the problems of the drawings; write nothing", repeatable: false),
        Option(key: .help, short: "-h", long: "--help", value: nil, kind: nil,
               help: "show this help", repeatable: false),
    ]

    package static func option(_ key: OptionKey) -> Option {
        options.first { $0.key == key }!
    }

    package static let commands: [Command] = [
        Command(
            name: "compile", summary: "compile drawings (the output format follows the extension of -o; default \(defaultFormat.shortName))",
            synopsis: ["IN.draw… [-o OUT] [--format \(formatChoice)] [options]"],
            description: """
                Each input becomes its own output; several inputs are compiled in parallel on all cores. Without -o the output goes beside the input with the format's extension (IN.\(defaultFormat.fileExtension) by default). The format comes from --format, else from the extension of -o, else \(defaultFormat.shortName). Outputs are written atomically: a failed compile leaves an earlier output untouched. A multi-page drawing in a one-page-per-file format (\(onePagePerFileFormats)) is written as OUT-1.svg, OUT-2.svg, …. Use '-' as IN to read standard input, and '-o -' to write standard output.

                PNG is drawn by drawc itself (anti-aliased, the same bytes on every machine); text in the standard fonts needs the URW base-35 fonts (fonts-urw-base35). PostScript warns where it cannot show what the drawing asks for: opacity, blend modes, transparent gradient stops and the blur of shadows show only in Ghostscript run with -dALLOWPSTRANSPARENCY.
                """,
            operands: .drawings,
            options: [.output, .format, .diagnostics, .fontPath, .sandbox, .noCompress, .dpi, .scale, .background, .help],
            sections: [(
                "Printing",
                """
                Label sheets ('labels … template: "avery-5160"') ask PDF viewers to print at 100 % (/PrintScaling /None): print at actual size, never "fit to page". A page with 'bleed: 3mm, marks: crop' gets TrimBox/BleedBox (PDF; PostScript writes them as a /PAGE pdfmark for ps2pdf) and crop marks. envelope("dl") gives an envelope's size and address positions (envelope-10, dl, c5, c6, b5).
                """
            )],
            environment: [
                ("DRAWC_FONT_PATH", "more font folders (colon-separated), after --font-path"),
                ("SOURCE_DATE_EPOCH", "record this time (seconds since 1970) as the PDF creation date"),
                ("NO_COLOR", "never colour diagnostics (colour is used only on a terminal)"),
            ],
            examples: [
                ("drawc compile shipping-label.draw", "→ shipping-label.pdf"),
                ("drawc compile flowchart.draw -o flowchart.svg", "SVG, from the extension"),
                ("drawc compile report.draw --format svg", "→ report-1.svg, report-2.svg, …"),
                ("drawc compile a.draw b.draw c.draw --format ps", "→ a.ps, b.ps, c.ps in parallel"),
                ("cat badge.draw | drawc compile - -o - --format eps > badge.eps", ""),
                ("drawc compile card.draw --no-compress -o card.pdf", "readable PDF for debugging"),
                ("drawc compile sketch.draw -o sketch.png --scale 2", "192 dpi PNG"),
                ("drawc compile icon.draw -o icon.png --background transparent", ""),
            ]),
        Command(
            name: "check", summary: "report the problems in drawings without writing anything",
            synopsis: ["FILE.draw… [--diagnostics text|json] [--font-path DIR] [--sandbox DIR]"],
            description: """
                Runs everything but the output: syntax, names and types, layout (e.g. a character the font lacks, a barcode's wrong check digit or data too long for its QR version). Exit status 0 when no file has an error (warnings allowed), 1 when one has, 2 on wrong usage, 3 when a file cannot be read.
                """,
            operands: .drawings,
            options: [.diagnostics, .fontPath, .sandbox, .help],
            examples: [
                ("drawc check samples/*.draw", ""),
                ("drawc check diagram.draw --diagnostics json 2> problems.json", ""),
                ("drawc check - < sketch.draw", ""),
            ]),
        Command(
            name: "ir", summary: "print the laid-out scene (the IR every backend draws) as text",
            synopsis: ["FILE.draw [-o OUT.txt] [--spans] [--font-path DIR] [--sandbox DIR]"],
            description: """
                Prints the scene IR that every backend draws: pages, paths in page points, text runs with their glyph positions, groups (with the box their ink covers, 'ink X Y W H'). The format is described in docs/ir.md. Useful to see where layout put things and in golden tests.
                """,
            operands: .drawings,
            options: [.output, .spans, .diagnostics, .fontPath, .sandbox, .help],
            examples: [
                ("drawc ir samples/flowchart.draw | less", ""),
                ("drawc ir label.draw --spans", ""),
                ("drawc ir label.draw -o label.ir.txt", ""),
            ]),
        Command(
            name: "fmt", summary: "print drawings in their one canonical layout, or rewrite them (-w)",
            synopsis: ["FILE.draw… [-w | --check] [--diff]"],
            description: """
                Prints each drawing formatted to standard output; -w rewrites the files that are not formatted, --check lists them (exit 1 if any), --diff prints what formatting would change as a unified diff.

                The canonical form (docs/format.md): two-space indentation, one statement per line, one space after ':' and ',' and around operators and arrows, '{' at the end of its line, at most one blank line in a row, every comment kept where it was, literals (1.50in, #FFF, "\\u{2014}") spelled as written, statements wider than 100 columns wrapped after their commas (a conditional before 'then' and 'else', a record of a 'let' one field per line). Formatting never changes what a drawing draws.

                A file with syntax errors is never rewritten: its diagnostics are printed and the exit status is 1. -w writes atomically (a temporary file renamed over the original, whose permissions are kept) and only when the text changes. Use '-' as FILE to read standard input (not with -w). Several files are formatted in parallel; output is in input order.
                """,
            operands: .drawings,
            options: [.write, .listUnformatted, .diff, .diagnostics, .help],
            examples: [
                ("drawc fmt label.draw", "the formatted text on standard output"),
                ("drawc fmt -w samples/*.draw", "format every sample in place"),
                ("drawc fmt --check samples/*.draw", "in CI or a pre-commit hook"),
                ("drawc fmt --diff label.draw | less", "review before rewriting"),
                ("cat label.draw | drawc fmt - > label.formatted.draw", ""),
            ],
            exitStatus: "0 success (with --check: every file formatted), 1 a file has syntax errors (or, with --check, is not formatted), 2 wrong usage, 3 a file could not be read or written."),
        Command(
            name: "lsp", summary: "the language server for editors (LSP over standard input and output)",
            synopsis: ["[--font-path DIR]…"],
            description: """
                Speaks the Language Server Protocol 3.17 over standard input and output (Content-Length framing, incremental text sync, UTF-16 positions). Editors start it themselves: see docs/editors.md for VS Code, Neovim, Helix, Emacs and Sublime Text. It offers diagnostics as you type (with quick fixes from the compiler's suggestions), completion, hover (a property's type, a node's laid-out frame and paint, a let's value, a colour), signature help, go to definition, references and rename across imports, document symbols, folding, semantic tokens, formatting (the 'drawc fmt' printer), and colour swatches with a picker. File names complete inside import "…", csv("…"), json("…"), an image's file and font: "…". It reads only the drawings you open, the files they import and the folders whose names it completes; it writes nothing. When the cursor moves (drawc/cursor, or textDocument/documentHighlight) in a file that a running 'drawc preview' shows, the statement there is outlined in the page (docs/editors.md).
                """,
            operands: .none,
            options: [.fontPath, .stdio, .help],
            exitStatus: "0 after 'shutdown' then 'exit', 1 when the input ends or breaks without them."),
        Command(
            name: "watch", summary: "compile again whenever a drawing or a file it reads changes",
            synopsis: ["IN.draw… [-o OUT] [--format \(formatChoice)] [options]"],
            description: """
                Compiles each drawing as 'drawc compile' does, then again whenever the drawing or a file it read changes: imports, images, csv()/json() data, fonts named by path. Files are looked at every 15 ms by stat (size, time, inode), so editors that save by writing a new file and renaming it are seen too; a change is compiled once the files have held still for 20 ms. A failed compile keeps the previous output (outputs are written atomically) and prints the diagnostics. One line per compile, with its time, on standard output. Ctrl-C stops.
                """,
            operands: .drawings,
            options: [.output, .format, .diagnostics, .fontPath, .noCompress, .dpi, .scale, .background, .help],
            examples: [
                ("drawc watch label.draw", "label.pdf, rewritten on every save"),
                ("drawc watch flowchart.draw -o flowchart.svg", ""),
                ("drawc watch a.draw b.draw --format png", ""),
            ]),
        Command(
            name: "preview", summary: "a live picture in the browser: hover and click to the source, drag to edit",
            synopsis: ["IN.draw [--port N] [--open] [--editor TEMPLATE] [--font-path DIR]"],
            description: """
                Serves one page on http://127.0.0.1:PORT/ (never on other addresses) that shows the drawing as SVG, page by page, and updates itself on every change of the drawing or the files it reads. Errors are shown over the last good picture with file:line:col. In the page: hover outlines an item and shows the line that made it; click selects it, shows its statement and opens the editor there (with --editor or DRAWC_EDITOR); drag moves a node whose position is written as numbers (at: (x, y), from:, to:, points:) and rewrites exactly those numbers in the file, in their units; G toggles snapping to a grid; Ctrl-Z undoes the last edit; the wheel zooms and dragging the paper pans. Edits need the page's per-run token and its Origin, touch only IN.draw, and only when the file is unchanged since the picture (else the page reloads). See docs/preview.md.

                Prints 'preview: http://127.0.0.1:PORT/ token TOKEN' once it listens; the token is what a language server sends to POST /highlight (docs/preview.md). For 'drawc lsp', it also writes port and token to $XDG_RUNTIME_DIR/drawc/preview-HASH.json (else $TMPDIR or /tmp, /drawc-UID/; a folder only you can open), removed when it stops.
                """,
            operands: .drawings,
            options: [.port, .open, .editor, .fontPath, .diagnostics, .help],
            environment: [("DRAWC_EDITOR", "the editor template when --editor is not given")],
            examples: [
                ("drawc preview samples/flowchart.draw --open", ""),
                ("drawc preview label.draw --port 8080 --editor 'code -g {file}:{line}:{col}'", ""),
            ]),
        Command(
            name: "markdown", summary: "turn the draw code blocks of a Markdown file into pictures",
            synopsis: ["IN.md [-o OUT.md] [--images DIR] [--check] [options]"],
            description: """
                Copies a Markdown file and replaces each fenced code block whose language is 'draw' by its drawing: inline SVG in a <div class="drawc"> (ids and class names prefixed per block, so several drawings on one page never clash), or with --images an image file in DIR named by the hash of its bytes and a Markdown image link to it (relative to OUT's folder). Every other byte is copied as it was. Imports, data files and images named in a block are found from the Markdown file's folder. Use '-' as IN to read standard input; without -o (or with '-o -') the result goes to standard output.

                A block with an error fails the run (exit 1, nothing written) with the diagnostic at its line and column in the Markdown file; --check only reports. Options follow 'draw' on the fence line, as name=value: width=N (the displayed width in CSS pixels; the height keeps the proportions), alt="TEXT" (the text alternative: the image's alt text, the SVG's <title>), format=svg|png (PNG inline becomes a data: URL). Fences are CommonMark's (``` or ~~~, indented at most three spaces); fences in block quotes are not recognized. See docs/cli.md, "Drawings in Markdown".
                """,
            operands: .markdown,
            options: [.output, .images, .checkDrawings, .diagnostics, .fontPath, .sandbox, .help],
            examples: [
                ("drawc markdown guide.src.md -o guide.md", "inline SVG"),
                ("drawc markdown README.src.md -o README.md --images docs/drawings", "for GitHub"),
                ("drawc markdown notes.md --check", "in CI"),
                ("cat notes.md | drawc markdown - > notes.html.md", ""),
            ]),
        Command(
            name: "mdbook", summary: "an mdBook preprocessor that turns draw code blocks into pictures",
            synopsis: ["[supports RENDERER]"],
            description: """
                Speaks mdBook's preprocessor protocol: 'drawc mdbook supports RENDERER' exits 0 for the html and markdown renderers and 1 for others; 'drawc mdbook' reads [context, book] as JSON on standard input and writes the book on standard output with every chapter's draw blocks replaced by inline SVG, as 'drawc markdown' does (files named in a block are found from its chapter's folder). A block with an error is reported on standard error and fails the build. To use it, add to book.toml a table [preprocessor.drawc] with command = "drawc mdbook" (docs/cli.md).
                """,
            operands: .words(["supports"]),
            options: [.fontPath, .help],
            exitStatus: "0 success (supports: the renderer is supported), 1 an error in a drawing or a renderer not supported, 2 wrong usage or input that is not [context, book]."),
        Command(
            name: "pandoc-filter", summary: "a pandoc JSON filter that turns draw code blocks into pictures",
            synopsis: ["[FORMAT]"],
            description: """
                A JSON filter for pandoc ('pandoc --filter drawc-pandoc-filter', where drawc-pandoc-filter is a script running 'exec drawc pandoc-filter "$@"'): reads the document as pandoc's JSON on standard input and writes it back with every code block of class draw replaced. For HTML, EPUB, slides and Markdown outputs the drawing is a raw HTML block of inline SVG; for every other FORMAT (pandoc's first argument) it is an image file in the folder DRAWC_IMAGES (default drawc-images, created if missing): PDF for latex, beamer and context, PNG otherwise. The block's attributes are the fence options: ```{.draw width=300 alt="The build"}. Files named in a block are found from the current folder.
                """,
            operands: .none,
            options: [.fontPath, .help],
            environment: [("DRAWC_IMAGES", "the folder for image files (default drawc-images)")],
            exitStatus: "0 success, 1 an error in a drawing, 2 wrong usage or input that is not a pandoc document, 3 an image could not be written."),
    ]

    package static func command(_ name: String) -> Command? {
        commands.first { $0.name == name }
    }

    /// The one-line description of drawc.
    package static var tagline: String { "compile .draw drawings to \(formatProse)" }

    /// Examples of the main help.
    package static let mainExamples: [(line: String, comment: String)] = [
        ("drawc compile label.draw", "writes label.pdf beside label.draw"),
        ("drawc compile diagram.draw -o diagram.svg", ""),
        ("drawc compile diagram.draw -o diagram.png --dpi 192", ""),
        ("drawc compile samples/*.draw --format svg", ""),
        ("drawc check samples/*.draw", ""),
        ("drawc fmt -w samples/*.draw", "rewrite in the canonical layout"),
    ]

    package static let exitStatus =
        "0 success, 1 errors in the input, 2 wrong usage, 3 a file could not be read or written."
}
