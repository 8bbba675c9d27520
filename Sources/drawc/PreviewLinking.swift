// The link between `drawc preview` and `drawc lsp`: the preview announces its port and
// token in a file of a per-user folder (DrawTools' PreviewDiscovery names it); the language
// server reads it when the cursor moves in that file and posts `/highlight` to the preview.
// The folder must be a real folder of this user that nobody else can read or enter (mode
// 0700): it holds the preview's secret.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import DrawKit
import DrawLanguageServer
import DrawTools

enum PreviewAnnouncements {
    static func environment() -> [String: String] {
        var out: [String: String] = [:]
        for name in ["XDG_RUNTIME_DIR", "TMPDIR"] {
            if let value = getenv(name) { out[name] = String(cString: value) }
        }
        return out
    }

    /// The announcements' folder, created when asked; nil when it is not a folder of this
    /// user closed to everyone else (then nothing is written there or believed from it).
    static func folder(create: Bool) -> String? {
        let folder = PreviewDiscovery.folder(environment: environment(), userID: UInt32(getuid()))
        if create { mkdir(folder, 0o700) }
        var info = stat()
        guard lstat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == getuid(),
              info.st_mode & 0o077 == 0 else { return nil }
        return folder
    }

    /// The real path of `path` (absolute, links resolved), or nil.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Announces a preview of `input`; returns the announcement's path (to remove at the end).
    static func announce(input: String, port: Int, token: String) -> String? {
        guard let file = realPath(input), let folder = folder(create: true) else { return nil }
        let path = folder + "/" + PreviewDiscovery.fileName(forPreviewOf: file)
        let text = PreviewAnnouncement(file: file, port: port, token: token, pid: Int(getpid())).json
        do throws(FileError) {
            try OutputWriter.write(Array(text.utf8), to: path)
            chmod(path, 0o600)
            return path
        } catch {
            return nil
        }
    }

    /// Removes the announcement at `path` when it is still this process's (the one on
    /// `port`): a newer preview of the same file has replaced it otherwise, and keeps it.
    static func withdraw(_ path: String, port: Int) {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= PreviewDiscovery.maximumBytes,
              let bytes = try? SourceInput.read(path: path), let found = PreviewAnnouncement(json: bytes),
              found.pid == Int(getpid()), found.port == port else { return }
        unlink(path)
    }

    /// The running preview of the file at `path`, if one announced itself and still runs.
    static func find(forFile path: String) -> PreviewAnnouncement? {
        guard let file = realPath(path), let folder = folder(create: false) else { return nil }
        let announcement = folder + "/" + PreviewDiscovery.fileName(forPreviewOf: file)
        var info = stat()
        guard lstat(announcement, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == getuid(),
              Int(info.st_size) <= PreviewDiscovery.maximumBytes,
              let bytes = try? SourceInput.read(path: announcement), let found = PreviewAnnouncement(json: bytes), found.file == file else { return nil }
        // A preview killed without stopping leaves its file: its process is gone.
        if kill(pid_t(found.pid), 0) != 0 && errno == ESRCH { return nil }
        return found
    }
}

/// Posts the cursor to the preview of its file, on a queue of its own so the server never
/// waits for it; while one post is under way only the newest place waits behind it.
final class PreviewHighlighter: PreviewLink, @unchecked Sendable {
    private let sender = DispatchQueue(label: "drawc.lsp.preview")
    /// Guards `pending` and `sending`.
    private let state = DispatchQueue(label: "drawc.lsp.preview.state")
    private var pending: (path: String, line: Int, column: Int)?
    private var sending = false

    func cursorMoved(path: String, line: Int, column: Int) {
        let start = state.sync { () -> Bool in
            pending = (path, line, column)
            if sending { return false }
            sending = true
            return true
        }
        if start { sender.async { self.drain() } }
    }

    private func drain() {
        while true {
            let next = state.sync { () -> (path: String, line: Int, column: Int)? in
                defer { pending = nil }
                if pending == nil { sending = false }
                return pending
            }
            guard let next else { return }
            guard let preview = PreviewAnnouncements.find(forFile: next.path) else { continue }
            post(PreviewAnnouncement.highlightRequest(port: preview.port, token: preview.token, line: next.line, column: next.column),
                 port: preview.port)
        }
    }

    /// Sends one request to 127.0.0.1:`port` and reads the answer (ignored), within a second.
    private func post(_ request: [UInt8], port: Int) {
        #if canImport(Darwin)
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard fd >= 0 else { return }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        // A preview that closes early must not stop the language server with SIGPIPE
        // (Linux: writeAll sends with MSG_NOSIGNAL).
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0, writeAll(fd, request) else { return }
        var chunk = [UInt8](repeating: 0, count: 1024)
        while chunk.withUnsafeMutableBytes({ recv(fd, $0.baseAddress, $0.count, 0) }) > 0 {}
    }
}
