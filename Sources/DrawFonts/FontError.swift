/// Why a font could not be loaded or used. Font files are untrusted input: every problem in
/// one is one of these values, never a crash. Layout turns them into diagnostics at the span
/// of the `font:` property that named the font.
package struct FontError: Error, Hashable, Sendable, CustomStringConvertible {
    package enum Kind: Hashable, Sendable {
        /// The file could not be read (missing, unreadable, a directory).
        case unreadable
        /// Not a TrueType/OpenType font or collection (unknown signature).
        case notAFont
        /// An OpenType font with variable PostScript (`CFF2`) outlines: not supported.
        case cffNotSupported
        /// A required table is missing.
        case missingTable
        /// A read past the end of the file or of a table, an offset out of range, a count
        /// that cannot fit: the file is damaged or hostile.
        case damaged
        /// A value the format forbids (unitsPerEm 0, an unknown loca format, …).
        case invalidValue
        /// A collection has no face with that index or name.
        case noSuchFace
        /// No font of that family was found on the font path.
        case familyNotFound
        /// A named limit was exceeded (file size, glyph count, composite depth).
        case limitExceeded
    }

    package var kind: Kind
    /// Lower-case, no final period, in the house style: "font 'x.ttf' is damaged: …" is built
    /// by layout from `file` and this detail.
    package var detail: String
    /// The file the error concerns, when known.
    package var file: String?

    package init(_ kind: Kind, _ detail: String, file: String? = nil) {
        self.kind = kind; self.detail = detail; self.file = file
    }

    package var description: String {
        if let file { return "font '\(file)': \(detail)" }
        return detail
    }

    func withFile(_ path: String) -> FontError {
        var copy = self
        if copy.file == nil { copy.file = path }
        return copy
    }
}

/// Named limits against hostile font files.
package enum FontLimits {
    /// Largest font file drawc reads (CJK fonts reach 20–30 MB; collections more).
    package static let maxFileSize = 256 << 20
    /// Deepest composite-glyph nesting followed (real fonts use 1–3 levels).
    package static let maxCompositeDepth = 16
    /// Most faces read from one collection.
    package static let maxFacesInCollection = 1024
    /// Most directory entries visited while scanning the font path.
    package static let maxFilesScanned = 20_000
}
