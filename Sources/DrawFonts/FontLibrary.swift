import DrawResources
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A font a `font:` name resolved to.
package enum ResolvedFont: Hashable, Sendable {
    case standard(Standard14Font)
    case trueType(TrueTypeFontRef)
}

/// Finds and loads the fonts of one compilation: standard-14 names, font files by path, and
/// TrueType families on the font path. Every file is read and parsed at most once (faces are
/// cached by file and face index, so the same name gives the same `TrueTypeFontRef` object);
/// the font path is scanned lazily, one directory at a time, only when a family name is not
/// found in the directories before it. Thread-safe.
///
/// Fallback lists (`font: ["DejaVu Sans", "WenQuanYi Micro Hei"]`) are the caller's: resolve
/// each name, then pick per character the first face whose `glyph(for:)` is non-nil.
package final class FontLibrary: @unchecked Sendable {
    /// Directories searched for family names, in order: the first directory holding any face
    /// of a family supplies it (so `--font-path` overrides the system's fonts).
    package let searchDirectories: [String]
    /// Relative font file paths are resolved against this (the drawing's folder).
    package let baseDirectory: String?

    private let lock = Lock()
    private var faces: [String: TrueTypeFontRef] = [:]          // "path#index"
    private var fileBytes: [String: [UInt8]] = [:]
    private var scanned: [[FaceEntry]] = []                      // per directory, in order
    private var filesScanned = 0

    /// One face found while scanning the font path.
    struct FaceEntry {
        var path: String
        var index: Int
        var families: Set<String>  // normalised (see `normalizedFontName`)
        var bold: Bool
        var italic: Bool
        var weight: Int
        var width: Int
        var error: FontError?      // e.g. CFF2: found, but cannot be used
        /// Glyphs in the face: among equally good styles the fuller face wins, so a cut-down
        /// copy of a family (a subset, a test font) never hides the complete one.
        var glyphCount: Int = 0
        /// The family name as the font spells it (for tools that list the font path).
        var displayFamily: String = ""
    }

    /// The folders font files may be read from (`--sandbox`: the sandbox and the
    /// `--font-path` folders); nil reads anywhere. A file named by path or met while scanning
    /// that lies outside all of them is not read.
    package let readableFolders: [Sandbox]?

    package init(searchDirectories: [String], baseDirectory: String? = nil, readableFolders: [Sandbox]? = nil) {
        self.searchDirectories = searchDirectories
        self.baseDirectory = baseDirectory
        self.readableFolders = readableFolders
    }

    /// The font path in the documented order: `--font-path` entries, `DRAWC_FONT_PATH`
    /// (colon-separated), the drawing's folder, then the system folders of Linux and macOS
    /// (/usr/share/fonts, /usr/local/share/fonts, ~/.local/share/fonts, ~/.fonts,
    /// ~/Library/Fonts, /Library/Fonts, /System/Library/Fonts). Missing folders are harmless.
    /// Under `--sandbox` (`system: false`) only the `--font-path` entries and the drawing's
    /// folder are searched: no environment, no system or home folders.
    package static func searchDirectories(fontPath: [String], environment: [String: String],
                                          drawingDirectory: String?, system: Bool = true) -> [String] {
        var dirs = fontPath
        if system, let env = environment["DRAWC_FONT_PATH"] {
            dirs += env.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        if let drawingDirectory { dirs.append(drawingDirectory) }
        if system {
            dirs += ["/usr/share/fonts", "/usr/local/share/fonts"]
            if let home = environment["HOME"], !home.isEmpty {
                dirs += [home + "/.local/share/fonts", home + "/.fonts", home + "/Library/Fonts"]
            }
            dirs += ["/Library/Fonts", "/System/Library/Fonts"]
        }
        var seen = Set<String>()
        return dirs.filter { seen.insert($0).inserted }
    }

    // MARK: Resolving names

    /// Resolves a `font:` name:
    /// 1. a file path (contains `/`, or ends in .ttf/.ttc/.otf/.otc), relative to the
    ///    drawing's folder; a collection face is chosen with a suffix `#2` (index) or
    ///    `#Face Name` (PostScript, full or family name), else `bold`/`italic` pick among its
    ///    faces;
    /// 2. a standard-14 name (`Standard14Font(family:bold:italic:)`);
    /// 3. a TrueType family on the font path, `bold`/`italic` choosing the face.
    package func resolve(_ name: String, bold: Bool, italic: Bool) throws(FontError) -> ResolvedFont {
        if let (path, selector) = Self.fileReference(name) {
            return .trueType(try trueType(path: path, face: selector, bold: bold, italic: italic))
        }
        if let standard = Standard14Font(family: name, bold: bold, italic: italic) { return .standard(standard) }
        return .trueType(try trueType(family: name, bold: bold, italic: italic))
    }

    /// Splits "dir/x.ttc#1" into a path and a face selector; nil if `name` is not a path.
    package static func fileReference(_ name: String) -> (String, TrueTypeFontRef.FaceSelector?)? {
        var path = name
        var selector: TrueTypeFontRef.FaceSelector?
        if let hash = name.lastIndex(of: "#") {
            let before = String(name[..<hash]), after = String(name[name.index(after: hash)...])
            if hasFontExtension(before), !after.isEmpty {
                path = before
                selector = Int(after).map { .index($0) } ?? .name(after)
            }
        }
        guard path.contains("/") || path.contains("\\") || hasFontExtension(path) else { return nil }
        return (path, selector)
    }

    package static func hasFontExtension(_ path: String) -> Bool {
        let lower = path.lowercased()
        return [".ttf", ".ttc", ".otf", ".otc"].contains { lower.hasSuffix($0) }
    }

    /// A face from a file. Without a selector, a collection's face is chosen by `bold`/`italic`
    /// (a single font is its only face).
    package func trueType(path rawPath: String, face selector: TrueTypeFontRef.FaceSelector? = nil,
                          bold: Bool = false, italic: Bool = false) throws(FontError) -> TrueTypeFontRef {
        let path = absolutePath(rawPath)
        return try lock.withLock { () throws(FontError) -> TrueTypeFontRef in
            let bytes = try bytesOfFile(path)
            let count: Int
            do throws(FontError) { count = try TrueTypeFontRef.faceCount(bytes: bytes) } catch { throw error.withFile(rawPath) }
            switch selector {
            case .index(let i)?:
                return try face(path, i, bytes, displayPath: rawPath)
            case .name(let name)?:
                let wanted = normalizedFontName(name)
                var names: [String] = []
                for i in 0..<count {
                    let f = try face(path, i, bytes, displayPath: rawPath)
                    if ([f.postScriptName, f.fullName] + f.allFamilyNames).contains(where: { normalizedFontName($0) == wanted }) { return f }
                    names.append(f.fullName)
                }
                throw FontError(.noSuchFace, "has no face named '\(name)' (it has: \(names.joined(separator: ", ")))", file: rawPath)
            case nil:
                if count == 1 { return try face(path, 0, bytes, displayPath: rawPath) }
                var candidates: [FaceEntry] = []
                for i in 0..<count {
                    let f = try face(path, i, bytes, displayPath: rawPath)
                    candidates.append(FaceEntry(path: path, index: i, families: [], bold: f.isBold, italic: f.isItalic,
                                                weight: f.weightClass, width: f.widthClass, glyphCount: f.glyphCount))
                }
                let best = Self.bestFace(candidates, bold: bold, italic: italic)!
                return try face(path, best.index, bytes, displayPath: rawPath)
            }
        }
    }

    /// The face of a family on the font path that best matches `bold`/`italic`: same style
    /// first, then normal width, then the weight nearest 400 (700 when bold), then the face
    /// with the most glyphs.
    package func trueType(family: String, bold: Bool, italic: Bool) throws(FontError) -> TrueTypeFontRef {
        let wanted = normalizedFontName(family)
        return try lock.withLock { () throws(FontError) -> TrueTypeFontRef in
            for d in searchDirectories.indices {
                if d >= scanned.count { scanned.append(scan(searchDirectories[d])) }
                let matches = scanned[d].filter { $0.families.contains(wanted) }
                let usable = matches.filter { $0.error == nil }
                if let best = Self.bestFace(usable, bold: bold, italic: italic) {
                    return try face(best.path, best.index, try bytesOfFile(best.path), displayPath: best.path)
                }
                // Only unusable (CFF2) faces: report the one the style would have chosen.
                if let error = Self.bestFace(matches, bold: bold, italic: italic)?.error { throw error }
            }
            throw FontError(.familyNotFound, "no font named '\(family)' on the font path (searched \(searchDirectories.joined(separator: ", ")))")
        }
    }

    /// The families of the usable faces on the font path, sorted, each once (scans every
    /// folder not scanned yet; for the language server's `font:` completion).
    package func familyNames() -> [String] {
        lock.withLock {
            for d in searchDirectories.indices where d >= scanned.count { scanned.append(scan(searchDirectories[d])) }
            var names = Set<String>()
            for entries in scanned { for e in entries where e.error == nil && !e.displayFamily.isEmpty { names.insert(e.displayFamily) } }
            return names.sorted()
        }
    }

    static func bestFace(_ faces: [FaceEntry], bold: Bool, italic: Bool) -> FaceEntry? {
        let targetWeight = bold ? 700 : 400
        func score(_ f: FaceEntry) -> (Int, Int, Int, Int) {
            ((f.bold != bold ? 2 : 0) + (f.italic != italic ? 1 : 0), abs(f.width - 5), abs(f.weight - targetWeight), -f.glyphCount)
        }
        // Ties keep scan order (paths sorted), so the choice is deterministic.
        var best: FaceEntry?
        for f in faces where best == nil || score(f) < score(best!) { best = f }
        return best
    }

    // MARK: Files and caches (called with the lock held)

    private func absolutePath(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let base = baseDirectory else { return path }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    private func bytesOfFile(_ path: String) throws(FontError) -> [UInt8] {
        if let bytes = fileBytes[path] { return bytes }
        let bytes = try readFontFile(path)
        fileBytes[path] = bytes
        return bytes
    }

    /// A font file's bytes, when it lies in one of `readableFolders` (or anywhere without them).
    private func readFontFile(_ path: String) throws(FontError) -> [UInt8] {
        guard let readableFolders else { return try TrueTypeFontRef.readFontFile(path) }
        var refusal: ResourceError?
        for folder in readableFolders {
            switch folder.confine(path) {
            case .success(let resolved): return try TrueTypeFontRef.readFontFile(resolved)
            case .failure(let error): if refusal == nil || error.reason == .missing { refusal = error }
            }
        }
        throw FontError(.unreadable, refusal?.message ?? "cannot be read", file: path)
    }

    private func face(_ path: String, _ index: Int, _ bytes: [UInt8], displayPath: String) throws(FontError) -> TrueTypeFontRef {
        let key = "\(path)#\(index)"
        if let f = faces[key] { return f }
        let f: TrueTypeFontRef
        do throws(FontError) { f = try TrueTypeFontRef.load(bytes: bytes, face: .index(index), path: path) } catch { throw error.withFile(displayPath) }
        faces[key] = f
        return f
    }

    /// Faces of the font files under `directory` (recursively, sorted by path). Unreadable
    /// and damaged files are skipped; CFF2 fonts are kept with their error, so asking for them
    /// says "not supported" rather than "not found".
    private func scan(_ directory: String) -> [FaceEntry] {
        var files: [String] = []
        walk(directory, depth: 0, into: &files)
        var entries: [FaceEntry] = []
        for path in files.sorted() {
            guard let bytes = try? readFontFile(path),
                  let count = try? TrueTypeFontRef.faceCount(bytes: bytes) else { continue }
            for i in 0..<count {
                do {
                    let f = try TrueTypeFontRef.load(bytes: bytes, face: .index(i), path: path)
                    entries.append(FaceEntry(path: path, index: i, families: Set(f.allFamilyNames.map(normalizedFontName)),
                                             bold: f.isBold, italic: f.isItalic, weight: f.weightClass, width: f.widthClass,
                                             glyphCount: f.glyphCount, displayFamily: f.allFamilyNames.first ?? ""))
                } catch where error.kind == .cffNotSupported {
                    // Names only, to tell the user why the family they named cannot be used.
                    let reader = ByteReader(bytes)
                    guard let offsets = try? TrueTypeFontRef.faceOffsets(reader), i < offsets.count,
                          let names = Self.familyNames(reader, offsets[i]) else { continue }
                    entries.append(FaceEntry(path: path, index: i, families: Set(names.map(normalizedFontName)),
                                             bold: false, italic: false, weight: 400, width: 5, error: error.withFile(path)))
                } catch {
                    continue
                }
            }
        }
        return entries
    }

    /// Collects font files under `directory`; depth-limited, so symbolic-link loops end.
    private func walk(_ directory: String, depth: Int, into files: inout [String]) {
        guard depth < 16, let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            filesScanned += 1
            if filesScanned > FontLimits.maxFilesScanned { return }
            let path = directory + "/" + name
            if Self.hasFontExtension(name) {
                files.append(path)
            } else {
                // Possibly a directory: listing a plain file fails harmlessly.
                walk(path, depth: depth + 1, into: &files)
            }
        }
    }

    /// Family names (ids 1 and 16) of the face whose table directory is at `base`.
    static func familyNames(_ r: ByteReader, _ base: Int) -> [String]? {
        guard let numTables = r.u16OrNil(base + 4) else { return nil }
        for i in 0..<numTables {
            let at = base + 12 + 16 * i
            guard r.u32OrNil(at) == 0x6E61_6D65,  // 'name'
                  let offset = r.u32OrNil(at + 8), let length = r.u32OrNil(at + 12) else { continue }
            let record = TrueTypeFontRef.TableRecord(tag: "name", checksum: 0, offset: offset, length: length)
            guard (try? r.check(offset, length, "name")) != nil, let table = try? NameTable(reader: r, table: record) else { return nil }
            return table.all(1) + table.all(16)
        }
        return nil
    }
}

/// A mutex (pthread) for the library's caches: FoundationEssentials has no NSLock, and
/// Synchronization's Mutex needs newer Apple systems than the package supports.
final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
