import DrawTestSupport
import Foundation
import Testing

/// Runs fontTools and ots-sanitize on font bytes, found and required through DrawTestSupport's
/// `ExternalTool` (a missing one skips its check, or fails under CI).
enum ExternalValidators {
    static func which(_ tool: String) -> String? { ExternalTool.find(tool) }

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

    /// ots-sanitize: exit 0 means the font passed.
    static func expectOTSAccepts(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        guard ExternalTool.require(["ots-sanitize"], sourceLocation: sourceLocation), let ots = which("ots-sanitize") else { return }
        let path = temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = run(ots, [path])
        #expect(result.status == 0, "ots-sanitize rejected the subset: \(result.output)", sourceLocation: sourceLocation)
    }

    /// fontTools: loads with checksum verification and decompiles every table; runs `script`
    /// with `font` bound (prints are returned).
    static func fontTools(_ bytes: [UInt8], _ script: String = "", sourceLocation: SourceLocation = #_sourceLocation) -> (status: Int32, output: String)? {
        guard ExternalTool.requirePython(modules: ["fontTools"], sourceLocation: sourceLocation), let python = which("python3") else { return nil }
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
