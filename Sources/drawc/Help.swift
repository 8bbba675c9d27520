import DrawKit

// Help texts: what each command does, its options, and examples that work as written.

enum Help {
    static let main = """
        drawc \(DrawKitVersion.string) — compile .draw drawings to PDF, SVG, PostScript, EPS and PNG

        Usage:
          drawc compile IN.draw… [-o OUT] [--format svg|pdf|ps|eps|png] [options]
          drawc check FILE.draw…
          drawc ir FILE.draw [-o OUT.txt] [--spans]
          drawc fmt FILE.draw… [-w | --check] [--diff]
          drawc lsp [--font-path DIR]
          drawc watch IN.draw… [-o OUT] [--format F]
          drawc preview IN.draw [--port N] [--open] [--editor TEMPLATE]
          drawc help [COMMAND]
          drawc --version

        Commands:
          compile   compile drawings (the output format follows the extension of -o; default PDF)
          check     report the problems in drawings without writing anything
          ir        print the laid-out scene (the IR every backend draws) as text
          fmt       print drawings in their one canonical layout, or rewrite them (-w)
          lsp       the language server for editors (LSP over standard input and output)
          watch     compile again whenever a drawing or a file it reads changes
          preview   a live picture in the browser: hover and click to the source, drag to edit

        Run 'drawc COMMAND --help' for the options and examples of a command.

        Examples:
          drawc compile label.draw                 # writes label.pdf beside label.draw
          drawc compile diagram.draw -o diagram.svg
          drawc compile diagram.draw -o diagram.png --dpi 192
          drawc compile samples/*.draw --format svg
          drawc check samples/*.draw
          drawc fmt -w samples/*.draw              # rewrite in the canonical layout

        Exit status: 0 success, 1 errors in the input, 2 wrong usage, 3 a file could not be read
        or written.

        """

    static let compile = """
        drawc compile — compile drawings to PDF, SVG, PostScript, EPS or PNG

        Usage:
          drawc compile IN.draw [-o OUT] [--format svg|pdf|ps|eps|png] [options]
          drawc compile IN.draw IN2.draw… [--format F] [options]

        Each input becomes its own output; several inputs are compiled in parallel on all cores.
        Without -o the output goes beside the input with the format's extension (IN.pdf by
        default). The format comes from --format, else from the extension of -o, else PDF.
        Outputs are written atomically: a failed compile leaves an earlier output untouched.
        A multi-page drawing in a one-page-per-file format (SVG, EPS, PNG) is written as
        OUT-1.svg, OUT-2.svg, …. Use '-' as IN to read standard input, and '-o -' to write
        standard output. PNG is drawn by drawc itself (anti-aliased, the same bytes on every
        machine); text in the standard fonts needs the URW base-35 fonts (fonts-urw-base35).
        PostScript warns where it cannot show what the drawing asks for: opacity, blend modes,
        transparent gradient stops and the blur of shadows show only in Ghostscript run with
        -dALLOWPSTRANSPARENCY.

        Options:
          -o, --output OUT         where to write (only with a single input)
          -f, --format FORMAT      svg, pdf, ps, eps or png
              --diagnostics FORM   text (default) or json, on standard error
              --font-path DIR      also look for fonts in DIR (may be repeated); TrueType and
                                   OpenType/CFF fonts (.ttf .ttc .otf .otc) by family name
              --sandbox DIR        read imports, data, images and fonts only inside DIR
                                   (for untrusted drawings; see docs/cli.md)
              --no-compress        leave PDF content streams uncompressed (for reading them)
              --dpi N              PNG resolution in pixels per inch (default 96, 1…9600)
              --scale F            PNG at F × 96 dpi (--scale 2 for @2x images)
              --background B       PNG backdrop: white (default), transparent, #rrggbb, #rrggbbaa
          -h, --help               show this help

        Environment:
          DRAWC_FONT_PATH          more font folders (colon-separated), after --font-path
          SOURCE_DATE_EPOCH        record this time (seconds since 1970) as the PDF creation date
          NO_COLOR                 never colour diagnostics (colour is used only on a terminal)

        Examples:
          drawc compile shipping-label.draw                      # → shipping-label.pdf
          drawc compile flowchart.draw -o flowchart.svg          # SVG, from the extension
          drawc compile report.draw --format svg                 # → report-1.svg, report-2.svg, …
          drawc compile a.draw b.draw c.draw --format ps         # → a.ps, b.ps, c.ps in parallel
          cat badge.draw | drawc compile - -o - --format eps > badge.eps
          drawc compile card.draw --no-compress -o card.pdf      # readable PDF for debugging
          drawc compile sketch.draw -o sketch.png --scale 2      # 192 dpi PNG
          drawc compile icon.draw -o icon.png --background transparent

        Printing:
          Label sheets ('labels … template: "avery-5160"') ask PDF viewers to print at 100 %
          (/PrintScaling /None): print at actual size, never "fit to page". A page with
          'bleed: 3mm, marks: crop' gets TrimBox/BleedBox (PDF; PostScript writes them as a
          /PAGE pdfmark for ps2pdf) and crop marks. envelope("dl") gives an envelope's size and
          address positions (envelope-10, dl, c5, c6, b5).

        """

    static let check = """
        drawc check — report problems in drawings without writing any output

        Usage:
          drawc check FILE.draw… [--diagnostics text|json] [--font-path DIR] [--sandbox DIR]

        Runs everything but the output: syntax, names and types, layout (e.g. a character the
        font lacks, a barcode's wrong check digit or data too long for its QR version). Exit status 0 when no file has an error (warnings allowed), 1 when one has,
        2 on wrong usage, 3 when a file cannot be read.

        Options:
              --diagnostics FORM   text (default) or json, on standard error
              --font-path DIR      also look for fonts in DIR (may be repeated)
              --sandbox DIR        read imports, data, images and fonts only inside DIR
                                   (for untrusted drawings; see docs/cli.md)
          -h, --help               show this help

        Examples:
          drawc check samples/*.draw
          drawc check diagram.draw --diagnostics json 2> problems.json
          drawc check -  < sketch.draw

        """

    static let ir = """
        drawc ir — print the laid-out scene of a drawing as text

        Usage:
          drawc ir FILE.draw [-o OUT.txt] [--spans] [--font-path DIR] [--sandbox DIR]

        Prints the scene IR that every backend draws: pages, paths in page points, text runs
        with their glyph positions, groups (with the box their ink covers, 'ink X Y W H').
        The format is described in docs/ir.md. Useful to see
        where layout put things and in golden tests.

        Options:
          -o, --output OUT         write to OUT instead of standard output
              --spans              print before each item the statement that made it:
                                   'source LINE:COL-LINE:COL', then 'def FILE:LINE:COL-…' for
                                   the statements inside components (docs/ir.md)
              --diagnostics FORM   text (default) or json, on standard error
              --font-path DIR      also look for fonts in DIR (may be repeated)
              --sandbox DIR        read imports, data, images and fonts only inside DIR
                                   (for untrusted drawings; see docs/cli.md)
          -h, --help               show this help

        Examples:
          drawc ir samples/flowchart.draw | less
          drawc ir label.draw --spans
          drawc ir label.draw -o label.ir.txt

        """

    static let fmt = """
        drawc fmt — lay drawings out in their one canonical form

        Usage:
          drawc fmt FILE.draw…                 print each drawing formatted, to standard output
          drawc fmt -w FILE.draw…              rewrite the files that are not formatted
          drawc fmt --check FILE.draw…         list the files that are not formatted; exit 1 if any
          drawc fmt --diff FILE.draw…          print what formatting would change, as a unified diff

        The canonical form (docs/format.md): two-space indentation, one statement per line,
        one space after ':' and ',' and around operators and arrows, '{' at the end of its
        line, at most one blank line in a row, every comment kept where it was, literals
        (1.50in, #FFF, "\\u{2014}") spelled as written, statements wider than 100 columns
        wrapped after their commas (a conditional before 'then' and 'else', a record of a
        'let' one field per line). Formatting never changes what a drawing draws.

        A file with syntax errors is never rewritten: its diagnostics are printed and the exit
        status is 1. -w writes atomically (a temporary file renamed over the original, whose
        permissions are kept) and only when the text changes. Use '-' as FILE to read standard
        input (not with -w). Several files are formatted in parallel; output is in input order.

        Options:
          -w, --write              rewrite each file in place (only when it changes)
          -l, --check              list the files that are not formatted; exit 1 if there are any
          -d, --diff               print a unified diff (with --check too: diff and exit 1)
              --diagnostics FORM   text (default) or json, on standard error
          -h, --help               show this help

        Exit status: 0 success (with --check: every file formatted), 1 a file has syntax errors
        (or, with --check, is not formatted), 2 wrong usage, 3 a file could not be read or written.

        Examples:
          drawc fmt label.draw                     # the formatted text on standard output
          drawc fmt -w samples/*.draw              # format every sample in place
          drawc fmt --check samples/*.draw         # in CI or a pre-commit hook
          drawc fmt --diff label.draw | less       # review before rewriting
          cat label.draw | drawc fmt - > label.formatted.draw

        """

    static let lsp = """
        drawc lsp — the language server for editors

        Usage:
          drawc lsp [--font-path DIR]…

        Speaks the Language Server Protocol 3.17 over standard input and output (Content-Length
        framing, incremental text sync, UTF-16 positions). Editors start it themselves: see
        docs/editors.md for VS Code, Neovim, Helix, Emacs and Sublime Text. It offers
        diagnostics as you type (with quick fixes from the compiler's suggestions), completion,
        hover (a property's type, a node's laid-out frame and paint, a let's value, a colour),
        signature help, go to definition, references and rename across imports, document
        symbols, folding, semantic tokens, formatting (the 'drawc fmt' printer), and colour
        swatches with a picker. File names complete inside import "…", csv("…"), json("…"),
        an image's file and font: "…". It reads only the drawings you open, the files they
        import and the folders whose names it completes; it writes nothing. When the cursor
        moves (drawc/cursor, or textDocument/documentHighlight) in a file that a running
        'drawc preview' shows, the statement there is outlined in the page (docs/editors.md).

        Options:
          --font-path DIR   also look for fonts in DIR (as compile does), for font completion
                            and layout; DRAWC_FONT_PATH is read too
          --stdio           accepted and ignored (standard input and output is the transport)

        Exit status: 0 after 'shutdown' then 'exit', 1 when the input ends or breaks without them.

        """

    static let watch = """
        drawc watch — compile drawings again whenever they or the files they read change

        Usage:
          drawc watch IN.draw… [-o OUT] [--format svg|pdf|ps|eps|png] [options]

        Compiles each drawing as 'drawc compile' does, then again whenever the drawing or a
        file it read changes: imports, images, csv()/json() data, fonts named by path. Files
        are looked at every 15 ms by stat (size, time, inode), so editors that save by
        writing a new file and renaming it are seen too; a change is compiled once the files
        have held still for 20 ms. A failed compile keeps the previous output (outputs are
        written atomically) and prints the diagnostics. One line per compile, with its time,
        on standard output. Ctrl-C stops.

        Options:
          -o, --output OUT         where to write (only with a single input)
          -f, --format FORMAT      svg, pdf, ps, eps or png
              --diagnostics FORM   text (default) or json, on standard error
              --font-path DIR      also look for fonts in DIR (may be repeated)
              --no-compress        leave PDF content streams uncompressed
              --dpi N, --scale F, --background B   as for compile (PNG)
          -h, --help               show this help

        Examples:
          drawc watch label.draw                     # label.pdf, rewritten on every save
          drawc watch flowchart.draw -o flowchart.svg
          drawc watch a.draw b.draw --format png

        """

    static let preview = """
        drawc preview — a live picture of a drawing in the browser; click to the source, drag to edit

        Usage:
          drawc preview IN.draw [--port N] [--open] [--editor TEMPLATE] [--font-path DIR]

        Serves one page on http://127.0.0.1:PORT/ (never on other addresses) that shows the
        drawing as SVG, page by page, and updates itself on every change of the drawing or
        the files it reads. Errors are shown over the last good picture with file:line:col.
        In the page: hover outlines an item and shows the line that made it; click selects
        it, shows its statement and opens the editor there (with --editor or DRAWC_EDITOR);
        drag moves a node whose position is written as numbers (at: (x, y), from:, to:,
        points:) and rewrites exactly those numbers in the file, in their units; G toggles
        snapping to a grid; Ctrl-Z undoes the last edit; the wheel zooms and dragging the
        paper pans. Edits need the page's per-run token and its Origin, touch only IN.draw,
        and only when the file is unchanged since the picture (else the page reloads).
        See docs/preview.md.

        Options:
              --port N             listen on port N (default: any free port, printed)
              --open               open the page in the default browser
              --editor TEMPLATE    the editor to open on click: {file}, {line} and {col} are
                                   replaced, e.g. 'code -g {file}:{line}:{col}'
              --font-path DIR      also look for fonts in DIR (may be repeated)
          -h, --help               show this help

        Environment:
          DRAWC_EDITOR             the editor template when --editor is not given

        Prints 'preview: http://127.0.0.1:PORT/ token TOKEN' once it listens; the token is
        what a language server sends to POST /highlight (docs/preview.md). For 'drawc lsp',
        it also writes port and token to $XDG_RUNTIME_DIR/drawc/preview-HASH.json (else
        $TMPDIR or /tmp, /drawc-UID/; a folder only you can open), removed when it stops.

        Examples:
          drawc preview samples/flowchart.draw --open
          drawc preview label.draw --port 8080 --editor 'code -g {file}:{line}:{col}'

        """
}
