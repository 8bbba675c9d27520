// Issue 34, the preview's part: numbers out of range, header rules, undo over an editor's
// change, the request reader's deadline and cap (as pure logic), and then the built `drawc
// preview` over real sockets: slow connections beside /state, two edits at once, two drags in
// quick succession, two previews of one file.

import DrawKit
import DrawTestSupport
@testable import DrawTools
import Foundation
import Testing

@Suite("preview hardening")
struct PreviewHardeningTests {
    static let source = Array("rect \"a\", at: (10, 10), width: 20, height: 10, fill: red\n".utf8)
    let good = ["Host": "127.0.0.1:4000", "Origin": "http://127.0.0.1:4000", "X-Drawc-Token": "secret0123456789secret0123456789"]

    func server() -> PreviewServer {
        let server = PreviewServer(path: "t.draw", port: 4000, token: "secret0123456789secret0123456789", editorTemplate: "ed {file}")
        server.update(PreviewBuilder.build(source: Self.source, path: "t.draw", version: 1))
        return server
    }

    func parse(_ text: String) -> HTTPRequest.Parse { HTTPRequest.parse(Array(text.utf8)) }

    @Test("every number of a request is range-checked: out of range or not whole is a 400, never a trap")
    func numbersOutOfRange() {
        let s = server()
        var lsp = good; lsp["Origin"] = nil
        for body in [#"{"version":1e19,"source":0,"dx":5,"dy":0}"#, #"{"version":1,"source":1e19,"dx":5,"dy":0}"#,
                     #"{"version":1,"source":-9.3e18,"dx":5,"dy":0}"#, #"{"version":1,"source":0.5,"dx":5,"dy":0}"#,
                     #"{"version":1,"source":0,"dx":1e300,"dy":0}"#, #"{"version":1.5,"source":0,"dx":5,"dy":0}"#] {
            #expect(status(s.handle(request("POST", "/edit", headers: good, body: body), readFile: { Self.source })) == 400, "\(body)")
        }
        for body in [#"{"line":1e19,"column":1}"#, #"{"line":1,"column":-1e19}"#, #"{"line":0.5}"#, #"{"line":"1"}"#] {
            #expect(status(s.handle(request("POST", "/highlight", headers: lsp, body: body), readFile: { Self.source })) == 400, "\(body)")
        }
        #expect(status(s.handle(request("POST", "/open", headers: good, body: #"{"source":1e19}"#), readFile: { Self.source })) == 400)
        // In range still works.
        #expect(status(s.handle(request("POST", "/highlight", headers: lsp, body: #"{"line":1,"column":3}"#), readFile: { Self.source })) == 200)
        #expect(status(s.handle(request("POST", "/edit", headers: good, body: #"{"version":1,"source":0,"dx":5,"dy":0}"#),
                                readFile: { Self.source })) == 200)
    }

    @Test("duplicate Host, Content-Length and the checked headers are a 400; a Content-Length that is no number says so")
    func headerRules() {
        for text in ["GET / HTTP/1.1\r\nHost: 127.0.0.1:4000\r\nHost: evil.example\r\n\r\n",
                     "POST /edit HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nContent-Length: 0\r\n\r\n{}",
                     "POST /edit HTTP/1.1\r\nHost: h\r\nX-Drawc-Token: a\r\nx-drawc-token: b\r\n\r\n"] {
            guard case .invalid(let code, let message) = parse(text) else { Issue.record("accepted: \(text)"); continue }
            #expect(code == 400 && message.hasPrefix("more than one"), "\(message)")
        }
        for length in ["abc", "+5", "-1", "5 5", "0x10", "1e3"] {
            guard case .invalid(let code, let message) = parse("POST /edit HTTP/1.1\r\nHost: h\r\nContent-Length: \(length)\r\n\r\n")
            else { Issue.record("accepted Content-Length \(length)"); continue }
            #expect(code == 400 && message.contains("not a number"), "\(length): \(message)")
        }
        if case .invalid(let code, _) = parse("POST / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n") {
            #expect(code == 413)
        } else { Issue.record("accepted") }
        // Repeats of other headers keep their first value, as before.
        guard case .complete(let ok) = parse("GET / HTTP/1.1\r\nHost: h\r\nAccept: a\r\nAccept: b\r\n\r\n") else { Issue.record("refused"); return }
        #expect(ok.headers["accept"] == "a")
    }

    @Test("undo only over the preview's own write: an editor's change since is never thrown away")
    func undoKeepsTheEditorsChanges() {
        let s = server()
        let body = #"{"version":1,"source":0,"dx":5,"dy":0}"#
        guard case .writeSource(let drag) = s.handle(request("POST", "/edit", headers: good, body: body), readFile: { Self.source }) else {
            Issue.record("the drag was refused"); return
        }
        s.wrote(drag)
        // The editor adds a line and saves.
        let edited = drag.text + Array("circle r: 4\n".utf8)
        guard case .respond(let refused) = s.handle(request("POST", "/undo", headers: good), readFile: { edited }) else {
            Issue.record("undo wrote over the editor's change"); return
        }
        #expect(refused.status == 409 && String(decoding: refused.body, as: UTF8.self).contains("undo in the editor"))
        // Back to exactly what the drag wrote: the undo applies.
        guard case .writeSource(let undo) = s.handle(request("POST", "/undo", headers: good), readFile: { drag.text }) else {
            Issue.record("undo was refused"); return
        }
        #expect(undo.text == Self.source)
        s.wrote(undo)
        #expect(s.undoStack.isEmpty)
        // A write refused by the executable (the file changed under it) leaves no undo step.
        guard case .writeSource(let again) = s.handle(request("POST", "/edit", headers: good, body: body), readFile: { Self.source }) else {
            Issue.record("the drag was refused"); return
        }
        #expect(s.refused(again).status == 409 && s.undoStack.isEmpty)
    }

    @Test("the request reader: one deadline for the whole request, trickling bytes do not move it; the oldest goes past the cap")
    func readingDeadlineAndCap() {
        var table = RequestReading()
        #expect(table.accept(3, now: 100) == nil)
        // A byte a second for nine seconds: still reading, the deadline unmoved.
        for (i, byte) in Array("GET /state HTT".utf8).prefix(9).enumerated() {
            #expect(table.received([byte], on: 3) == .reading)
            #expect(table.expire(now: 100 + Double(i)).isEmpty)
        }
        #expect(table.expire(now: 100 + RequestReading.requestSeconds) == [3])
        #expect(table.connections.isEmpty)
        // The cap: the oldest is closed to make room, every other one stays.
        for fd in 10..<Int32(10 + RequestReading.maximumConnections) { #expect(table.accept(fd, now: 200) == nil) }
        #expect(table.accept(99, now: 201) == 10)
        #expect(table.connections.count == RequestReading.maximumConnections && table.connections[99] != nil)
        // A whole request leaves the table at once.
        guard case .request(let parsed) = table.received(Array("GET /state HTTP/1.1\r\nHost: h\r\n\r\n".utf8), on: 99) else {
            Issue.record("not complete"); return
        }
        #expect(parsed.path == "/state" && table.connections[99] == nil)
        #expect(table.received(Array("GARBAGE\r\n\r\n".utf8), on: 11) == .refuse(status: 400, message: "malformed request line"))
        #expect(table.secondsToNextDeadline(now: 205) == 200 + RequestReading.requestSeconds - 205)
    }
}

// MARK: The built preview over real sockets

/// A running `drawc preview` of a drawing in a scratch folder; its port and token are read
/// from the announcement it writes for the language server (in a runtime folder of its own).
final class PreviewProcess: @unchecked Sendable {
    let process = Process()
    let runtime: String
    let drawing: String
    var port = 0
    var token = ""

    init(drawing: String, runtime: String) throws {
        self.drawing = drawing
        self.runtime = runtime
        process.executableURL = URL(fileURLWithPath: try #require(Binary.drawc, "the drawc binary was not found next to the tests"))
        process.arguments = ["preview", drawing]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtime
        environment["DRAWC_EDITOR"] = nil
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Waits for the announcement that names this process (60 s: only a failure waits that long).
    func waitForAnnouncement() -> Bool {
        let real = URL(fileURLWithPath: drawing).resolvingSymlinksInPath().path
        let file = runtime + "/drawc/" + PreviewDiscovery.fileName(forPreviewOf: real)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let data = FileManager.default.contents(atPath: file), let found = PreviewAnnouncement(json: Array(data)),
               found.pid == Int(process.processIdentifier) {
                port = found.port; token = found.token
                return true
            }
            usleep(20_000)
        }
        return false
    }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { process.terminate() }
    }

    deinit { stop() }

    /// A connected socket to the preview (receive timeout `seconds`).
    func connect(timeout seconds: Int = 20) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); return nil }
        return fd
    }

    /// Sends `bytes` on `fd` and reads the answer to the end: (status, body), nil when none came.
    static func exchange(_ fd: Int32, _ bytes: [UInt8]) -> (status: Int, body: String)? {
        defer { close(fd) }
        guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else { return nil }
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            answer += chunk[0..<n]
        }
        let text = String(decoding: answer, as: UTF8.self)
        guard text.hasPrefix("HTTP/1.1 "), let status = Int(text.dropFirst(9).prefix(3)) else { return nil }
        let body = text.range(of: "\r\n\r\n").map { String(text[$0.upperBound...]) } ?? ""
        return (status, body)
    }

    func request(_ method: String, _ target: String, body: String = "", browser: Bool = true, timeout: Int = 20) -> (status: Int, body: String)? {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Drawc-Token: \(token)\r\n"
        if browser { text += "Origin: http://127.0.0.1:\(port)\r\n" }
        text += "Content-Length: \(body.utf8.count)\r\n\r\n" + body
        guard let fd = connect(timeout: timeout) else { return nil }
        return Self.exchange(fd, Array(text.utf8))
    }

    /// The version of the newest compile, from /state.
    func version() -> Int? {
        guard let state = request("GET", "/state?token=\(token)"), state.status == 200,
              let range = state.body.range(of: #""version":"#) else { return nil }
        return Int(state.body[range.upperBound...].prefix { $0.isNumber })
    }
}

@Suite("preview hardening over sockets", .serialized)
struct PreviewSocketTests {
    static let drawing = "rect \"a\", at: (10, 10), width: 20, height: 10, fill: red\n"

    func start(_ folder: TemporaryFolder, runtime: TemporaryFolder) throws -> PreviewProcess {
        let path = folder.file("d.draw")
        if !FileManager.default.fileExists(atPath: path) { try Self.drawing.write(toFile: path, atomically: true, encoding: .utf8) }
        let preview = try PreviewProcess(drawing: path, runtime: runtime.path)
        try #require(preview.waitForAnnouncement(), "the preview did not announce itself")
        return preview
    }

    @Test("16 connections sending a byte now and then: /state still answers at once")
    func slowConnectionsDoNotHoldTheServer() throws {
        let folder = try TemporaryFolder(prefix: "slow"), runtime = try TemporaryFolder(prefix: "run")
        let preview = try start(folder, runtime: runtime)
        var slow: [Int32] = []
        defer { for fd in slow { close(fd) } }
        for _ in 0..<16 {
            let fd = try #require(preview.connect())
            _ = send(fd, "GET /st", 7, Int32(MSG_NOSIGNAL))
            slow.append(fd)
        }
        // Keep them trickling while /state is asked for, each answer waited for at most 5 s
        // (before: each slow connection held a worker and /state timed out).
        for round in 0..<3 {
            for fd in slow { _ = send(fd, "a", 1, Int32(MSG_NOSIGNAL)) }
            let state = preview.request("GET", "/state?token=\(preview.token)", timeout: 5)
            #expect(state?.status == 200, "round \(round): /state did not answer beside 16 slow connections")
        }
        // A malformed number ends no server either.
        #expect(preview.request("POST", "/highlight", body: #"{"line":1e19,"column":1}"#, browser: false)?.status == 400)
        #expect(preview.request("POST", "/edit", body: #"{"version":1e19,"source":0,"dx":1,"dy":0}"#)?.status == 400)
        #expect(preview.request("GET", "/state?token=\(preview.token)")?.status == 200)
    }

    @Test("two edits of the same version at once: exactly one lands, the other is refused; quick successive drags land")
    func concurrentAndQuickEdits() throws {
        let folder = try TemporaryFolder(prefix: "edits"), runtime = try TemporaryFolder(prefix: "run")
        let preview = try start(folder, runtime: runtime)
        var expectedX = 10
        for pair in 0..<12 {
            let version = try #require(preview.version())
            let body = #"{"version":\#(version),"source":0,"dx":1,"dy":0}"#
            final class Statuses: @unchecked Sendable { var values = [0, 0]; let lock = NSLock() }
            let answers = Statuses()
            DispatchQueue.concurrentPerform(iterations: 2) { i in
                let status = preview.request("POST", "/edit", body: body)?.status ?? 0
                answers.lock.lock(); answers.values[i] = status; answers.lock.unlock()
            }
            let statuses = answers.values
            #expect(statuses.sorted() == [200, 409], "pair \(pair): \(statuses)")
            if statuses.contains(200) { expectedX += 1 }
        }
        let text = try String(contentsOfFile: folder.file("d.draw"), encoding: .utf8)
        #expect(text.contains("at: (\(expectedX), 10)"), "\(text)")
        // Drag, ask for the state, drag again at once: the second drag sees the first's picture.
        for step in 0..<5 {
            let version = try #require(preview.version())
            let reply = preview.request("POST", "/edit", body: #"{"version":\#(version),"source":0,"dx":2,"dy":0}"#)
            #expect(reply?.status == 200, "quick drag \(step): \(reply?.body ?? "no answer")")
        }
    }

    @Test("stopping an older preview keeps the newer one's announcement")
    func olderPreviewKeepsTheNewerAnnouncement() throws {
        let folder = try TemporaryFolder(prefix: "two"), runtime = try TemporaryFolder(prefix: "run")
        let older = try start(folder, runtime: runtime)
        let newer = try start(folder, runtime: runtime)
        older.stop()
        let real = URL(fileURLWithPath: folder.file("d.draw")).resolvingSymlinksInPath().path
        let file = runtime.path + "/drawc/" + PreviewDiscovery.fileName(forPreviewOf: real)
        let kept = FileManager.default.contents(atPath: file).flatMap { PreviewAnnouncement(json: Array($0)) }
        #expect(kept?.port == newer.port, "the newer preview's announcement is gone")
        newer.stop()
        #expect(!FileManager.default.fileExists(atPath: file), "a preview left its own announcement behind")
    }
}
