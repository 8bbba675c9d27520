import DrawDiagnostics
import DrawFormat
import DrawSyntax

// The formatter's guarantees (docs/format.md), checked in one place for the formatter's
// tests (Tests/DrawFormatTests) and the whole-compiler fuzz target (Sources/DrawFuzzing):
// fmt(x) re-parses without diagnostics, fmt(fmt(x)) == fmt(x), every comment is kept in order
// with its text, the text is canonical (`\n` line ends, no trailing blanks, one final newline),
// and the scene IR of fmt(x) is the IR of x byte for byte (or both fail to build).

/// What checking the guarantees on one input found.
package struct FormatGuaranteeCheck: Sendable {
    /// The canonical text; nil when the input has syntax errors (it is then not formatted).
    package var formatted: [UInt8]?
    /// Why the input was not formatted (its syntax errors).
    package var syntaxErrors: [Diagnostic] = []
    /// Each guarantee that does not hold, said in a sentence.
    package var violations: [String] = []
    /// The IR of the input, when it was compared (nil: the input does not build).
    package var sourceIR: String?
}

/// Checks the formatter's guarantees on `bytes`. `path` and `options` are those the drawing
/// is built with for the IR comparison (its imports, images and data files are found through
/// them); `sourceIR` is the IR of `bytes` when the caller has it already. `compareIR: false`
/// leaves out the two builds.
package func checkFormatGuarantees(_ bytes: [UInt8], path: String, options: CompileOptions = CompileOptions(),
                                   compareIR: Bool = true, sourceIR: String?? = nil) -> FormatGuaranteeCheck {
    var result = FormatGuaranteeCheck()
    let once: [UInt8]
    switch formatSource(SourceFile(id: FileID(0), path: path, bytes: bytes)) {
    case .formatted(let text): once = text
    case .failed(let diagnostics):
        result.syntaxErrors = diagnostics
        return result
    }
    result.formatted = once
    func violated(_ what: String) { result.violations.append(what) }
    // Re-parses without errors (a lexer warning of the source, such as an integer beyond 2^53,
    // is the formatted text's too).
    let (_, parsed) = parse(SourceFile(id: FileID(0), path: path, bytes: once))
    let diagnostics = parsed.filter { $0.severity == .error }
    if !diagnostics.isEmpty {
        violated("the formatted text has diagnostics: \(diagnostics.map { "\($0.id): \($0.message)" })")
    }
    // Idempotent.
    switch formatSource(SourceFile(id: FileID(0), path: path, bytes: once)) {
    case .formatted(let twice):
        if twice != once { violated("formatting twice differs: \(firstDifference(once, twice))") }
    case .failed(let errors):
        violated("the formatted text does not format: \(errors.map(\.message))")
    }
    // Every comment, in order, text unchanged.
    let commentsBefore = formatComments(bytes)
    if formatComments(once) != commentsBefore { violated("comments differ") }
    // Canonical text.
    if once.contains(0x0D) && !commentsBefore.contains(where: { $0.contains("\r") }) { violated("CR in the output") }
    if containsBlankBeforeLineEnd(once) { violated("a line ends with a blank") }
    if !once.isEmpty && (once.last != 0x0A || (once.count >= 2 && once[once.count - 2] == 0x0A)) {
        violated("not exactly one final newline")
    }
    // Meaning: the scene IR, byte for byte, with the same path and files.
    if compareIR {
        let before = sourceIR ?? dumpIR(source: bytes, path: path, options: options).text
        let after = dumpIR(source: once, path: path, options: options).text
        result.sourceIR = before
        if after != before {
            violated(before == nil ? "the formatted text builds where the input does not"
                     : after == nil ? "the formatted text does not build" : "the IR of the formatted text differs")
        }
    }
    return result
}

/// The comments of `bytes` in order (a line comment without its trailing blanks).
package func formatComments(_ bytes: [UInt8]) -> [String] {
    let syntax = tokenizeLossless(SourceFile(id: FileID(0), path: "c.draw", bytes: bytes))
    return syntax.tokens.indices.compactMap { index in
        switch syntax.tokens[index].kind {
        case .blockComment: return syntax.text(of: index)
        case .lineComment:
            var text = syntax.text(of: index)
            while let last = text.last, last == " " || last == "\t" || last == "\u{0C}" || last == "\r" { text.removeLast() }
            return text
        default: return nil
        }
    }
}

private func containsBlankBeforeLineEnd(_ bytes: [UInt8]) -> Bool {
    var index = 1
    while index < bytes.count {
        if bytes[index] == 0x0A && bytes[index - 1] == 0x20 { return true }
        index += 1
    }
    return false
}

/// Where two texts first differ, with a little context.
private func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> String {
    var at = 0
    while at < a.count && at < b.count && a[at] == b[at] { at += 1 }
    func around(_ x: [UInt8]) -> String {
        String(decoding: x[max(0, at - 30)..<min(x.count, at + 30)], as: UTF8.self).debugDescription
    }
    return "at byte \(at): \(around(a)) became \(around(b))"
}
