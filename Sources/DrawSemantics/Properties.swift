// The values of word-valued properties: from the words the catalogue spells (DrawCatalogue's
// Words.swift, one enum per property) to the typed values of the node tree, each through an
// exhaustive switch; and the named limits of evaluation.

import DrawBarcodes
import DrawBase
import DrawCatalogue
import DrawDiagnostics

/// The table from a property's words to typed values: every word of the catalogue's `W`
/// through `value`, whose `switch` is exhaustive over `W` (nil: the word means nothing here,
/// as `justify` for a stack's alignment).
func wordTable<W: PropertyWord, T>(_ words: W.Type, _ value: (W) -> T?) -> [String: T] {
    var table: [String: T] = [:]
    for word in W.allCases { if let typed = value(word) { table[word.rawValue] = typed } }
    return table
}

/// `align:` on a stack or grid.
let alignmentNames: [String: Alignment] = wordTable(AlignWord.self) {
    switch $0 {
    case .center: .center
    case .leading, .left: .leading
    case .trailing, .right: .trailing
    case .top: .top
    case .bottom: .bottom
    case .topLeading, .topLeft: .topLeading
    case .topTrailing, .topRight: .topTrailing
    case .bottomLeading, .bottomLeft: .bottomLeading
    case .bottomTrailing, .bottomRight: .bottomTrailing
    case .baseline, .firstBaseline: .firstBaseline
    case .lastBaseline: .lastBaseline
    case .justify, .justified, .start, .end: nil
    }
}

/// `align:` of text.
let textAlignNames: [String: TextAlign] = wordTable(AlignWord.self) {
    switch $0 {
    case .left, .leading: .left
    case .center: .center
    case .right, .trailing: .right
    case .justify, .justified: .justify
    case .start: .start
    case .end: .end
    case .top, .bottom, .topLeading, .topTrailing, .bottomLeading, .bottomTrailing, .topLeft, .topRight, .bottomLeft,
         .bottomRight, .baseline, .firstBaseline, .lastBaseline: nil
    }
}
let textDirectionNames: [String: TextDirection] = wordTable(TextDirectionWord.self) {
    switch $0 {
    case .auto: .auto
    case .ltr: .ltr
    case .rtl: .rtl
    }
}
let textTransformNames: [String: TextTransform] = wordTable(TextTransformWord.self) {
    switch $0 {
    case .none: TextTransform.none
    case .uppercase: .uppercase
    case .lowercase: .lowercase
    case .capitalize: .capitalize
    }
}
let textOverflowNames: [String: TextOverflow] = wordTable(OverflowWord.self) {
    switch $0 {
    case .visible: .visible
    case .shrink: .shrink
    }
}

let lineCapNames: [String: LineCap] = wordTable(LineCapWord.self) {
    switch $0 {
    case .butt: .butt
    case .round: .round
    case .square: .square
    }
}
let lineJoinNames: [String: LineJoin] = wordTable(LineJoinWord.self) {
    switch $0 {
    case .miter: .miter
    case .round: .round
    case .bevel: .bevel
    }
}
let fillRuleNames: [String: FillRule] = wordTable(FillRuleWord.self) {
    switch $0 {
    case .nonZero, .nonzero: .nonZero
    case .evenOdd, .evenodd: .evenOdd
    }
}
let arrowNames: [String: ArrowEnds] = wordTable(ArrowWord.self) {
    switch $0 {
    case .start: .start
    case .end: .end
    case .both: .both
    case .none: ArrowEnds.none
    }
}
let fitNames: [String: ImageFit] = wordTable(FitWord.self) {
    switch $0 {
    case .contain: .contain
    case .cover: .cover
    case .fill: .fill
    }
}
let inkEasingNames: [String: InkEasing] = wordTable(EasingWord.self) {
    switch $0 {
    case .linear: .linear
    case .easeInQuad: .easeInQuad
    case .easeOutQuad: .easeOutQuad
    case .easeInOutQuad: .easeInOutQuad
    case .easeInCubic: .easeInCubic
    case .easeOutCubic: .easeOutCubic
    case .easeInOutCubic: .easeInOutCubic
    case .easeInSine: .easeInSine
    case .easeOutSine: .easeOutSine
    case .easeInOutSine: .easeInOutSine
    }
}
let directionNames: [String: ShapeDirection] = wordTable(DirectionWord.self) {
    switch $0 {
    case .up: .up
    case .down: .down
    case .left: .left
    case .right: .right
    }
}
let routeNames: [String: Route] = wordTable(RouteWord.self) {
    switch $0 {
    case .straight: .straight
    case .orthogonal: .orthogonal
    case .curved: .curved
    }
}
let anchorNames: [String: Anchor] = AnchorName.byName
let sideNames: [String: Anchor] = wordTable(SideWord.self) {
    switch $0 {
    case .top, .n: .top
    case .bottom, .s: .bottom
    case .left, .w: .left
    case .right, .e: .right
    }
}
let arrowheadNames: [String: ArrowheadStyle] = wordTable(ArrowheadWord.self) {
    switch $0 {
    case .triangle: .triangle
    case .open: .open
    case .stealth: .stealth
    case .diamond: .diamond
    case .diamondOpen: .diamondOpen
    case .circle: .circle
    case .circleOpen: .circleOpen
    case .bar: .bar
    case .none: ArrowheadStyle.none
    case .one: .one
    case .many: .many
    case .oneOrMany: .oneOrMany
    case .zeroOrOne: .zeroOrOne
    case .zeroOrMany: .zeroOrMany
    }
}
let labelPositionNames: [String: LabelPosition] = wordTable(LabelPositionWord.self) {
    switch $0 {
    case .above: .above
    case .below: .below
    case .on: .on
    }
}
let lineJumpNames: [String: LineJumps] = wordTable(JumpsWord.self) {
    switch $0 {
    case .none: LineJumps.none
    case .arc: .arc
    case .gap: .gap
    }
}
let dataMatrixShapeNames: [String: DataMatrixShape] = wordTable(BarcodeShapeWord.self) {
    switch $0 {
    case .square: .square
    case .rectangle: .rectangle
    case .any: .any
    }
}
let bearerNames: [String: BarcodeBearer] = wordTable(BearerWord.self) {
    switch $0 {
    case .frame: .frame
    case .bars: .bars
    case .none: BarcodeBearer.none
    }
}

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
