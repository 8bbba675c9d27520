// The messages of paint functions (Paint.swift: `hatch`, `dots`, `linear`, `radial`, colour
// stops, `shadow`), in one place to review for tone: each function's doc comment shows source
// that triggers it. Ids are SemanticsID's (Messages+Eval.swift).

import DrawDiagnostics

enum PaintMessages {
    /// `hatch(45deg, 0)`: a length of `function` that must be positive (or, `allowZero`, not
    /// negative).
    static func lengthNotPositive(_ what: PaintLength, of function: String, allowZero: Bool, found x: Double,
                                  at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span,
               "the \(what.name) of '\(function)' must be \(allowZero ? "at least zero" : "greater than zero"), found \(formatNumber(x))")
    }

    /// The lengths of `hatch(angle, spacing, color, lineWidth)` and `dots(spacing, radius, color)`.
    enum PaintLength {
        case spacing, lineWidth, radius

        var name: String {
            switch self {
            case .spacing: "spacing"
            case .lineWidth: "line width"
            case .radius: "radius"
            }
        }
    }

    /// `hatch(45deg, 6, red, 1, 2)`.
    static func hatchArguments(_ count: Int, at span: Span) -> Diagnostic {
        .error(.functionArgument, at: span, "'hatch' takes at most 4 arguments (angle, spacing, color, width), found \(count)")
    }

    /// `dots(6, 2, red, 1)`.
    static func dotsArguments(_ count: Int, at span: Span) -> Diagnostic {
        .error(.functionArgument, at: span, "'dots' takes at most 3 arguments (spacing, radius, color), found \(count)")
    }

    /// `dots(6, 4)`.
    static func dotsOverlap(radius: Double, spacing: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span,
               "the dots of 'dots' overlap: the radius (\(formatNumber(radius))pt) must be at most half the spacing (\(formatNumber(spacing))pt)")
    }

    /// `linear(red, blue, from: (0, 0))`.
    static func linearNeedsBothEnds(at span: Span) -> Diagnostic {
        .error(.functionArgument, at: span, "'linear' needs both 'from:' and 'to:' (or neither, for an angle)")
    }

    /// `linear(90deg, red, blue, from: (0, 0), to: (1, 1))`.
    static func linearAngleAndEnds(at span: Span) -> Diagnostic {
        .error(.functionArgument, at: span, "'linear' takes an angle or 'from:'/'to:', not both")
    }

    /// `linear(red, blue, from: (0, 0), to: (0, 0))`.
    static func linearSameEnds(at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'from:' and 'to:' of 'linear' must be different points")
    }

    /// `radial(red, blue, radius: 0)`.
    static func radialRadiusNotPositive(_ r: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "the radius of 'radial' must be greater than zero, found \(formatNumber(r))")
    }

    /// `radial(red, blue, units: absolute)`.
    static func radialNeedsRadius(at span: Span) -> Diagnostic {
        .error(.functionArgument, at: span, "'radial' with 'units: absolute' needs 'radius:' (a length)")
    }

    /// `linear((red, 150%), blue)`: `percent` is the position given.
    static func stopFractionOutOfRange(_ function: String, percent: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "a stop position of '\(function)' must be from 0% to 100%, found \(formatNumber(percent))%")
    }

    /// `linear((red, -5pt), blue)`.
    static func stopLengthNegative(_ function: String, _ length: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "a stop position of '\(function)' must not be negative, found \(formatNumber(length))pt")
    }

    /// `linear(red)`.
    static func tooFewStops(_ function: String, _ count: Int, at span: Span) -> Diagnostic {
        .error(.functionArgument, at: span, "'\(function)' needs at least two color stops, found \(count)")
    }

    /// A gradient with more stops than `PaintLimits.maxStops`.
    static func tooManyStops(_ function: String, at span: Span) -> Diagnostic {
        .error(.paintLimit, at: span, "'\(function)' has more than \(PaintLimits.maxStops) color stops")
    }

    /// `linear((red, 60%), (blue, 40%))`: positions in `percent` (else points), `last` before `value`.
    static func stopsDecrease(_ function: String, last: Double, value: Double, percent: Bool, at span: Span) -> Diagnostic {
        let unit = percent ? "%" : "pt", scale = percent ? 100.0 : 1
        return .error(.invalidValue, at: span,
                      "the stop positions of '\(function)' must not decrease (\(formatNumber(last * scale))\(unit) before \(formatNumber(value * scale))\(unit))")
    }

    /// `shadow: shadow(2, 2, 500)`.
    static func shadowBlurOutOfRange(_ blur: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span,
               "the blur of 'shadow' must be from 0 to \(formatNumber(PaintLimits.maxBlur))pt, found \(formatNumber(blur))")
    }

    /// `shadow: [shadow(…), …]` with more than `PaintLimits.maxShadows`.
    static func tooManyShadows(at span: Span) -> Diagnostic {
        .error(.paintLimit, at: span, "more than \(PaintLimits.maxShadows) shadows on one node")
    }
}

extension TypeExpectation {
    /// `linear(red, (blue, 5deg))` in a stop list: a colour stop's position in `function`.
    static func gradientStopPosition(of function: String) -> TypeExpectation {
        TypeExpectation(what: "the position of a color stop of '\(function)'", expected: "a percentage or a length")
    }

    /// `shadow: 5`.
    static var shadow: TypeExpectation { TypeExpectation(what: "'shadow'", expected: "(dx, dy, blur, color), a list of them or 'none'") }

    /// `shadow: (2, 2, red)`.
    static var shadowLengths: TypeExpectation {
        TypeExpectation(what: "'shadow'", expected: "(dx, dy, blur, color), a list of them or 'none' (dx, dy and blur are lengths)")
    }

    /// `shadow: (2pt, 2pt, 3pt, "grey")`.
    static var shadowColor: TypeExpectation { TypeExpectation(what: "the color of 'shadow'", expected: "a color") }
}
