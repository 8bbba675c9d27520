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
        if path != "-" { sweepStaleTemporaries(in: folderOf(path), names: [lastComponent(path)]) }
        try write(bytes, to: path, permissions: nil)
    }

    /// Removes the temporary files being written right now. Async-signal-safe (only
    /// unlink(2) on paths stored beforehand): for a SIGINT/SIGTERM handler, which then
    /// ends the process (`drawc` installs one; call `prepareForSignals()` first).
    public static func removeTemporariesForSignal() { TemporaryFiles.removeAll() }

    /// Sets up what `removeTemporariesForSignal` reads, before a handler may call it.
    public static func prepareForSignals() { TemporaryFiles.prepare() }

    /// Rewrites the existing file at `path` with `bytes` (`drawc fmt -w`), as
    /// `write(_:to:)` does, but through a symbolic link to the file it names (the link stays
    /// a link), keeping the file's permissions and owner. A file with several hard links, or
    /// one whose owner a replacement could not keep (another user's file, writable by us), is
    /// rewritten in place instead, as gofmt does: its inode, links, owner and mode stay, at
    /// the price of atomicity (docs/format.md).
    public static func replace(_ bytes: [UInt8], at path: String) throws(FileError) {
        let target = resolvedLink(path)
        var info = stat()
        guard stat(target, &info) == 0 else { throw FileError(path: path, message: "cannot write: " + errnoText(errno)) }
        if info.st_nlink > 1 {
            try rewriteInPlace(bytes, at: target, shownAs: path)
            return
        }
        let owner = (info.st_uid, info.st_gid)
        do throws(FileError) {
            try write(bytes, to: target, permissions: info.st_mode & 0o7777, owner: owner)
        } catch let error where error.message == ownerNotKept {
            try rewriteInPlace(bytes, at: target, shownAs: path)
        }
    }

    private static let ownerNotKept = "cannot keep the owner"

    /// `path` with every symbolic link resolved; `path` itself when it is not a link or
    /// cannot be resolved (the write then reports why).
    private static func resolvedLink(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Writes `bytes` into the existing file itself: same inode, links, owner and mode.
    private static func rewriteInPlace(_ bytes: [UInt8], at path: String, shownAs shown: String) throws(FileError) {
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        if fd < 0 { throw FileError(path: shown, message: "cannot write: " + errnoText(errno)) }
        defer { close(fd) }
        try writeAll(fd: fd, bytes, path: shown)
        if ftruncate(fd, off_t(bytes.count)) != 0 || fsync(fd) != 0 {
            throw FileError(path: shown, message: "cannot write: " + errnoText(errno))
        }
    }

    static func write(_ bytes: [UInt8], to path: String, permissions: mode_t?, owner: (uid_t, gid_t)? = nil) throws(FileError) {
        if path == "-" {
            try writeAll(fd: 1, bytes, path: "<stdout>")
            return
        }
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw FileError(path: path, message: "cannot write: is a folder")
        }
        let folder = folderOf(path)
        let name = String(path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path[...])
        var template = ((folder == "" ? "" : folder + "/") + temporaryName(for: name) + "XXXXXX").utf8CString
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd < 0 {
            let code = errno
            let shown = folder.isEmpty ? "." : folder
            if code == ENOENT { throw FileError(path: path, message: "cannot write: folder '\(shown)' does not exist") }
            throw FileError(path: path, message: "cannot write into '\(shown)': " + errnoText(code))
        }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // Removed by the signal handler of `drawc` if the process is stopped while writing.
        let slot = TemporaryFiles.register(temporary)
        var committed = false
        defer {
            if !committed { unlink(temporary) }
            TemporaryFiles.unregister(slot)
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
            if let (uid, gid) = owner, uid != getuid() || gid != getgid() {
                if fchown(fd, uid, gid) != 0 { throw FileError(path: path, message: ownerNotKept) }
                if let permissions { fchmod(fd, permissions) }  // chown clears set-id bits
            }
            try writeAll(fd: fd, bytes, path: path)
            // On the disk before the rename, so a crash leaves the old file or the whole new one.
            if fsync(fd) != 0 { throw FileError(path: path, message: "cannot write: " + errnoText(errno)) }
        } catch {
            close(fd)
            throw error
        }
        if close(fd) != 0 { throw FileError(path: path, message: "cannot write: " + errnoText(errno)) }
        if rename(temporary, path) != 0 { throw FileError(path: path, message: "cannot write: " + errnoText(errno)) }
        committed = true
    }

    /// The longest file name the temporary may have (NAME_MAX on Linux and macOS).
    static let maximumNameBytes = 255

    /// `.NAME.drawc-PID-` (mkstemp appends six characters): the name cut at a character
    /// boundary so the whole fits in `maximumNameBytes` (an output name of 242–255 bytes was
    /// refused as too long when the temporary added 14 bytes to it whole).
    static func temporaryName(for name: String) -> String {
        "." + temporaryStem(of: name) + ".drawc-\(getpid())-"
    }

    /// The part of `name` a temporary repeats (room is kept for a pid of 10 digits).
    static func temporaryStem(of name: String) -> String {
        let room = maximumNameBytes - (1 + 7 + 10 + 1 + 6)
        var stem = Substring(name)
        while stem.utf8.count > room { stem = stem.dropLast() }
        return String(stem)
    }

    /// Removes temporaries of the outputs `names` in `folder` that a drawc stopped by a crash
    /// or SIGKILL left behind: `.NAME.drawc-PID-XXXXXX` whose process is gone. A running
    /// drawc's temporaries are left alone.
    static func sweepStaleTemporaries(in folder: String, names: [String]) {
        let stems = Set(names.map { "." + temporaryStem(of: $0) + ".drawc-" })
        guard let directory = opendir(folder.isEmpty ? "." : folder) else { return }
        defer { closedir(directory) }
        var stale: [String] = []
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            // `.STEM.drawc-` `PID` `-` `XXXXXX`
            let parts = entryName.split(separator: "-", omittingEmptySubsequences: false)
            guard entryName.hasPrefix("."), parts.count >= 3, parts[parts.count - 1].utf8.count == 6,
                  let pid = pid_t(parts[parts.count - 2]) else { continue }
            let stemEnd = entryName.utf8.count - parts[parts.count - 1].utf8.count - parts[parts.count - 2].utf8.count - 1
            guard stems.contains(String(decoding: entryName.utf8.prefix(stemEnd), as: UTF8.self)) else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH { stale.append(entryName) }
        }
        for entryName in stale { unlink((folder.isEmpty ? "" : folder + "/") + entryName) }
    }

    /// Writes every file of a successful compile: `requestedPath` itself, or `out-1.svg`,
    /// `out-2.svg`, … for one-page-per-file formats. Returns the paths written, in order.
    @discardableResult
    public static func write(_ result: CompileResult, to requestedPath: String) throws(FileError) -> [String] {
        var written: [String] = []
        if requestedPath != "-" {
            let paths = result.outputs.map { $0.path(forRequestedPath: requestedPath) }
            sweepStaleTemporaries(in: folderOf(requestedPath), names: paths.map(lastComponent))
        }
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

    private static func lastComponent(_ path: String) -> String {
        String(path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path[...])
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

/// The temporaries being written, by path, in fixed C storage that a signal handler may read
/// without allocating or locking: `slotCount` slots of `slotBytes`; a path that does not fit,
/// or a write when every slot is taken, goes unregistered (the next run's sweep removes it).
enum TemporaryFiles {
    static let slotCount = 64
    static let slotBytes = 4096
    nonisolated(unsafe) static let paths: UnsafeMutablePointer<CChar> = {
        let p = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotBytes)
        p.initialize(repeating: 0, count: slotCount * slotBytes)
        return p
    }()
    /// 1 while a slot holds a temporary being written.
    nonisolated(unsafe) static let used: UnsafeMutablePointer<sig_atomic_t> = {
        let p = UnsafeMutablePointer<sig_atomic_t>.allocate(capacity: slotCount)
        p.initialize(repeating: 0, count: slotCount)
        return p
    }()
    nonisolated(unsafe) static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let p = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        p.initialize(to: pthread_mutex_t())
        pthread_mutex_init(p, nil)
        return p
    }()

    static func prepare() { _ = paths; _ = used; _ = lock }

    static func register(_ path: String) -> Int? {
        let bytes = Array(path.utf8)
        guard bytes.count < slotBytes else { return nil }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        for slot in 0..<slotCount where used[slot] == 0 {
            let base = paths + slot * slotBytes
            for (i, b) in bytes.enumerated() { base[i] = CChar(bitPattern: b) }
            base[bytes.count] = 0
            used[slot] = 1
            return slot
        }
        return nil
    }

    static func unregister(_ slot: Int?) {
        guard let slot else { return }
        pthread_mutex_lock(lock)
        used[slot] = 0
        pthread_mutex_unlock(lock)
    }

    static func removeAll() {
        for slot in 0..<slotCount where used[slot] == 1 { unlink(paths + slot * slotBytes) }
    }
}
