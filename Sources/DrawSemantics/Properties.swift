// The values of word-valued properties: from the words the catalogue lists
// (DrawCatalogue's `PropertySpec.words`, checked equal by a test) to the typed values of the
// node tree, and the named limits of evaluation.

import DrawCatalogue
import DrawDiagnostics
import DrawScene

let alignmentNames: [String: Alignment] = [
    "center": .center, "leading": .leading, "trailing": .trailing, "top": .top, "bottom": .bottom,
    "left": .leading, "right": .trailing,
    "topLeading": .topLeading, "topTrailing": .topTrailing, "bottomLeading": .bottomLeading,
    "bottomTrailing": .bottomTrailing,
    "topLeft": .topLeading, "topRight": .topTrailing, "bottomLeft": .bottomLeading, "bottomRight": .bottomTrailing,
    "baseline": .firstBaseline, "firstBaseline": .firstBaseline, "lastBaseline": .lastBaseline,
]

let textAlignNames: [String: TextAlign] = [
    "left": .left, "center": .center, "right": .right, "leading": .left, "trailing": .right,
    "justify": .justify, "justified": .justify, "start": .start, "end": .end,
]
let textDirectionNames: [String: TextDirection] = ["auto": .auto, "ltr": .ltr, "rtl": .rtl]
let textTransformNames: [String: TextTransform] = [
    "none": .none, "uppercase": .uppercase, "lowercase": .lowercase, "capitalize": .capitalize,
]
let textOverflowNames: [String: TextOverflow] = ["visible": .visible, "shrink": .shrink]

let lineCapNames: [String: LineCap] = ["butt": .butt, "round": .round, "square": .square]
let lineJoinNames: [String: LineJoin] = ["miter": .miter, "round": .round, "bevel": .bevel]
let fillRuleNames: [String: FillRule] = [
    "nonZero": .nonZero, "evenOdd": .evenOdd, "nonzero": .nonZero, "evenodd": .evenOdd,
]
let arrowNames: [String: ArrowEnds] = ["start": .start, "end": .end, "both": .both, "none": .none]
let fitNames: [String: ImageFit] = ["contain": .contain, "cover": .cover, "fill": .fill]
let inkEasingNames: [String: InkEasing] = Dictionary(uniqueKeysWithValues: InkEasing.allCases.map { ($0.name, $0) })
let directionNames: [String: ShapeDirection] = ["up": .up, "down": .down, "left": .left, "right": .right]
let routeNames: [String: Route] = ["straight": .straight, "orthogonal": .orthogonal, "curved": .curved]
let anchorNames: [String: Anchor] = AnchorName.byName
let sideNames: [String: Anchor] = [
    "top": .top, "bottom": .bottom, "left": .left, "right": .right, "n": .top, "s": .bottom, "w": .left, "e": .right,
]
let arrowheadNames: [String: ArrowheadStyle] = [
    "triangle": .triangle, "open": .open, "stealth": .stealth, "diamond": .diamond, "diamondOpen": .diamondOpen,
    "circle": .circle, "circleOpen": .circleOpen, "bar": .bar, "none": .none, "one": .one, "many": .many,
    "oneOrMany": .oneOrMany, "zeroOrOne": .zeroOrOne, "zeroOrMany": .zeroOrMany,
]
let labelPositionNames: [String: LabelPosition] = ["above": .above, "below": .below, "on": .on]
let lineJumpNames: [String: LineJumps] = ["none": .none, "arc": .arc, "gap": .gap]

/// Limits of the typesetting properties (a breach is a diagnostic).
package enum TextLimits {
    /// `letterSpacing:`, `wordSpacing:` and `baselineShift:` in points, either way.
    package static let maxSpacing = 1000.0
    /// Positions in `tabStops:`.
    package static let maxTabStops = 100
    /// Settings in `features:`.
    package static let maxFeatures = 64
    /// `maxLines:`.
    package static let maxLines = 10_000
    /// `overflow: shrink` reduces the size to no less than this fraction, in this many
    /// bisection steps (each a layout of the text).
    package static let minimumShrink = 0.05
    package static let shrinkSteps = 12
}

/// Named page sizes in points (portrait), from the catalogue.
let pageSizeNames: [String: Size] = PageSizeName.byName.mapValues { Size($0.width, $0.height) }

/// Named limits against hostile or runaway input; each breach is a diagnostic.
package struct EvaluationLimits: Sendable {
    /// Nested component calls.
    package var maxCallDepth = 64
    /// Component calls in the whole drawing (bounds exponential recursion that makes no nodes).
    package var maxCalls = 4_000_000
    /// Nodes in the whole drawing.
    package var maxNodes = 2_000_000
    /// Iterations of one `for` loop (checked before the loop starts).
    package var maxLoopIterations = 1_000_000
    /// Iterations of all loops together.
    package var maxTotalIterations = 10_000_000
    /// Labels of all `labels` statements together (issue 34: `labels copies: 1000000` took
    /// 2.26 GB, as every label's nodes and items are kept until the output is written):
    /// 100,000 labels are 3,334 sheets of 30.
    package var maxLabels = 100_000
    /// Elements of a list (literals, concatenations, `points:`).
    package var maxListLength = 1_000_000
    /// Bytes of a string built by concatenation or interpolation.
    package var maxStringLength = 16_000_000
    /// Nesting of expressions evaluated recursively (left-leaning operator chains are not
    /// recursive and may be any length).
    package var maxExpressionDepth = 100
    /// Nesting of expressions through the `fn` calls open at once (each call's depth at the
    /// call, plus one): bounds the machine stack that recursion with deep bodies uses.
    package var maxEvaluationDepth = 400
    /// Nesting of blocks and component calls together (a guard for the machine stack).
    package var maxBlockDepth = 512
    /// Errors reported before "too many errors" (the evaluation policy's cap, lowered by tests).
    package var maxDiagnostics = DiagnosticPolicy.evaluation.maximumErrors

    /// The documented limits (docs/language.md).
    package static let standard = EvaluationLimits()
    package init() {}
}
