// The namespace of the scene: declared here, below the node tree and the IR, with the
// coordinate limits every stage checks against and the id a fill names a pattern by; DrawScene
// extends it with the IR itself (`Scene.Document`, `Scene.Item`, …).

package enum Scene {
    /// The coordinate range of a drawing, in points either way from the origin (about
    /// 3.5 km): a property value, a number of path data or a laid-out node beyond it is an
    /// error in every format (nothing that large is drawable, and interpreters with
    /// single-precision reals fail on huge numbers). See docs/language.md, Limits.
    package static let maximumCoordinate = 1e7
    /// The largest page side, in points (200 in): the implementation limit of PDF
    /// (PDF 32000-1, Annex C.2) and the largest `/PageSize` PostScript is asked for. A larger
    /// page is an error, not a clipped or rescaled one.
    package static let maximumPageSide = 14_400.0

    /// Index of a tiling pattern in `Document.patterns`.
    package struct PatternID: Hashable, Sendable {
        package var index: Int
        package init(_ index: Int) { self.index = index }
    }
}
