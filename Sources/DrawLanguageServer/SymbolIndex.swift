// Names in one file: what each declaration is (`let`, `fn`, `style`, `def`, a parameter, a
// loop variable, a node `id`) and which declaration each use of a name refers to. Built by
// one walk of the AST with a stack of scopes, following the evaluator's rules: a `let` is
// visible below it in its block and inner blocks, a component sees its parameters, ids are
// visible everywhere in the file (connectors may name later nodes), and what an imported
// file declares at its top level is visible in the importing file.

import DrawCatalogue
import DrawDiagnostics
import DrawSemantics
import DrawSyntax

/// What a declared name is.
package enum SymbolCategory: String, Sendable {
    case letBinding = "let"
    case function = "fn"
    case style
    case component = "def"
    case parameter
    case loopVariable = "for"
    case nodeID = "id"

    /// The LSP `SymbolKind` number.
    var lspKind: Int {
        switch self {
        case .letBinding: 13  // Variable
        case .function: 12  // Function
        case .style: 23  // Struct
        case .component: 5  // Class
        case .parameter, .loopVariable: 13
        case .nodeID: 20  // Key
        }
    }
}

/// One declaration: a name at a place in a file.
package struct Declaration: Hashable, Sendable {
    package var name: String
    package var category: SymbolCategory
    /// The path of the file declaring it.
    package var path: String
    /// The name's bytes.
    package var span: Span
    /// The whole statement (for document symbols and folding).
    package var statementSpan: Span
    /// `def` and `fn` parameters.
    package var parameters: [String] = []
    /// Where a block-level name is visible: its block (for a `let`, from the declaration
    /// on), or the statement that binds it (parameters, loop variables); nil at top level.
    package var scope: Span? = nil
}

/// Where a declaration is known: its file and the name's start offset.
package struct DeclarationKey: Hashable, Sendable {
    package var path: String
    package var start: UInt32
}

/// The declarations and name uses of one file.
package struct SymbolIndex: Sendable {
    package var path: String
    package var declarations: [Declaration] = []
    /// Each use of a name and the declaration it refers to (nil: nothing declared, such as a
    /// bare word `round` or a colour name).
    package var uses: [(span: Span, name: String, target: DeclarationKey?)] = []
    /// `import "x.draw"` statements: the path as written and the string's span.
    package var imports: [(path: String, span: Span)] = []
    /// The top-level declarations other files see when they import this one.
    package var exports: [Declaration] { declarations.filter { $0.category != .parameter && $0.category != .loopVariable && $0.isTopLevel } }

    package func declaration(for key: DeclarationKey) -> Declaration? {
        declarations.first { $0.path == key.path && $0.span.start == key.start }
    }
}

extension Declaration {
    package var key: DeclarationKey { DeclarationKey(path: path, start: span.start) }
    /// Set by the indexer for declarations outside every block.
    package var isTopLevel: Bool { statementSpan.file.raw & 0x8000_0000 == 0 }
}

/// Builds a file's index. `imported` are the exports of the files it imports (in order).
package func buildSymbolIndex(_ file: File, source: SourceFile, path: String, imported: [Declaration]) -> SymbolIndex {
    var builder = IndexBuilder(file: file, source: source, path: path)
    for declaration in imported { builder.importedScope[declaration.name] = declaration }
    builder.collectIDs(file.statements)
    builder.walk(file.statements, topLevel: true)
    return builder.index
}

private struct IndexBuilder {
    let file: File
    let source: SourceFile
    var index: SymbolIndex
    var scopes: [[String: Declaration]] = [[:]]
    /// The spans the scopes stand for (`scopes[i]` ↔ `scopeSpans[i]`; the file's is unused).
    var scopeSpans: [Span] = []
    var importedScope: [String: Declaration] = [:]
    var ids: [String: Declaration] = [:]
    var styles: [String: Declaration] = [:]
    var components: [String: Declaration] = [:]
    /// Expressions walked in a loop: a worklist instead of recursion over the arena.
    var pending: [ExprID] = []

    init(file: File, source: SourceFile, path: String) {
        self.file = file
        self.source = source
        self.index = SymbolIndex(path: path)
    }

    func declaration(_ name: Identifier, _ category: SymbolCategory, statement: Span, topLevel: Bool,
                     parameters: [String] = []) -> Declaration {
        var statementSpan = statement
        // The top bit of the file id marks block-level declarations (never a real file id
        // within one index: every span here is of one file).
        if !topLevel { statementSpan.file = FileID(statement.file.raw | 0x8000_0000) }
        return Declaration(name: name.name, category: category, path: index.path, span: name.span,
                           statementSpan: statementSpan, parameters: parameters, scope: topLevel ? nil : scopeSpans.last)
    }

    /// Ids first: a connector may name a node written after it.
    mutating func collectIDs(_ statements: [Stmt]) {
        var stack: [[Stmt]] = [statements]
        while let list = stack.popLast() {
            for statement in list {
                switch statement.kind {
                case .node(let node):
                    for argument in file[node.arguments] { noteID(argument, statement: statement.span) }
                    if let block = node.block { stack.append(block.statements) }
                case .property(let argument): noteID(argument, statement: statement.span)
                case .def(_, _, let block), .forLoop(_, _, let block): stack.append(block.statements)
                case .ifElse(_, let then, let otherwise):
                    stack.append(then.statements)
                    if let otherwise { stack.append(otherwise.statements) }
                case .page(_, let block): if let block { stack.append(block.statements) }
                case .labels(let labels): stack.append(labels.block.statements)
                default: break
                }
            }
        }
    }

    mutating func noteID(_ argument: Argument, statement: Span) {
        guard argument.label(in: file)?.name == "id" else { return }
        let value = file[argument.value]
        var name: Identifier?
        switch value.kind {
        case .name(let id): name = Identifier(file[id], span: value.span)
        case .string(let parts):
            if parts.count == 1, case .text(let text) = file[parts][0], value.span.length == UInt32(text.utf8.count + 2) {
                name = Identifier(text, span: Span(file: value.span.file, start: value.span.start + 1, end: value.span.end - 1))
            }
        default: break
        }
        guard let name, ids[name.name] == nil else { return }
        let declaration = declaration(name, .nodeID, statement: statement, topLevel: true)
        ids[name.name] = declaration
        index.declarations.append(declaration)
    }

    mutating func declare(_ declaration: Declaration) {
        scopes[scopes.count - 1][declaration.name] = declaration
        index.declarations.append(declaration)
    }

    func resolve(_ name: String) -> Declaration? {
        for scope in scopes.reversed() { if let d = scope[name] { return d } }
        if let d = ids[name] { return d }
        if let d = styles[name] { return d }
        if let d = components[name] { return d }
        return importedScope[name]
    }

    mutating func use(_ name: String, at span: Span) {
        index.uses.append((span, name, resolve(name)?.key))
    }

    mutating func walk(_ statements: [Stmt], topLevel: Bool) {
        for statement in statements {
            switch statement.kind {
            case .letBinding(let name, let value):
                expression(value)
                declare(declaration(name, .letBinding, statement: statement.span, topLevel: topLevel))
            case .function(let name, let parameters, let body):
                let d = declaration(name, .function, statement: statement.span, topLevel: topLevel,
                                    parameters: parameters.map(\.name.name))
                declare(d)
                scopes.append([:]); scopeSpans.append(statement.span)
                for p in parameters {
                    if let value = p.defaultValue { expression(value) }
                    declare(declaration(p.name, .parameter, statement: statement.span, topLevel: false))
                }
                expression(body)
                scopes.removeLast(); scopeSpans.removeLast()
            case .style(let name, let arguments):
                self.arguments(arguments)
                let d = declaration(name, .style, statement: statement.span, topLevel: topLevel)
                styles[name.name] = d
                index.declarations.append(d)
            case .def(let name, let parameters, let body):
                let d = declaration(name, .component, statement: statement.span, topLevel: topLevel,
                                    parameters: parameters.map(\.name.name))
                components[name.name] = d
                index.declarations.append(d)
                scopes.append([:]); scopeSpans.append(statement.span)
                for p in parameters {
                    if let value = p.defaultValue { expression(value) }
                    declare(declaration(p.name, .parameter, statement: statement.span, topLevel: false))
                }
                walk(body.statements, topLevel: false)
                scopes.removeLast(); scopeSpans.removeLast()
            case .importFile(let path, let span):
                index.imports.append((path, span))
            case .page(let arguments, let block):
                self.arguments(arguments)
                if let block { self.block(block) }
            case .forLoop(let variable, let sequence, let body):
                expression(sequence)
                scopes.append([:]); scopeSpans.append(statement.span)
                declare(declaration(variable, .loopVariable, statement: statement.span, topLevel: false))
                walk(body.statements, topLevel: false)
                scopes.removeLast(); scopeSpans.removeLast()
            case .ifElse(let condition, let then, let otherwise):
                expression(condition)
                block(then)
                if let otherwise { block(otherwise) }
            case .connector(let connector):
                for endpoint in file[connector.endpoints] { expression(endpoint) }
                arguments(connector.arguments)
            case .node(let node):
                if !LanguageQueries.isKind(node.kind.name) { use(node.kind.name, at: node.kind.span) }
                arguments(node.arguments)
                if let body = node.block { block(body) }
            case .property(let argument):
                expression(argument.value)
            case .labels(let labels):
                if let sequence = labels.sequence { expression(sequence) }
                arguments(labels.arguments)
                scopes.append([:]); scopeSpans.append(statement.span)
                if let variable = labels.variable {
                    declare(declaration(variable, .loopVariable, statement: statement.span, topLevel: false))
                }
                walk(labels.block.statements, topLevel: false)
                scopes.removeLast(); scopeSpans.removeLast()
            case .error:
                break
            }
        }
    }

    mutating func block(_ block: Block) {
        scopes.append([:]); scopeSpans.append(block.span)
        walk(block.statements, topLevel: false)
        scopes.removeLast(); scopeSpans.removeLast()
    }

    mutating func arguments(_ list: ArgumentList) {
        for argument in file[list] {
            // `id: name` declares, it does not use.
            if argument.label(in: file)?.name == "id" { continue }
            expression(argument.value)
        }
    }

    mutating func expression(_ root: ExprID) {
        pending.append(root)
        while let id = pending.popLast() {
            let expr = file[id]
            switch expr.kind {
            case .name(let name): use(file[name], at: expr.span)
            case .string(let parts):
                for part in file[parts] { if case .interpolation(let e) = part { pending.append(e) } }
            case .tuple(let list), .list(let list): for e in file[list] { pending.append(e) }
            case .unary(_, let e): pending.append(e)
            case .binary(let a, let b, _), .range(let a, let b, _), .index(let a, let b):
                pending.append(a); pending.append(b)
            case .member(let base, _): pending.append(base)
            case .call(let call):
                let c = file[call]
                let callee = file[c.callee]
                if resolve(callee.name) != nil { use(callee.name, at: callee.span) }
                for argument in file[c.arguments] { pending.append(argument.value) }
            case .conditional(let a, let b, let c): pending.append(a); pending.append(b); pending.append(c)
            case .record(let list): for argument in file[list] { pending.append(argument.value) }
            case .comprehension(let id):
                // The variable is scoped to the comprehension; uses inside resolve to it.
                let c = file[id]
                pending.append(c.sequence)
                let saved = pending
                pending = []
                scopes.append([:]); scopeSpans.append(expr.span)
                declare(declaration(c.variable, .loopVariable, statement: expr.span, topLevel: false))
                expression(c.element)
                if let filter = c.filter { expression(filter) }
                scopes.removeLast(); scopeSpans.removeLast()
                pending = saved
            case .number, .color, .bool, .none, .error: break
            }
        }
    }
}
