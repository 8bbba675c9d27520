// `drawc preview` and `drawc watch` stop when told (issue 33, point 6): SIGINT (Ctrl-C) and
// SIGTERM (a supervisor, an editor closing its terminal) end them with status 0 and their
// "stopped" line. Their loops look at the stop flag every poll (WatchSet.pollMilliseconds,
// 15 ms); the tests assert that the process exits, not how fast (a busy machine is slow).
// `preview` prints its address and token before anything else on standard output.

import DrawTestSupport
import Foundation
import Testing

@Suite("preview and watch stop on a signal", .serialized)
struct StopOnSignalTests {
    /// Sends `signal` and waits for the exit (60 s bounds only a failure): the status, or nil
    /// when it did not stop (then it is killed).
    static func stop(_ running: Running, with signal: Int32) -> Int32? {
        kill(running.process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(60)
        while running.process.isRunning && Date() < deadline { usleep(5_000) }
        if running.process.isRunning { running.process.terminate(); return nil }
        running.waitForEndOfOutput()
        return running.process.terminationStatus
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func previewPrintsItsAddressFirstAndStops(_ signal: Int32) throws {
        let folder = try TemporaryFolder(prefix: "stop-preview")
        save("rect \"a\"\n", folder.file("a.draw"))
        try FileManager.default.createDirectory(atPath: folder.file("runtime"), withIntermediateDirectories: true)
        let preview = try Running(["preview", "a.draw"], in: folder.path, environment: ["XDG_RUNTIME_DIR": folder.file("runtime")])
        #expect(preview.waitFor("preview: a.draw compiled"))
        let first = preview.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("preview: http://127.0.0.1:") && first.contains(" token "), "first line: \(first)")
        #expect(Self.stop(preview, with: signal) == 0)
        #expect(preview.stdout.hasSuffix("preview: stopped\n"))
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func watchStops(_ signal: Int32) throws {
        let folder = try TemporaryFolder(prefix: "stop-watch")
        save("rect \"a\"\n", folder.file("a.draw"))
        let watch = try Running(["watch", "a.draw", "-o", "a.svg"], in: folder.path)
        #expect(watch.waitFor("watching a.draw"))
        #expect(Self.stop(watch, with: signal) == 0)
        #expect(watch.stdout.hasSuffix("watch: stopped\n"))
    }
}
