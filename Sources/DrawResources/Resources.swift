// Resources — the one object through which a compilation reads the files a drawing names:
// imported drawings, data files (`csv()`, `json()`) and images (fonts are read by DrawFonts
// with `RegularFile` directly, not yet through this object).
//
// Takes: a `ResourceReader` — `FileSystemReader` (regular files through `RegularFile`) in
// the compiler; `MemoryReader` (or any reader) for an app that holds its files, or a test.
// Hands on: the bytes of each file, read at most once per path (a second read is served
// from memory, so one compilation sees one version of each file), and `filesRead`: every
// path asked for, in first-use order, also those that could not be read — what a `watch`
// must follow to recompile when one of them changes or appears. Paths arrive resolved by the
// stage that asks (relative to the drawing); a reader may give relative ones a base folder.

/// Where a compilation's files come from.
package protocol ResourceReader: Sendable {
    /// The bytes of the file at `path`, or why not; more than `maximumBytes` is a refusal.
    func read(_ path: String, maximumBytes: Int) -> Result<[UInt8], ResourceError>
}

/// The largest files read through `Resources`, by use. Each breach is a diagnostic.
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
        ResourceError(.tooLarge, "is larger than \(RegularFile.describeSize(limit))")
    }

    package static let missing = ResourceError(.missing, "cannot be read: no such file")
}

extension ResourceError {
    /// What to add after "cannot read 'x'" in a diagnostic: nothing for a missing file,
    /// otherwise the reason (": is not a regular file (a pipe)").
    package var diagnosticSuffix: String { reason == .missing ? "" : ": " + message }
}

/// Files held in memory by path: for apps that supply their own files, and for tests.
package struct MemoryReader: ResourceReader {
    package var files: [String: [UInt8]]
    package init(_ files: [String: [UInt8]]) { self.files = files }
    package func read(_ path: String, maximumBytes: Int) -> Result<[UInt8], ResourceError> {
        guard let bytes = files[path] else { return .failure(Resources.missing) }
        if bytes.count > maximumBytes { return .failure(Resources.tooLarge(maximumBytes)) }
        return .success(bytes)
    }
}

/// A closure that returns a file's bytes or nil, as a reader (tests and tools that hold files).
package struct ClosureReader: ResourceReader, @unchecked Sendable {
    package let load: (String) -> [UInt8]?
    package init(load: @escaping (String) -> [UInt8]?) { self.load = load }
    package func read(_ path: String, maximumBytes: Int) -> Result<[UInt8], ResourceError> {
        guard let bytes = load(path) else { return .failure(Resources.missing) }
        if bytes.count > maximumBytes { return .failure(Resources.tooLarge(maximumBytes)) }
        return .success(bytes)
    }
}

/// The file system: regular files only, within the limit (`RegularFile`), and only inside
/// `sandbox` when one is given.
package struct FileSystemReader: ResourceReader {
    /// Where relative paths are found (nil: the current folder).
    package var baseDirectory: String?
    /// The folder every read must lie in (nil: anywhere).
    package var sandbox: Sandbox?
    package init(baseDirectory: String? = nil, sandbox: Sandbox? = nil) {
        self.baseDirectory = baseDirectory
        self.sandbox = sandbox
    }

    package func read(_ path: String, maximumBytes: Int) -> Result<[UInt8], ResourceError> {
        var full = path.hasPrefix("/") || baseDirectory == nil ? path : baseDirectory! + "/" + path
        if let sandbox {
            switch sandbox.confine(full) {
            case .success(let resolved): full = resolved
            case .failure(let error): return .failure(error)
            }
        }
        do {
            return .success(try RegularFile.read(full, maximumSize: maximumBytes))
        } catch {
            return .failure(error)
        }
    }
}
