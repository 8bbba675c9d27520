// The messages of `pattern` (Patterns.swift), in one place to review for tone: each function's
// doc comment shows source that triggers it. Ids are SemanticsID's (Messages+Eval.swift).

import DrawBase
import DrawCatalogue
import DrawDiagnostics

enum PatternMessages {
    /// `pattern bricks, size: (0, 12) { … }`: a side of the tile (or of the spacing) that is
    /// not greater than zero.
    static func sideNotPositive(_ setting: PatternSetting, _ size: Size, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span,
               "the \(setting.name) of 'pattern' must be greater than zero each way, found (\(formatNumber(size.width))pt, \(formatNumber(size.height))pt)")
    }

    /// `pattern dots, size: (0.01, 0.01) { … }`: a side outside the sizes a tile may have.
    static func sideOutOfRange(_ setting: PatternSetting, _ size: Size, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span,
               "the \(setting.name) of 'pattern' must be from \(formatNumber(PaintLimits.minPatternSide))pt to \(formatNumber(Scene.maximumPageSide))pt each way, found (\(formatNumber(size.width))pt, \(formatNumber(size.height))pt)")
    }

    /// `pattern "bricks", size: (24, 12) { … }`: the first argument is not a name.
    static func nameNotFirst(at span: Span) -> Diagnostic {
        .error(.invalidName, at: span,
               "the first argument of 'pattern' must be the name it defines, as in 'pattern bricks, size: (24, 12) { … }'")
    }

    /// `pattern bricks, size: (24, 12), fill: red { … }`: a setting `pattern` does not take
    /// (a did-you-mean when one is close).
    static func unknownSetting(_ name: String, notes: [Diagnostic.Note], fixIts: [Diagnostic.FixIt], at span: Span) -> Diagnostic {
        let names = PatternSetting.allCases.map(\.name)
        let settings = names.dropLast().joined(separator: ", ") + " and " + names.last!
        return .error(.unknownProperty, at: span,
               "'pattern' takes no '\(name)' (it takes \(settings); the tile's nodes go in its block)",
               notes: notes, fixIts: fixIts)
    }

    /// `pattern bricks, size: (24, 12), scale: 0 { … }`.
    static func scaleNotPositive(at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "the scale of 'pattern' must be greater than zero")
    }

    /// `pattern size: (24, 12) { … }`: no name to bind.
    static func missingName(at span: Span) -> Diagnostic {
        .error(.missingContent, at: span,
               "'pattern' needs the name it defines as the first argument, as in 'pattern bricks, size: (24, 12) { … }'")
    }

    /// `pattern bricks { … }`: no tile size.
    static func missingSize(at span: Span) -> Diagnostic {
        .error(.missingGeometry, at: span, "'pattern' needs 'size:', the size of one tile")
    }

    /// `pattern bricks, size: (24, 12), spacing: (10, 12) { … }`: tiles would overlap.
    static func spacingBelowSize(_ size: Size, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span,
               "the spacing of 'pattern' must be at least its size (\(formatNumber(size.width))pt, \(formatNumber(size.height))pt): tiles do not overlap")
    }

    /// `pattern bricks, size: (24, 12)` without `{ … }`.
    static func missingBlock(at span: Span) -> Diagnostic {
        .error(.missingContent, at: span, "'pattern' needs a block with the nodes of its tile")
    }

    /// `pattern p, size: (20, 20) { circle at: a.center }`: a tile node that names a node.
    static func referenceInTile(at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span,
               "a node inside 'pattern' cannot refer to other nodes: its tile is drawn on its own, once for every shape it fills")
    }

    /// `pattern p, size: (20, 20) { }`.
    static func emptyTile(at span: Span) -> Diagnostic {
        .error(.emptyPattern, at: span, "the tile of 'pattern' is empty: put the nodes it repeats in its block")
    }

    /// `pattern a, size: (8, 8) { rect fill: b }` where `b`'s tile fills with `c`'s … beyond
    /// `PaintLimits.maxPatternDepth`.
    static func nestedTooDeep(at span: Span) -> Diagnostic {
        .error(.paintLimit, at: span,
               "patterns nest deeper than \(PaintLimits.maxPatternDepth): a tile fills with a pattern whose tile fills with a pattern …")
    }
}

extension TypeExpectation {
    /// `pattern p, size: red { … }`: `setting` (`size`, `spacing`) of a pattern.
    static func patternSize(_ setting: PatternSetting) -> TypeExpectation {
        TypeExpectation(what: "'\(setting.name)' of 'pattern'", expected: "a size (width, height) or a length")
    }

    /// `pattern p, size: (10, 10), rotate: red { … }`.
    static var patternRotate: TypeExpectation { TypeExpectation(what: "'rotate' of 'pattern'", expected: "an angle") }

    /// `pattern p, size: (10, 10), scale: red { … }`.
    static var patternScale: TypeExpectation { TypeExpectation(what: "'scale' of 'pattern'", expected: "a number, a percentage or (x, y)") }

    /// `pattern p, size: (10, 10), origin: 5 { … }`.
    static var patternOrigin: TypeExpectation {
        TypeExpectation(what: "'origin' of 'pattern'", expected: "a point (x, y): where a tile's top-left corner sits")
    }
}
