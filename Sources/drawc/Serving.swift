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
    /// Set when an edit was written: the watch loop looks at once instead of after a poll.
    private var wakeUp = false

    init(server: PreviewServer) { self.server = server }

    /// Sends `event` to every stream; a stream that cannot take it is closed. On `queue`.
    func broadcast(_ event: [UInt8]) {
        clients = clients.filter { fd in
            if writeAll(fd, event) { return true }
            close(fd)
            return false
        }
    }

    func publish(_ snapshot: PreviewSnapshot) {
        queue.sync {
            server.update(snapshot)
            broadcast(server.stateEvent())
        }
    }

    func takeWakeUp() -> Bool { queue.sync { defer { wakeUp = false }; return wakeUp } }

    /// Reads one request from `fd`, answers it, and closes the connection (or keeps it as
    /// an event stream).
    func serve(_ fd: Int32) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sendTimeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 8192)
        var request: HTTPRequest?
        while request == nil {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { close(fd); return }
            received += chunk[0..<n]
            switch HTTPRequest.parse(received) {
            case .incomplete: continue
            case .invalid(let status, let message):
                _ = writeAll(fd, HTTPResponse.text(status, message).serialized())
                close(fd)
                return
            case .complete(let parsed): request = parsed
            }
        }
        let path = server.path
        let action = queue.sync {
            server.handle(request!, readFile: { () -> [UInt8]? in try? SourceInput.read(path: path) })
        }
        switch action {
        case .respond(let response):
            _ = writeAll(fd, response.serialized())
            close(fd)
        case .openEventStream:
            queue.sync {
                if writeAll(fd, HTTPResponse.eventStreamHead()) && writeAll(fd, server.stateEvent()) {
                    clients.append(fd)
                } else {
                    close(fd)
                }
            }
        case .writeSource(let bytes, let response):
            var reply = response
            do throws(FileError) {
                // Only ever the previewed file, atomically (a temporary file, then rename).
                try OutputWriter.write(bytes, to: path)
                queue.sync { wakeUp = true }
            } catch {
                reply = .json(500, "{\"ok\":false,\"message\":\(JSONText.string("cannot write the file: \(error.message)"))}")
            }
            _ = writeAll(fd, reply.serialized())
            close(fd)
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

    var set = WatchSet()
    var version = 0
    func build() {
        version += 1
        let start = monotonicMilliseconds()
        let before = fileStamp(input)
        var snapshot: PreviewSnapshot
        do throws(FileError) {
            let source = try SourceInput.read(path: input)
            snapshot = PreviewBuilder.build(source: source, path: input, version: version, options: options)
        } catch {
            snapshot = PreviewSnapshot(
                version: version, source: [], pages: [], sources: [], diagnosticsText: "drawc: \(error)\n",
                diagnostics: [DrawDiagnostic(id: CLIID.ioError.rawValue, severity: .error, message: error.message, file: input, location: nil)],
                hasErrors: true, filesRead: [])
        }
        snapshot.milliseconds = monotonicMilliseconds() - start
        runtime.publish(snapshot)
        if !snapshot.diagnosticsText.isEmpty { printError(snapshot.diagnosticsText) }
        printLine("preview: \(input) " + (snapshot.hasErrors ? "has errors, the page keeps the last good picture" : "compiled")
                  + " (\(milliseconds(snapshot.milliseconds)) ms)")
        set.reset(paths: watchedPaths(input: input, filesRead: snapshot.filesRead), stamp: fileStamp)
        set.set(input, before)
    }
    build()
    let url = "http://127.0.0.1:\(port)/"
    printLine("preview: \(url) token \(token) (Ctrl-C stops)")
    // For the language server: where this preview listens, in a folder only this user reads.
    let announcement = PreviewAnnouncements.announce(input: input, port: port, token: token)

    // The accept loop blocks in `accept`: a queue of its own.
    DispatchQueue(label: "drawc.preview.accept").async {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            DispatchQueue.global().async { runtime.serve(fd) }
        }
    }
    if arguments.openBrowser {
        #if canImport(Darwin)
        spawnDetached(["open", url])
        #else
        spawnDetached(["xdg-open", url])
        #endif
    }
    while stopRequested == 0 {
        if !runtime.takeWakeUp() { sleepMilliseconds(WatchSet.pollMilliseconds) }
        if waitForChange(set) { build() }
    }
    close(listener)
    if let announcement { unlink(announcement) }
    printLine("preview: stopped")
    return .success
}
