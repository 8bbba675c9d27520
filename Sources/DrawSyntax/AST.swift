// The abstract syntax tree of a .draw file.
//
// Statements are structs in arrays; expressions live in an arena (`File.exprs`, indexed
// by `ExprID`) rather than in a deep `indirect enum`, so a 100,000-term expression is
// built, walked and freed without recursion blowing the stack. Every node carries its
// span. A parse error leaves an `.error` node so later stages do not report it again.
// Comments are kept beside the tree (`File.comments`) for `drawc fmt`.
//
// Lists inside nodes (arguments, tuple and list elements, string pieces, connector ends)
// are runs in flat arrays of the `File` (`AList`: start and count), not an array per node:
// an array per statement cost a malloc, a free and a reference count each (about a fifth
// of parse time on generated drawings), and 32 bytes of header. `file[list]` reads one.
// `Expr` holds no array and at most one String, so it stays 32 bytes.

import DrawDiagnostics

/// Index of an expression in `File.exprs`.
package struct ExprID: Hashable, Sendable {
    package var index: UInt32
    package init(_ index: UInt32) { self.index = index }
}

/// A run of `count` elements from `start` in one of `File`'s flat arrays (which one
/// follows from `Element`); read it with `file[list]`.
package struct AList<Element>: Hashable, Sendable {
    package var start: UInt32
    package var count: UInt32
    package init(start: UInt32, count: UInt32) { self.start = start; self.count = count }
    package static var empty: AList { AList(start: 0, count: 0) }
    package var isEmpty: Bool { count == 0 }
}

/// `name: value` arguments in `File.arguments`.
package typealias ArgumentList = AList<Argument>
/// Expressions in `File.exprLists`.
package typealias ExprList = AList<ExprID>
/// Pieces of a string literal in `File.stringParts`.
package typealias StringPartList = AList<StringPart>
/// Arrows of a connector in `File.arrows`.
package typealias ArrowList = AList<ConnectorArrow>

/// The elements of an `AList`, zero-based, as read from the file's array.
///
/// `public` and `@inlinable` (not `package`) because DrawSemantics walks these lists on every
/// node: as `package` members the Collection requirements were called through generic
/// witnesses across the module boundary (about 1.4k instructions per `shapes` statement
/// in evaluation); public inlinable ones are specialised into the caller.
public struct AListView<Element>: RandomAccessCollection {
    @usableFromInline let base: [Element]
    @usableFromInline let offset: Int
    public let count: Int

    @inlinable init(_ base: [Element], start: UInt32, count: UInt32) {
        precondition(Int(start) + Int(count) <= base.count, "list outside its array")
        self.base = base
        self.offset = Int(start)
        self.count = Int(count)
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }
    @inlinable public func index(after i: Int) -> Int { i + 1 }
    @inlinable public func index(before i: Int) -> Int { i - 1 }
    @inlinable public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "index out of range")
        return base[offset &+ position]
    }

    public struct Iterator: IteratorProtocol {
        @usableFromInline let base: [Element]
        @usableFromInline var position: Int
        @usableFromInline let end: Int
        @inlinable init(base: [Element], position: Int, end: Int) { self.base = base; self.position = position; self.end = end }
        @inlinable public mutating func next() -> Element? {
            if position >= end { return nil }
            defer { position &+= 1 }
            return base[position]
        }
    }

    @inlinable public func makeIterator() -> Iterator { Iterator(base: base, position: offset, end: offset + count) }
}

/// Index of an identifier in `File.identifiers` (a call's callee, a member's name).
package struct IdentifierID: Hashable, Sendable {
    package var index: UInt32
    package init(_ index: UInt32) { self.index = index }
}

/// Index of a name's text in `File.names` (a name expression's; repeated names share one).
public struct NameID: Hashable, Sendable {  // public: see `Argument`
    @usableFromInline package var index: UInt32
    @inlinable package init(_ index: UInt32) { self.index = index }
}

/// Index of a call in `File.calls`.
package struct CallID: Hashable, Sendable {
    package var index: UInt32
    package init(_ index: UInt32) { self.index = index }
}

/// `callee(arguments)`.
package struct Call: Hashable, Sendable {
    package var callee: IdentifierID
    package var arguments: ArgumentList
    package init(callee: IdentifierID, arguments: ArgumentList) { self.callee = callee; self.arguments = arguments }
}

/// A name as written, with its span.
///
/// The span is not stored whole: a name is ASCII and covers exactly its bytes, so its end
/// follows from its start (24 bytes instead of 32, in every labelled argument and node).
package struct Identifier: Hashable, Sendable {
    package var name: String
    private var file: FileID
    private var start: UInt32
    package var span: Span { Span(file: file, start: start, end: start &+ UInt32(truncatingIfNeeded: name.utf8.count)) }
    package init(_ name: String, span: Span) {
        assert(Int(span.end - span.start) == name.utf8.count, "an identifier's span covers its name exactly")
        self.name = name; self.file = span.file; self.start = span.start
    }
    @usableFromInline init(_ name: String, file: FileID, start: UInt32) { self.name = name; self.file = file; self.start = start }
}

/// The unit glued to a number literal.
package enum NumberUnit: UInt8, Hashable, Sendable, CaseIterable {
    /// No unit: a plain number (points where a length is expected).
    case none
    /// `pt`, 1/72 in.
    case pt
    /// `in`, 72 pt.
    case inch
    /// `mm`, 72/25.4 pt.
    case mm
    /// `cm`, 720/25.4 pt.
    case cm
    /// `px`, 0.75 pt (CSS pixel at 96 dpi).
    case px
    /// `%`.
    case percent
    /// `deg`.
    case deg

    /// The unit as written after the number (`""` for none).
    package var spelling: String {
        switch self {
        case .none: ""
        case .pt: "pt"
        case .inch: "in"
        case .mm: "mm"
        case .cm: "cm"
        case .px: "px"
        case .percent: "%"
        case .deg: "deg"
        }
    }

    /// The units written after a number, in declaration order: the one list of their
    /// spellings (messages, hints, markup and the parser's detached-unit check read it;
    /// the catalogue's `UnitSpec` documents the same names, CatalogueTests checks so).
    package static let written: [NumberUnit] = allCases.filter { $0 != .none }
    /// The units spelled with letters (all but `%`).
    package static let lettered: [NumberUnit] = written.filter { $0 != .percent }
}

package enum UnaryOperator: UInt8, Hashable, Sendable {
    /// `-x`
    case negate
    /// `+x`
    case plus
    /// `!x`
    case not
}

package enum BinaryOperator: UInt8, Hashable, Sendable {
    case add, subtract, multiply, divide, remainder
    case equal, notEqual, less, lessEqual, greater, greaterEqual
    case and, or

    /// The operator as written in source.
    package var spelling: String {
        switch self {
        case .add: "+"
        case .subtract: "-"
        case .multiply: "*"
        case .divide: "/"
        case .remainder: "%"
        case .equal: "=="
        case .notEqual: "!="
        case .less: "<"
        case .lessEqual: "<="
        case .greater: ">"
        case .greaterEqual: ">="
        case .and: "&&"
        case .or: "||"
        }
    }
}

/// A piece of a string literal: literal text (escapes already decoded) or `\(expr)`.
package enum StringPart: Hashable, Sendable {
    case text(String)
    case interpolation(ExprID)
}

/// `name: value` or a positional `value` in an argument list.
///
/// The label is stored as its text's index in `File.names` only (20 bytes instead of 48):
/// a label starts where its argument does and covers its name, so `label(in:)` rebuilds it.
// Public rather than package so that `labelID` and `hasLabel` inline into evaluation, which
// reads them twice an argument (see DrawDiagnostics' `Span`); DrawSyntax is no product.
public struct Argument: Hashable, Sendable {
    /// The label's `NameID` index; `UInt32.max` for a positional argument.
    @usableFromInline var labelName: UInt32
    package var value: ExprID
    package var span: Span
    @inlinable package var hasLabel: Bool { labelName != UInt32.max }
    /// The label's text in `file.names`; nil for a positional argument.
    @inlinable package var labelID: NameID? { labelName == UInt32.max ? nil : NameID(labelName) }
    /// The label (nil for a positional argument); `file` is the file the argument is from.
    package func label(in file: File) -> Identifier? { label(names: file.names) }

    /// The label, its text read from `names` (the argument's `File.names`). Cheaper than
    /// `label(in:)` where getting at the File would copy it.
    package func label(names: [String]) -> Identifier? {
        guard labelName != UInt32.max else { return nil }
        return Identifier(names[Int(labelName)], file: span.file, start: span.start)
    }
    package init(label: NameID?, value: ExprID, span: Span) {
        self.labelName = label?.index ?? UInt32.max; self.value = value; self.span = span
    }
}

package enum ExprKind: Hashable, Sendable {
    /// `12`, `1.5in`, `50%`, `30deg`.
    case number(Double, NumberUnit)
    /// `"text \(expr)"`: its pieces (none for `""`).
    case string(StringPartList)
    /// `#rgb #rgba #rrggbb #rrggbbaa`, as 8-bit components.
    case color(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)
    /// `true`, `false`.
    case bool(Bool)
    /// `none`.
    case none
    /// A name: a binding, or a bare word such as `round` or `red`.
    case name(NameID)
    /// `(x, y)`: a point or size (two or more elements; `(e)` is just `e`).
    case tuple(ExprList)
    /// `[a, b, c]`.
    case list(ExprList)
    case unary(UnaryOperator, ExprID)
    /// Left, right, operator (in this order the payload packs into 9 bytes).
    case binary(ExprID, ExprID, BinaryOperator)
    /// `a..<b` (inclusive false) or `a...b` (inclusive true).
    case range(ExprID, ExprID, inclusive: Bool)
    /// `base.name` (the name in `File.identifiers`).
    case member(ExprID, IdentifierID)
    /// `base[index]`.
    case index(ExprID, ExprID)
    /// `callee(args)`; the callee is a name (`rgb`, `max`, …); both in `File.calls`.
    case call(CallID)
    /// What the parser left where it could not read an expression.
    case error
    /// `if condition then a else b`: condition, then-value, else-value.
    case conditional(ExprID, ExprID, ExprID)
    /// `{name: "x", qty: 2}`: a record, its fields as labelled arguments in the order written.
    case record(ArgumentList)
    /// `[for x in sequence if condition: element]`, in `File.comprehensions`.
    case comprehension(ComprehensionID)
}

/// Index of a list comprehension in `File.comprehensions`.
package struct ComprehensionID: Hashable, Sendable {
    package var index: UInt32
    package init(_ index: UInt32) { self.index = index }
}

/// `[for variable in sequence if filter: element]` (the `if` part is optional).
package struct Comprehension: Hashable, Sendable {
    package var variable: Identifier
    package var sequence: ExprID
    package var filter: ExprID?
    package var element: ExprID
    package init(variable: Identifier, sequence: ExprID, filter: ExprID?, element: ExprID) {
        self.variable = variable; self.sequence = sequence; self.filter = filter; self.element = element
    }
}

package struct Expr: Hashable, Sendable {
    package var kind: ExprKind
    package var span: Span
    package init(_ kind: ExprKind, span: Span) { self.kind = kind; self.span = span }
}

/// `{ … }` with its statements; `span` covers the braces.
package struct Block: Hashable, Sendable {
    package var statements: [Stmt]
    package var span: Span
    package init(statements: [Stmt], span: Span) { self.statements = statements; self.span = span }
}

/// `name` or `name = default` in a `def` parameter list.
package struct Parameter: Hashable, Sendable {
    package var name: Identifier
    package var defaultValue: ExprID?
    package init(name: Identifier, defaultValue: ExprID?) { self.name = name; self.defaultValue = defaultValue }
}

/// `->`, `<-`, `<->`, `--`.
package enum ConnectorOperator: UInt8, Hashable, Sendable {
    /// `a -> b`: arrowhead at b.
    case forward
    /// `a <- b`: arrowhead at a.
    case backward
    /// `a <-> b`: arrowheads at both ends.
    case both
    /// `a -- b`: no arrowheads.
    case plain
}

/// One arrow of a connector statement and where it is written.
package struct ConnectorArrow: Hashable, Sendable {
    package var op: ConnectorOperator
    package var span: Span
    package init(_ op: ConnectorOperator, span: Span) { self.op = op; self.span = span }
}

/// `a -> b -> c, label: "x"`: endpoints (usually names; any expression that denotes a
/// node or a point), the arrow between each pair, and trailing arguments.
package struct ConnectorStmt: Hashable, Sendable {
    package var endpoints: ExprList
    /// `arrows.count == endpoints.count - 1`; arrow i joins endpoints i and i+1.
    package var arrows: ArrowList
    package var arguments: ArgumentList
    package init(endpoints: ExprList, arrows: ArrowList, arguments: ArgumentList) {
        self.endpoints = endpoints; self.arrows = arrows; self.arguments = arguments
    }
}

/// `KIND ARGS [BLOCK]`: a node of a built-in kind or a call of a `def` component.
package struct NodeStmt: Hashable, Sendable {
    package var kind: Identifier
    /// At most one positional argument, first; then labelled ones (the parser reports
    /// violations and keeps what it can).
    package var arguments: ArgumentList
    package var block: Block?
    package init(kind: Identifier, arguments: ArgumentList, block: Block?) {
        self.kind = kind; self.arguments = arguments; self.block = block
    }
}

package enum StmtKind: Hashable, Sendable {
    /// `let NAME = EXPR`.
    case letBinding(Identifier, ExprID)
    /// `style NAME { prop: value … }`.
    case style(Identifier, ArgumentList)
    /// `def NAME(p1, p2 = default) { … }`.
    case def(Identifier, [Parameter], Block)
    /// `import "other.draw"`: the path as written (a plain string literal) and its span.
    case importFile(String, Span)
    /// `page PROPS` (no block: settings of the single page) or `page PROPS { … }`.
    case page(ArgumentList, Block?)
    /// `for NAME in EXPR { … }`.
    case forLoop(Identifier, ExprID, Block)
    /// `if EXPR { … } else { … }`; `else if` is an else block holding one `if` statement.
    case ifElse(ExprID, Block, Block?)
    /// `a -> b …`.
    case connector(ConnectorStmt)
    /// `KIND ARGS [BLOCK]`.
    case node(NodeStmt)
    /// `name: value` inside a block: a property of the enclosing node.
    case property(Argument)
    /// What the parser left where it could not read a statement.
    case error
    /// `fn NAME(p1, p2 = default) = EXPR`: a function that computes a value.
    case function(Identifier, [Parameter], ExprID)
    /// `labels NAME in EXPR, ARGS { … }` or `labels copies: N, ARGS { … }`: a sheet of labels.
    case labels(LabelsStmt)
}

/// `labels row in DATA, template: "avery-5160" { … }`: the block once per record (or per
/// copy), each in a cell of a label sheet, on as many pages as needed.
package struct LabelsStmt: Hashable, Sendable {
    /// The loop variable and its sequence; nil for the `copies:` form.
    package var variable: Identifier?
    package var sequence: ExprID?
    package var arguments: ArgumentList
    package var block: Block
    package init(variable: Identifier?, sequence: ExprID?, arguments: ArgumentList, block: Block) {
        self.variable = variable; self.sequence = sequence; self.arguments = arguments; self.block = block
    }
}

package struct Stmt: Hashable, Sendable {
    package var kind: StmtKind
    package var span: Span
    package init(_ kind: StmtKind, span: Span) { self.kind = kind; self.span = span }
}

/// A comment, kept for the formatter.
package struct Comment: Hashable, Sendable {
    package enum Style: UInt8, Hashable, Sendable {
        /// `// …` to the end of the line.
        case line
        /// `/* … */`.
        case block
    }
    package var style: Style
    package var span: Span
    package init(style: Style, span: Span) { self.style = style; self.span = span }
}

/// One parsed file.
package struct File: Sendable {
    package var file: FileID
    package var statements: [Stmt]
    /// The expression arena: every `ExprID` in this file indexes here.
    package var exprs: [Expr]
    /// The runs of every `ArgumentList`, `ExprList`, `StringPartList` and `ArrowList`.
    package var arguments: [Argument]
    package var exprLists: [ExprID]
    package var stringParts: [StringPart]
    package var arrows: [ConnectorArrow]
    /// Callees and member names (`IdentifierID`).
    package var identifiers: [Identifier]
    /// The text of name expressions (`NameID`).
    package var names: [String]
    package var calls: [Call]
    package var comments: [Comment]
    /// List comprehensions (`ComprehensionID`).
    package var comprehensions: [Comprehension]
    /// True when every syntax error of the file lies inside one literal (a malformed number
    /// or colour, a bad escape) that became an `.error` expression, and no statement failed:
    /// the statements around are whole, so later stages can still check them and report the
    /// file's other mistakes (the `.error` values are skipped silently). Trivially true for
    /// a file without errors.
    package var errorsConfinedToLiterals = true
    package init(file: FileID, statements: [Stmt] = [], exprs: [Expr] = [], arguments: [Argument] = [],
                 exprLists: [ExprID] = [], stringParts: [StringPart] = [], arrows: [ConnectorArrow] = [],
                 identifiers: [Identifier] = [], names: [String] = [], calls: [Call] = [], comments: [Comment] = [],
                 comprehensions: [Comprehension] = []) {
        self.file = file; self.statements = statements; self.exprs = exprs; self.arguments = arguments
        self.exprLists = exprLists; self.stringParts = stringParts; self.arrows = arrows
        self.identifiers = identifiers; self.names = names; self.calls = calls; self.comments = comments
        self.comprehensions = comprehensions
    }

    package subscript(id: ExprID) -> Expr { exprs[Int(id.index)] }
    package subscript(id: IdentifierID) -> Identifier { identifiers[Int(id.index)] }
    @inlinable package subscript(id: NameID) -> String { names[Int(id.index)] }
    @inlinable package subscript(id: CallID) -> Call { calls[Int(id.index)] }
    package subscript(id: ComprehensionID) -> Comprehension { comprehensions[Int(id.index)] }
    @inlinable package subscript(list: ArgumentList) -> AListView<Argument> {
        AListView(arguments, start: list.start, count: list.count)
    }
    @inlinable package subscript(list: ExprList) -> AListView<ExprID> {
        AListView(exprLists, start: list.start, count: list.count)
    }
    @inlinable package subscript(list: StringPartList) -> AListView<StringPart> {
        AListView(stringParts, start: list.start, count: list.count)
    }
    @inlinable package subscript(list: ArrowList) -> AListView<ConnectorArrow> {
        AListView(arrows, start: list.start, count: list.count)
    }
}
