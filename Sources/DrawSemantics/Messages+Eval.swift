// Evaluation's diagnostic ids (`sem.*`, and `data.*` for mistakes inside data files),
// typed: every diagnostic of this stage names one of these cases, never a string (a test
// checks no id is written inline). The raw value is the stable id the corpus `.expected`
// files, JSON and the LSP show; docs/language.md's Diagnostics table lists them all.

import DrawCatalogue
import DrawDiagnostics

package enum SemanticsID: String, CaseIterable, Sendable {
    /// A header or JSON object naming a field twice.
    case dataDuplicateFieldName = "data.duplicate-field-name"
    /// a header column without a name, or a name twice (also a JSON object's key twice)
    case dataEmptyFieldName = "data.empty-field-name"
    /// a row with another number of fields than the header (note at the header)
    case dataFieldCount = "data.field-count"
    /// the file is not UTF-8
    case dataInvalidUtf8 = "data.invalid-utf8"
    /// a JSON integer beyond 2^53, which a number cannot hold exactly (a warning)
    case dataInexactInteger = "data.inexact-integer"
    /// a bad `\` escape or a lone UTF-16 surrogate
    case dataJsonEscape = "data.json-escape"
    /// anything else JSON does not allow (trailing commas, single quotes, a missing `,` or `}`, text after the value, …)
    case dataJsonSyntax = "data.json-syntax"
    /// nesting beyond 256
    case dataJsonTooDeep = "data.json-too-deep"
    /// a `"` inside a field that does not start with one
    case dataStrayQuote = "data.stray-quote"
    /// `"x"y`: text after a field's closing quote
    case dataTextAfterQuote = "data.text-after-quote"
    /// a quoted field that never ends
    case dataUnclosedQuote = "data.unclosed-quote"
    /// arithmetic or `.x` on an anchor or a node name
    case anchorArithmetic = "sem.anchor-arithmetic"
    /// a limit: component and function calls in all
    case callLimit = "sem.call-limit"
    /// child nodes under a kind that cannot hold them (`text`, `line`, `path`, `image`, `spacer`, …)
    case childrenIgnored = "sem.children-ignored"
    /// `if` on a non-bool
    case conditionNotBool = "sem.condition-not-bool"
    /// a data file (`csv`, `json`) that cannot be read (missing, not a regular file, too large)
    case dataNotFound = "sem.data-not-found"
    /// more than 20 mistakes in one data file (the rest are counted)
    case dataTooManyErrors = "sem.data-too-many-errors"
    /// `/` or `%` by zero
    case divisionByZero = "sem.division-by-zero"
    /// a component parameter given twice
    case duplicateArgument = "sem.duplicate-argument"
    /// a name declared twice in one block
    case duplicateBinding = "sem.duplicate-binding"
    /// a record literal naming a field twice
    case duplicateField = "sem.duplicate-field"
    /// an id used twice
    case duplicateId = "sem.duplicate-id"
    /// two block-less `page` statements
    case duplicatePage = "sem.duplicate-page"
    /// `def f(a, a)`
    case duplicateParameter = "sem.duplicate-parameter"
    /// a property given twice on one node
    case duplicateProperty = "sem.duplicate-property"
    /// a call that produced no node but was given properties
    case emptyComponent = "sem.empty-component"
    /// a limit: expression nesting (left-leaning chains such as `a + b + c + …` are unlimited)
    case expressionDepth = "sem.expression-depth"
    /// `at:` naming a node not finished before it
    case forwardReference = "sem.forward-reference"
    /// wrong number or names of function arguments
    case functionArgument = "sem.function-argument"
    /// a property of automatic layout (`rank:`) on a node that is not in a `graph` (a warning)
    case graphOnly = "sem.graph-only"
    /// a known property the kind does not use
    case ignoredProperty = "sem.ignored-property"
    /// an import cycle (the chain is named)
    case importCycle = "sem.import-cycle"
    /// statements other than declarations in an imported file
    case importIgnored = "sem.import-ignored"
    /// an imported file that cannot be read
    case importNotFound = "sem.import-not-found"
    /// `import` inside a block
    case importNotTopLevel = "sem.import-not-top-level"
    /// `xs[i]` outside `0..<count`
    case indexOutOfRange = "sem.index-out-of-range"
    /// a word a property does not accept (`fill: redd`, did you mean)
    case invalidName = "sem.invalid-name"
    /// a value out of range (negative width, opacity above 1, zero font size, all-zero dashes, arithmetic overflowing to infinity, …)
    case invalidValue = "sem.invalid-value"
    /// A custom label template with a wrong field.
    case labelTemplateField = "sem.label-template-field"
    /// A `labels` statement with both copies and data.
    case labelsCopiesAndData = "sem.labels-copies-and-data"
    /// a `labels` statement without a template, without data or copies, with both, with a wrong custom template field, inside a node, or with a positional argument
    case labelsNoTemplate = "sem.labels-no-template"
    /// A `labels` statement inside a node.
    case labelsNotTopLevel = "sem.labels-not-top-level"
    /// A `labels` statement without data or copies.
    case labelsNothing = "sem.labels-nothing"
    /// A `labels` statement with a positional argument.
    case labelsPositional = "sem.labels-positional"
    /// `start:` larger than the sheet's number of labels
    case labelsStartPastSheet = "sem.labels-start-past-sheet"
    /// a limit: list length (literals, `+`, `points`)
    case listLimit = "sem.list-limit"
    /// a limit: iterations of one loop (checked before it starts)
    case loopLimit = "sem.loop-limit"
    /// a points string with a malformed point, reported at its character ([below](#the-compact-points-string))
    case malformedPoints = "sem.malformed-points"
    /// a component parameter without default not given
    case missingArgument = "sem.missing-argument"
    /// A `barcode` without `type:`.
    case missingBarcodeType = "sem.missing-barcode-type"
    /// `path` without path data, `image` without a file
    case missingContent = "sem.missing-content"
    /// `line`/`arrow` without `from:`+`to:` or `points:`; `polyline`/`polygon` without `points:`
    case missingGeometry = "sem.missing-geometry"
    /// a limit: nesting of blocks and calls
    case nestingLimit = "sem.nesting-limit"
    /// a limit: nodes
    case nodeLimit = "sem.node-limit"
    /// top-level nodes in a document with page blocks
    case nodeOutsidePage = "sem.node-outside-page"
    /// a call of a name bound to something that is not a function (`let s = 2; s(3)`)
    case notAFunction = "sem.not-a-function"
    /// a name used as a kind that is bound to something else
    case notAKind = "sem.not-a-kind"
    /// a range bound or index that is not a whole number
    case notInteger = "sem.not-integer"
    /// `for` over something that is not a range or a list
    case notIterable = "sem.not-iterable"
    /// an operator on values it cannot combine
    case operatorTypes = "sem.operator-types"
    /// `orientation` on a page fitted to its content
    case orientationWithoutSize = "sem.orientation-without-size"
    /// `page` inside a block or an imported file
    case pageNotTopLevel = "sem.page-not-top-level"
    /// `page a4` instead of `page size: a4`
    case pagePositional = "sem.page-positional"
    /// a block-less `page` after a `page { }` block
    case pageSettingsAfterBlocks = "sem.page-settings-after-blocks"
    /// `name: value` in a block that is not a node's
    case propertyOutsideNode = "sem.property-outside-node"
    /// the limits above
    case recursionLimit = "sem.recursion-limit"
    /// a reference to a node on another page
    case referenceOtherPage = "sem.reference-other-page"
    /// a component named like a built-in kind
    case shadowedKind = "sem.shadowed-kind"
    /// a limit: string length
    case stringLimit = "sem.string-limit"
    /// A positional argument given to a style.
    case stylePositional = "sem.style-positional"
    /// `id` or `at` in a style
    case styleProperty = "sem.style-property"
    /// a limit: errors reported
    case tooManyErrors = "sem.too-many-errors"
    /// a value of the wrong type (expected type named; note at the `let`)
    case typeMismatch = "sem.type-mismatch"
    /// a name bound to nothing used as a value (did you mean)
    case undefinedName = "sem.undefined-name"
    /// a positional argument where the kind or component takes none
    case unexpectedPositional = "sem.unexpected-positional"
    /// `a.middle`
    case unknownAnchor = "sem.unknown-anchor"
    /// a call of an unknown function (did you mean)
    case unknownFunction = "sem.unknown-function"
    /// a reference to an id no node has (did you mean)
    case unknownId = "sem.unknown-id"
    /// a node kind that is neither built in nor a visible component (did you mean)
    case unknownKind = "sem.unknown-kind"
    /// a `labels` template name that is not built in (with a did-you-mean)
    case unknownLabelTemplate = "sem.unknown-label-template"
    /// a `labels` setting other than template, copies, start, outline, offset, scale
    case unknownLabelsSetting = "sem.unknown-labels-setting"
    /// `p.z` on a point
    case unknownMember = "sem.unknown-member"
    /// an unknown page setting (did you mean)
    case unknownPageSetting = "sem.unknown-page-setting"
    /// an unknown named page size (did you mean)
    case unknownPageSize = "sem.unknown-page-size"
    /// an unknown property (or, on a component call, parameter) name (did you mean)
    case unknownProperty = "sem.unknown-property"
    /// A number beyond the coordinate range (`Scene.maximumCoordinate`) in a property value.
    case outOfRange = "sem.out-of-range"
    /// A page `size:` whose side is larger than `Scene.maximumPageSide` (PDF's 14,400 pt).
    case pageTooLarge = "sem.page-too-large"
    /// a limit: colour stops of one gradient, shadows of one node
    case paintLimit = "sem.paint-limit"
    /// an `envelope(…)` name that is not one of the known envelopes (did you mean)
    case unknownEnvelope = "sem.unknown-envelope"
    /// A `pattern` whose block holds no nodes.
    case emptyPattern = "sem.empty-pattern"
}

extension Diagnostic {
    static func error(_ id: SemanticsID, at span: Span, _ message: String, notes: [Note] = [], hints: [String] = [],
                      fixIts: [FixIt] = []) -> Diagnostic {
        Diagnostic(id.rawValue, .error, at: span, message, notes: notes, hints: hints, fixIts: fixIts)
    }

    static func warning(_ id: SemanticsID, at span: Span, _ message: String, notes: [Note] = [], hints: [String] = [],
                        fixIts: [FixIt] = []) -> Diagnostic {
        Diagnostic(id.rawValue, .warning, at: span, message, notes: notes, hints: hints, fixIts: fixIts)
    }
}

/// Typed messages of evaluation: each function's doc comment shows source that triggers it.
enum EvalMessages {
    /// `polygon points: […], fontSize: 9pt`: a property the catalogue does not list for the
    /// kind (it would draw nothing). On `stroke`, says what ink is painted and sized with.
    static func ignoredProperty(_ property: Property, on kind: NodeKind, at span: Span) -> Diagnostic {
        if kind == .stroke, property.spec.group == .paint {
            return .warning(.ignoredProperty, at: span,
                            "'\(property.name)' has no effect on 'stroke'; ink is painted with 'color' and sized by 'width'")
        }
        return .warning(.ignoredProperty, at: span, "'\(property.name)' has no effect on '\(kind.name)'")
    }

    /// `line from: (0, 0), to: (50, 0), points: [(0, 0), (20, 10)]`: two courses for one line;
    /// `from:`/`to:` win and the points are not drawn.
    static func pointsBesideEnds(_ kind: NodeKind, at span: Span) -> Diagnostic {
        .warning(.ignoredProperty, at: span, "'points:' has no effect on a '\(kind.name)' that has 'from:' and 'to:'",
                 notes: [.init("a line goes from 'from:' to 'to:', or through 'points:'; remove one of them")])
    }

    /// `fill: reddish`: no name is one spelling away, but some hold the word or begin it:
    /// those are listed (never the whole table of 148 colours); one of them is the fix-it.
    static func closeNames(to word: String, in names: [String], span: Span) -> ([Diagnostic.Note], [Diagnostic.FixIt]) {
        let close = DrawDiagnostics.closeNames(to: word, in: names)
        guard let first = close.first else { return ([], []) }
        if close.count == 1 { return ([didYouMean(first)], [.init(replacing: span, with: first)]) }
        return ([.init("close names: " + close.map { "'\($0)'" }.joined(separator: ", "))], [])
    }

    /// `line from: (0, 0), to: (60, 0), side: top`: a property that acts on something the
    /// node turns out not to have (an end at a node, heads, a dash).
    static func ineffectiveProperty(_ property: Property, _ reason: IneffectiveReason, at span: Span) -> Diagnostic {
        .warning(.ignoredProperty, at: span, "'\(property.name)' has no effect here: \(reason.text)")
    }

    /// Why a property written on a node has no effect there (`ineffectiveProperty`).
    enum IneffectiveReason {
        /// `line from: (0, 0), to: b, side: top`: `side:` on a start that is a point.
        case startIsNoNode
        /// `line from: a, to: (60, 0), toSide: left`: `toSide:` on an end that is a point.
        case endIsNoNode
        /// `line points: [(0, 0), (40, 20)], route: orthogonal`.
        case routeThroughPoints
        /// `line from: a, to: b, arrow: none, arrowSize: 8`.
        case noHeads
        /// `rect dashOffset: 4` without `dash:`, written or inherited.
        case noDash
        /// `hstack align: leading { … }`: an hstack's children are aligned on the vertical axis.
        case hstackAlignsVertically
        /// `vstack align: top { … }`: a vstack's children are aligned on the horizontal axis.
        case vstackAlignsHorizontally

        var text: String {
            switch self {
            case .startIsNoNode: "the line does not start at a node"
            case .endIsNoNode: "the line does not end at a node"
            case .routeThroughPoints: "a line through 'points:' is drawn through them; 'route:' finds a way between two ends"
            case .noHeads: "the line has no heads ('arrow:', 'arrowhead:' or 'arrowtail:' adds them)"
            case .noDash: "the outline has no dash, written or inherited ('dash:')"
            case .hstackAlignsVertically: "an hstack aligns its children vertically: top, center, bottom or baseline"
            case .vstackAlignsHorizontally: "a vstack aligns its children horizontally: leading, center or trailing"
            }
        }
    }

    /// `red + 1` → "… found the color 'red'": what a bare word that is no binding means, in
    /// a message about it.
    static func theColor(_ word: String) -> String { "the color '\(word)'" }

    /// `a + 1` where `a` is a node's id → "… found the node 'a'".
    static func theNode(_ word: String) -> String { "the node '\(word)'" }

    /// `rect fil: red` → "did you mean 'fill'?": the note for a name one spelling away from
    /// `guess` (its fix-it writes `guess`).
    static func didYouMean(_ guess: String) -> Diagnostic.Note { .init("did you mean '\(guess)'?") }

    /// `box size: (40, 20)` → "drawc calls this 'rect'": the note for a name from another
    /// drawing language (SVG, CSS, SwiftUI, TikZ; `Aliases`) that drawc spells `name`.
    static func drawcCallsThis(_ name: String) -> Diagnostic.Note { .init("drawc calls this '\(name)'") }

    /// `rect fil: red` → "unknown property 'fil'"; `card titel: "A"` inside a component call →
    /// "unknown property or parameter 'titel' of 'card'".
    static func unknownProperty(_ name: String, ofComponent component: String?, notes: [Diagnostic.Note],
                                fixIts: [Diagnostic.FixIt], at span: Span) -> Diagnostic {
        let message = component.map { "unknown property or parameter \(quotedSource(name)) of '\($0)'" } ?? "unknown property \(quotedSource(name))"
        return .error(.unknownProperty, at: span, message, notes: notes, fixIts: fixIts)
    }

    /// `line from: (0, 0), to: (60, 0), labelAt: 25%`: a property that acts on another the
    /// node does not have (`PropertySpec.requires`).
    static func requiresProperty(_ property: Property, _ needed: Property, at span: Span) -> Diagnostic {
        .warning(.ignoredProperty, at: span, "'\(property.name)' has no effect without '\(needed.name)'",
                 notes: [.init("'\(property.name)' acts on '\(needed.name):', which this node does not set")])
    }
}
