// The messages of property values (PropertyValues*.swift) that the catalogue cannot state:
// ranges, counts and per-kind meanings, in one place to review for tone: each function's doc
// comment shows source that triggers it. `what` is the property as messages quote it
// (`'letterSpacing'`). Ids are SemanticsID's (Messages+Eval.swift).

import DrawDiagnostics

enum PropertyMessages {
    // MARK: Geometry

    /// `rect opacity: 2`.
    static func opacityOutOfRange(_ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'opacity' must be between 0 and 1 (or 0% and 100%), found \(formatNumber(x))")
    }

    /// `grid columns: 2.5 { … }`.
    static func columnsOutOfRange(_ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'columns' must be a whole number from 1 to 100000, found \(formatNumber(x))")
    }

    /// `text "…", maxLines: 0`.
    static func maxLinesOutOfRange(_ what: String, _ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "\(what) must be a whole number from 1 to \(TextLimits.maxLines), found \(formatNumber(x))")
    }

    // MARK: Graphs

    /// `group { rect rank: 1 }`: a property of automatic layout outside a `graph`.
    static func rankOutsideGraph(at span: Span) -> Diagnostic {
        .warning(.graphOnly, at: span, "'rank' has an effect only on a node whose parent is a 'graph'")
    }

    /// `a -> b, weight: 5000` in a graph.
    static func weightOutOfRange(_ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'weight' must be a number from 0 to 1000, found \(formatNumber(x))")
    }

    /// `graph spacing: -10 { … }`.
    static func graphSpacingNegative(_ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'spacing' of a graph must not be negative, found \(formatNumber(x))")
    }

    /// `a -> b, minLength: 1.5` in a graph.
    static func minLengthOutOfRange(_ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'minLength' of a connector must be a whole number of ranks from 0 to 100, found \(formatNumber(x))")
    }

    // MARK: Lines and shapes

    /// `arrow from: a, to: b, arrowSize: 2000pt`.
    static func arrowSizeTooLarge(_ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'arrowSize' must be at most 1000pt, found \(formatNumber(x))")
    }

    /// `arrow from: a, to: b, label: "x", labelAt: 1.5`.
    static func labelAtOutOfRange(_ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'labelAt' must be between 0 and 1 (or 0% and 100%), found \(formatNumber(x))")
    }

    /// `parallelogram skew: 90deg`.
    static func skewOutOfRange(_ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'skew' must be an angle between -90deg and 90deg, found \(formatNumber(x))deg")
    }

    /// `star inner: 1.2`.
    static func innerOutOfRange(_ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'inner' must be between 0 and 1 (or 0% and 100%), found \(formatNumber(x))")
    }

    // MARK: Paint and text

    /// `line from: a, to: b, stroke: hatch`: a pattern paints areas only.
    static func patternStroke(at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span,
               "a pattern ('hatch', 'dots', a 'pattern' block) fills shapes; 'stroke' takes a color or a gradient ('linear', 'radial')")
    }

    /// `rect miterLimit: 0.5`.
    static func miterLimitBelowOne(_ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'miterLimit' must be at least 1, found \(formatNumber(x))")
    }

    /// `line from: a, to: b, dash: [0, 0]`.
    static func dashAllZero(at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'dash' lengths must not all be zero (use 'none' for a solid line)")
    }

    /// `text "x", fontSize: 0`.
    static func fontSizeZero(at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'fontSize' must be greater than zero")
    }

    /// `text "x", letterSpacing: 2000pt` (or `wordSpacing:`).
    static func spacingOutOfRange(_ what: String, _ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span,
               "\(what) must be between -\(formatNumber(TextLimits.maxSpacing)) and \(formatNumber(TextLimits.maxSpacing))pt, found \(formatNumber(x))")
    }

    /// `text "x", baselineShift: 1e6pt`.
    static func outOfRange(_ what: String, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "\(what) is out of range")
    }

    /// `text "a\tb", tabStops: []`: `count` positions given.
    static func tabStopCount(_ what: String, _ count: Int, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "\(what) takes 1 to \(TextLimits.maxTabStops) positions, found \(count)")
    }

    /// `text "a\tb", tabStops: [50, 20]`: `x` after `previous` (nil at the first).
    static func tabStopsNotIncreasing(_ what: String, _ x: Double, after previous: Double?, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span,
               "\(what) must be positive and increasing, found \(formatNumber(x)) after \(previous.map(formatNumber) ?? "the left edge")")
    }

    /// `text "x", features: ["small caps"]`.
    static func notAFeatureSetting(_ what: String, _ setting: String, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span,
               "\(what): '\(setting)' is not a feature setting; write a four-letter OpenType tag (\"smcp\"), \"-liga\" to turn one off, \"salt=2\" for an alternate")
    }

    /// `text "x", features: […]` with more than `TextLimits.maxFeatures` settings.
    static func tooManyFeatures(_ what: String, _ count: Int, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "\(what) takes at most \(TextLimits.maxFeatures) features, found \(count)")
    }
}
