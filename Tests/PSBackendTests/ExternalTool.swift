import DrawTestSupport
import Foundation
import Testing

/// The PostScript tests' view of DrawTestSupport's `ExternalTool` (Ghostscript, ps2pdf,
/// pdftotext): finding and the CI rule live there; this only reshapes results.
enum ExternalTool {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Full path of `name` on PATH, or nil.
    static func find(_ name: String) -> String? { DrawTestSupport.ExternalTool.find(name) }

    /// True when every tool is present; otherwise DrawTestSupport's one rule (a failure
    /// under CI, a printed skip elsewhere).
    static func require(_ names: String..., sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        DrawTestSupport.ExternalTool.require(names, sourceLocation: sourceLocation)
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
