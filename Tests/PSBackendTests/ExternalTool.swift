import DrawTestSupport
import Foundation
import Testing

/// Runs the external programs the PostScript tests check output with (Ghostscript, ps2pdf,
/// pdftotext). A missing program makes the test fail when `CI` is set (CI installs them) and
/// skips its checks otherwise.
enum ExternalTool {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false }

    /// Full path of `name` on PATH, or nil.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// True when every tool is present. When one is missing: records an issue under CI,
    /// otherwise prints why the check is skipped.
    static func require(_ names: String..., sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let missing = names.filter { find($0) == nil }
        if missing.isEmpty { return true }
        if isCI {
            Issue.record("required tool missing: \(missing.joined(separator: ", "))", sourceLocation: sourceLocation)
        } else {
            print("skipping check: \(missing.joined(separator: ", ")) not installed")
        }
        return false
    }

    /// Runs `name` with `arguments`, feeding `input` on stdin.
    static func run(_ name: String, _ arguments: [String], input: [UInt8]? = nil) throws -> Result {
        guard find(name) != nil else { throw ToolError.missing(name) }
        let run = try DrawTestSupport.ExternalTool.run(name, arguments, stdin: input)
        return Result(status: run.status, stdout: run.stdoutText, stderr: run.stderrText)
    }

    enum ToolError: Error { case missing(String) }

    /// A fresh temporary directory for one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("drawc-ps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
