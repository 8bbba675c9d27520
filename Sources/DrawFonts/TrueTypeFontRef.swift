/// A loaded TrueType face shared by reference: one font file is parsed once per
/// compilation and used by layout (metrics) and backends (subsetting). Identity is the
/// object; equality and hashing use it. The real contents arrive with issue 8.
package final class TrueTypeFontRef: Hashable, @unchecked Sendable {
    /// The font's PostScript name (`name` table id 6), e.g. "DejaVuSans".
    package let postScriptName: String
    package init(postScriptName: String) { self.postScriptName = postScriptName }
    package static func == (a: TrueTypeFontRef, b: TrueTypeFontRef) -> Bool { a === b }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
