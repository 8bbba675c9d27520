#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DrawDiagnostics
import DrawSyntax
import DrawTestSupport
import Testing

/// A developer aid, not a check: `DRAWC_DUMP=file.draw swift test --filter dumpFile`
/// prints the AST and the diagnostics of a file.
@Test func dumpFile() {
    guard let path = ProcessInfo.processInfo.environment["DRAWC_DUMP"],
          let data = FileManager.default.contents(atPath: path) else { return }
    let source = SourceFile(id: FileID(0), path: path, bytes: [UInt8](data))
    let (file, diagnostics) = parse(source)
    print(dumpAST(file))
    print(TerminalDiagnosticRenderer(file: source).render(diagnostics))
}
