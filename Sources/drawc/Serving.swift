// `drawc preview`: the sockets, threads and processes around DrawTools' PreviewServer.
// Listens on 127.0.0.1 only; one thread accepts, each connection is read and answered on a
// worker, and every touch of the server's state goes through one serial queue.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import DrawKit
import DrawTools

/// The preview's state and its event-stream connections, behind one serial queue.
final class PreviewRuntime: @unchecked Sendable {
    let server: PreviewServer
    let queue = DispatchQueue(label: "drawc.preview")
    private var clients: [Int32] = []
    /// Set when an edit was written: the watch loop compiles at once instead of after a poll
    /// and the debounce (signalled through `wakeSignal`).
    private var wakeUp = false
    private let wakeSignal = DispatchSemaphore(value: 0)
    /// Counts the writes of the previewed file; a build remembers the count before it reads.
    private var writes = 0
    /// The picture of the newest edit's text, made when it was checked: the next build shows
    /// it when the file still holds that text, instead of compiling it again.
    private var prebuilt: PreviewSnapshot?
    /// Answers to writes waiting for the compile of what they wrote: (write count, signal).
    private var buildWaiters: [(write: Int, signal: DispatchSemaphore)] = []

    /// The longest an edit's answer waits for the compile of the text it wrote.
    static let buildWaitSeconds = 10

    init(server: PreviewServer) { self.server = server }

    /// Sends `event` to every stream; a stream that cannot take it is closed. On `queue`.
    func broadcast(_ event: [UInt8]) {
        clients = clients.filter { fd in
            if writeAll(fd, event) { return true }
            close(fd)
            return false
        }
    }

    /// The edit's own picture when it was made from exactly `source` (taken once).
    func takePrebuilt(for source: [UInt8]) -> PreviewSnapshot? {
        queue.sync {
            defer { prebuilt = nil }
            return prebuilt?.source == source ? prebuilt : nil
        }
    }

    /// The count of writes so far: taken by a build before it reads the file.
    func writeCount() -> Int { queue.sync { writes } }

    /// Shows `snapshot`, built from a read made after `writesBefore` writes: the answers of
    /// those writes go out now (after the state event), so a client that asks for the state
    /// after its edit was answered sees the picture of its edit and can drag again at once.
    func publish(_ snapshot: PreviewSnapshot, writesBefore: Int) {
        queue.sync {
            server.update(snapshot)
            broadcast(server.stateEvent())
            buildWaiters.removeAll { waiter in
                guard waiter.write <= writesBefore else { return false }
                waiter.signal.signal()
                return true
            }
        }
    }

    /// Waits up to `milliseconds` for an edit's write; true when one was written since the last call.
    func waitForWakeUp(milliseconds: Int) -> Bool {
        _ = wakeSignal.wait(timeout: .now() + .milliseconds(milliseconds))
        return queue.sync { defer { wakeUp = false }; return wakeUp }
    }

    /// Answers one request read whole by the connection reader (PreviewConnections.swift),
    /// and closes the connection (or keeps it as an event stream).
    func answer(_ fd: Int32, _ request: HTTPRequest) {
        setBlocking(fd)
        var sendTimeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        let path = server.path
        var waitForBuild: DispatchSemaphore?
        // The check and the write are one step on the queue: two edits of the same version
        // cannot both pass the check, and nothing else of ours writes the file in between.
        let action = queue.sync { () -> PreviewServer.Action in
            var stampRead = FileStamp.missing
            let action = server.handle(request, readFile: { () -> [UInt8]? in
                let before = fileStamp(path)
                let bytes = try? SourceInput.read(path: path)
                // A save landing during the read leaves no stamp to trust.
                stampRead = fileStamp(path) == before ? before : .missing
                return bytes
            })
            guard case .writeSource(let write) = action else { return action }
            // Another program (an editor's save) may have written the file since it was read:
            // same stamp (size, modification time, inode) and the same bytes, or refused.
            guard stampRead.exists, fileStamp(path) == stampRead, (try? SourceInput.read(path: path)) == write.expected else {
                return .respond(server.refused(write))
            }
            do throws(FileError) {
                // Only ever the previewed file, atomically (a temporary file, then rename).
                try OutputWriter.replace(write.text, at: path)
            } catch {
                return .respond(.json(500, "{\"ok\":false,\"message\":\(JSONText.string("cannot write the file: \(error.message)"))}"))
            }
            server.wrote(write)
            prebuilt = write.picture
            writes += 1
            let signal = DispatchSemaphore(value: 0)
            buildWaiters.append((writes, signal))
            waitForBuild = signal
            wakeUp = true
            wakeSignal.signal()
            return .respond(write.response)
        }
        if let waitForBuild { _ = waitForBuild.wait(timeout: .now() + .seconds(Self.buildWaitSeconds)) }
        switch action {
        case .respond(let response):
            _ = writeAll(fd, response.serialized())
            close(fd)
        case .writeSource(let write):  // made on the queue above: only its answer is left
            _ = writeAll(fd, write.response.serialized())
            close(fd)
        case .openEventStream:
            queue.sync {
                if writeAll(fd, HTTPResponse.eventStreamHead()) && writeAll(fd, server.stateEvent()) {
                    clients.append(fd)
                } else {
                    close(fd)
                }
            }
        case .openEditor(let command, let response):
            spawnDetached(command)
            _ = writeAll(fd, response.serialized())
            close(fd)
        case .broadcast(let event, let response):
            queue.sync { broadcast(event) }
            _ = writeAll(fd, response.serialized())
            close(fd)
        }
    }

    /// Answers `status` without reading on (a refused or late request), and closes.
    func refuse(_ fd: Int32, status: Int, _ message: String) {
        DispatchQueue.global().async {
            setBlocking(fd)
            var sendTimeout = timeval(tv_sec: 2, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
            _ = writeAll(fd, HTTPResponse.text(status, message).serialized())
            close(fd)
        }
    }
}

@discardableResult
func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            #if canImport(Darwin)
            let n = send(fd, buffer.baseAddress! + offset, buffer.count - offset, 0)
            #else
            let n = send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
            #endif
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}

/// Starts a program without a shell and without waiting for it (SIGCHLD is ignored, so it
/// leaves no zombie).
func spawnDetached(_ arguments: [String]) {
    guard !arguments.isEmpty else { return }
    var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    pointers.append(nil)
    defer { for p in pointers { free(p) } }
    var pid = pid_t()
    let status = posix_spawnp(&pid, arguments[0], nil, nil, pointers, environ)
    if status != 0 { printError("drawc: cannot start '\(arguments[0])': \(String(cString: strerror(status)))") }
}

/// A listening socket on 127.0.0.1:`port` (0: any free port); returns it and the port.
func listenLoopback(port: Int) -> (Int32, Int)? {
    #if canImport(Darwin)
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #else
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard fd >= 0 else { return nil }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)  // 127.0.0.1, never 0.0.0.0
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0, listen(fd, 64) == 0 else { close(fd); return nil }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, Int(UInt16(bigEndian: actual.sin_port)))
}

/// 32 hex digits from the system's secure generator.
func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    var text = ""
    for _ in 0..<4 {
        let word = generator.next() as UInt32
        let hex = String(word, radix: 16)
        text += String(repeating: "0", count: 8 - hex.count) + hex
    }
    return text
}

func runPreview(_ args: ArraySlice<String>) throws(UsageError) -> ExitStatus {
    let arguments = try parseArguments(args, command: "preview")
    if arguments.help {
        print(Help.preview, terminator: "")
        return .success
    }
    guard arguments.inputs.count == 1 else {
        throw UsageError(message: arguments.inputs.isEmpty ? "no input file given" : "preview takes a single drawing", command: "preview")
    }
    let input = arguments.inputs[0]
    if input == "-" { throw UsageError(message: "preview needs a file: standard input ('-') cannot be edited", command: "preview") }
    var editor = arguments.editor
    if editor == nil, let value = getenv("DRAWC_EDITOR"), value.pointee != 0 { editor = String(cString: value) }
    installStopHandler()
    signal(SIGCHLD, SIG_IGN)

    guard let (listener, port) = listenLoopback(port: arguments.port ?? 0) else {
        printError("drawc: cannot listen on 127.0.0.1:\(arguments.port ?? 0): \(String(cString: strerror(errno)))")
        return .io
    }
    let token = randomToken()
    let runtime = PreviewRuntime(server: PreviewServer(path: input, port: port, token: token, editorTemplate: editor))
    let options = environmentOptions(arguments)
    runtime.server.compileOptions = options

    var set = WatchSet()
    var version = 0
    func build() {
        version += 1
        let start = monotonicMilliseconds()
        let writesBefore = runtime.writeCount()
        let before = fileStamp(input)
        var snapshot: PreviewSnapshot
        do throws(FileError) {
            let source = try SourceInput.read(path: input)
            if let picture = runtime.takePrebuilt(for: source) {
                snapshot = picture
                snapshot.version = version
            } else {
                snapshot = PreviewBuilder.build(source: source, path: input, version: version, options: options)
            }
        } catch {
            snapshot = PreviewSnapshot(
                version: version, source: [], pages: [], sources: [], diagnosticsText: "drawc: \(error)\n",
                diagnostics: [DrawDiagnostic(id: CLIID.ioError.rawValue, severity: .error, message: error.message, file: input, location: nil)],
                hasErrors: true, filesRead: [])
        }
        snapshot.milliseconds = monotonicMilliseconds() - start
        runtime.publish(snapshot, writesBefore: writesBefore)
        if !snapshot.diagnosticsText.isEmpty { printError(snapshot.diagnosticsText) }
        printLine("preview: \(input) " + (snapshot.hasErrors ? "has errors, the page keeps the last good picture" : "compiled")
                  + " (\(milliseconds(snapshot.milliseconds)) ms)")
        set.reset(paths: watchedPaths(input: input, filesRead: snapshot.filesRead), stamp: fileStamp)
        set.set(input, before)
    }
    // The address first, before any compile's output: scripts and editors read the first line.
    let url = "http://127.0.0.1:\(port)/"
    printLine("preview: \(url) token \(token) (Ctrl-C stops)")
    build()
    // For the language server: where this preview listens, in a folder only this user reads.
    let announcement = PreviewAnnouncements.announce(input: input, port: port, token: token)

    // Accepting and reading every connection: one thread of its own (PreviewConnections.swift).
    DispatchQueue(label: "drawc.preview.accept").async { readRequests(listener: listener, runtime: runtime) }
    if arguments.openBrowser {
        #if canImport(Darwin)
        spawnDetached(["open", url])
        #else
        spawnDetached(["xdg-open", url])
        #endif
    }
    while stopRequested == 0 {
        // The preview's own write is compiled at once: its answer waits for that picture.
        if runtime.waitForWakeUp(milliseconds: WatchSet.pollMilliseconds) {
            build()
        } else if waitForChange(set) {
            build()
        }
    }
    close(listener)
    if let announcement { PreviewAnnouncements.withdraw(announcement, port: port) }
    printLine("preview: stopped")
    return .success
}
