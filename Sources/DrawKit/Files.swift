#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Reading sources and writing outputs, with POSIX calls rather than Foundation so every
// failure has its own errno and one clear message, and so that writes are atomic: bytes go
// to a temporary file in the destination's folder, which is then renamed over the
// destination. A reader sees the old file or the new one, never a partial one; a failed
// compile writes nothing at all.

/// A file could not be read or written. `description` is one line: `path: what went wrong`.
public struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var message: String
    public init(path: String, message: String) { self.path = path; self.message = message }
    public var description: String { "\(path): \(message)" }
}

/// Reading a drawing's source.
public enum SourceInput {
    /// Inputs larger than this are refused rather than read into memory.
    public static let maximumSize = 256 << 20

    /// The bytes of the file at `path`, or of standard input when `path` is `-`.
    public static func read(path: String) throws(FileError) -> [UInt8] {
        if path == "-" { return try readAll(fd: 0, path: "<stdin>") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw FileError(path: path, message: "cannot read: " + errnoText(errno)) }
        defer { close(fd) }
        var info = stat()
        var expectedSize = 0
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw FileError(path: path, message: "is a folder, not a .draw file") }
            if Int(info.st_size) > maximumSize { throw FileError(path: path, message: "is larger than \(maximumSize >> 20) MB") }
            if (info.st_mode & S_IFMT) == S_IFREG { expectedSize = Int(info.st_size) }
        }
        return try readAll(fd: fd, path: path, expectedSize: expectedSize)
    }

    private static func readAll(fd: Int32, path: String, expectedSize: Int = 0) throws(FileError) -> [UInt8] {
        var bytes: [UInt8] = []
        // A regular file's size is known: one allocation of the right size, instead of
        // doubling (which copies the source several times and leaves up to half unused).
        if expectedSize > 0 { bytes.reserveCapacity(expectedSize) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, message: "cannot read: " + errnoText(errno))
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > maximumSize { throw FileError(path: path, message: "is larger than \(maximumSize >> 20) MB") }
        }
    }
}

/// Writing outputs.
public enum OutputWriter {
    /// Writes `bytes` to `path` atomically (a temporary file in the same folder, renamed over
    /// `path`), or to standard output when `path` is `-`. On failure nothing is left behind
    /// and a previous file at `path` is untouched.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try write(bytes, to: path, permissions: nil)
    }

    /// Rewrites the existing file at `path` with `bytes`, atomically as `write(_:to:)` does,
    /// keeping the file's permissions (`drawc fmt -w`).
    public static func replace(_ bytes: [UInt8], at path: String) throws(FileError) {
        var info = stat()
        let permissions = stat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
        try write(bytes, to: path, permissions: permissions)
    }

    static func write(_ bytes: [UInt8], to path: String, permissions: mode_t?) throws(FileError) {
        if path == "-" {
            try writeAll(fd: 1, bytes, path: "<stdout>")
            return
        }
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw FileError(path: path, message: "cannot write: is a folder")
        }
        let folder = folderOf(path)
        let name = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path[...]
        var template = ((folder == "" ? "" : folder + "/") + "." + name + ".drawc-XXXXXX").utf8CString
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd < 0 {
            let code = errno
            let shown = folder.isEmpty ? "." : folder
            if code == ENOENT { throw FileError(path: path, message: "cannot write: folder '\(shown)' does not exist") }
            throw FileError(path: path, message: "cannot write into '\(shown)': " + errnoText(code))
        }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var committed = false
        defer {
            if !committed { unlink(temporary) }
        }
        do throws(FileError) {
            // mkstemp creates 0600; give the file the permissions a plain create would.
            if let permissions {
                fchmod(fd, permissions)
            } else {
                let mask = umask(0)
                umask(mask)
                fchmod(fd, 0o666 & ~mask)
            }
            try writeAll(fd: fd, bytes, path: path)
        } catch {
            close(fd)
            throw error
        }
        if close(fd) != 0 { throw FileError(path: path, message: "cannot write: " + errnoText(errno)) }
        if rename(temporary, path) != 0 { throw FileError(path: path, message: "cannot write: " + errnoText(errno)) }
        committed = true
    }

    /// Writes every file of a successful compile: `requestedPath` itself, or `out-1.svg`,
    /// `out-2.svg`, … for one-page-per-file formats. Returns the paths written, in order.
    @discardableResult
    public static func write(_ result: CompileResult, to requestedPath: String) throws(FileError) -> [String] {
        var written: [String] = []
        for file in result.outputs {
            let path = requestedPath == "-" ? "-" : file.path(forRequestedPath: requestedPath)
            try write(file.bytes, to: path)
            written.append(path)
        }
        return written
    }

    private static func writeAll(fd: Int32, _ bytes: [UInt8], path: String) throws(FileError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, message: "cannot write: " + errnoText(errno))
            }
            offset += n
        }
    }

    private static func folderOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }
}

// The C functions under names that do not collide with Swift methods called read/write.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// A short lower-case description of an errno value.
func errnoText(_ code: Int32) -> String {
    switch code {
    case ENOENT: return "no such file or folder"
    case EACCES, EPERM: return "permission denied"
    case EISDIR: return "is a folder"
    case ENOTDIR: return "a part of the path is not a folder"
    case ENOSPC: return "no space left on the device"
    case EROFS: return "read-only file system"
    case EEXIST: return "already exists"
    default:
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text).lowercased()
    }
}
