// A readable dump of a parsed file, for parser tests: one node per line, indented by depth,
// each with its byte span as `@start..end`. Stable text, so tests compare strings.

import DrawDiagnostics
import DrawSyntax

/// Dumps the statements (and their expressions) of `file`.
package func dumpAST(_ file: File) -> String {
    var dumper = ASTDumper(file: file)
    for statement in file.statements { dumper.statement(statement, 0) }
    return dumper.out
}

/// Dumps one expression of `file`.
package func dumpExpression(_ id: ExprID, in file: File) -> String {
    var dumper = ASTDumper(file: file)
    dumper.expression(id, 0)
    return dumper.out
}

private struct ASTDumper {
    let file: File
    var out = ""

    mutating func line(_ depth: Int, _ text: String, _ span: Span) {
        out += String(repeating: "  ", count: depth) + text + " @\(span.start)..\(span.end)\n"
    }

    mutating func statement(_ statement: Stmt, _ depth: Int) {
        switch statement.kind {
        case .letBinding(let name, let value):
            line(depth, "let \(name.name)", statement.span)
            expression(value, depth + 1)
        case .style(let name, let properties):
            line(depth, "style \(name.name)", statement.span)
            for property in file[properties] { argument(property, depth + 1) }
        case .def(let name, let parameters, let body):
            line(depth, "def \(name.name)", statement.span)
            for parameter in parameters {
                line(depth + 1, "parameter \(parameter.name.name)", parameter.name.span)
                if let value = parameter.defaultValue { expression(value, depth + 2) }
            }
            block(body, depth + 1)
        case .importFile(let path, let span):
            line(depth, "import", statement.span)
            line(depth + 1, "path \(quoted(path))", span)
        case .page(let arguments, let body):
            line(depth, "page", statement.span)
            for argument in file[arguments] { self.argument(argument, depth + 1) }
            if let body { block(body, depth + 1) }
        case .labels(let labels):
            line(depth, "labels\(labels.variable.map { " " + $0.name } ?? "")", statement.span)
            if let sequence = labels.sequence { expression(sequence, depth + 1) }
            for argument in file[labels.arguments] { self.argument(argument, depth + 1) }
            block(labels.block, depth + 1)
        case .forLoop(let name, let sequence, let body):
            line(depth, "for \(name.name)", statement.span)
            expression(sequence, depth + 1)
            block(body, depth + 1)
        case .ifElse(let condition, let thenBlock, let elseBlock):
            line(depth, "if", statement.span)
            expression(condition, depth + 1)
            block(thenBlock, depth + 1)
            if let elseBlock {
                line(depth + 1, "else", elseBlock.span)
                block(elseBlock, depth + 2)
            }
        case .connector(let connector):
            line(depth, "connector", statement.span)
            let arrows = file[connector.arrows]
            for (index, endpoint) in file[connector.endpoints].enumerated() {
                expression(endpoint, depth + 1)
                if index < arrows.count {
                    line(depth + 1, "op \(connectorText(arrows[index].op))", arrows[index].span)
                }
            }
            for argument in file[connector.arguments] { self.argument(argument, depth + 1) }
        case .node(let node):
            line(depth, "node \(node.kind.name)", statement.span)
            for argument in file[node.arguments] { self.argument(argument, depth + 1) }
            if let body = node.block { block(body, depth + 1) }
        case .property(let argument):
            line(depth, "property \(argument.label(in: file)?.name ?? "?")", statement.span)
            expression(argument.value, depth + 1)
        case .error:
            line(depth, "error", statement.span)
        case .function(let name, let parameters, let body):
            line(depth, "fn \(name.name)", statement.span)
            for parameter in parameters {
                line(depth + 1, "parameter \(parameter.name.name)", parameter.name.span)
                if let value = parameter.defaultValue { expression(value, depth + 2) }
            }
            expression(body, depth + 1)
        }
    }

    mutating func block(_ block: Block, _ depth: Int) {
        line(depth, "block", block.span)
        for statement in block.statements { self.statement(statement, depth + 1) }
    }

    mutating func argument(_ argument: Argument, _ depth: Int) {
        line(depth, argument.label(in: file).map { "arg \($0.name)" } ?? "positional", argument.span)
        expression(argument.value, depth + 1)
    }

    mutating func expression(_ id: ExprID, _ depth: Int) {
        let expr = file[id]
        switch expr.kind {
        case .number(let value, let unit):
            line(depth, "number \(number(value))\(unit.spelling)", expr.span)
        case .string(let partList):
            let parts = file[partList]
            if parts.allSatisfy({ if case .text = $0 { true } else { false } }) {
                let text = parts.map { if case .text(let t) = $0 { t } else { "" } }.joined()
                line(depth, "string \(quoted(text))", expr.span)
            } else {
                line(depth, "string", expr.span)
                for part in parts {
                    switch part {
                    case .text(let text): out += String(repeating: "  ", count: depth + 1) + "text \(quoted(text))\n"
                    case .interpolation(let value): expression(value, depth + 1)
                    }
                }
            }
        case .color(let r, let g, let b, let a):
            line(depth, "color #" + [r, g, b, a].map(hex).joined(), expr.span)
        case .bool(let value):
            line(depth, "bool \(value)", expr.span)
        case .none:
            line(depth, "none", expr.span)
        case .name(let nameID):
            let name = file[nameID]
            line(depth, "name \(name)", expr.span)
        case .tuple(let elements):
            line(depth, "tuple", expr.span)
            for element in file[elements] { expression(element, depth + 1) }
        case .list(let elements):
            line(depth, "list", expr.span)
            for element in file[elements] { expression(element, depth + 1) }
        case .unary(let op, let operand):
            line(depth, "unary \(unaryText(op))", expr.span)
            expression(operand, depth + 1)
        case .binary(let left, let right, let op):
            line(depth, "binary \(op.spelling)", expr.span)
            expression(left, depth + 1)
            expression(right, depth + 1)
        case .range(let low, let high, let inclusive):
            line(depth, inclusive ? "range ..." : "range ..<", expr.span)
            expression(low, depth + 1)
            expression(high, depth + 1)
        case .member(let base, let name):
            line(depth, "member \(file[name].name)", expr.span)
            expression(base, depth + 1)
        case .index(let base, let index):
            line(depth, "index", expr.span)
            expression(base, depth + 1)
            expression(index, depth + 1)
        case .call(let callID):
            let callee = file[callID].callee, arguments = file[callID].arguments
            line(depth, "call \(file[callee].name)", expr.span)
            for argument in file[arguments] { self.argument(argument, depth + 1) }
        case .error:
            line(depth, "error", expr.span)
        case .conditional(let condition, let then, let otherwise):
            line(depth, "if", expr.span)
            expression(condition, depth + 1)
            expression(then, depth + 1)
            expression(otherwise, depth + 1)
        case .record(let fields):
            line(depth, "record", expr.span)
            for field in file[fields] { argument(field, depth + 1) }
        case .comprehension(let id):
            let comprehension = file[id]
            line(depth, "for \(comprehension.variable.name)", expr.span)
            expression(comprehension.sequence, depth + 1)
            if let filter = comprehension.filter {
                line(depth + 1, "where", file[filter].span)
                expression(filter, depth + 2)
            }
            expression(comprehension.element, depth + 1)
        }
    }

    func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
    }

    func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    func unaryText(_ op: UnaryOperator) -> String {
        switch op {
        case .negate: "-"
        case .plus: "+"
        case .not: "!"
        }
    }

    func connectorText(_ op: ConnectorOperator) -> String {
        switch op {
        case .forward: "->"
        case .backward: "<-"
        case .both: "<->"
        case .plain: "--"
        }
    }
}
