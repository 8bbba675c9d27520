// What a document uses, found in one walk of its items (issue 35): the fonts of each page in
// first-use order with the TrueType glyphs shown and the text each stands for, and the tiling
// patterns each page fills with. Backends read it instead of walking the items again before
// they write: PostScript's font set, glyph subsets and per-page pattern definitions, PDF's
// TrueType subsets. The walk is depth first in drawing order (a group's items where the group
// is), so "first use" is the first in the order the page is drawn.

import DrawBase
import DrawFonts

extension Scene {
    /// The resources one page (or one tile of a pattern) uses.
    package struct Usage: Sendable {
        /// Fonts (`Document.fonts` indices) in first-use order.
        package var fonts: [Int] = []
        /// Per TrueType font index: each glyph shown, in first-use order, with what its first
        /// use stands for.
        package var glyphs: [Int: [GlyphUse]] = [:]
        /// The patterns (`Document.patterns` indices) the items fill with directly, in
        /// first-use order (a pattern's own patterns are in that pattern's usage).
        package var patterns: [Int] = []

        /// A glyph and the text its first use stands for.
        package struct GlyphUse: Sendable, Equatable {
            package var glyph: UInt16
            /// The glyph's scalar (`PositionedGlyph.scalar`).
            package var scalar: Unicode.Scalar
            /// The text shaping gave it when that differs from `scalar` (a ligature's letters,
            /// in drawing order for a right-to-left run: readers reverse a right-to-left
            /// word's characters), else nil.
            package var text: [Unicode.Scalar]?
        }

        /// The usage of `items`, whose text runs refer to `fonts`.
        package init(_ items: [Item], fonts: [FontResource]) {
            var seenFonts = Set<Int>()
            var seenGlyphs: [Int: Set<UInt16>] = [:]
            var seenPatterns = Set<Int>()
            // Depth first in drawing order, without recursion (groups nest deeply).
            var pending: [(items: [Item], next: Int)] = [(items, 0)]
            while !pending.isEmpty {
                let top = pending.count - 1
                let index = pending[top].next
                guard index < pending[top].items.count else { pending.removeLast(); continue }
                pending[top].next += 1
                switch pending[top].items[index] {
                case .text(let run):
                    let font = run.font.index
                    guard fonts.indices.contains(font) else { break }
                    if seenFonts.insert(font).inserted { self.fonts.append(font) }
                    guard case .trueType = fonts[font] else { break }
                    var seen = seenGlyphs[font] ?? []
                    var uses = glyphs[font] ?? []
                    for (k, glyph) in run.glyphs.enumerated() where seen.insert(glyph.glyph).inserted {
                        var text: [Unicode.Scalar]?
                        if let own = run.glyphText, k < own.count {
                            let scalars = Array(own[k].unicodeScalars)
                            text = run.isRightToLeft ? scalars.reversed() : scalars
                        }
                        uses.append(GlyphUse(glyph: glyph.glyph, scalar: glyph.scalar, text: text))
                    }
                    seenGlyphs[font] = seen
                    glyphs[font] = uses
                case .path(_, let paint):
                    if let id = paint.fill?.pattern, seenPatterns.insert(id.index).inserted { patterns.append(id.index) }
                case .group(let group):
                    pending.append((group.items, 0))
                case .image:
                    break
                }
            }
        }
    }

    /// The usage of every page and every pattern of a document, each found once.
    package struct DocumentUsage: Sendable {
        package var pages: [Usage]
        /// By `Document.patterns` index.
        package var patterns: [Usage]

        package init(_ document: Document) {
            pages = document.pages.map { Usage($0.items, fonts: document.fonts) }
            patterns = document.patterns.map { Usage($0.items, fonts: document.fonts) }
        }

        /// The patterns the page at `index` fills with, directly or through the tiles of
        /// other patterns, in index order.
        package func patterns(ofPage index: Int) -> [Int] {
            var used = Set<Int>()
            var pending = pages[index].patterns
            while let next = pending.popLast() {
                guard patterns.indices.contains(next), used.insert(next).inserted else { continue }
                pending += patterns[next].patterns
            }
            return used.sorted()
        }
    }
}
