// DrawDiagnostics — source files, spans and diagnostics, shared by every stage.
//
// Takes: the bytes of .draw files. Hands on: `SourceFile` (bytes + line table), `Span`
// (file id + byte offsets) and `Diagnostic` values. Positions are byte offsets everywhere;
// line and column are computed only when a message is rendered, and columns shown to people
// count Unicode scalars, 1-based. This target knows nothing of the language itself.

/// Identifies a `SourceFile` inside a `SourceManager`.
// `FileID` and `Span` are public rather than package, their initialisers inlinable: Swift
// 6.3.1 inlines no member of a `package` type into another module, and the parser and the
// evaluator make a span for nearly every token and argument — as calls, ~2 M instructions for
// 10,000 nodes (issue 38; DrawCatalogue's PropertyRoles.swift says the same of its enums).
// DrawDiagnostics is no product: nothing outside the package sees them.
public struct FileID: Hashable, Sendable, Comparable {
    @usableFromInline package var raw: UInt32
    @inlinable package init(_ raw: UInt32) { self.raw = raw }
    public static func < (a: FileID, b: FileID) -> Bool { a.raw < b.raw }
}

/// A half-open byte range `start..<end` in one source file.
public struct Span: Hashable, Sendable {
    @usableFromInline package var file: FileID
    @usableFromInline package var start: UInt32
    @usableFromInline package var end: UInt32

    @inlinable package init(file: FileID, start: UInt32, end: UInt32) {
        self.file = file
        self.start = start
        self.end = max(start, end)
    }

    /// A span that stands for "no location" (e.g. a limit hit with no source text).
    package static let unknown = Span(file: FileID(UInt32.max), start: 0, end: 0)

    package var isUnknown: Bool { file.raw == UInt32.max }
    package var length: UInt32 { end - start }

    /// The smallest span covering both (same file assumed; the other file's span is ignored).
    package func merged(with other: Span) -> Span {
        guard other.file == file else { return self }
        return Span(file: file, start: min(start, other.start), end: max(end, other.end))
    }
}

/// One source text: its path as given, its bytes, and the byte offset of each line start.
package struct SourceFile: Sendable {
    package let id: FileID
    package let path: String
    package let bytes: [UInt8]
    /// Byte offsets at which each line starts; `lineStarts[0] == 0`.
    package let lineStarts: [UInt32]

    package init(id: FileID, path: String, bytes: [UInt8]) {
        self.id = id
        self.path = path
        self.bytes = bytes
        var starts: [UInt32] = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            var index = 0
            // Eight bytes at a time: a word without a newline (most of them) is passed after one
            // test, where a byte loop cost ~5 instructions a byte of every file (issue 38). The
            // test flags every word that has a newline (bytes XOR '\n' with a zero byte), and
            // the flagged words' bytes are looked at one by one, as are the last few bytes.
            let raw = UnsafeRawPointer(base)
            while index &+ 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
                if (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0 {
                    for k in index..<index &+ 8 where buffer[k] == 0x0A { starts.append(UInt32(k + 1)) }
                }
                index &+= 8
            }
            for k in index..<count where buffer[k] == 0x0A { starts.append(UInt32(k + 1)) }
        }
        self.lineStarts = starts
    }

    package init(id: FileID, path: String, text: String) {
        self.init(id: id, path: path, bytes: Array(text.utf8))
    }

    /// Zero-based line index containing `offset` (binary search in the line table).
    package func lineIndex(of offset: UInt32) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The bytes of line `index` without its line terminator (`\n` or `\r\n`).
    package func lineBytes(_ index: Int) -> ArraySlice<UInt8> {
        let start = Int(lineStarts[index])
        var end = index + 1 < lineStarts.count ? Int(lineStarts[index + 1]) - 1 : bytes.count
        if end > start, end <= bytes.count, end - 1 >= start, bytes[end - 1] == 0x0D { end -= 1 }
        return bytes[start..<max(start, end)]
    }

    /// 1-based line and column of `offset`; the column counts Unicode scalars (UTF-8 lead
    /// bytes), so a caret under "é" lands on it whatever its byte length.
    package func location(of offset: UInt32) -> (line: Int, column: Int) {
        let line = lineIndex(of: offset)
        let start = Int(lineStarts[line])
        let end = min(Int(offset), bytes.count)
        var column = 1
        var index = start
        while index < end {
            // Continuation bytes (10xxxxxx) do not start a scalar.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        if end < Int(offset) { column += Int(offset) - end }
        return (line + 1, column)
    }

    /// The text of a span, with invalid UTF-8 repaired.
    package func text(of span: Span) -> String {
        let start = min(Int(span.start), bytes.count)
        let end = min(Int(span.end), bytes.count)
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

/// All files of one compilation (the main file and its imports), addressed by `FileID`.
package struct SourceManager: Sendable {
    package private(set) var files: [SourceFile] = []

    package init() {}

    @discardableResult
    package mutating func add(path: String, bytes: [UInt8]) -> FileID {
        let id = FileID(UInt32(files.count))
        files.append(SourceFile(id: id, path: path, bytes: bytes))
        return id
    }

    package subscript(id: FileID) -> SourceFile? {
        Int(id.raw) < files.count ? files[Int(id.raw)] : nil
    }
}
