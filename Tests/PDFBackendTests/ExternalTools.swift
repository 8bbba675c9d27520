// The PDF tests' view of DrawTestSupport's `ExternalTool` (qpdf, poppler's
// pdftotext/pdffonts/pdftoppm, mutool): finding, running and the one CI rule live there
// (a missing tool fails under CI and skips elsewhere); this only reshapes results.

import DrawTestSupport
import Foundation
import Testing

struct ToolResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum ExternalTool {
    static func find(_ name: String) -> String? { DrawTestSupport.ExternalTool.find(name) }

    /// Runs `name` with `arguments`; nil when the tool is missing (a recorded failure on CI).
    static func run(_ name: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> ToolResult? {
        guard DrawTestSupport.ExternalTool.require([name], sourceLocation: sourceLocation) else { return nil }
        do {
            let run = try DrawTestSupport.ExternalTool.run(name, arguments)
            return ToolResult(status: run.status, stdout: run.stdoutText, stderr: run.stderrText)
        } catch {
            Issue.record("could not run \(name): \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }
}

/// A scratch directory for one test, removed afterwards by the caller.
func temporaryDirectory(_ name: String) -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("drawc-pdf-tests-\(ProcessInfo.processInfo.processIdentifier)")
        .appendingPathComponent(name)
    try? FileManager.default.removeItem(at: url)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
