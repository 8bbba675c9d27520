import DrawCatalogue
import DrawDiagnostics
import DrawFormat
import DrawKit
import DrawOutput
import DrawSyntax

/// The preview's edits other than a drag (docs/preview.md, "Edits"): resize, set a property,
/// change the text, delete, duplicate, insert, connect and ink. Each one is a list of byte
/// splices at the spans the parser gives (so every splice starts and ends between tokens of
/// the lossless stream): only the changed tokens are replaced or added, comments and spacing
/// stay. A canonical file stays canonical (the result goes through the printer, which leaves
/// the untouched statements as they are), and the result must compile (`compiled`):
/// otherwise the edit is refused with the compiler's first error and nothing is written.
package enum SourceEdit {
    package typealias Refusal = PositionRewrite.Refusal

    /// A replacement of `source[start..<end]`.
    struct Splice {
        var start: Int
        var end: Int
        var text: [UInt8]
    }

    /// The parsed file and the text it was parsed from.
    struct Parsed {
        var source: [UInt8]
        var path: String
        var file: File

        /// The node statement at exactly `span`.
        func node(at span: Span) -> Result<(Stmt, NodeStmt), Refusal> {
            guard let statement = PositionRewrite.find(span, in: file.statements, file: file) else {
                return .failure(Refusal("its statement was not found in the file"))
            }
            guard case .node(let node) = statement.kind else {
                return .failure(Refusal(statement.kind.isConnector ? "it is a connector" : "it is not made by a node statement"))
            }
            return .success((statement, node))
        }

        /// The labelled arguments of a node: on its line and in its block.
        func labelled(_ node: NodeStmt) -> [(name: String, argument: Argument)] {
            var result: [(String, Argument)] = []
            for argument in file[node.arguments] {
                if let label = argument.label(in: file) { result.append((label.name, argument)) }
            }
            for child in node.block?.statements ?? [] {
                if case .property(let argument) = child.kind, let label = argument.label(in: file) {
                    result.append((label.name, argument))
                }
            }
            return result
        }

        func text(_ span: Span) -> [UInt8] { Array(source[Int(span.start)..<Int(span.end)]) }

        /// The whitespace before the first non-blank byte of the line holding `offset`.
        func indentation(at offset: Int) -> [UInt8] {
            var start = offset
            while start > 0, source[start - 1] != 0x0A { start -= 1 }
            var end = start
            while end < source.count, source[end] == 0x20 || source[end] == 0x09 { end += 1 }
            return Array(source[start..<end])
        }
    }

    static func parse(_ source: [UInt8], path: String) -> Result<Parsed, Refusal> {
        let (file, diagnostics) = DrawSyntax.parse(SourceFile(id: FileID(0), path: path, bytes: source))
        if diagnostics.contains(where: { $0.severity == .error }) {
            return .failure(Refusal("the file has syntax errors: fix them first"))
        }
        return .success(Parsed(source: source, path: path, file: file))
    }

    static func span(_ start: Int, _ end: Int) -> Span { Span(file: FileID(0), start: UInt32(start), end: UInt32(end)) }

    /// Applies the splices (sorted, not overlapping) and keeps a canonical file canonical.
    /// (Whether the result compiles is `compiled`'s question, asked by the server with the
    /// preview's own options.)
    static func finish(_ parsed: Parsed, _ splices: [Splice]) -> Result<[UInt8], Refusal> {
        var out: [UInt8] = []
        out.reserveCapacity(parsed.source.count + splices.reduce(0) { $0 + $1.text.count })
        var at = 0
        for splice in splices.sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) {
            guard splice.start >= at, splice.end >= splice.start, splice.end <= parsed.source.count else {
                return .failure(Refusal("the edit overlaps itself"))
            }
            out += parsed.source[at..<splice.start]
            out += splice.text
            at = splice.end
        }
        out += parsed.source[at...]
        return .success(keepingCanonical(original: parsed.source, out, path: parsed.path))
    }

    /// `text` printed canonically when `original` was canonical; else `text` as it is. The
    /// result is printed first: when the printer leaves it as it is (most edits of a canonical
    /// file) the original need not be printed at all.
    package static func keepingCanonical(original: [UInt8], _ text: [UInt8], path: String) -> [UInt8] {
        guard case .formatted(let printed) = formatSource(SourceFile(id: FileID(0), path: path, bytes: text)), printed != text else { return text }
        if case .formatted(let canonical) = formatSource(SourceFile(id: FileID(0), path: path, bytes: original)), canonical == original {
            return printed
        }
        return text
    }

    /// `text` when it compiles (with the preview's options: its fonts and images are the
    /// ones the picture used); else the compiler's first error, and nothing is written.
    package static func compiled(_ text: [UInt8], path: String, options: CompileOptions = CompileOptions()) -> Result<[UInt8], Refusal> {
        if let refusal = notCompiling(check(source: text, path: path, options: options).diagnostics) { return .failure(refusal) }
        return .success(text)
    }

    /// Why an edit's result is refused when its compile has errors: the first one, with its place.
    package static func notCompiling(_ diagnostics: [DrawDiagnostic]) -> Refusal? {
        guard let error = diagnostics.first(where: { $0.severity == .error }) else { return nil }
        let place = error.location.map { "line \($0.line):\($0.column): " } ?? ""
        return Refusal("it would not compile: \(place)\(error.message)")
    }

    // MARK: Numbers as written

    /// `value` points written in `unit` (rounded to 0.01 of the unit), with its suffix.
    static func length(_ points: Double, unit: NumberUnit) -> [UInt8] {
        Array((NumberFormat.string(points / PositionRewrite.points(per: unit), precision: 2) + unit.spelling).utf8)
    }

    /// The unit the statement writes its position in (its `at:`, `from:` or first point), for
    /// a property it does not have yet: a drawing in mm gets sizes in mm.
    static func positionUnit(_ parsed: Parsed, _ node: NodeStmt) -> NumberUnit {
        for (name, argument) in parsed.labelled(node) where ["at", "from", "to", "points"].contains(name) {
            var id = argument.value
            if case .list(let elements) = parsed.file[id].kind, let first = parsed.file[elements].first { id = first }
            if case .success(let pair) = PositionRewrite.pair(id, in: parsed.file, source: parsed.source), let first = pair.first {
                return first.unit == .pt ? .none : first.unit
            }
        }
        return .none
    }

    // MARK: Properties

    /// Sets `name: value` on the node: replaces the value where the property is written (on
    /// its line or in its block), else adds it after the last argument (on a line of its own
    /// when the arguments are one per line).
    static func setProperty(_ parsed: Parsed, _ node: NodeStmt, _ name: String, _ value: [UInt8]) -> Splice {
        if let written = parsed.labelled(node).last(where: { $0.name == name }) {
            let expr = parsed.file[written.argument.value]
            return Splice(start: Int(expr.span.start), end: Int(expr.span.end), text: value)
        }
        let arguments = Array(parsed.file[node.arguments])
        let property = Array((name + ": ").utf8) + value
        guard let last = arguments.last else {
            let end = Int(node.kind.span.end)
            return Splice(start: end, end: end, text: [0x20] + property)
        }
        let end = Int(last.span.end)
        if arguments.count > 1, line(of: Int(last.span.start), in: parsed.source) != line(of: Int(arguments[arguments.count - 2].span.start), in: parsed.source) {
            return Splice(start: end, end: end, text: Array(",\n".utf8) + parsed.indentation(at: Int(last.span.start)) + property)
        }
        return Splice(start: end, end: end, text: Array(", ".utf8) + property)
    }

    static func line(of offset: Int, in source: [UInt8]) -> Int {
        var count = 0
        for byte in source[..<offset] where byte == 0x0A { count += 1 }
        return count
    }

    /// `name: value` inside a statement's source syntax: one expression, on one line.
    /// After the splice the file is parsed again and the property's value must be exactly
    /// the bytes given (`red, at: (0, 0)` or `red\nrect` are refused, not spliced in).
    static func checkOneValue(_ out: [UInt8], path: String, name: String, valueStart: Int, length: Int, statementStart: Int) -> Bool {
        let (file, diagnostics) = DrawSyntax.parse(SourceFile(id: FileID(0), path: path, bytes: out))
        if diagnostics.contains(where: { $0.severity == .error }) { return false }
        func search(_ statements: [Stmt]) -> Bool {
            for statement in statements {
                if case .node(let node) = statement.kind, Int(statement.span.start) == statementStart {
                    var arguments = Array(file[node.arguments])
                    for child in node.block?.statements ?? [] { if case .property(let a) = child.kind { arguments.append(a) } }
                    return arguments.contains { argument in
                        argument.label(in: file)?.name == name && Int(file[argument.value].span.start) == valueStart
                            && Int(file[argument.value].span.end) == valueStart + length
                    }
                }
                for block in statement.kind.blocks where block.span.start <= UInt32(statementStart) && UInt32(statementStart) < block.span.end {
                    return search(block.statements)
                }
            }
            return false
        }
        return search(file.statements)
    }

    // MARK: The edits

    /// `set`: `property: value` (the value in source syntax) on the statement at `statement`.
    package static func set(source: [UInt8], path: String, statement: Span, property: String, value: String) -> Result<[UInt8], Refusal> {
        guard !property.isEmpty, property.utf8.count <= 64, property.utf8.allSatisfy({ isWordByte($0) }), property.utf8.first.map({ !(0x30...0x39).contains($0) }) ?? false else {
            return .failure(Refusal("'\(property)' is not a property name"))
        }
        let bytes = Array(value.utf8)
        guard !bytes.isEmpty, bytes.count <= 4096, !bytes.contains(0x0A), !bytes.contains(0x0D) else {
            return .failure(Refusal("a value is one line of source, 1 to 4096 bytes"))
        }
        return parse(source, path: path).flatMap { parsed in
            parsed.node(at: statement).flatMap { (stmt, node) in
                let splice = setProperty(parsed, node, property, bytes)
                // Where the value lands in the new text, to check it is exactly one expression.
                let valueStart = splice.start + splice.text.count - bytes.count
                var out = parsed.source
                out.replaceSubrange(splice.start..<splice.end, with: splice.text)
                guard checkOneValue(out, path: path, name: property, valueStart: valueStart, length: bytes.count, statementStart: Int(stmt.span.start)) else {
                    return .failure(Refusal("'\(value)' is not one value"))
                }
                return finish(parsed, [splice])
            }
        }
    }

    /// `text`: the statement's label or text (its positional string), added when it has none.
    package static func text(source: [UInt8], path: String, statement: Span, text: String) -> Result<[UInt8], Refusal> {
        guard text.utf8.count <= 4096 else { return .failure(Refusal("a text is at most 4096 bytes")) }
        let literal = stringLiteral(text)
        return parse(source, path: path).flatMap { parsed in
            parsed.node(at: statement).flatMap { (_, node) in
                if let positional = parsed.file[node.arguments].first(where: { !$0.hasLabel }) {
                    let expr = parsed.file[positional.value]
                    guard case .string(let parts) = expr.kind, parsed.file[parts].allSatisfy({ if case .text = $0 { true } else { false } }) else {
                        return .failure(Refusal("its text is an expression ('\(PositionRewrite.excerpt(expr.span, parsed.source))'): change it in the editor"))
                    }
                    return finish(parsed, [Splice(start: Int(expr.span.start), end: Int(expr.span.end), text: literal)])
                }
                let end = Int(node.kind.span.end)
                let hasArguments = !parsed.file[node.arguments].isEmpty
                return finish(parsed, [Splice(start: end, end: end, text: [0x20] + literal + (hasArguments ? [0x2C] : []))])
            }
        }
    }

    /// A string literal of the language for `text`: `"` and `\` escaped, line breaks `\n`.
    static func stringLiteral(_ text: String) -> [UInt8] {
        var out: [UInt8] = [0x22]
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += Array(#"\""#.utf8)
            case "\\": out += Array(#"\\"#.utf8)
            case "\n": out += Array(#"\n"#.utf8)
            case "\t": out += Array(#"\t"#.utf8)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += Array("\\u{\(String(scalar.value, radix: 16))}".utf8)
                } else {
                    out += Array(String(scalar).utf8)
                }
            }
        }
        return out + [0x22]
    }

    /// `resize` to `width` × `height` points: `width:`/`height:` (in the units written, added
    /// when absent), a circle's `r:`, the points of a line, polyline, polygon or ink, or a
    /// path's data, scaled about their top-left corner.
    package static func resize(source: [UInt8], path: String, statement: Span, width: Double, height: Double) -> Result<[UInt8], Refusal> {
        guard width.isFinite, height.isFinite, width > 0, height > 0, width <= 1e7, height <= 1e7 else {
            return .failure(Refusal("a size is more than 0 and at most 10000000 pt"))
        }
        return parse(source, path: path).flatMap { parsed in
            parsed.node(at: statement).flatMap { (_, node) in
                let properties = parsed.labelled(node)
                let unit = positionUnit(parsed, node)
                func sized(_ name: String, _ points: Double) -> Result<Splice, Refusal> {
                    if let written = properties.last(where: { $0.name == name }) {
                        guard let literal = PositionRewrite.literal(written.argument.value, axis: 0, in: parsed.file), literal.unit != .percent, literal.unit != .deg else {
                            return .failure(Refusal("its '\(name):' is an expression ('\(PositionRewrite.excerpt(parsed.file[written.argument.value].span, parsed.source))'), not a length"))
                        }
                        return .success(Splice(start: literal.start, end: literal.end, text: length(points, unit: literal.unit)))
                    }
                    return .success(setProperty(parsed, node, name, length(points, unit: unit)))
                }
                if node.kind.name == "circle" {
                    return sized("r", min(width, height) / 2).flatMap { finish(parsed, [$0]) }
                }
                if node.kind.name == "path" {
                    return scalePath(parsed, node, width: width, height: height)
                }
                let pointLabels = properties.filter { ["points", "from", "to"].contains($0.name) }
                if !pointLabels.isEmpty {
                    return scalePoints(parsed, pointLabels.map(\.argument), width: width, height: height)
                }
                // Both properties: when the width is added on the statement's line, the height
                // goes right after it.
                return sized("width", width).flatMap { first in
                    sized("height", height).flatMap { second in
                        if first.start == second.start && first.end == second.end && first.start == first.end {
                            // Both added at one place: the height after the width, as the width is written.
                            let rest = second.text.first == 0x20 ? Array(",".utf8) + second.text : second.text
                            return finish(parsed, [Splice(start: first.start, end: first.end, text: first.text + rest)])
                        }
                        return finish(parsed, [first, second])
                    }
                }
            }
        }
    }

    /// The points of `points:`, `from:`, `to:` scaled so their box is `width` × `height`
    /// (a side with no extent keeps it), about the box's top-left corner.
    static func scalePoints(_ parsed: Parsed, _ arguments: [Argument], width: Double, height: Double) -> Result<[UInt8], Refusal> {
        var literals: [PositionRewrite.Literal] = []
        for argument in arguments {
            let value = parsed.file[argument.value]
            let items: [ExprID]
            switch value.kind {
            case .list(let elements): items = Array(parsed.file[elements])
            case .tuple: items = [argument.value]
            case .string(let parts):
                // A compact points string: rewritten whole, scaled (its pressures as written).
                guard arguments.count == 1, parsed.file[parts].count == 1, case .text(let text)? = parsed.file[parts].first,
                      let scaled = scaledCompactPoints(text, width: width, height: height) else {
                    return .failure(Refusal("its points string cannot be scaled here: resize it in the editor"))
                }
                return finish(parsed, [Splice(start: Int(value.span.start), end: Int(value.span.end), text: stringLiteral(scaled))])
            default: return .failure(Refusal("its points are an expression, not numbers"))
            }
            for item in items {
                switch PositionRewrite.pair(item, in: parsed.file, source: parsed.source) {
                case .success(let pair): literals += pair
                case .failure(let why): return .failure(Refusal("a point is \(why.message)"))
                }
            }
        }
        var splices: [Splice] = []
        for axis in 0...1 {
            let mine = literals.filter { $0.axis == axis && $0.direction == 1 }
            let values = mine.map { $0.value * PositionRewrite.points(per: $0.unit) }
            guard let low = values.min(), let high = values.max() else { continue }
            let extent = high - low
            guard extent > 1e-9 else { continue }
            let scale = (axis == 0 ? width : height) / extent
            for (literal, value) in zip(mine, values) {
                splices.append(Splice(start: literal.start, end: literal.end, text: length(low + (value - low) * scale, unit: literal.unit)))
            }
        }
        return finish(parsed, splices)
    }

    /// A compact points string (docs/language.md) scaled about its box's top-left corner so
    /// the box is `width` × `height`, written back in hundredths; nil when it does not read.
    static func scaledCompactPoints(_ text: String, width: Double, height: Double) -> String? {
        var absolute: [[Int]] = []  // x and y in 1/10000 pt, summed exactly
        var pressures: [Substring?] = []
        var sum = [0, 0]
        for word in text.split(separator: " ") {
            let numbers = word.split(separator: ",", omittingEmptySubsequences: false)
            guard numbers.count == 2 || numbers.count == 3, let x = tenThousandths(numbers[0]), let y = tenThousandths(numbers[1]) else { return nil }
            sum = [sum[0] + x, sum[1] + y]
            absolute.append(sum)
            pressures.append(numbers.count == 3 ? numbers[2] : nil)
        }
        guard !absolute.isEmpty else { return nil }
        var scaled = absolute.map { $0.map { Double($0) / 10_000 } }
        for axis in 0...1 {
            let values = scaled.map { $0[axis] }
            let low = values.min()!, extent = values.max()! - low
            guard extent > 1e-9 else { continue }
            let factor = (axis == 0 ? width : height) / extent
            for i in scaled.indices { scaled[i][axis] = low + (scaled[i][axis] - low) * factor }
        }
        var previous: [Int]? = nil
        var words: [String] = []
        for (point, pressure) in zip(scaled, pressures) {
            let hundredths = point.map { Int(($0 * 100).rounded()) }
            let written = previous.map { p in zip(hundredths, p).map { $0 - $1 } } ?? hundredths
            words.append(written.map { decimal($0, places: 2) }.joined(separator: ",") + (pressure.map { "," + $0 } ?? ""))
            previous = hundredths
        }
        return words.joined(separator: " ")
    }

    /// A number of the compact points form (sign, digits, at most 4 decimals) in 1/10000.
    static func tenThousandths(_ text: Substring) -> Int? {
        var bytes = Array(text.utf8)
        var sign = 1
        if bytes.first == 0x2D { sign = -1; bytes.removeFirst() } else if bytes.first == 0x2B { bytes.removeFirst() }
        let parts = bytes.split(separator: 0x2E, omittingEmptySubsequences: false)
        guard !bytes.isEmpty, parts.count <= 2, parts[0].count <= 9, parts.count == 1 || (1...4).contains(parts[1].count),
              parts.allSatisfy({ $0.allSatisfy { (0x30...0x39).contains($0) } }) else { return nil }
        var value = 0
        for digit in parts[0] { value = value * 10 + Int(digit - 0x30) }
        var fraction = parts.count == 2 ? Array(parts[1]) : []
        while fraction.count < 4 { fraction.append(0x30) }
        for digit in fraction { value = value * 10 + Int(digit - 0x30) }
        return sign * value
    }

    /// `delete`: the statement, its comment on the same line, its line when nothing else is
    /// on it, and the connectors that name its id (a chain through it is refused: the links
    /// to the other nodes would go too).
    package static func delete(source: [UInt8], path: String, statement: Span) -> Result<[UInt8], Refusal> {
        parse(source, path: path).flatMap { parsed in
            parsed.node(at: statement).flatMap { (stmt, node) in
                var ranges = [wholeLines(parsed.source, Int(stmt.span.start), Int(stmt.span.end))]
                if let id = idName(parsed, node) {
                    for connector in connectors(in: parsed.file.statements, parsed.file) {
                        guard case .connector(let c) = connector.kind else { continue }
                        let ends = Array(parsed.file[c.endpoints])
                        guard ends.contains(where: { endpointName(parsed, $0) == id }) else { continue }
                        if ends.count > 2 {
                            let at = parsed.file.location(connector.span.start, in: parsed.source)
                            return .failure(Refusal("'\(id)' is in a chain of connectors (line \(at)): edit the chain in the editor"))
                        }
                        ranges.append(wholeLines(parsed.source, Int(connector.span.start), Int(connector.span.end)))
                    }
                }
                let splices = ranges.map { Splice(start: $0.lowerBound, end: $0.upperBound, text: []) }
                return finish(parsed, merged(splices))
            }
        }
    }

    /// Overlapping deletions as one (a connector inside the deleted statement's block).
    static func merged(_ splices: [Splice]) -> [Splice] {
        var result: [Splice] = []
        for splice in splices.sorted(by: { $0.start < $1.start }) {
            if let last = result.last, splice.start < last.end {
                result[result.count - 1].end = max(last.end, splice.end)
            } else {
                result.append(splice)
            }
        }
        return result
    }

    /// `start..<end` grown to the whole line (with its comment and line break) when nothing
    /// else is written on it; else the statement, its trailing spaces, and a comment ending the line.
    static func wholeLines(_ source: [UInt8], _ start: Int, _ end: Int) -> Range<Int> {
        var lineStart = start
        while lineStart > 0, source[lineStart - 1] == 0x20 || source[lineStart - 1] == 0x09 { lineStart -= 1 }
        let alone = lineStart == 0 || source[lineStart - 1] == 0x0A
        var after = end
        while after < source.count, source[after] == 0x20 || source[after] == 0x09 { after += 1 }
        if after + 1 < source.count, source[after] == 0x2F, source[after + 1] == 0x2F {
            while after < source.count, source[after] != 0x0A { after += 1 }
        }
        let lineEnds = after == source.count || source[after] == 0x0A
        if alone && lineEnds { return lineStart..<min(after + 1, source.count) }
        if lineEnds { return start..<after }
        return start..<end
    }

    static func connectors(in statements: [Stmt], _ file: File) -> [Stmt] {
        var result: [Stmt] = []
        for statement in statements {
            if case .connector = statement.kind { result.append(statement) }
            for block in statement.kind.blocks { result += connectors(in: block.statements, file) }
        }
        return result
    }

    /// The node's `id:` as connectors name it (a name or a plain string).
    static func idName(_ parsed: Parsed, _ node: NodeStmt) -> String? {
        guard let id = parsed.labelled(node).last(where: { $0.name == "id" }) else { return nil }
        return literalName(parsed, id.argument.value)
    }

    static func literalName(_ parsed: Parsed, _ id: ExprID) -> String? {
        switch parsed.file[id].kind {
        case .name(let name): return parsed.file[name]
        case .string(let parts):
            var text = ""
            for part in parsed.file[parts] {
                guard case .text(let piece) = part else { return nil }
                text += piece
            }
            return text
        default: return nil
        }
    }

    /// The id an endpoint names: `a`, `a.right`, `"a"`.
    static func endpointName(_ parsed: Parsed, _ id: ExprID) -> String? {
        if case .member(let base, _) = parsed.file[id].kind { return literalName(parsed, base) }
        return literalName(parsed, id)
    }

    /// `duplicate`: a copy of the statement on the line after it, moved by (dx, dy) points
    /// when its position is written in numbers, with fresh ids (`box` → `box2`).
    package static func duplicate(source: [UInt8], path: String, statement: Span, dx: Double, dy: Double) -> Result<[UInt8], Refusal> {
        guard dx.isFinite, dy.isFinite, abs(dx) <= PreviewServer.maximumDrag, abs(dy) <= PreviewServer.maximumDrag else {
            return .failure(Refusal("the offset is not within ±10000000 pt"))
        }
        return parse(source, path: path).flatMap { parsed in
            parsed.node(at: statement).flatMap { (stmt, _) in
                var copy = parsed.text(stmt.span)
                // The copy alone parses as a file of one statement: move it, then rename its ids.
                if case .success(let moved) = PositionRewrite.move(source: copy, path: path, statement: span(0, copy.count), dx: dx, dy: dy, snap: false) {
                    copy = moved
                }
                guard case .success(let renamed) = freshIDs(copy, path: path, avoiding: usedNames(parsed)) else {
                    return .failure(Refusal("its copy does not parse"))
                }
                copy = renamed
                let range = wholeLines(parsed.source, Int(stmt.span.start), Int(stmt.span.end))
                let lineEnd = range.upperBound > 0 && parsed.source[range.upperBound - 1] == 0x0A ? range.upperBound - 1 : range.upperBound
                guard lineEnd == parsed.source.count || parsed.source[lineEnd] == 0x0A else {
                    return .failure(Refusal("another statement follows it on its line"))
                }
                let insert = [0x0A] + parsed.indentation(at: Int(stmt.span.start)) + copy
                return finish(parsed, [Splice(start: lineEnd, end: lineEnd, text: insert)])
            }
        }
    }

    /// Every name the file gives or uses as a value (ids, bindings, words such as `red`): a
    /// fresh id is none of them. Kinds and property labels are not values.
    static func usedNames(_ parsed: Parsed) -> Set<String> {
        var names: Set<String> = []
        for expr in parsed.file.exprs {
            if case .name(let name) = expr.kind { names.insert(parsed.file[name]) }
        }
        for identifier in parsed.file.identifiers { names.insert(identifier.name) }
        for statement in allStatements(parsed.file.statements) {
            switch statement.kind {
            case .node(let node): if let id = idName(parsed, node) { names.insert(id) }
            case .letBinding(let name, _), .style(let name, _), .def(let name, _, _), .function(let name, _, _), .forLoop(let name, _, _):
                names.insert(name.name)
            case .importFile, .page, .ifElse, .connector, .property, .error, .labels: break
            }
        }
        return names
    }

    static func allStatements(_ statements: [Stmt]) -> [Stmt] {
        var result: [Stmt] = []
        for statement in statements {
            result.append(statement)
            for block in statement.kind.blocks { result += allStatements(block.statements) }
        }
        return result
    }

    /// The first of `base`, `base2`, `base3`… not in `used` (`box` stays `box` when free).
    static func freshName(_ base: String, _ used: Set<String>) -> String {
        var stem = base
        while let last = stem.last, last.isNumber { stem.removeLast() }
        if stem.isEmpty { stem = "node" }
        if !used.contains(base) && base != stem { return base }
        if !used.contains(stem) { return stem }
        var n = 2
        while used.contains(stem + String(n)) { n += 1 }
        return stem + String(n)
    }

    /// The ids written in `text` (a statement alone) replaced by fresh ones.
    static func freshIDs(_ text: [UInt8], path: String, avoiding: Set<String>) -> Result<[UInt8], Refusal> {
        parse(text, path: path).map { parsed in
            var used = avoiding
            var splices: [(Int, Int, [UInt8])] = []
            for statement in allStatements(parsed.file.statements) {
                guard case .node(let node) = statement.kind, let id = parsed.labelled(node).last(where: { $0.name == "id" }),
                      let name = literalName(parsed, id.argument.value) else { continue }
                let fresh = freshName(name, used)
                used.insert(fresh)
                let expr = parsed.file[id.argument.value]
                let written: [UInt8] = if case .name = expr.kind { Array(fresh.utf8) } else { stringLiteral(fresh) }
                splices.append((Int(expr.span.start), Int(expr.span.end), written))
            }
            var out = text
            for (start, end, written) in splices.sorted(by: { $0.0 > $1.0 }) { out.replaceSubrange(start..<end, with: written) }
            return out
        }
    }

    // MARK: New statements

    /// Where new statements go: the end of the file, or of the page block under the click
    /// (`page`, 1-based, when the file has top-level page blocks), each on a line of its own.
    static func appending(_ parsed: Parsed, _ statements: [[UInt8]], page: Int?) -> Splice {
        let pageBlocks = parsed.file.statements.compactMap { s -> Block? in
            if case .page(_, let block) = s.kind { return block } else { return nil }
        }
        if let page, pageBlocks.indices.contains(page - 1) {
            return appending(parsed, statements, in: pageBlocks[page - 1])
        }
        if page == nil || pageBlocks.isEmpty {
            var end = parsed.source.count
            while end > 0, parsed.source[end - 1] == 0x0A || parsed.source[end - 1] == 0x20 || parsed.source[end - 1] == 0x09 { end -= 1 }
            // After the last byte that is not a line end (a final comment included).
            let text = (end == 0 ? [] : [0x0A]) + statements.joined(separator: [0x0A]) + [0x0A]
            return Splice(start: end, end: parsed.source.count, text: text)
        }
        return appending(parsed, statements, in: pageBlocks[pageBlocks.count - 1])
    }

    /// Before the closing brace of `block`, indented as its statements (two spaces more than
    /// the brace when it has none).
    static func appending(_ parsed: Parsed, _ statements: [[UInt8]], in block: Block) -> Splice {
        let close = Int(block.span.end) - 1
        let indent = block.statements.last.map { parsed.indentation(at: Int($0.span.start)) } ?? (parsed.indentation(at: close) + [0x20, 0x20])
        var start = close
        while start > 0, parsed.source[start - 1] == 0x20 || parsed.source[start - 1] == 0x09 { start -= 1 }
        let lines = statements.map { indent + $0 }.joined(separator: [0x0A])
        if start > 0, parsed.source[start - 1] == 0x0A {
            return Splice(start: start, end: start, text: lines + [0x0A])
        }
        return Splice(start: close, end: close, text: [0x0A] + lines + [0x0A] + parsed.indentation(at: close))
    }

    /// The page block (1-based among the top-level page blocks) holding `offset`, if any.
    static func pageBlock(holding offset: Int, _ parsed: Parsed) -> Int? {
        var index = 0
        for statement in parsed.file.statements {
            guard case .page(_, let block) = statement.kind, let block else { continue }
            index += 1
            if Int(block.span.start) <= offset && offset < Int(block.span.end) { return index }
        }
        return nil
    }

    /// The kinds the palette inserts, and what each is written with.
    package static let insertableKinds: [String] = [
        "rect", "ellipse", "circle", "text", "line", "arrow", "diamond", "capsule", "parallelogram", "hexagon",
        "cylinder", "document", "note", "cloud", "triangle", "star",
    ]

    /// `insert`: a new statement of `kind` with its anchor at (x, y) page points, in
    /// canonical form, with `text` as its label (text: "Text" when none is given). With
    /// `from` (connect mode's drag from a node to empty paper) it is connected at once:
    /// `from -> new`, and then — only then — both need an id (docs/preview.md, *Ids*).
    package static func insert(source: [UInt8], path: String, kind: String, x: Double, y: Double, text: String?, page: Int?,
                               from: Span? = nil) -> Result<[UInt8], Refusal> {
        guard insertableKinds.contains(kind) else {
            return .failure(Refusal("'\(kind)' is not one of the palette's kinds (\(insertableKinds.joined(separator: ", ")))"))
        }
        guard x.isFinite, y.isFinite, abs(x) <= 1e7, abs(y) <= 1e7 else { return .failure(Refusal("the place is not within ±10000000 pt")) }
        if let text, text.utf8.count > 4096 { return .failure(Refusal("a text is at most 4096 bytes")) }
        let px = NumberFormat.string(x, precision: 2), py = NumberFormat.string(y, precision: 2)
        var words = kind
        let label = text.map { String(decoding: stringLiteral($0), as: UTF8.self) }
        guard let nodeKind = NodeKind.byName[kind] else { return .failure(Refusal("'\(kind)' is not a kind")) }
        switch nodeKind.spec.family {
        case .line:
            words += " from: (\(px), \(py)), to: (\(NumberFormat.string(x + 80, precision: 2)), \(py))"
        case .text:
            words += " " + (label ?? "\"Text\"") + ", at: (\(px), \(py))"
        case .box, .diagramShape:
            let size = nodeKind == .circle ? "r: 20" : "width: 80, height: 40"
            words += (label.map { " \($0)," } ?? "") + " at: (\(px), \(py)), " + size
        case .path, .stroke, .image, .barcode, .spacer, .container, .connector:
            return .failure(Refusal("'\(kind)' is not one of the palette's kinds"))
        }
        return parse(source, path: path).flatMap { parsed in
            guard let from else { return finish(parsed, [appending(parsed, [Array(words.utf8)], page: page)]) }
            return parsed.node(at: from).flatMap { (_, fromNode) in
                var used = usedNames(parsed)
                var splices: [Splice] = []
                let a = readableID(parsed, fromNode, &used, &splices)
                let b = freshName(readableBase(kind), used)
                let lines = [Array((words + ", id: " + b).utf8), Array("\(a) -> \(b)".utf8)]
                splices.append(appending(parsed, lines, page: page))
                return finish(parsed, splices)
            }
        }
    }

    /// The readable id a kind's nodes get (`box`, `ellipse`, `diamond`…), numbered past the
    /// names in use by `freshName`.
    static func readableBase(_ kind: String) -> String { kind == "rect" ? "box" : kind }

    /// The id of `node` as written, or a fresh readable one added to it (a splice).
    static func readableID(_ parsed: Parsed, _ node: NodeStmt, _ used: inout Set<String>, _ splices: inout [Splice]) -> String {
        if let id = parsed.labelled(node).last(where: { $0.name == "id" }) {
            return String(decoding: parsed.text(parsed.file[id.argument.value].span), as: UTF8.self)
        }
        let fresh = freshName(readableBase(node.kind.name), used)
        used.insert(fresh)
        splices.append(setProperty(parsed, node, "id", Array(fresh.utf8)))
        return fresh
    }

    /// `connect`: `a -> b` after the last statement (of the page block holding `from`), with
    /// readable ids (`box`, `box2`, `ellipse`…) added to nodes that have none.
    package static func connect(source: [UInt8], path: String, from: Span, to: Span) -> Result<[UInt8], Refusal> {
        guard from != to else { return .failure(Refusal("a connector joins two different nodes")) }
        return parse(source, path: path).flatMap { parsed in
            parsed.node(at: from).flatMap { (fromStatement, fromNode) in
                parsed.node(at: to).flatMap { (_, toNode) in
                    var used = usedNames(parsed)
                    var splices: [Splice] = []
                    let a = readableID(parsed, fromNode, &used, &splices), b = readableID(parsed, toNode, &used, &splices)
                    splices.append(appending(parsed, [Array("\(a) -> \(b)".utf8)], page: pageBlock(holding: Int(fromStatement.span.start), parsed)))
                    return finish(parsed, splices)
                }
            }
        }
    }

    /// The most points one ink stroke may have from the page.
    package static let maximumInkPoints = 20_000

    /// `ink`: a `stroke` of `points` (x, y and an optional pressure each, page points) in the
    /// compact points string, with its colour and width.
    package static func ink(source: [UInt8], path: String, points: [[Double]], color: String?, width: Double?, page: Int?) -> Result<[UInt8], Refusal> {
        guard let first = points.first, points.count <= maximumInkPoints else {
            return .failure(Refusal("a stroke has 1 to \(maximumInkPoints) points"))
        }
        guard points.allSatisfy({ $0.count == first.count }), first.count == 2 || first.count == 3 else {
            return .failure(Refusal("every point is [x, y] or [x, y, pressure], all of one size"))
        }
        for point in points {
            guard point.allSatisfy(\.isFinite), abs(point[0]) <= 1e7, abs(point[1]) <= 1e7 else {
                return .failure(Refusal("a point is not within ±10000000 pt"))
            }
            if point.count == 3, !(0...1).contains(point[2]) { return .failure(Refusal("a pressure is between 0 and 1")) }
        }
        if let width, !(width.isFinite && width > 0 && width <= 1000) { return .failure(Refusal("a width is more than 0 and at most 1000 pt")) }
        if let color, !isColorWord(color) { return .failure(Refusal("a colour is #hex or a colour's name")) }
        var words = "stroke"
        var arguments: [String] = []
        if let width { arguments.append("width: " + NumberFormat.string(width, precision: 2) + "pt") }
        if let color { arguments.append("color: " + color) }
        arguments.append("points: \"" + compactPoints(points) + "\"")
        words += " " + arguments.joined(separator: ", ")
        return parse(source, path: path).flatMap { parsed in
            finish(parsed, [appending(parsed, [Array(words.utf8)], page: page)])
        }
    }

    static func isColorWord(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        if bytes.first == 0x23 {
            let digits = bytes.dropFirst()
            return [3, 4, 6, 8].contains(digits.count) && digits.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) }
        }
        return (1...40).contains(bytes.count) && bytes.allSatisfy { (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) }
    }

    /// The compact points string (docs/language.md): the first point absolute, then each the
    /// difference from the one before; coordinates in hundredths, pressure in thousandths,
    /// differenced as whole numbers so the sums land exactly on the rounded points.
    package static func compactPoints(_ points: [[Double]]) -> String {
        var previous: [Int]? = nil
        var words: [String] = []
        words.reserveCapacity(points.count)
        for point in points {
            let scaled = point.enumerated().map { index, value in Int((value * (index == 2 ? 1000 : 100)).rounded()) }
            let written = previous.map { p in zip(scaled, p).map { $0 - $1 } } ?? scaled
            words.append(written.enumerated().map { index, value in decimal(value, places: index == 2 ? 3 : 2) }.joined(separator: ","))
            previous = scaled
        }
        return words.joined(separator: " ")
    }

    /// `value / 10^places` written exactly, without trailing zeros (`-42, 2` → `-0.42`).
    static func decimal(_ value: Int, places: Int) -> String {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let magnitude = value.magnitude
        let whole = magnitude / UInt(scale), fraction = magnitude % UInt(scale)
        var text = (value < 0 ? "-" : "") + String(whole)
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: places - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x5F
    }
}

extension StmtKind {
    var isConnector: Bool { if case .connector = self { true } else { false } }

    /// The blocks directly inside a statement.
    var blocks: [Block] {
        switch self {
        case .node(let node): node.block.map { [$0] } ?? []
        case .def(_, _, let block), .forLoop(_, _, let block): [block]
        case .page(_, let block): block.map { [$0] } ?? []
        case .ifElse(_, let then, let otherwise): [then] + (otherwise.map { [$0] } ?? [])
        case .labels(let labels): [labels.block]
        case .letBinding, .style, .importFile, .connector, .property, .error, .function: []
        }
    }
}

extension File {
    /// `line:column` of a byte offset (1-based), for messages.
    func location(_ offset: UInt32, in source: [UInt8]) -> String {
        var line = 1, column = 1
        for byte in source[..<min(Int(offset), source.count)] {
            if byte == 0x0A { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return "\(line):\(column)"
    }
}
