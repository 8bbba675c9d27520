#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// DirectoryListing — the names in one folder, for tools that offer file names (the language
// server's completion of `import "…"`, `csv("…")`, image and font paths). Takes: a folder's
// path. Hands on: its entries (name, and whether it is a folder), sorted by name, at most
// `DirectoryLimits.maximumEntries` of them. Does not: recurse, follow anything but the
// folder itself, or read a file.

/// One name in a folder.
package struct DirectoryEntry: Sendable, Hashable {
    package var name: String
    /// True for a folder (or a link to one).
    package var isDirectory: Bool
    package init(name: String, isDirectory: Bool) { self.name = name; self.isDirectory = isDirectory }
}

/// Limits of a listing against a huge folder.
package enum DirectoryLimits {
    /// Entries read from one folder; the rest are not offered.
    package static let maximumEntries = 2_000
}

/// Lists folders: the file system, or anything a test or an app supplies.
package protocol DirectoryLister: Sendable {
    /// The entries of the folder at `path` (without `.` and `..`), or nil if it is not one.
    func entries(of path: String) -> [DirectoryEntry]?
}

/// The file system's folders (opendir/readdir, a stat per entry for its type).
package struct FileSystemLister: DirectoryLister {
    package init() {}

    package func entries(of path: String) -> [DirectoryEntry]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var out: [DirectoryEntry] = []
        while out.count < DirectoryLimits.maximumEntries, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." || name.isEmpty { continue }
            var info = stat()
            let full = path.hasSuffix("/") ? path + name : path + "/" + name
            let isDirectory = stat(full, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            out.append(DirectoryEntry(name: name, isDirectory: isDirectory))
        }
        return out.sorted { $0.name < $1.name }
    }
}

/// Folders held in memory: path → entries (tests, apps that hold their files).
package struct MemoryLister: DirectoryLister {
    package var folders: [String: [DirectoryEntry]]
    package init(_ folders: [String: [DirectoryEntry]]) { self.folders = folders }
    package func entries(of path: String) -> [DirectoryEntry]? {
        folders[path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path]
    }
}
