// Runs the external PDF tools (qpdf, poppler's pdftotext/pdffonts/pdftoppm, mutool) that
// check our output independently. A missing tool fails the test when CI is set (CI must
// run every check) and skips the check otherwise.

import DrawTestSupport
import Foundation
import Testing

struct ToolResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum ExternalTool {
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `name` with `arguments`; nil when the tool is missing (a recorded failure on CI).
    static func run(_ name: String, _ arguments: [String]) -> ToolResult? {
        guard find(name) != nil else {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("required tool '\(name)' is not installed")
            }
            return nil
        }
        do {
            let run = try DrawTestSupport.ExternalTool.run(name, arguments)
            return ToolResult(status: run.status, stdout: run.stdoutText, stderr: run.stderrText)
        } catch {
            Issue.record("could not run \(name): \(error)")
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
