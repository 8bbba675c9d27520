// Resources — the one boundary through which a compilation reads files: imported drawings,
// data files (`csv()`, `json()`) and images all come through `Resources.read`.
//
// Takes: a `ResourceReader` (the file system in the compiler; an app or a test may supply
// its own, e.g. files held in memory). Hands on: the bytes of each file, at most once per
// path (a second read of the same path is served from memory, so a drawing sees one
// version of each file), and `filesRead`, every path asked for in first-use order — also
// the ones that could not be read, so that a future `watch` notices a file appearing.
// Invariants: nothing but a regular file is read (a FIFO would block, a device would never
// end, a folder is not data), and never more than the limit the caller names; both are
// refusals with a message, never a hang. Paths arrive resolved (absolute when the drawing's
// path is); the boundary does not interpret them further, except that a reader may give
// relative paths a base folder.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read: one lower-case phrase, e.g. "no such file or folder".
package struct ResourceError: Error, Sendable, Hashable {
    package var message: String
    package init(_ message: String) { self.message = message }
}

/// Where a compilation's files come from.
package protocol ResourceReader: Sendable {
    /// The bytes of the regular file at `path`, or why not; more than `maximumBytes` is a refusal.
    func read(_ path: String, maximumBytes: Int) -> Result<[UInt8], ResourceError>
}

/// The largest files read through the boundary, by use. Each breach is a diagnostic.
package enum ResourceLimits {
    /// An imported `.draw` file (as large as a main source may be).
    package static let maximumImportBytes = 256 << 20
    /// A `csv()` or `json()` data file.
    package static let maximumDataBytes = 64 << 20
    /// An image file.
    package static let maximumImageBytes = 256 << 20
}

/// The files of one compilation, read once each, with the list of every path asked for.
/// A class: the evaluator and layout share one, each reading in its turn on one thread.
package final class Resources: @unchecked Sendable {
    package let reader: any ResourceReader
    /// Every path asked for, in first-use order, each once (also those that failed).
    package private(set) var filesRead: [String] = []
    private var cache: [String: Result<[UInt8], ResourceError>] = [:]

    package init(reader: any ResourceReader = FileSystemReader()) { self.reader = reader }

    /// The bytes of `path` (read on first use, then remembered).
    package func read(_ path: String, maximumBytes: Int) -> Result<[UInt8], ResourceError> {
        if let known = cache[path] {
            if case .success(let bytes) = known, bytes.count > maximumBytes { return .failure(Self.tooLarge(maximumBytes)) }
            return known
        }
        filesRead.append(path)
        let result = reader.read(path, maximumBytes: maximumBytes)
        cache[path] = result
        return result
    }

    package static func tooLarge(_ limit: Int) -> ResourceError {
        ResourceError(limit >= 1 << 20 ? "is larger than \(limit >> 20) MB" : "is larger than \(limit) bytes")
    }
}

/// Files held in memory by path: for apps that supply their own files, and for tests.
package struct MemoryReader: ResourceReader {
    package var files: [String: [UInt8]]
    package init(_ files: [String: [UInt8]]) { self.files = files }
    package func read(_ path: String, maximumBytes: Int) -> Result<[UInt8], ResourceError> {
        guard let bytes = files[path] else { return .failure(ResourceError("no such file or folder")) }
        if bytes.count > maximumBytes { return .failure(Resources.tooLarge(maximumBytes)) }
        return .success(bytes)
    }
}

/// The file system, through POSIX calls: regular files only, opened without blocking (a
/// FIFO would otherwise wait for a writer forever), checked with `fstat` on the open file
/// (no race between a check and the read), read up to the limit.
package struct FileSystemReader: ResourceReader {
    /// Where relative paths are found (nil: the current folder).
    package var baseDirectory: String?
    package init(baseDirectory: String? = nil) { self.baseDirectory = baseDirectory }

    package func read(_ path: String, maximumBytes: Int) -> Result<[UInt8], ResourceError> {
        let full = path.hasPrefix("/") || baseDirectory == nil ? path : baseDirectory! + "/" + path
        let fd = open(full, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { return .failure(ResourceError(Self.describe(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(ResourceError(Self.describe(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(ResourceError("is a folder, not a file"))
        case S_IFIFO: return .failure(ResourceError("is a pipe, not a regular file"))
        case S_IFCHR, S_IFBLK: return .failure(ResourceError("is a device, not a regular file"))
        case S_IFSOCK: return .failure(ResourceError("is a socket, not a regular file"))
        default: return .failure(ResourceError("is not a regular file"))
        }
        let size = Int(info.st_size)
        if size > maximumBytes { return .failure(Resources.tooLarge(maximumBytes)) }
        // Back to blocking reads for the regular file (O_NONBLOCK has no effect on one, but
        // leave nothing surprising behind).
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let n = bytes.withUnsafeMutableBytes { buffer in
                systemRead(fd, buffer.baseAddress! + filled, size - filled)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(ResourceError(Self.describe(errno)))
            }
            if n == 0 { break }  // the file shrank while being read
            filled += n
        }
        if filled < size { bytes.removeSubrange(filled...) }
        // A file that grew while being read: take what fits the limit, refuse the rest.
        var extra = [UInt8](repeating: 0, count: 1)
        let more = extra.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, 1) }
        if more > 0 && bytes.count + more > maximumBytes { return .failure(Resources.tooLarge(maximumBytes)) }
        if more > 0 {
            bytes.append(extra[0])
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                if bytes.count + n > maximumBytes { return .failure(Resources.tooLarge(maximumBytes)) }
                bytes.append(contentsOf: chunk[0..<n])
            }
        }
        return .success(bytes)
    }

    static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or folder"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "is a folder, not a file"
        case ENOTDIR: return "a part of the path is not a folder"
        case ELOOP: return "too many symbolic links"
        default:
            guard let text = strerror(code) else { return "error \(code)" }
            return String(cString: text).lowercased()
        }
    }
}

/// The C `read` under a name that does not collide with `ResourceReader.read`.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
