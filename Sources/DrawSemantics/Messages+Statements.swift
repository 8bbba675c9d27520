// The messages of statements (Statements.swift): blocks, `if`/`for`, styles, components,
// imports, pages, nodes and ids, in one place to review for tone: each function's doc comment
// shows source that triggers it. Ids are SemanticsID's (Messages+Eval.swift).

import DrawCatalogue
import DrawDiagnostics
import DrawBase

extension EvalMessages {
    // MARK: Limits

    /// Blocks or component calls nested past `EvaluationLimits.maxBlockDepth`
    /// (`group { group { group { … } } }`, or a component that calls itself in its block).
    static func nestedTooDeep(_ depth: Int, at span: Span) -> Diagnostic {
        .error(.nestingLimit, at: span, "blocks and component calls nest deeper than \(depth)")
    }

    /// `for i in 0..<100_000_000 { … }`: one loop past `EvaluationLimits.maxLoopIterations`.
    static func loopTooLong(_ count: Int, limit: Int, at span: Span) -> Diagnostic {
        .error(.loopLimit, at: span, "this loop would run \(count) times; the limit is \(limit) iterations per loop")
    }

    /// Loops that together run past `EvaluationLimits.maxTotalIterations`
    /// (`for i in 0..<10000 { for j in 0..<10000 { … } }`).
    static func loopsTooLong(limit: Int, at span: Span) -> Diagnostic {
        .error(.loopLimit, at: span, "loops run more than \(limit) iterations in total")
    }

    /// A drawing that makes more nodes than `EvaluationLimits.maxNodes`.
    static func tooManyNodes(limit: Int, at span: Span) -> Diagnostic {
        .error(.nodeLimit, at: span, "the drawing has more than \(limit) nodes")
    }

    /// `def f() { f() }` then `f()`: calls nested past `EvaluationLimits.maxCallDepth`.
    static func callsTooDeep(_ component: String, limit: Int, at span: Span) -> Diagnostic {
        .error(.recursionLimit, at: span,
               "component calls nest deeper than \(limit) (is '\(component)' recursive without an end?)")
    }

    /// More component calls in all than `EvaluationLimits.maxCalls`.
    static func tooManyCalls(limit: Int, at span: Span) -> Diagnostic {
        .error(.callLimit, at: span, "more than \(limit) component calls in the drawing")
    }

    // MARK: Statements

    /// `rect width: 10` inside an imported file: only declarations are taken from it.
    static func importIgnored(at span: Span) -> Diagnostic {
        .warning(.importIgnored, at: span,
                 "only 'let', 'style', 'def', 'fn' and 'import' are taken from an imported file; this and the file's other statements are ignored")
    }

    /// `if 1 { … }`: a condition that is not a bool (`type` names what it is).
    static func conditionNotBool(_ type: String, at span: Span) -> Diagnostic {
        .error(.conditionNotBool, at: span, "the condition of 'if' must be a bool, found \(type)")
    }

    /// `fill: red` on a line of its own, outside any node's block.
    static func propertyOutsideNode(_ name: String, at span: Span) -> Diagnostic {
        .error(.propertyOutsideNode, at: span, "property '\(name)' is not inside a node's block")
    }

    /// `style s { red }`: a style entry without a name.
    static func stylePositional(at span: Span) -> Diagnostic {
        .error(.stylePositional, at: span, "a style holds only 'name: value' properties")
    }

    /// `style s { id: a }`: a property that names or places one node.
    static func styleProperty(_ name: String, at span: Span) -> Diagnostic {
        .error(.styleProperty, at: span, "'\(name)' cannot be part of a style: it names or places one node")
    }

    /// `def box(a, a) { … }`.
    static func duplicateParameter(_ name: String, at span: Span) -> Diagnostic {
        .error(.duplicateParameter, at: span, "parameter '\(name)' appears twice")
    }

    /// `def rect(w) { … }`: a component named like a built-in kind.
    static func shadowedKind(_ name: String, at span: Span) -> Diagnostic {
        .warning(.shadowedKind, at: span, "component '\(name)' hides the built-in kind '\(name)'")
    }

    /// `group { import "parts.draw" }`.
    static func importNotTopLevel(at span: Span) -> Diagnostic {
        .error(.importNotTopLevel, at: span, "'import' is allowed only at the top level of a file")
    }

    /// `import "a.draw"` in b.draw, which a.draw imports: `chain` is the files in order (`a.draw → b.draw → a.draw`).
    static func importCycle(_ chain: [String], at span: Span) -> Diagnostic {
        .error(.importCycle, at: span, "import cycle: \(chain.joined(separator: " → "))")
    }

    /// `import "missing.draw"`: `resolved` is where it was looked for, `reason` what the
    /// file system said (` (not found)`).
    static func importNotFound(_ path: String, resolved: String, reason: String, at span: Span) -> Diagnostic {
        .error(.importNotFound, at: span, cannotRead(path, resolved: resolved, reason: reason))
    }

    /// `import "missing.draw"` and `csv("missing.csv")` say the same: the path as written,
    /// where it was looked for, and why (` (not found)`).
    static func cannotRead(_ path: String, resolved: String, reason: String) -> String {
        "cannot read '\(path)' (looked for '\(resolved)')\(reason)"
    }

    /// `for i in 5 { … }`: a `for` (or another loop `keyword`) over what is no range or list.
    static func notIterable(_ keyword: String, found type: String, at span: Span) -> Diagnostic {
        .error(.notIterable, at: span, "'\(keyword)' needs a range (a..<b, a...b) or a list, found \(type)")
    }

    // MARK: Pages

    /// `group { page size: a4 }` (or `page size: a4` in an imported file): settings without a
    /// block outside the main file's top level.
    static func pageSettingsNotTopLevel(at span: Span) -> Diagnostic {
        .error(.pageNotTopLevel, at: span, "page settings without a block are allowed only at the top level of the main file")
    }

    /// `group { page { … } }`: a page block outside the main file's top level.
    static func pageNotTopLevel(at span: Span) -> Diagnostic {
        .error(.pageNotTopLevel, at: span, "'page' is allowed only at the top level of the main file (or inside a 'for' or 'if' there)")
    }

    /// `page size: a4` twice.
    static func duplicatePage(first: Span, at span: Span) -> Diagnostic {
        .error(.duplicatePage, at: span, "the page settings are given twice", notes: [.init("first given here", at: first)])
    }

    /// `page { … }` then `page size: a4`.
    static func pageSettingsAfterBlocks(firstBlock: Span, at span: Span) -> Diagnostic {
        .error(.pageSettingsAfterBlocks, at: span, "page settings without a block must come before the first 'page { }' block",
               notes: [.init("first page block here", at: firstBlock)])
    }

    /// `page a4`: a setting without its name; `settings` are the names it takes.
    static func pagePositional(settings: [String], at span: Span) -> Diagnostic {
        .error(.pagePositional, at: span, "'page' takes only 'name: value' settings (\(settings.joined(separator: ", ")))")
    }

    /// `page colour: red`: a setting `page` does not take (a did-you-mean when one is close).
    static func unknownPageSetting(_ name: String, settings: [String], notes: [Diagnostic.Note], fixIts: [Diagnostic.FixIt],
                                   at span: Span) -> Diagnostic {
        .error(.unknownPageSetting, at: span, "unknown page setting '\(name)' (\(settings.joined(separator: ", ")))",
               notes: notes, fixIts: fixIts)
    }

    /// `page size: a2`.
    static func unknownPageSize(_ name: String, notes: [Diagnostic.Note], fixIts: [Diagnostic.FixIt], at span: Span) -> Diagnostic {
        .error(.unknownPageSize, at: span, "unknown page size '\(name)' (letter, legal, tabloid, a3, a4, a5, a6 or (width, height))",
               notes: notes, fixIts: fixIts)
    }

    /// `page size: (300in, 10in)`: past `Scene.maximumPageSide`.
    static func pageTooLarge(width: Double, height: Double, at span: Span) -> Diagnostic {
        .error(.pageTooLarge, at: span,
               "a page of \(formatNumber(width)) × \(formatNumber(height))pt is larger than PDF allows: at most \(formatNumber(Scene.maximumPageSide))pt (200in) each way")
    }

    /// `page orientation: landscape` without `size:`.
    static func orientationWithoutSize(at span: Span) -> Diagnostic {
        .warning(.orientationWithoutSize, at: span, "'orientation' has no effect without a page 'size'")
    }

    // MARK: Nodes

    /// `let x = 3` then `x width: 10`: a name that is a value, not a kind (`type` says what).
    static func notAKind(_ name: String, is type: String, definedAt definition: Span, at span: Span) -> Diagnostic {
        .error(.notAKind, at: span, "'\(name)' is \(type), not a node kind or component",
               notes: [.init("'\(name)' is defined here", at: definition)])
    }

    /// `rectangle width: 10`: no kind and no component of that name (`quoted` is the name as
    /// `quotedSource` writes it).
    static func unknownKind(_ quoted: String, notes: [Diagnostic.Note], fixIts: [Diagnostic.FixIt], at span: Span) -> Diagnostic {
        .error(.unknownKind, at: span, "unknown node kind \(quoted)", notes: notes, fixIts: fixIts)
    }

    /// `image width: 40` without the file: a kind whose first argument (`what`) is missing.
    static func missingPositional(_ kind: NodeKind, _ what: String, at span: Span) -> Diagnostic {
        .error(.missingContent, at: span, "'\(kind.name)' needs its \(what) as the first argument")
    }

    /// `barcode type: qr`.
    static func barcodeWithoutData(at span: Span) -> Diagnostic {
        .error(.missingContent, at: span, "'barcode' needs its data as the first argument")
    }

    /// `barcode "12345"`.
    static func barcodeWithoutType(at span: Span) -> Diagnostic {
        .error(.missingBarcodeType, at: span, "'barcode' needs 'type:'",
               notes: [.init("the types are code128, gs1, ean13, ean8, upca, upce, itf14, qr, datamatrix")])
    }

    /// `line from: (0, 0)`: a line or arrow without its course.
    static func lineWithoutCourse(_ kind: NodeKind, at span: Span) -> Diagnostic {
        .error(.missingGeometry, at: span, "'\(kind.name)' needs 'from:' and 'to:', or 'points:'")
    }

    /// `polygon fill: red` (or a `polyline`, or a `stroke`) without its points.
    static func missingPoints(_ kind: NodeKind, at span: Span) -> Diagnostic {
        .error(.missingGeometry, at: span, "'\(kind.name)' needs 'points:'")
    }

    /// `arrow "yes", from: a, to: b`.
    static func connectorPositional(at span: Span) -> Diagnostic {
        .error(.unexpectedPositional, at: span, "a connector takes no positional argument; use 'label:' for text")
    }

    /// `text "x" { rect }`: children under a kind that draws none.
    static func childrenIgnored(_ kind: NodeKind, at span: Span) -> Diagnostic {
        .warning(.childrenIgnored, at: span, "'\(kind.name)' cannot hold other nodes; its children are ignored")
    }

    /// `pattern p, size: (8, 8) { circle id: dot }`.
    static func idInPattern(at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "a node inside 'pattern' cannot have an id: its tile is drawn once for every shape it fills")
    }

    /// `rect id: a` twice; `repeated` when the second is the same statement run again (in a
    /// loop or component), which the note answers with a computed id.
    static func duplicateId(_ id: String, repeated: Bool, first: Span, at span: Span) -> Diagnostic {
        let note: Diagnostic.Note = repeated
            ? .init("this node is made more than once (in a loop or a component); compute the id, e.g. id: \"\(id)\\(i)\"")
            : .init("first used here", at: first)
        return .error(.duplicateId, at: span, "the id '\(id)' is already used", notes: [note])
    }

    // MARK: Component calls

    /// `def box() { … }` then `box "x"`.
    static func componentTakesNoPositional(_ name: String, definedAt definition: Span, at span: Span) -> Diagnostic {
        .error(.unexpectedPositional, at: span, "component '\(name)' has no parameters to take a positional argument",
               notes: [.init("'\(name)' is defined here", at: definition)])
    }

    /// `box w: 10, w: 20`.
    static func duplicateArgument(_ name: String, at span: Span) -> Diagnostic {
        .error(.duplicateArgument, at: span, "parameter '\(name)' is given twice")
    }

    /// `def box(w) { … }` then `box`.
    static func missingArgument(_ parameter: String, of component: String, definedAt definition: Span, at span: Span) -> Diagnostic {
        .error(.missingArgument, at: span, "missing argument for parameter '\(parameter)' of '\(component)'",
               notes: [.init("'\(component)' is defined here", at: definition)])
    }

    /// `def nothing() { let a = 1 }` then `nothing fill: red`.
    static func emptyComponent(_ name: String, at span: Span) -> Diagnostic {
        .warning(.emptyComponent, at: span, "component '\(name)' produced no node; the properties given here are ignored")
    }
}

extension EvalMessages {
    // MARK: Names and references (Evaluator.swift)

    /// `page { … }` and a `rect` outside it: `firstBlock` is the first page block, when known.
    static func nodeOutsidePage(firstBlock: Span?, at span: Span) -> Diagnostic {
        .error(.nodeOutsidePage, at: span, "a document with 'page { }' blocks cannot have nodes outside them",
               notes: firstBlock.map { [Diagnostic.Note("first page block here", at: $0)] } ?? [])
    }

    /// `page { rect id: a }` `page { line from: a, to: (9, 9) }`.
    static func referenceOtherPage(_ id: String, definedAt definition: Span, at span: Span) -> Diagnostic {
        .error(.referenceOtherPage, at: span, "'\(id)' is on another page", notes: [.init("'\(id)' is defined here", at: definition)])
    }

    /// `rect at: b.right` before `rect id: b` (or inside `b`).
    static func forwardReference(_ id: String, definedAt definition: Span, at span: Span) -> Diagnostic {
        .error(.forwardReference, at: span, "'at:' refers to '\(id)', which is not placed before this node",
               notes: [.init("'\(id)' is defined here; 'at:' may refer only to nodes that come earlier and are not its ancestors", at: definition)])
    }

    /// `line from: nowhere, to: b`: `guess` is the closest id, offered as the fix.
    static func unknownId(_ id: String, guess: String?, at span: Span) -> Diagnostic {
        .error(.unknownId, at: span, "no node has the id '\(id)'",
               notes: guess.map { [.init("did you mean '\($0)'?")] } ?? [],
               fixIts: guess.map { [.init(replacing: span, with: $0)] } ?? [])
    }

    /// `let a = 1` twice in one block.
    static func duplicateBinding(_ name: String, previous: Span, at span: Span) -> Diagnostic {
        .error(.duplicateBinding, at: span, "'\(name)' is already defined in this block",
               notes: [.init("previous definition here", at: previous)])
    }

    // MARK: Envelopes and data files (Envelopes.swift, DataFiles.swift)

    /// `envelope(10)`: not a name; `names` are the envelopes there are.
    static func envelopeNotAName(found type: String, names: [String], at span: Span) -> Diagnostic {
        .error(.typeMismatch, at: span, "'envelope' takes an envelope name as a string (\(names.joined(separator: ", "))), found \(type)")
    }

    /// `envelope("c4")` (a did-you-mean when one is close).
    static func unknownEnvelope(_ name: String, names: [String], notes: [Diagnostic.Note], fixIts: [Diagnostic.FixIt],
                                at span: Span) -> Diagnostic {
        .error(.unknownEnvelope, at: span, "unknown envelope '\(name)' (\(names.joined(separator: ", ")))", notes: notes, fixIts: fixIts)
    }

    /// `csv("a.csv", delimiter: ";;")`.
    static func badDelimiter(at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'delimiter:' must be one ASCII character other than a quote or a line break, e.g. \";\" or \"\\t\"")
    }

    /// `csv("missing.csv")`: `resolved` is where it was looked for, `reason` what the file system said.
    static func dataNotFound(_ path: String, resolved: String, reason: String, at span: Span) -> Diagnostic {
        .error(.dataNotFound, at: span, cannotRead(path, resolved: resolved, reason: reason))
    }

    /// The note every mistake inside a data file gets, at the call that read it (`csv("a.csv")`).
    static func readBy(_ function: String, at span: Span) -> Diagnostic.Note {
        Diagnostic.Note("read by '\(function)' here", at: span)
    }

    /// A data file with more than `DataLimits.maximumDiagnosticsPerFile` mistakes: the rest counted.
    static func moreDataErrors(_ count: Int, in path: String, at span: Span) -> Diagnostic {
        .error(.dataTooManyErrors, at: span, "\(count) more error\(count == 1 ? "" : "s") in '\(path)' not shown")
    }

    /// `csv("huge.csv")` with more rows than `EvaluationLimits.maxListLength`.
    static func tooManyRows(_ path: String, limit: Int, at span: Span) -> Diagnostic {
        .error(.listLimit, at: span, "'\(path)' has more than \(limit) rows")
    }

    /// `json("ids.json")` holding `{"id": 12345678901234567890}`: an integer past 2^53, read as
    /// `value` (the nearest number).
    static func inexactInteger(_ text: String, reads value: String, at span: Span) -> Diagnostic {
        .warning(.dataInexactInteger, at: span,
                 "the integer '\(text)' is beyond 9007199254740992 (2^53), where a number cannot hold every integer exactly: it reads as \(value)",
                 notes: [.init("write it as a JSON string to keep its digits: \"\(text)\"")])
    }
}

extension TypeExpectation {
    /// `page size: 5`.
    static var pageSize: TypeExpectation {
        TypeExpectation(what: "'size' of a page", expected: "a page size name or (width, height) with positive lengths")
    }

    /// `page size: a4, orientation: sideways`.
    static var orientation: TypeExpectation { TypeExpectation(what: "'orientation'", expected: "portrait or landscape") }

    /// `page size: a4, margin: red`.
    static var margin: TypeExpectation {
        TypeExpectation(what: "'margin'", expected: "a length, (vertical, horizontal) or (top, right, bottom, left)")
    }

    /// `page size: a4, background: 5`.
    static var pageBackground: TypeExpectation { TypeExpectation(what: "'background'", expected: "a color or 'none'") }

    /// `page size: (3.5in, 2in), bleed: 2in`.
    static var bleed: TypeExpectation { TypeExpectation(what: "'bleed'", expected: "a length from 0 to 1in") }

    /// `page size: a4, bleed: 3mm, marks: 5`.
    static var marks: TypeExpectation { TypeExpectation(what: "'marks'", expected: "crop or none") }

    /// `5 -> b`.
    static var connectorEnd: TypeExpectation { TypeExpectation(what: "a connector end", expected: "a node name or a point") }
}
