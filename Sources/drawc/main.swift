// drawc — the command line: argument handling over DrawKit, nothing else.
//
// Takes: the arguments and environment. Hands on: files written through DrawKit's
// `OutputWriter` (atomic), diagnostics on standard error, an exit status:
// 0 success, 1 errors in an input, 2 wrong usage, 3 a file could not be read or written.
// When several inputs fail differently, the highest status wins (I/O over input errors).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import CBuildInfo
import DrawCommandLine
import DrawKit

enum ExitStatus: Int32 {
    case success = 0
    case inputErrors = 1
    case usage = 2
    case io = 3
}

/// A usage problem, reported as one line plus a hint to the command's help.
struct UsageError: Error {
    var message: String
    var command: String?
}

/// Options shared by the commands, as parsed.
struct Arguments {
    var inputs: [String] = []
    var output: String?
    var format: OutputFormat?
    var diagnostics: DiagnosticFormat = .text
    var fontPaths: [String] = []
    var compress = true
    var help = false
    var dpi: Double?
    var scale: Double?
    var background: PNGBackground?
    /// `fmt -w`, `fmt --check`, `fmt --diff`.
    var rewrite = false
    var listUnformatted = false
    var diff = false
    /// `ir --spans`.
    var spans = false
    /// `preview --port`, `--open`, `--editor`.
    var port: Int?
    var openBrowser = false
    var editor: String?
    /// `--sandbox DIR` of compile, check and ir (docs/cli.md, "Untrusted drawings").
    var sandbox: String?
    /// `markdown --images DIR`, `markdown --check`.
    var images: String?
    var checkOnly = false
}

/// Parses a command's arguments. Which options `command` takes, and their spellings, come
/// from the command table (DrawCommandLine); the values are checked here.
func parseArguments(_ args: ArraySlice<String>, command: String) throws(UsageError) -> Arguments {
    guard let entry = CommandTable.command(command) else { throw UsageError(message: "no command '\(command)'", command: nil) }
    let parsed: ParsedCommandLine
    do throws(CommandLineError) {
        parsed = try CommandLineParser.parse(args, command: entry)
    } catch {
        throw UsageError(message: error.message, command: error.command)
    }
    var result = Arguments()
    result.inputs = parsed.operands
    for (key, given, name) in parsed.options {
        let text = given ?? ""
        switch key {
        case .help:
            result.help = true
        case .output:
            result.output = text
        case .format:
            guard let format = OutputFormat(rawValue: text.lowercased()) else {
                throw UsageError(message: "unknown format '\(text)' (expected \(CommandTable.formatList))", command: command)
            }
            result.format = format
        case .diagnostics:
            guard let format = DiagnosticFormat(rawValue: text.lowercased()) else {
                throw UsageError(message: "unknown diagnostics format '\(text)' (expected text or json)", command: command)
            }
            result.diagnostics = format
        case .fontPath:
            result.fontPaths.append(text)
        case .noCompress:
            result.compress = false
        case .dpi, .scale:
            let range = key == .dpi ? PNGOptions.dpiRange : (PNGOptions.dpiRange.lowerBound / 96)...(PNGOptions.dpiRange.upperBound / 96)
            guard let number = Double(text), number.isFinite, range.contains(number) else {
                throw UsageError(
                    message: "'\(name) \(text)' is not a number from \(trimmed(range.lowerBound)) to \(trimmed(range.upperBound))",
                    command: command)
            }
            if key == .dpi { result.dpi = number } else { result.scale = number }
            if result.dpi != nil && result.scale != nil {
                throw UsageError(message: "give --dpi or --scale, not both", command: command)
            }
        case .background:
            guard let background = PNGBackground(parsing: text) else {
                throw UsageError(
                    message: "unknown background '\(text)' (expected white, transparent, #rrggbb or #rrggbbaa)", command: command)
            }
            result.background = background
        case .write:
            result.rewrite = true
        case .listUnformatted:
            result.listUnformatted = true
        case .diff:
            result.diff = true
        case .spans:
            result.spans = true
        case .port:
            guard let port = Int(text), (0...65535).contains(port) else {
                throw UsageError(message: "'--port \(text)' is not a port number from 0 to 65535", command: command)
            }
            result.port = port
        case .open:
            result.openBrowser = true
        case .editor:
            result.editor = text
        case .sandbox:
            guard isFolder(text) else {
                throw UsageError(message: "'--sandbox \(text)' is not a folder", command: command)
            }
            result.sandbox = text
        case .images:
            result.images = text
        case .checkDrawings:
            result.checkOnly = true
        case .stdio:
            break
        }
    }
    return result
}
/// A number as typed: `96` rather than `96.0`.
func trimmed(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

// MARK: - Output to the terminal

/// Standard error, written in one piece per call so parallel reports do not interleave.
func printError(_ text: String) {
    guard !text.isEmpty else { return }
    var bytes = Array(text.utf8)
    if bytes.last != 0x0A { bytes.append(0x0A) }
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let n = write(2, buffer.baseAddress! + offset, buffer.count - offset)
            if n <= 0 { return }
            offset += n
        }
    }
}

/// Colour only on a terminal, and never when NO_COLOR is set to anything non-empty.
let useColor: Bool = {
    if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
    return isatty(2) == 1
}()

func environmentOptions(_ arguments: Arguments) -> CompileOptions {
    var options = CompileOptions(fontSearchPaths: arguments.fontPaths, compressPDF: arguments.compress)
    if let scale = arguments.scale { options.png.dpi = 96 * scale }
    if let dpi = arguments.dpi { options.png.dpi = dpi }
    if let background = arguments.background { options.png.background = background }
    if let epoch = getenv("SOURCE_DATE_EPOCH"), let seconds = Int(String(cString: epoch)) {
        options.sourceDateEpoch = seconds
    }
    options.sandbox = arguments.sandbox
    return options
}

/// What one input produced: its diagnostics, any I/O problem, messages, and its status.
struct InputReport: Sendable {
    var diagnostics: DiagnosticReport?
    var ioError: FileError?
    var messages: [String] = []
    var status: ExitStatus = .success
}

/// Prints the reports of all inputs in input order: text one after another, JSON as one
/// array (I/O problems then appear as `io.*` diagnostics without a location).
func emit(_ reports: [InputReport], format: DiagnosticFormat) {
    switch format {
    case .text:
        for report in reports {
            if let diagnostics = report.diagnostics {
                printError(diagnostics.rendered(as: .text, color: useColor))
            }
            if let io = report.ioError { printError("drawc: \(io)") }
            for message in report.messages { printError(message) }
        }
    case .json:
        var all: [DrawDiagnostic] = []
        for report in reports {
            all += report.diagnostics?.diagnostics ?? []
            if let io = report.ioError {
                all.append(DrawDiagnostic(id: CLIID.ioError.rawValue, severity: .error, message: io.message, file: io.path, location: nil))
            }
        }
        printError(all.renderedJSON())
        for report in reports {
            for message in report.messages { printError(message) }
        }
    }
}

func overallStatus(_ reports: [InputReport]) -> ExitStatus {
    reports.map(\.status).max { $0.rawValue < $1.rawValue } ?? .success
}

/// Runs `body` once per input, in parallel on all cores, and returns the results in input
/// order. Each iteration writes only its own slot.
func forEachInput(_ inputs: [String], _ body: @Sendable (Int, String) -> InputReport) -> [InputReport] {
    let slots = UnsafeMutableBufferPointer<InputReport>.allocate(capacity: inputs.count)
    slots.initialize(repeating: InputReport())
    defer { slots.deallocate() }
    nonisolated(unsafe) let shared = slots
    if inputs.count == 1 {
        shared[0] = body(0, inputs[0])
    } else {
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            shared[index] = body(index, inputs[index])
        }
    }
    return Array(slots)
}

// MARK: - Commands

/// The output path and format of one input of `compile`.
func plannedOutput(input: String, arguments: Arguments) throws(UsageError) -> (path: String, format: OutputFormat) {
    if let output = arguments.output {
        let fromExtension = output == "-" ? nil : OutputFormat(pathExtension: output)
        if let format = arguments.format {
            if let fromExtension, fromExtension != format {
                throw UsageError(
                    message: "'-o \(output)' says \(fromExtension.rawValue) but '--format \(format.rawValue)' was given", command: "compile")
            }
            return (output, format)
        }
        if let fromExtension { return (output, fromExtension) }
        if output == "-" { return (output, CommandTable.defaultFormat) }
        throw UsageError(message: "cannot tell the format from '\(output)': use --format \(CommandTable.formatChoice)", command: "compile")
    }
    let format = arguments.format ?? CommandTable.defaultFormat
    if input == "-" { return ("-", format) }
    // Beside the input: `dir/a.draw` → `dir/a.pdf`; a name without `.draw` gets the extension added.
    var base = input
    if base.lowercased().hasSuffix(".draw") { base.removeLast(5) }
    return (base + "." + format.fileExtension, format)
}

func runCompile(_ args: ArraySlice<String>) throws(UsageError) -> ExitStatus {
    let arguments = try parseArguments(args, command: "compile")
    if arguments.dpi != nil || arguments.scale != nil || arguments.background != nil {
        let formats = arguments.inputs.isEmpty ? [] : try arguments.inputs.map { input throws(UsageError) in try plannedOutput(input: input, arguments: arguments).format }
        if !formats.isEmpty, !formats.contains(.png) {
            let given = arguments.dpi != nil ? "--dpi" : arguments.scale != nil ? "--scale" : "--background"
            let png = OutputFormat.png
            throw UsageError(message: "\(given) applies to \(png.shortName) output only (use -o OUT.\(png.fileExtension) or --format \(png.rawValue))",
                             command: "compile")
        }
    }
    if arguments.help {
        print(Help.compile, terminator: "")
        return .success
    }
    guard !arguments.inputs.isEmpty else { throw UsageError(message: "no input file given", command: "compile") }
    if arguments.inputs.count > 1, arguments.output != nil {
        throw UsageError(message: "-o takes a single input; without -o each output is written beside its input", command: "compile")
    }
    if arguments.inputs.filter({ $0 == "-" }).count > 1 {
        throw UsageError(message: "standard input ('-') can be read only once", command: "compile")
    }
    var plans: [(path: String, format: OutputFormat)] = []
    for input in arguments.inputs { plans.append(try plannedOutput(input: input, arguments: arguments)) }
    // Two inputs must not race for one output file (`a.draw` twice, or `a.draw` and `a`).
    var seen = Set<String>()
    for plan in plans where plan.path != "-" {
        if !seen.insert(plan.path).inserted {
            throw UsageError(message: "two inputs would both be written to '\(plan.path)'", command: "compile")
        }
    }
    let plan = plans
    let options = environmentOptions(arguments)
    let inputs = arguments.inputs

    let reports = forEachInput(inputs) { index, input in
        let (outputPath, format) = plan[index]
        var report = InputReport()
        let source: [UInt8]
        do throws(FileError) {
            source = try SourceInput.read(path: input)
        } catch {
            report.ioError = error
            report.status = .io
            return report
        }
        let result = compile(source: source, path: input == "-" ? "<stdin>" : input, format: format, options: options)
        report.diagnostics = result.report
        guard result.succeeded else {
            report.status = .inputErrors
            return report
        }
        if outputPath == "-", result.outputs.count > 1 {
            report.messages.append(
                "drawc: \(input == "-" ? "<stdin>" : input) has \(result.outputs.count) pages, and \(format.rawValue.uppercased()) "
                    + "holds one page per file: give '-o NAME.\(format.fileExtension)' to write NAME-1.\(format.fileExtension), …")
            report.status = .usage
            return report
        }
        let outputs = result.outputs.map { outputPath == "-" ? "-" : $0.path(forRequestedPath: outputPath) }
        if let refusal = overwrittenInput(outputs: outputs, input: input, filesRead: result.filesRead) {
            report.messages.append(refusal)
            report.status = .usage
            return report
        }
        do throws(FileError) {
            let written = try OutputWriter.write(result, to: outputPath)
            if written.count > 1 { report.messages.append(pagesWrittenMessage(written)) }
        } catch {
            report.ioError = error
            report.status = .io
        }
        return report
    }
    emit(reports, format: arguments.diagnostics)
    return overallStatus(reports)
}

func runCheck(_ args: ArraySlice<String>) throws(UsageError) -> ExitStatus {
    let arguments = try parseArguments(args, command: "check")
    if arguments.help {
        print(Help.check, terminator: "")
        return .success
    }
    guard !arguments.inputs.isEmpty else { throw UsageError(message: "no input file given", command: "check") }
    if arguments.inputs.filter({ $0 == "-" }).count > 1 {
        throw UsageError(message: "standard input ('-') can be read only once", command: "check")
    }
    let options = environmentOptions(arguments)
    let reports = forEachInput(arguments.inputs) { _, input in
        var report = InputReport()
        do throws(FileError) {
            let source = try SourceInput.read(path: input)
            let result = check(source: source, path: input == "-" ? "<stdin>" : input, options: options)
            report.diagnostics = result.report
            report.status = result.hasErrors ? .inputErrors : .success
        } catch {
            report.ioError = error
            report.status = .io
        }
        return report
    }
    emit(reports, format: arguments.diagnostics)
    return overallStatus(reports)
}

func runIR(_ args: ArraySlice<String>) throws(UsageError) -> ExitStatus {
    let arguments = try parseArguments(args, command: "ir")
    if arguments.help {
        print(Help.ir, terminator: "")
        return .success
    }
    guard arguments.inputs.count == 1 else {
        throw UsageError(message: arguments.inputs.isEmpty ? "no input file given" : "ir takes a single input", command: "ir")
    }
    let input = arguments.inputs[0]
    var report = InputReport()
    do throws(FileError) {
        let source = try SourceInput.read(path: input)
        var options = environmentOptions(arguments)
        options.recordSources = arguments.spans
        let result = dumpIR(source: source, path: input == "-" ? "<stdin>" : input, options: options)
        report.diagnostics = result.report
        if let text = result.text, !result.hasErrors {
            let output = arguments.output ?? "-"
            if let refusal = overwrittenInput(outputs: [output], input: input, filesRead: result.filesRead) {
                report.messages.append(refusal)
                report.status = .usage
            } else {
                try OutputWriter.write(Array(text.utf8), to: output)
            }
        } else {
            report.status = .inputErrors
        }
    } catch {
        report.ioError = error
        report.status = .io
    }
    emit([report], format: arguments.diagnostics)
    return report.status
}

/// `drawc fmt`: see Help.fmt and docs/format.md.
func runFmt(_ args: ArraySlice<String>) throws(UsageError) -> ExitStatus {
    let arguments = try parseArguments(args, command: "fmt")
    if arguments.help {
        print(Help.fmt, terminator: "")
        return .success
    }
    guard !arguments.inputs.isEmpty else { throw UsageError(message: "no input file given", command: "fmt") }
    if arguments.inputs.filter({ $0 == "-" }).count > 1 {
        throw UsageError(message: "standard input ('-') can be read only once", command: "fmt")
    }
    if arguments.rewrite, arguments.inputs.contains("-") {
        throw UsageError(message: "-w rewrites files in place; standard input ('-') has no file to rewrite", command: "fmt")
    }
    if arguments.rewrite, arguments.listUnformatted {
        throw UsageError(message: "-w and --check contradict each other: --check writes nothing", command: "fmt")
    }
    // What goes to standard output, per input, printed in input order afterwards.
    struct Printed: Sendable { var bytes: [UInt8] = [] }
    let inputs = arguments.inputs
    let slots = UnsafeMutableBufferPointer<Printed>.allocate(capacity: inputs.count)
    slots.initialize(repeating: Printed())
    defer { slots.deallocate() }
    nonisolated(unsafe) let printed = slots
    let reports = forEachInput(inputs) { index, input in
        var report = InputReport()
        let name = input == "-" ? "<stdin>" : input
        let source: [UInt8]
        do throws(FileError) {
            source = try SourceInput.read(path: input)
        } catch {
            report.ioError = error
            report.status = .io
            return report
        }
        let result = format(source: source, path: name)
        guard let formatted = result.bytes else {
            report.diagnostics = result.report
            report.status = .inputErrors
            return report
        }
        var output: [UInt8] = []
        if arguments.diff {
            output += UnifiedDiff.render(old: source, new: formatted, oldName: name, newName: name + " (formatted)")
        }
        if arguments.listUnformatted {
            if result.changed {
                output += Array((name + "\n").utf8)
                report.status = .inputErrors
            }
        } else if arguments.rewrite {
            if result.changed {
                do throws(FileError) {
                    try OutputWriter.replace(formatted, at: input)
                } catch {
                    report.ioError = error
                    report.status = .io
                }
            }
        } else if !arguments.diff {
            output += formatted
        }
        printed[index].bytes = output
        return report
    }
    var all: [UInt8] = []
    for slot in printed { all += slot.bytes }
    if !all.isEmpty {
        do throws(FileError) { try OutputWriter.write(all, to: "-") } catch { printError("drawc: \(error)") }
    }
    emit(reports, format: arguments.diagnostics)
    return overallStatus(reports)
}

func run(_ arguments: [String]) -> ExitStatus {
    let args = arguments.dropFirst()
    guard let command = args.first else {
        printError(Help.main)
        return .usage
    }
    do throws(UsageError) {
        switch command {
        case "compile": removeTemporariesOnSignals(); return try runCompile(args.dropFirst())
        case "check": return try runCheck(args.dropFirst())
        case "ir": removeTemporariesOnSignals(); return try runIR(args.dropFirst())
        case "fmt": removeTemporariesOnSignals(); return try runFmt(args.dropFirst())
        case "lsp": return try runLanguageServer(args.dropFirst())
        case "watch": return try runWatch(args.dropFirst())
        case "preview": return try runPreview(args.dropFirst())
        case "markdown": removeTemporariesOnSignals(); return try runMarkdown(args.dropFirst())
        case "mdbook": return try runMdBook(args.dropFirst())
        case "pandoc-filter": return try runPandocFilter(args.dropFirst())
        case "-h", "--help":
            print(Help.main, terminator: "")
            return .success
        case "help":
            guard let name = args.dropFirst().first else {
                print(Help.main, terminator: "")
                return .success
            }
            guard let entry = CommandTable.command(name) else {
                throw UsageError(message: "no help for unknown command '\(name)'", command: nil)
            }
            print(HelpText.command(entry), terminator: "")
            return .success
        case "--version", "-V", "version":
            print(versionLine())
            return .success
        default:
            throw UsageError(message: CommandLineParser.unknownCommandMessage(command), command: nil)
        }
    } catch {
        let hint = error.command.map { "run 'drawc \($0) --help' for usage" } ?? "run 'drawc --help' for usage"
        printError("drawc: \(error.message)\n\(hint)")
        return .usage
    }
}

/// `drawc 0.3.0`, and the commit when built from a git checkout (`drawc 0.3.0 (abc1234)`).
func versionLine() -> String {
    let commit = String(cString: drawc_build_commit())
    return "drawc \(DrawKitVersion.string)" + (commit.isEmpty ? "" : " (\(commit))")
}

let status = run(CommandLine.arguments)
exit(status.rawValue)

enum WrittenPages {
    /// Files named one by one in "pages written as …"; more are summarised by the first two
    /// and the last (a 100,000-page SVG compile printed one 2 MB line).
    static let listedByName = 8
}

/// "drawc: N pages written as a-1.svg, a-2.svg, …": every file up to `WrittenPages.listedByName`,
/// else the first two and the last with "…" between.
func pagesWrittenMessage(_ written: [String]) -> String {
    let names = written.count <= WrittenPages.listedByName
        ? written.joined(separator: ", ")
        : "\(written[0]), \(written[1]), …, \(written[written.count - 1])"
    return "drawc: \(written.count) pages written as \(names)"
}
