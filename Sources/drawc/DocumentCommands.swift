// `drawc markdown`, `drawc mdbook` and `drawc pandoc-filter`: drawings inside documents.
// The work is DrawDocuments'; here are the files, standard input and output, and the exit status.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import DrawDocuments
import DrawKit

/// `drawc markdown IN.md [-o OUT.md] [--images DIR] [--check]`.
func runMarkdown(_ args: ArraySlice<String>) throws(UsageError) -> ExitStatus {
    let arguments = try parseArguments(args, command: "markdown")
    if arguments.help {
        print(Help.text("markdown"), terminator: "")
        return .success
    }
    guard arguments.inputs.count == 1 else {
        throw UsageError(message: arguments.inputs.isEmpty ? "no input file given" : "markdown takes a single input", command: "markdown")
    }
    if arguments.checkOnly, arguments.output != nil || arguments.images != nil {
        throw UsageError(message: "--check writes nothing: give it without -o and --images", command: "markdown")
    }
    let input = arguments.inputs[0]
    let output = arguments.output ?? "-"
    let text: [UInt8]
    do throws(FileError) {
        text = try SourceInput.read(path: input)
    } catch {
        emit([InputReport(ioError: error, status: .io)], format: arguments.diagnostics)
        return .io
    }
    var settings = EmbedSettings(compile: environmentOptions(arguments), checkOnly: arguments.checkOnly)
    if let images = arguments.images {
        settings.imageLinkFolder = relativePath(images, from: output == "-" ? "." : parentFolder(output))
    }
    let result = MarkdownDrawings.process(text, path: input == "-" ? "<stdin>" : input, settings: settings)
    var reports = result.reports.map { InputReport(diagnostics: $0, status: $0.hasErrors ? .inputErrors : .success) }
    if !result.hasErrors, !arguments.checkOnly {
        if let refusal = overwrittenInput(outputs: [output], input: input, filesRead: result.filesRead) {
            reports.append(InputReport(messages: [refusal], status: .usage))
        } else {
            do throws(FileError) {
                if let folder = arguments.images { try writeImages(result.images, into: folder) }
                try OutputWriter.write(result.text, to: output)
            } catch {
                reports.append(InputReport(ioError: error, status: .io))
            }
        }
    }
    emit(reports, format: arguments.diagnostics)
    return overallStatus(reports)
}

/// `drawc mdbook supports RENDERER`, or `drawc mdbook` with `[context, book]` on standard input.
func runMdBook(_ args: ArraySlice<String>) throws(UsageError) -> ExitStatus {
    let arguments = try parseArguments(args, command: "mdbook")
    if arguments.help {
        print(Help.text("mdbook"), terminator: "")
        return .success
    }
    switch arguments.inputs.count {
    case 0:
        break
    case 2 where arguments.inputs[0] == "supports":
        return MdBookPreprocessor.supports(arguments.inputs[1]) ? .success : .inputErrors
    default:
        throw UsageError(message: "expected 'drawc mdbook supports RENDERER' or 'drawc mdbook' with the book on standard input",
                         command: "mdbook")
    }
    let input: [UInt8]
    do throws(FileError) { input = try SourceInput.read(path: "-") } catch {
        emit([InputReport(ioError: error, status: .io)], format: .text)
        return .io
    }
    let result = MdBookPreprocessor.run(input, settings: EmbedSettings(compile: environmentOptions(arguments)))
    guard let book = result.book else {
        printError("drawc: mdbook: standard input is not mdBook's JSON [context, book]")
        return .usage
    }
    let reports = result.reports.map { InputReport(diagnostics: $0, status: $0.hasErrors ? .inputErrors : .success) }
    emit(reports, format: .text)
    if result.hasErrors { return .inputErrors }
    do throws(FileError) { try OutputWriter.write(book, to: "-") } catch {
        printError("drawc: \(error)")
        return .io
    }
    return .success
}

/// `drawc pandoc-filter [FORMAT]` with pandoc's JSON on standard input.
func runPandocFilter(_ args: ArraySlice<String>) throws(UsageError) -> ExitStatus {
    let arguments = try parseArguments(args, command: "pandoc-filter")
    if arguments.help {
        print(Help.text("pandoc-filter"), terminator: "")
        return .success
    }
    guard arguments.inputs.count <= 1 else {
        throw UsageError(message: "pandoc-filter takes at most one operand, the output format pandoc gives it", command: "pandoc-filter")
    }
    let input: [UInt8]
    do throws(FileError) { input = try SourceInput.read(path: "-") } catch {
        emit([InputReport(ioError: error, status: .io)], format: .text)
        return .io
    }
    let folder = getenv("DRAWC_IMAGES").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "drawc-images"
    let result = PandocFilter.run(input, format: arguments.inputs.first ?? "html", imageFolder: folder,
                                  settings: EmbedSettings(compile: environmentOptions(arguments)))
    guard let document = result.document else {
        printError("drawc: pandoc-filter: standard input is not a pandoc document in JSON")
        return .usage
    }
    let reports = result.reports.map { InputReport(diagnostics: $0, status: $0.hasErrors ? .inputErrors : .success) }
    emit(reports, format: .text)
    if result.hasErrors { return .inputErrors }
    do throws(FileError) {
        try writeImages(result.images, into: folder)
        try OutputWriter.write(document, to: "-")
    } catch {
        printError("drawc: \(error)")
        return .io
    }
    return .success
}

/// Writes each image into `folder` (made if missing) unless a file of that name is there:
/// names are hashes of the bytes, so it holds the same picture.
func writeImages(_ images: [ImageFile], into folder: String) throws(FileError) {
    guard !images.isEmpty else { return }
    var made = folder.hasPrefix("/") ? "/" : ""
    for component in folder.split(separator: "/") {
        made += (made.isEmpty || made.hasSuffix("/") ? "" : "/") + component
        if !isFolder(made), mkdir(made, 0o755) != 0, !isFolder(made) {
            throw FileError(path: made, message: "cannot create the folder: \(String(cString: strerror(errno)))")
        }
    }
    for image in images {
        let path = folder.hasSuffix("/") ? folder + image.name : folder + "/" + image.name
        if access(path, F_OK) == 0 { continue }
        try OutputWriter.write(image.bytes, to: path)
    }
}

/// The folder of `path` (`.` for a bare name).
func parentFolder(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// `target` as seen from `base`, both read lexically (`docs/img` from `docs` is `img`, from
/// `site` it is `../docs/img`). When one is absolute and the other is not, `target` as given.
func relativePath(_ target: String, from base: String) -> String {
    func parts(_ path: String) -> [Substring] { path.split(separator: "/").filter { $0 != "." } }
    guard target.hasPrefix("/") == base.hasPrefix("/") else { return target }
    let to = parts(target), from = parts(base)
    guard !from.contains("..") else { return target }
    var common = 0
    while common < min(to.count, from.count), to[common] == from[common] { common += 1 }
    let up = Array(repeating: "..", count: from.count - common)
    let path = (up + to[common...].map(String.init)).joined(separator: "/")
    return path.isEmpty ? "." : path
}
