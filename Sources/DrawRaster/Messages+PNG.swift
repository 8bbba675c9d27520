// The PNG backend's diagnostic ids, typed: every failure names one of these cases, never a
// string (a test checks no id is written inline). docs/png.md lists them.

package enum RasterID: String, CaseIterable, Sendable {
    /// A page larger than `RasterLimits.maximumPagePixels`.
    case pageTooLarge = "png.page-too-large"
    /// More edges on one page than `RasterLimits.maximumEdgesPerPage`, at the node whose
    /// drawing passed the limit.
    case tooManyEdges = "png.too-many-edges"
    /// More dashes on one stroke than `Stroker.maximumDashes`.
    case tooManyDashes = "png.too-many-dashes"
    /// A font the document uses has no file to draw its glyphs from.
    case fontMissing = "png.font-missing"
    /// A font file that cannot be read or parsed when drawing.
    case fontUnreadable = "png.font-unreadable"
    /// An image of the drawing that cannot be decoded for drawing.
    case imageUndecodable = "png.image-undecodable"
    /// Warning (PDF, PostScript): a shadow drawn by drawc as an image whose area is too large
    /// to draw (`RasterLimits.maximumPagePixels` at 144 dpi) or whose content passes the edge
    /// limit, at its node: `rect width: 14000pt, height: 14000pt, shadow: …` to PDF.
    case shadowNotDrawn = "png.shadow-not-drawn"
}
