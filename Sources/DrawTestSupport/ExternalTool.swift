// External programs the tests run as independent judges of our output (qpdf, pdftoppm,
// pdftotext, rsvg-convert, Ghostscript, xmllint, ots-sanitize, fontTools…): finding them,
// running them with a time limit under the test suite's own fontconfig (TestFontConfig.swift),
// and the one rule for a missing one.
//
// The rule, in one place (`require`): on a developer machine a missing validator skips its
// checks with a printed line; when the environment variable CI is set (to anything but
// empty, `0` or `false`; `.ci/run` sets CI=1) a missing validator is a recorded failure, so
// CI can never pass by not looking. Every test target finds and runs tools through this
// enum; the small per-target `ExternalTool` adapters only reshape results.

import Foundation
import Testing

/// The outcome of running an external program.
package struct ToolRun: Sendable {
    package var status: Int32
    package var stdout: [UInt8]
    package var stderr: [UInt8]
    package var timedOut: Bool
    package var succeeded: Bool { status == 0 && !timedOut }
    package var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    package var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

package enum ExternalTool {
    /// True when running in CI (`CI` set to anything but empty, `0` or `false`).
    package static var isCI: Bool {
        guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !(value.isEmpty || value == "0" || value.lowercased() == "false")
    }

    /// The absolute path of `name` found on PATH, or nil.
    package static func find(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The tools among `names` that are missing.
    package static func missing(_ names: [String]) -> [String] { names.filter { find($0) == nil } }

    /// True when every tool in `names` is installed. When one is missing: under CI a recorded
    /// failure (at the caller's location), elsewhere a printed skip. Callers return when false.
    @discardableResult
    package static func require(_ names: [String], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let absent = missing(names)
        if absent.isEmpty { return true }
        reportMissing(absent.joined(separator: ", "), sourceLocation: sourceLocation)
        return false
    }

    /// `require` for a list written out at the call.
    @discardableResult
    package static func require(_ names: String..., sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        require(names, sourceLocation: sourceLocation)
    }

    /// For a test trait (`.enabled(if: ExternalTool.shouldRun("xmllint"))`): runs when the tools
    /// are installed, and always under CI, where the test then fails on the missing tool.
    package static func shouldRun(_ names: String...) -> Bool { shouldRun(names) }

    /// `shouldRun` for a list.
    package static func shouldRun(_ names: [String]) -> Bool {
        isCI || missing(names).isEmpty
    }

    /// True when the file at `path` — a table or font that a system package installs, named
    /// by `package` — is there; a missing one follows the rule of a missing program (a
    /// failure under CI, a printed skip elsewhere). Callers return when false.
    @discardableResult
    package static func requireFile(_ path: String, package: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        if FileManager.default.fileExists(atPath: path) { return true }
        reportMissing("\(path) (Debian \(package))", sourceLocation: sourceLocation)
        return false
    }

    /// True when python3 is installed and imports every module in `modules` (fontTools,
    /// selenium, zxingcpp…); a missing one follows the same rule as a missing program.
    @discardableResult
    package static func requirePython(modules: [String], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard require(["python3"], sourceLocation: sourceLocation) else { return false }
        let absent = modules.filter { module in
            let key = module
            if let known = pythonModuleCache.withLock({ $0[key] }) { return !known }
            let present = (try? run("python3", ["-c", "import \(module)"], timeout: 60))?.succeeded ?? false
            pythonModuleCache.withLock { $0[key] = present }
            return !present
        }
        if absent.isEmpty { return true }
        reportMissing("python module(s) " + absent.joined(separator: ", "), sourceLocation: sourceLocation)
        return false
    }

    private static let pythonModuleCache = Locked<[String: Bool]>([:])

    private static func reportMissing(_ what: String, sourceLocation: SourceLocation) {
        if isCI {
            Issue.record("required validator missing under CI: \(what) (.ci/run installs it)", sourceLocation: sourceLocation)
        } else {
            print("skipping checks at \(sourceLocation.fileID):\(sourceLocation.line): \(what) not installed")
        }
    }

    /// Runs `name` with `arguments`, feeding `stdin`, and waits at most `timeout` seconds.
    /// Output is collected through files, so a chatty program cannot fill a pipe and stall.
    package static func run(
        _ name: String, _ arguments: [String], stdin: [UInt8]? = nil, workingDirectory: String? = nil,
        environment: [String: String]? = nil, timeout: Double = 120
    ) throws -> ToolRun {
        guard let executable = find(name) else {
            throw NSError(domain: "ExternalTool", code: 127, userInfo: [NSLocalizedDescriptionKey: "\(name) not found on PATH"])
        }
        let scratch = try TemporaryFolder(prefix: "tool")
        let outPath = scratch.path + "/stdout"
        let errPath = scratch.path + "/stderr"
        let inPath = scratch.path + "/stdin"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        _ = FileManager.default.createFile(atPath: inPath, contents: Data(stdin ?? []))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        // Every program runs under the test suite's own fontconfig (TestFontConfig), so no
        // renderer's output depends on the fonts installed on the machine.
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in TestFontConfig.environment { merged[key] = value }
        for (key, value) in environment ?? [:] { merged[key] = value }
        process.environment = merged
        let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let inHandle = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = inHandle
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                timedOut = true
                break
            }
            usleep(2000)
        }
        process.waitUntilExit()
        try? outHandle.close()
        try? errHandle.close()
        try? inHandle.close()
        let stdout = (try? Data(contentsOf: URL(fileURLWithPath: outPath))).map { [UInt8]($0) } ?? []
        let stderr = (try? Data(contentsOf: URL(fileURLWithPath: errPath))).map { [UInt8]($0) } ?? []
        return ToolRun(status: process.terminationStatus, stdout: stdout, stderr: stderr, timedOut: timedOut)
    }
}

/// A fresh folder under the system's temporary folder, removed when the value is released.
package final class TemporaryFolder: @unchecked Sendable {
    package let path: String

    package init(prefix: String = "drawc") throws {
        let base = (ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp") + "/\(prefix)-XXXXXX"
        var template = Array(base.utf8CString)
        guard let made = mkdtemp(&template) else {
            throw NSError(domain: "TemporaryFolder", code: Int(errno), userInfo: [NSLocalizedDescriptionKey: "mkdtemp failed"])
        }
        path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// `path/name`.
    package func file(_ name: String) -> String { path + "/" + name }

    /// The names in the folder, sorted.
    package func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}

/// Where the package lives, found from a source file's `#filePath` by walking up to the
/// folder holding Package.swift.
package func packageRoot(from filePath: String = #filePath) -> String {
    var url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while url.path != "/" {
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        url = url.deletingLastPathComponent()
    }
    return FileManager.default.currentDirectoryPath
}

/// A value behind a lock, for the few caches tests share across threads.
package final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    package init(_ value: Value) { self.value = value }
    package func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
