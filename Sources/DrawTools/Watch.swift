/// What `drawc watch` and `drawc preview` watch: the drawing and every file it read, each by
/// a stat stamp taken by path (so a save by rename, which replaces the file, is a change
/// like any other). The stat itself is the executable's (platform code, behind `#if`).
package struct FileStamp: Hashable, Sendable {
    package var exists: Bool
    package var size: Int64
    package var modifiedSeconds: Int64
    package var modifiedNanoseconds: Int64
    package var inode: UInt64
    package init(exists: Bool, size: Int64 = 0, modifiedSeconds: Int64 = 0, modifiedNanoseconds: Int64 = 0, inode: UInt64 = 0) {
        self.exists = exists; self.size = size; self.modifiedSeconds = modifiedSeconds
        self.modifiedNanoseconds = modifiedNanoseconds; self.inode = inode
    }
    package static let missing = FileStamp(exists: false)
}

/// The files of one drawing and their stamps when it was last compiled.
package struct WatchSet: Sendable {
    /// How often the files are looked at, in milliseconds.
    package static let pollMilliseconds = 15
    /// A change is compiled once the stamps have held still this long (editors write in
    /// several steps: truncate, write, rename).
    package static let debounceMilliseconds = 20
    /// The most files watched for one drawing (a drawing that reads more still compiles).
    package static let maximumFiles = 10_000

    package private(set) var stamps: [(path: String, stamp: FileStamp)] = []

    package init() {}

    /// Replaces the watched files (after a compile: the drawing and what it read).
    package mutating func reset(paths: [String], stamp: (String) -> FileStamp) {
        var seen = Set<String>()
        stamps = []
        for path in paths where seen.insert(path).inserted && stamps.count < Self.maximumFiles {
            stamps.append((path, stamp(path)))
        }
    }

    /// Records `stamp` for `path` (the drawing's stamp taken before it was read, so a save
    /// during the compile is seen at the next poll).
    package mutating func set(_ path: String, _ stamp: FileStamp) {
        if let i = stamps.firstIndex(where: { $0.path == path }) { stamps[i].stamp = stamp }
    }

    /// The files whose stamp differs from the recorded one.
    package func changed(stamp: (String) -> FileStamp) -> [String] {
        stamps.compactMap { stamp($0.path) != $0.stamp ? $0.path : nil }
    }

    /// The current stamps of every watched file, to compare while debouncing.
    package func snapshot(stamp: (String) -> FileStamp) -> [FileStamp] {
        stamps.map { stamp($0.path) }
    }
}

/// The files a compile depends on, as paths to stat: the drawing itself, then what it read
/// (`CompileResult.filesRead`, already resolved against the drawing's folder).
package func watchedPaths(input: String, filesRead: [String]) -> [String] {
    [input] + filesRead
}
