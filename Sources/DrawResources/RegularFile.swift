#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// DrawResources — the input boundary of the stages: every file a drawing names (imports,
// images, fonts, data files) is read here, and only if it is a regular file within a size
// limit. Takes: a path and a limit. Hands on: the file's bytes, or a `ResourceError` whose
// message completes "<path> …". Does not: read standard input, pipes, devices, sockets or
// folders (`import "/dev/stdin"` once blocked forever on a pipe that stayed open; a FIFO
// blocks in open(2) already, so the type is checked with stat(2) first and the file opened
// non-blocking); follow the reader past the limit (a file that grows while it is read is
// cut off with an error, not read on).
//
// The main input of `drawc` (a path or `-`) is read by DrawKit's `SourceInput`, which also
// accepts pipes on purpose (`drawc compile -`, `drawc compile <(generate)`).

/// Why a file could not be read. `message` is a phrase after the path: "is not a regular
/// file (a pipe)", "is larger than 64 MB", "cannot be read: No such file or directory".
package struct ResourceError: Error, Sendable, Hashable {
    package enum Reason: Sendable, Hashable {
        case missing, notRegular, tooLarge, unreadable
        /// Outside the folder of `--sandbox` (see `Sandbox`).
        case outsideSandbox
    }
    package var reason: Reason
    package var message: String
    package init(_ reason: Reason, _ message: String) { self.reason = reason; self.message = message }
}

package enum RegularFile {
    /// The bytes of the regular file at `path`, at most `maximumSize` of them.
    package static func read(_ path: String, maximumSize: Int) throws(ResourceError) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ResourceError(errno == ENOENT ? .missing : .unreadable, "cannot be read: " + errorText(errno)) }
        try check(info, maximumSize: maximumSize)
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw ResourceError(.unreadable, "cannot be read: " + errorText(errno)) }
        defer { close(fd) }
        // The file may have been replaced between stat and open: check what was opened.
        guard fstat(fd, &info) == 0 else { throw ResourceError(.unreadable, "cannot be read: " + errorText(errno)) }
        try check(info, maximumSize: maximumSize)
        let expected = Int(info.st_size)
        var bytes = [UInt8](repeating: 0, count: expected)
        var filled = 0
        while filled < expected {
            let n = bytes.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress! + filled, expected - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ResourceError(.unreadable, "cannot be read: " + errorText(errno))
            }
            if n == 0 { break }
            filled += n
        }
        if filled < expected { bytes.removeSubrange(filled...) }
        // A file that grew since fstat: one byte more is enough to tell.
        var probe: UInt8 = 0
        if systemRead(fd, &probe, 1) > 0 { throw ResourceError(.tooLarge, "changed while it was read") }
        return bytes
    }

    private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
        #elseif canImport(Musl)
        Musl.read(fd, buffer, count)
        #else
        Darwin.read(fd, buffer, count)
        #endif
    }

    /// Whether `path` names a regular file (for searches that skip everything else).
    package static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    private static func check(_ info: stat, maximumSize: Int) throws(ResourceError) {
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            let what: String
            switch type {
            case S_IFDIR: what = "a folder"
            case S_IFIFO: what = "a pipe"
            case S_IFCHR, S_IFBLK: what = "a device"
            case S_IFSOCK: what = "a socket"
            default: what = "not a file"
            }
            throw ResourceError(.notRegular, "is not a regular file (\(what))")
        }
        if Int(info.st_size) > maximumSize {
            throw ResourceError(.tooLarge, "is larger than \(describeSize(maximumSize))")
        }
    }

    /// `64 MB`, `512 KB`, `100 bytes`.
    package static func describeSize(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }

    private static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
