#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Sandbox — one folder that every file a drawing names must lie in (`drawc compile
// --sandbox DIR`, docs/cli.md "Untrusted drawings"). Takes: the folder, and later each path
// a drawing asks for. Hands on: the path with every symbolic link and `..` resolved
// (realpath(3)) when it lies inside the folder, or a `ResourceError` (`.outsideSandbox`)
// when it does not. The resolved path is what gets opened, so a link inside the folder that
// points out of it is refused, not followed. Does not: guard against the folder's own
// contents being changed by someone else while a compile runs (a link swapped in between
// the check and the open); a service gives each compile a folder only it writes.

/// A folder that confines reads.
package struct Sandbox: Sendable, Hashable {
    /// The folder, with links resolved (no trailing slash, except for "/").
    package let folder: String
    /// The folder as given, for messages.
    package let shownFolder: String

    /// Nil when `folder` does not exist or is not a folder.
    package init?(folder: String) {
        guard let resolved = Sandbox.resolve(folder) else { return nil }
        var info = stat()
        guard stat(resolved, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        self.folder = resolved
        self.shownFolder = folder
    }

    /// A sandbox that refuses every path: what a folder that does not exist confines to (a
    /// library caller who names a missing folder gets no reads, never all of them).
    package static func refusingAll(_ shownFolder: String) -> Sandbox { Sandbox(resolved: "\u{0}", shown: shownFolder) }

    /// `folder` when it is a folder, otherwise a sandbox that refuses everything.
    package static func confining(to folder: String) -> Sandbox { Sandbox(folder: folder) ?? refusingAll(folder) }

    private init(resolved: String, shown: String) {
        self.folder = resolved
        self.shownFolder = shown
    }

    /// `path` resolved, when it lies inside the folder; `.outsideSandbox` when it does not;
    /// `.missing` when it does not exist (a missing file inside the folder reads as missing,
    /// a missing file outside it as outside, so the sandbox does not tell which exist).
    package func confine(_ path: String) -> Result<String, ResourceError> {
        guard let resolved = Sandbox.resolve(path) else {
            // A missing file: judge by its folder, which may exist.
            let slash = path.lastIndex(of: "/")
            let parent = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
            if let resolvedParent = Sandbox.resolve(parent), contains(resolvedParent) {
                return .failure(Resources.missing)
            }
            return .failure(outside)
        }
        return contains(resolved) ? .success(resolved) : .failure(outside)
    }

    /// Whether the resolved `path` is the folder or lies below it.
    func contains(_ resolved: String) -> Bool {
        if resolved == folder { return true }
        let prefix = folder == "/" ? "/" : folder + "/"
        return resolved.hasPrefix(prefix)
    }

    private var outside: ResourceError {
        ResourceError(.outsideSandbox, "is outside the sandbox folder '\(shownFolder)'")
    }

    /// realpath(3): absolute, without links, `.` or `..`; nil when the path does not exist.
    static func resolve(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
