// The messages of property values (PropertyValues*.swift) that the catalogue cannot state:
// ranges, counts and per-kind meanings, in one place to review for tone: each function's doc
// comment shows source that triggers it. `what` is the property as messages quote it
// (`'letterSpacing'`). Ids are SemanticsID's (Messages+Eval.swift).

import DrawCatalogue
import DrawDiagnostics
import DrawBase

enum PropertyMessages {
    /// `at: a.center + (1e9, 0)`: an anchor's offset as `beyondCoordinateRange` quotes it.
    static func anchorOffset(_ offset: Point) -> String {
        "an anchor offset by (\(formatNumber(offset.x)), \(formatNumber(offset.y)))"
    }

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

    // MARK: Any property (PropertyValues.swift)

    /// `barcode "…", type: gs1-128`: the name reads as a subtraction; the fix writes `gs1`.
    static func gs1Subtraction(at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'gs1-128' reads as 'gs1 - 128'; the barcode type is written 'gs1'",
               fixIts: [.init(replacing: span, with: "gs1")])
    }

    /// `rect "x"`: a positional argument for a kind that takes none.
    static func noPositional(_ kind: NodeKind, at span: Span) -> Diagnostic {
        .error(.unexpectedPositional, at: span, "'\(kind.name)' takes no positional argument")
    }

    /// `rect width: 1e9`: `beyond` is the value as written (`1000000000pt`).
    static func beyondCoordinateRange(_ property: Property, _ beyond: String, at span: Span) -> Diagnostic {
        .error(.outOfRange, at: span,
               "'\(property.name)' is \(beyond), beyond the coordinate range of ±\(formatNumber(Scene.maximumCoordinate))pt (about 3.5 km)")
    }

    /// `rect width: 10, width: 20`.
    static func givenTwice(_ property: Property, at span: Span) -> Diagnostic {
        .warning(.duplicateProperty, at: span, "'\(property.name)' is given more than once; the last one wins")
    }

    /// `stroke points: [(0, 0, 1.5)]`: point `index` (from 1) with a pressure outside 0…1.
    static func pressureOutOfRange(point index: Int, _ pressure: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "the pressure of point \(index) must be between 0 and 1, found \(formatNumber(pressure))")
    }

    /// `stroke points: [(0, 0, 0.5), (10, 10)]`: point `index` (from 1) differs from the first.
    static func pressureMixed(point index: Int, hasPressure: Bool, firstHas: Bool, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span,
               "point \(index) of the stroke \(hasPressure ? "has" : "has no") pressure but the first \(firstHas ? "has" : "has not"); give every point a pressure or none")
    }

    /// `polyline points: "0,0,1 10,10,1"`: a pressure where only a stroke takes one.
    static func pressureNotTaken(at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "only a 'stroke' takes a pressure with its points; give (x, y) points here")
    }

    /// `polyline points: "0,0 10"` (a points string the decoder refuses): `message` is the
    /// decoder's, at its byte when the string is the literal's bytes, else with the byte named.
    static func malformedPoints(_ message: String, atByte offset: Int?, at span: Span) -> Diagnostic {
        .error(.malformedPoints, at: span, offset.map { message + " (at byte \($0 + 1) of the points)" } ?? message)
    }

    /// `polygon sides: 2`: `what` is the property as quoted.
    static func sidesOutOfRange(_ what: String, _ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "\(what) must be a whole number from 3 to \(ShapeLimits.maxSides), found \(formatNumber(x))")
    }

    /// `lineCap: rond` (a did-you-mean when one is close): a name where `expected` goes.
    static func nameWhereValueExpected(_ what: String, expected: String, _ word: String, notes: [Diagnostic.Note],
                                       fixIts: [Diagnostic.FixIt], at span: Span) -> Diagnostic {
        .error(.invalidName, at: span, "\(what) expects \(expected), found the name '\(word)'", notes: notes, fixIts: fixIts)
    }

    /// `width: red`: a known word (`known` says what it is) where `expected` goes.
    static func typeMismatch(_ what: String, expected: String, found known: String, notes: [Diagnostic.Note] = [],
                             at span: Span) -> Diagnostic {
        .error(.typeMismatch, at: span, "\(what) expects \(expected), found \(known)", notes: notes)
    }

    /// `width: wdth` (a did-you-mean when one is close): the note says what is expected.
    static func undefinedNameForProperty(_ what: String, expected: String, quoted: String, notes: [Diagnostic.Note],
                                         fixIts: [Diagnostic.FixIt], at span: Span) -> Diagnostic {
        ExpressionMessages.undefinedName(quoted, notes: [.init("\(what) expects \(expected)")] + notes, fixIts: fixIts, at: span)
    }

    /// `width: "100pt"`: a number written as a string; the fix drops the quotes.
    static func quotedNumber(_ what: String, expected: String, _ text: String, at span: Span) -> Diagnostic {
        .error(.typeMismatch, at: span, "\(what) expects \(expected), found a string",
               hints: ["drop the quotes: \(text)"], fixIts: [.init(replacing: span, with: text)])
    }

    /// `let w = red` then `width: w`: the note at the name's definition.
    static func definedHere(_ name: String, at span: Span) -> Diagnostic.Note {
        .init("'\(name)' is defined here", at: span)
    }

    /// `rect lineWidth: -1`.
    static func negative(_ what: String, _ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "\(what) must not be negative, found \(formatNumber(x))")
    }

    /// `polyline points: […], smooth: true, tension: 2` (or `smoothing:`, `streamline:` from 0,
    /// `thinning:` from -1): `what` between `low` and 1.
    static func fractionOutOfRange(_ what: String, low: Double, _ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "\(what) must be between \(formatNumber(low)) and 1, found \(formatNumber(x))")
    }
}

/// The two halves of a type mismatch's wording, "WHAT expects EXPECTED, found …": what takes
/// the value, quoted as the source writes it, and what it takes. Each part of evaluation
/// names its own beside its other messages (`.padWith` in Messages+Computing.swift,
/// `.shadow` in Messages+Paint.swift, …), so no fragment of wording is written where values
/// are checked; `Evaluation.typeMismatch` picks the message (`PropertyMessages.typeMismatch`,
/// `nameWhereValueExpected`, `undefinedNameForProperty`, `quotedNumber`).
struct TypeExpectation {
    var what: String
    var expected: String
}

extension TypeExpectation {
    /// `rect width: red`: a property, with the "expects …" text of its catalogue entry.
    static func property(_ property: Property) -> TypeExpectation {
        TypeExpectation(what: "'\(property.name)'", expected: property.spec.expects)
    }

    /// `polyline points: [(0, 0), 5]`: an element of a list of points given to `property`.
    static func pointElement(of property: Property) -> TypeExpectation {
        TypeExpectation(what: "an element of '\(property.name)'", expected: "a point")
    }

    /// `ink points: [(0, 0), "a"]`: an element of an ink's `points:`.
    static var pointsElement: TypeExpectation { TypeExpectation(what: "an element of 'points'", expected: "a point (x, y) or (x, y, pressure)") }

    /// `ink points: [(0, 0, 2)]`: the third number of an ink point.
    static var pressure: TypeExpectation { TypeExpectation(what: "the pressure of a point", expected: "a number from 0 to 1") }

    /// `ink points: 5`.
    static var points: TypeExpectation { TypeExpectation(what: "'points'", expected: "a list of points or a points string") }

    /// `star points: "five"`.
    static var starPoints: TypeExpectation {
        TypeExpectation(what: "'points' of a star", expected: "a whole number from 3 to \(ShapeLimits.maxSides)")
    }

    /// `polygon sides: "six"`.
    static var sides: TypeExpectation { TypeExpectation(what: "'sides'", expected: "a whole number from 3 to \(ShapeLimits.maxSides)") }

    /// `graph spacing: "wide" { a -> b }`.
    static var graphSpacing: TypeExpectation {
        TypeExpectation(what: "'spacing' of a graph", expected: "a length or (between nodes, between ranks)")
    }

    /// `graph { a -> b, minLength: "two" }`.
    static var minLength: TypeExpectation { TypeExpectation(what: "'minLength' of a connector", expected: "a whole number of ranks") }

    /// `let s = 3` then `rect style: s` (or an element of a list that is no style).
    static var style: TypeExpectation { TypeExpectation(what: "'style'", expected: "a style or a list of styles") }

    /// `text (1, 2)`, `image 5`: the positional argument of `kind` (its text, its file).
    static func positionalArgument(of kind: NodeKind) -> TypeExpectation {
        TypeExpectation(what: "the \(kind.positionalMeaning!) of '\(kind.name)'", expected: "a string")
    }
}
