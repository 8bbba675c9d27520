// `drawc watch` as a user runs it: the built binary in a scratch folder, edits of the
// drawing and of a file it imports, a save by rename, a failed compile, Ctrl-C.

import DrawTestSupport
import Foundation
import Testing

/// A running `drawc` with its standard output collected.
final class Running: @unchecked Sendable {
    let process = Process()
    private let output = Pipe()
    private let lock = NSLock()
    private var text = ""
    private var ended = false

    init(_ arguments: [String], in folder: String, environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: try #require(Binary.drawc))
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.lock.lock(); defer { self.lock.unlock() }
            if data.isEmpty {
                // End of file: the process and anything holding its output have closed it.
                self.ended = true
                handle.readabilityHandler = nil
            } else {
                self.text += String(decoding: data, as: UTF8.self)
            }
        }
        try process.run()
    }

    var stdout: String { lock.lock(); defer { lock.unlock() }; return text }

    /// Waits until the whole standard output has been read: after the process exits, its last
    /// lines may still be in the pipe, read by the handler on another thread (on two busy cores
    /// CI once saw the exit before "preview: stopped" had been read).
    func waitForEndOfOutput(timeout: Double = 10) {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            lock.lock(); let done = ended; lock.unlock()
            if done { return }
            usleep(5_000)
        }
    }

    /// Waits until standard output has `count` lines containing `needle`. The limit is long
    /// because it only bounds a failure: on a machine running the whole suite on two busy
    /// cores, a first compile and the poll after a save have taken longer than 20 s.
    @discardableResult
    func waitFor(_ needle: String, count: Int = 1, timeout: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if stdout.components(separatedBy: "\n").filter({ $0.contains(needle) }).count >= count { return true }
            usleep(10_000)
        }
        return false
    }

    func interrupt() -> Int32 {
        kill(process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate(); return -1 }
        waitForEndOfOutput()
        return process.terminationStatus
    }
}

func save(_ text: String, _ path: String, byRename: Bool = false) {
    if byRename {
        FileManager.default.createFile(atPath: path + ".new", contents: Data(text.utf8))
        _ = rename(path + ".new", path)
    } else {
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }
}

@Suite("drawc watch", .serialized)
struct WatchTests {
    @Test func recompilesOnEveryChange() throws {
        let folder = try TemporaryFolder(prefix: "watch")
        save("def tag(t) {\n  text t\n}\n", folder.file("lib.draw"))
        save("import \"lib.draw\"\ntag \"first\"\n", folder.file("a.draw"))
        let watch = try Running(["watch", "a.draw", "-o", "a.svg"], in: folder.path)
        defer { _ = watch.interrupt() }
        #expect(watch.waitFor("watching a.draw"))
        #expect(watch.waitFor("watch: a.draw → a.svg ("))
        let svg = { String(decoding: FileManager.default.contents(atPath: folder.file("a.svg")) ?? Data(), as: UTF8.self) }
        // The text without its tags (kerning splits words into tspans).
        let words = { svg().replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression) }
        #expect(words().contains("first"))

        // The drawing itself, saved in place.
        save("import \"lib.draw\"\ntag \"second\"\n", folder.file("a.draw"))
        #expect(watch.waitFor("watch: a.draw → a.svg (", count: 2))
        #expect(words().contains("second"))

        // A file it imports.
        save("def tag(t) {\n  text t, color: #ff0000\n}\n", folder.file("lib.draw"))
        #expect(watch.waitFor("watch: a.draw → a.svg (", count: 3))
        #expect(svg().contains("#ff0000"))

        // A failed compile keeps the previous output.
        let before = svg()
        save("import \"lib.draw\"\ntag \"third\"\nrect at: (\n", folder.file("a.draw"))
        #expect(watch.waitFor("watch: a.draw: 1 error, previous output kept ("))
        #expect(svg() == before)

        // Saved by rename (a new file under the old name), as many editors do.
        save("import \"lib.draw\"\ntag \"renamed\"\n", folder.file("a.draw"), byRename: true)
        #expect(watch.waitFor("watch: a.draw → a.svg (", count: 4))
        #expect(words().contains("renamed"))

        // Every compile printed one line with its time.
        let lines = watch.stdout.split(separator: "\n").filter { $0.hasPrefix("watch: a.draw") }
        #expect(lines.count == 5 && lines.allSatisfy { $0.hasSuffix(" ms)") }, "\(lines)")
        #expect(watch.interrupt() == 0)
        #expect(watch.stdout.hasSuffix("watch: stopped\n"))
    }

    @Test func fileCreatedLaterIsPickedUp() throws {
        let folder = try TemporaryFolder(prefix: "watch")
        save("import \"missing.draw\"\nrect\n", folder.file("b.draw"))
        let watch = try Running(["watch", "b.draw", "--format", "svg"], in: folder.path)
        defer { _ = watch.interrupt() }
        #expect(watch.waitFor("previous output kept"))
        save("let unused = 1\n", folder.file("missing.draw"))
        #expect(watch.waitFor("watch: b.draw → b.svg ("))
        #expect(FileManager.default.fileExists(atPath: folder.file("b.svg")))
    }

    @Test func helpAndUsage() throws {
        let folder = try TemporaryFolder(prefix: "watch")
        let drawc = try #require(Binary.drawc)
        for args in [["help", "watch"], ["watch", "--help"], ["help", "preview"], ["preview", "-h"]] {
            let run = try ExternalTool.run(drawc, args, workingDirectory: folder.path)
            #expect(run.status == 0 && run.stdoutText.contains("drawc \(args.contains("watch") ? "watch" : "preview") —"), "\(args)")
        }
        let main = try ExternalTool.run(drawc, ["--help"], workingDirectory: folder.path)
        #expect(main.stdoutText.contains("drawc watch IN.draw") && main.stdoutText.contains("drawc preview IN.draw"))
        save("rect\n", folder.file("a.draw"))
        for (args, message) in [(["watch", "-"], "standard input"), (["watch", "a.draw", "-o", "-"], "'-o -'"),
                                (["preview", "a.draw", "b.draw"], "single drawing"), (["preview", "a.draw", "--port", "70000"], "port number"),
                                (["preview", "-"], "standard input"), (["ir", "a.draw", "--port", "1"], "unknown option")] {
            let run = try ExternalTool.run(drawc, args, workingDirectory: folder.path)
            #expect(run.status == 2 && run.stderrText.contains(message), "\(args): \(run.stderrText)")
        }
        let spans = try ExternalTool.run(drawc, ["ir", "a.draw", "--spans"], workingDirectory: folder.path)
        #expect(spans.status == 0 && spans.stdoutText.contains("  source 1:1-1:5\n  path"))
    }
}
