// What a document uses, found in one walk of its items (issue 35): the fonts of each page in
// first-use order with the TrueType glyphs shown and the text each stands for, the tiling
// patterns each page fills with, and what PostScript cannot show as the other formats do
// (transparency, transparent gradient stops, blend modes) with the images in first-use
// order. Backends read it instead of walking the items again before they write:
// PostScript's font set, glyph subsets, per-page pattern definitions, whether a page needs
// the transparency compositor and its warnings; PDF's TrueType subsets. A backend asks only
// for what it reads (`Scene.UsageNeeds`), and nothing is walked for what the document
// cannot hold (PDF's glyphs when no TrueType face is loaded). The walk is depth first in
// drawing order (a group's items where the group is), so "first use" is the first in the
// order the page is drawn.

import DrawBase
import DrawFonts

extension Scene {
    /// What a backend asks `DocumentUsage` to find; each costs a little per item.
    package struct UsageNeeds: OptionSet, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `Usage.fonts`: every font, in first-use order.
        package static let fonts = UsageNeeds(rawValue: 1)
        /// `Usage.glyphs`: the TrueType glyphs shown.
        package static let trueTypeGlyphs = UsageNeeds(rawValue: 2)
        /// `Usage.patterns`: the tiling patterns filled with.
        package static let patterns = UsageNeeds(rawValue: 4)
        /// `Usage.effects` and `Usage.images`: transparency, blend modes and images.
        package static let effects = UsageNeeds(rawValue: 8)
        package static let all: UsageNeeds = [.fonts, .trueTypeGlyphs, .patterns, .effects]
    }

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
        /// Images (`Document.images` indices) in first-use order.
        package var images: [Int] = []
        /// What of the items is not plainly opaque.
        package var effects = Effects()

        /// Transparency and blending of the items (not of the page's background).
        package struct Effects: Sendable, Equatable {
            /// A fill, stroke or text colour with alpha below 1, or a group's opacity below 1.
            package var translucent = false
            /// A gradient with a stop whose alpha is below 1.
            package var transparentGradient = false
            /// A group with a blend mode other than normal.
            package var blends = false

            package var any: Bool { translucent || transparentGradient || blends }
        }

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

        /// Nothing used.
        package init() {}

        /// The usage of `items`, whose text runs refer to `fonts`; only what `needs` asks for
        /// is found.
        package init(_ items: [Item], fonts: [FontResource], needs: UsageNeeds = .all) {
            let wantsFonts = needs.contains(.fonts), wantsGlyphs = needs.contains(.trueTypeGlyphs)
            let wantsPatterns = needs.contains(.patterns), wantsEffects = needs.contains(.effects)
            var seenFonts = Set<Int>()
            var seenGlyphs: [Int: Set<UInt16>] = [:]
            var seenPatterns = Set<Int>()
            var seenImages = Set<Int>()
            // Depth first in drawing order, without recursion (groups nest deeply).
            var pending: [(items: [Item], next: Int)] = [(items, 0)]
            while !pending.isEmpty {
                let top = pending.count - 1
                let index = pending[top].next
                guard index < pending[top].items.count else { pending.removeLast(); continue }
                pending[top].next += 1
                switch pending[top].items[index] {
                case .text(let run):
                    if wantsEffects, run.color.alpha < 1 { effects.translucent = true }
                    let font = run.font.index
                    guard fonts.indices.contains(font) else { break }
                    if wantsFonts, seenFonts.insert(font).inserted { self.fonts.append(font) }
                    guard wantsGlyphs, case .trueType = fonts[font] else { break }
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
                    if wantsPatterns, let id = paint.fill?.pattern, seenPatterns.insert(id.index).inserted { patterns.append(id.index) }
                    guard wantsEffects else { break }
                    if let fill = paint.fill {
                        if fill.color.alpha < 1 { effects.translucent = true }
                        // (`hasGradient` first: `gradient` copies the gradient out of its box.)
                        if fill.hasGradient, fill.gradient?.hasTransparency == true { effects.transparentGradient = true }
                    }
                    if let stroke = paint.stroke {
                        if stroke.color.alpha < 1 { effects.translucent = true }
                        if stroke.hasGradient, stroke.gradient?.hasTransparency == true { effects.transparentGradient = true }
                    }
                case .group(let group):
                    if wantsEffects {
                        if group.opacity < 1 { effects.translucent = true }
                        if group.blend != .normal { effects.blends = true }
                    }
                    pending.append((group.items, 0))
                case .image(let image):
                    if wantsEffects, seenImages.insert(image.image.index).inserted { images.append(image.image.index) }
                }
            }
        }
    }

    /// The usage of every page and every pattern of a document, each found once.
    package struct DocumentUsage: Sendable {
        package var pages: [Usage]
        /// By `Document.patterns` index.
        package var patterns: [Usage]

        /// Finds what `needs` asks for. Needs the document cannot meet are dropped first (the
        /// TrueType glyphs of a document without a TrueType face, the patterns of one
        /// without patterns); when none is left, nothing is walked.
        package init(_ document: Document, needs: UsageNeeds = .all) {
            var needs = needs
            if needs.contains(.trueTypeGlyphs), !document.fonts.contains(where: { if case .trueType = $0 { true } else { false } }) {
                needs.remove(.trueTypeGlyphs)
            }
            if document.patterns.isEmpty { needs.remove(.patterns) }
            guard !needs.isEmpty else {
                pages = Array(repeating: Usage(), count: document.pages.count)
                patterns = Array(repeating: Usage(), count: document.patterns.count)
                return
            }
            pages = document.pages.map { Usage($0.items, fonts: document.fonts, needs: needs) }
            patterns = document.patterns.map { Usage($0.items, fonts: document.fonts, needs: needs) }
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
