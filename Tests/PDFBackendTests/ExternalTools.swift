// Runs the external PDF tools (qpdf, poppler's pdftotext/pdffonts/pdftoppm, mutool) that
// check our output independently. A missing tool fails the test when CI is set (CI must
// run every check) and skips the check otherwise.

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
        guard let executable = find(name) else {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("required tool '\(name)' is not installed")
            }
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch {
            Issue.record("could not run \(name): \(error)")
            return nil
        }
        // Read stdout to the end before waiting, so a chatty tool cannot block on a full
        // pipe; our tools write little to stderr.
        let stdoutData = output.fileHandleForReading.readDataToEndOfFile()
        let stderrData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolResult(status: process.terminationStatus,
                          stdout: String(decoding: stdoutData, as: UTF8.self),
                          stderr: String(decoding: stderrData, as: UTF8.self))
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
