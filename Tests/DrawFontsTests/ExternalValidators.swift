import DrawTestSupport
import Foundation
import Testing

/// Runs fontTools and ots-sanitize on font bytes. Missing tools skip the check, unless the CI
/// environment variable is set, where a missing tool is a failure.
enum ExternalValidators {
    static func which(_ tool: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static let hasFontTools: Bool = {
        guard let python = which("python3") else { return false }
        return run(python, ["-c", "import fontTools"]).status == 0
    }()

    static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
        do {
            let run = try DrawTestSupport.ExternalTool.run(executable, arguments)
            return (run.status, run.stdoutText + run.stderrText)
        } catch {
            return (-1, "\(error)")
        }
    }

    static func temporaryFile(_ bytes: [UInt8], suffix: String = ".ttf") -> String {
        let path = NSTemporaryDirectory() + "drawc-fonts-\(UUID().uuidString)\(suffix)"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// Whether a tool is usable; records an issue when it is missing under CI.
    static func available(_ tool: String, _ present: Bool) -> Bool {
        if !present && ProcessInfo.processInfo.environment["CI"] != nil {
            Issue.record("\(tool) is required under CI but is not installed")
        }
        return present
    }

    /// ots-sanitize: exit 0 means the font passed.
    static func expectOTSAccepts(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        guard available("ots-sanitize", which("ots-sanitize") != nil), let ots = which("ots-sanitize") else { return }
        let path = temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = run(ots, [path])
        #expect(result.status == 0, "ots-sanitize rejected the subset: \(result.output)", sourceLocation: sourceLocation)
    }

    /// fontTools: loads with checksum verification and decompiles every table; runs `script`
    /// with `font` bound (prints are returned).
    static func fontTools(_ bytes: [UInt8], _ script: String = "") -> (status: Int32, output: String)? {
        guard available("fontTools", hasFontTools), let python = which("python3") else { return nil }
        let path = temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let program = """
        import sys
        from fontTools.ttLib import TTFont
        font = TTFont(sys.argv[1], checkChecksums=2)
        for tag in font.keys():
            font[tag]
        font['glyf']
        for name in font.getGlyphOrder():
            font['glyf'][name]
        \(script)
        """
        return run(python, ["-c", program, path])
    }
}
