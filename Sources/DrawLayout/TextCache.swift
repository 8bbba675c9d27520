// Measured text kept across layouts, for tools that lay out one document again and again
// (the language server, after every edit). Most texts of a drawing do not change between
// two versions of it; their shaping and line breaking is the largest single part of
// layout. The cache is owned by the caller and handed to layout; the compiler never uses
// one (it lays out once).
//
// What a cached block depends on is its key: the content, the whole resolved style (fonts,
// size, line height, typography, colour; not the place of its `font:`), the wrap width, the
// alignment, `maxLines:` and `overflow:`, and for `overflow: shrink` the box it shrinks
// into. Not kept: a text whose
// layout reported anything (a missing character, a font that cannot be had, markup
// errors — those are reported at the text's own place, so it is laid out again each time
// and reports again), and markup (its runs name fonts relative to the file they are
// written in). The faces of a block are remembered by their place in the style's font
// list, so a block made by an earlier layout is valid in a later one whatever order that
// one resolved its fonts in; the list itself is resolved again on every use (as a fresh
// layout does, reporting the same problems at the same first place).

import DrawBase
import DrawScene
import DrawSemantics

/// Measured texts by everything they depend on; bounded (see `TextCacheLimits`).
/// Not thread-safe: one layout at a time uses one cache.
package final class TextMeasureCache: @unchecked Sendable {
    struct Key: Hashable {
        var content: String
        var style: ResolvedStyle
        var wrapWidth: Double?
        var align: TextAlign
        var fit: TextFit
        /// Only for `overflow: shrink` (nil otherwise: the box changes nothing then).
        var box: Size?

        /// Hashes what tells texts apart in practice (the content and size); equality still
        /// compares everything. Hashing the whole style cost more than measuring a short label.
        func hash(into hasher: inout Hasher) {
            hasher.combine(content)
            hasher.combine(style.fontSize)
            hasher.combine(wrapWidth)
        }
    }

    struct Entry {
        var block: TextBlock
        /// The engine's face indexes the style's font list resolved to when it was made.
        var faces: [Int]
        /// The layout that used it last (`generation` then).
        var used: UInt32 = 0
    }

    private var entries: [Key: Entry] = [:]
    /// Counts layouts; entries used by the one in progress carry it.
    private var generation: UInt32 = 0
    /// Entries the layout in progress used (found or stored).
    private var usedNow = 0
    /// Lookups answered from the cache and texts laid out, since the cache was made.
    package private(set) var hits = 0
    package private(set) var misses = 0

    package init() {}

    /// How many measured texts are kept.
    package var count: Int { entries.count }

    func lookup(_ key: Key) -> Entry? {
        guard let index = entries.index(forKey: key) else { misses += 1; return nil }
        hits += 1
        if entries.values[index].used != generation {
            entries.values[index].used = generation
            usedNow += 1
        }
        return entries.values[index]
    }

    func store(_ key: Key, _ entry: Entry) {
        guard entries.count < TextCacheLimits.maximumEntries else { return }
        var entry = entry
        entry.used = generation
        if entries.updateValue(entry, forKey: key) == nil { usedNow += 1 }
    }

    /// Called when a layout using the cache ends. The texts it used stay; older ones stay
    /// while they are no more than those (an undo, or a line deleted and typed again, finds
    /// its texts), and are dropped together when they grow past them.
    func finishLayout() {
        if entries.count - usedNow > usedNow {
            let now = generation
            entries = entries.filter { $0.value.used == now }
        }
        generation &+= 1
        usedNow = 0
    }
}

/// Limits of the text cache.
package enum TextCacheLimits {
    /// Texts kept from one layout to the next (beyond these, texts are measured every time).
    package static let maximumEntries = 50_000
}

extension TextBlock {
    /// The block with the faces it names moved from one resolution of its font list to another
    /// (nil when a face is not in the first or the lists differ in length).
    func movingFaces(from old: [Int], to new: [Int]) -> TextBlock? {
        guard old.count == new.count else { return nil }
        var moved = self
        for l in moved.lines.indices {
            for r in moved.lines[l].runs.indices {
                guard let slot = old.firstIndex(of: moved.lines[l].runs[r].face) else { return nil }
                moved.lines[l].runs[r].face = new[slot]
            }
        }
        return moved
    }
}
