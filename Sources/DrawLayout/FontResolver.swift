// How layout finds fonts: the standard 14 are built in; anything else goes through an
// optional loader supplied by the caller (DrawKit wires the TrueType loader of DrawFonts
// here), so layout itself never touches the file system for fonts.

import DrawCatalogue
import DrawFonts

/// Finds the faces named by `font:`. Standard-14 names are resolved here; other names
/// (family names on the font path, file paths) go to `trueType`, when set.
package struct FontResolver: Sendable {
    /// Why a non-standard font could not be used, in words for a diagnostic
    /// ("no font named 'Foo' on the font path", "'x.ttf' is damaged: …").
    package struct LoadError: Error, Hashable, Sendable {
        package var message: String
        package init(_ message: String) { self.message = message }
    }

    /// Loads a face by family name or absolute path, choosing the face for `bold`/`italic`.
    /// Returns nil when the name is not a font it knows (layout then reports an unknown font).
    package typealias TrueTypeLoader = @Sendable (_ name: String, _ bold: Bool, _ italic: Bool) -> Result<TrueTypeFontRef, LoadError>?

    package var trueType: TrueTypeLoader?

    package init(trueType: TrueTypeLoader? = nil) { self.trueType = trueType }
}

extension FontResolver {
    /// A resolver backed by a `FontLibrary` (font path, files relative to the drawing).
    /// A family the library cannot find is reported by layout as an unknown font; any other
    /// failure (unreadable, damaged, CFF outlines…) with the library's own message.
    package init(library: FontLibrary) {
        self.init(trueType: { name, bold, italic in
            do throws(FontError) {
                switch try library.resolve(name, bold: bold, italic: italic) {
                case .trueType(let face): return .success(face)
                case .standard: return nil  // layout resolves standard names itself
                }
            } catch {
                if error.kind == .familyNotFound { return nil }
                return .failure(LoadError(error.description))
            }
        })
    }
}
