// The Type 2 charstring interpreter (Adobe Technical Note #5177): outlines as cubic Bézier
// paths, advance widths, and "flattened" charstrings (subroutine calls replaced by the
// subroutines' bytes) for subsets. Hints are read past (their stem counts size hintmask
// bytes) and not applied. Arithmetic, storage and conditional operators are executed;
// `random` returns a fixed value so that output stays deterministic.
//
// Limits (CFFLimits): 48 arguments, 10 levels of subroutines, 96 stems, 32 transient
// elements, and a budget of executed tokens per glyph; breaking one is an error for that
// glyph, never a crash or a hang.

extension CFFFont {
    /// What running a charstring gave.
    struct Run {
        var outline = GlyphOutline()
        /// Advance width from the charstring (its first argument or the Private DICT's
        /// defaultWidthX).
        var width: Double = 0
        /// The charstring with every subroutine call replaced by the subroutine's body.
        var flattened: [UInt8] = []
        /// Whether it ended with endchar (rather than running off its end).
        var ended = false
    }

    /// Interprets glyph `glyph`'s charstring; `flatten` also records the flattened bytes.
    func run(glyph: Int, flatten: Bool = false) throws(FontError) -> Run {
        guard let range = charStrings.range(glyph, reader) else { throw FontError(.damaged, "no charstring for glyph \(glyph)") }
        let fd = fontDictIndex(glyph)
        let priv = fd < privates.count ? privates[fd] : .empty
        var machine = CharstringMachine(font: self, priv: priv, flatten: flatten)
        try machine.execute(range, depth: 0)
        machine.finish()
        var result = Run()
        result.outline = machine.outline
        result.width = machine.width ?? priv.defaultWidthX
        result.flattened = machine.flat
        result.ended = machine.ended
        return result
    }

    /// The bias added to a subroutine number (T2 spec §4.7).
    static func bias(_ count: Int) -> Int { count < 1240 ? 107 : count < 33900 ? 1131 : 32768 }
}

private struct CharstringMachine {
    let font: CFFFont
    let priv: CFFPrivate
    let flatten: Bool
    var stack: [Double] = []
    var x = 0.0, y = 0.0
    var open = false
    var stems = 0
    var width: Double?
    var sawStackClearing = false
    var transient = [Double](repeating: 0, count: CFFLimits.transientArray)
    var outline = GlyphOutline()
    var tokens = 0
    var ended = false
    /// The flattened charstring, and where its last token starts if it was a number.
    var flat: [UInt8] = []
    var lastNumberAt: Int?

    init(font: CFFFont, priv: CFFPrivate, flatten: Bool) {
        self.font = font; self.priv = priv; self.flatten = flatten
        stack.reserveCapacity(CFFLimits.argumentStack)
    }

    mutating func finish() {
        if open { outline.elements.append(.close); open = false }
    }

    private mutating func push(_ v: Double) throws(FontError) {
        guard stack.count < CFFLimits.argumentStack else {
            throw FontError(.limitExceeded, "a charstring has more than \(CFFLimits.argumentStack) arguments")
        }
        stack.append(v)
    }

    private mutating func pop() throws(FontError) -> Double {
        guard let v = stack.popLast() else { throw FontError(.damaged, "a charstring operator lacks arguments") }
        return v
    }

    /// The first stack-clearing operator may carry the width as an extra first argument.
    private mutating func takeWidth(_ hasExtra: Bool) {
        if !sawStackClearing {
            sawStackClearing = true
            if hasExtra, !stack.isEmpty { width = priv.nominalWidthX + stack.removeFirst() }
        }
    }

    private mutating func moveTo(_ dx: Double, _ dy: Double) throws(FontError) {
        if open { outline.elements.append(.close) }
        x += dx; y += dy
        try grow(1)
        outline.elements.append(.move(x: x, y: y))
        open = true
    }

    private mutating func lineTo(_ dx: Double, _ dy: Double) throws(FontError) {
        try startIfNeeded()
        x += dx; y += dy
        outline.elements.append(.line(x: x, y: y))
    }

    private mutating func curveTo(_ dx1: Double, _ dy1: Double, _ dx2: Double, _ dy2: Double, _ dx3: Double, _ dy3: Double) throws(FontError) {
        try startIfNeeded()
        let x1 = x + dx1, y1 = y + dy1, x2 = x1 + dx2, y2 = y1 + dy2
        x = x2 + dx3; y = y2 + dy3
        outline.elements.append(.cubic(c1x: x1, c1y: y1, c2x: x2, c2y: y2, x: x, y: y))
    }

    /// Drawing without a moveto starts at the current point (0, 0 at first).
    private mutating func startIfNeeded() throws(FontError) {
        try grow(1)
        if !open { outline.elements.append(.move(x: x, y: y)); open = true }
    }

    private func grow(_ n: Int) throws(FontError) {
        guard outline.elements.count + n <= TrueTypeFontRef.maxOutlineElements else {
            throw FontError(.limitExceeded, "a glyph outline is too large")
        }
    }

    private mutating func emit(_ bytes: ArraySlice<UInt8>, number: Bool) {
        guard flatten else { return }
        lastNumberAt = number ? flat.count : nil
        flat.append(contentsOf: bytes)
    }

    mutating func execute(_ range: Range<Int>, depth: Int) throws(FontError) {
        guard depth <= CFFLimits.subroutineNesting else {
            throw FontError(.limitExceeded, "charstring subroutines nest deeper than \(CFFLimits.subroutineNesting) levels")
        }
        guard range.count <= CFFLimits.charstringLength else { throw FontError(.limitExceeded, "a charstring is longer than 65,535 bytes") }
        let bytes = font.reader.bytes
        var at = range.lowerBound
        let end = range.upperBound
        func byte(_ k: Int) throws(FontError) -> Int {
            guard k < end else { throw FontError(.damaged, "a charstring ends inside a number or operator") }
            return Int(bytes[k])
        }
        while at < end && !ended {
            tokens += 1
            guard tokens <= CFFLimits.executedTokens else {
                throw FontError(.limitExceeded, "a charstring executes more than \(CFFLimits.executedTokens) operations")
            }
            let start = at
            let b0 = Int(bytes[at])
            // Numbers.
            if b0 >= 32 || b0 == 28 {
                let value: Double
                switch b0 {
                case 28:
                    value = Double(Int16(truncatingIfNeeded: (try byte(at + 1)) << 8 | (try byte(at + 2)))); at += 3
                case 32...246:
                    value = Double(b0 - 139); at += 1
                case 247...250:
                    value = Double((b0 - 247) * 256 + (try byte(at + 1)) + 108); at += 2
                case 251...254:
                    value = Double(-(b0 - 251) * 256 - (try byte(at + 1)) - 108); at += 2
                default:  // 255: 16.16 fixed
                    let v = (try byte(at + 1)) << 24 | (try byte(at + 2)) << 16 | (try byte(at + 3)) << 8 | (try byte(at + 4))
                    value = Double(Int32(truncatingIfNeeded: v)) / 65536; at += 5
                }
                try push(value)
                emit(bytes[start..<at], number: true)
                continue
            }
            at += 1
            var code = b0
            if b0 == 12 { code = 1200 + (try byte(at)); at += 1 }
            guard let op = Type2Operator(code: code) else {
                throw FontError(.damaged, "a charstring uses the reserved operator \(code >= 1200 ? "12 \(code - 1200)" : "\(code)")")
            }
            switch op {
            case .hint(let hint):
                try stemHints()
                if case .mask = hint {
                    // hintmask cntrmask: the mask's bytes follow the operator.
                    let maskBytes = (stems + 7) / 8
                    guard at + maskBytes <= end else { throw FontError(.damaged, "a charstring ends inside a hint mask") }
                    at += maskBytes
                }
            case .draw(let drawing):
                try draw(drawing)
            case .compute(let computation):
                try compute(computation)
            case .endchar:  // with four arguments: the deprecated seac, drawn as its base only
                takeWidth(stack.count == 1 || stack.count == 5)
                stack.removeAll(keepingCapacity: true)
                ended = true
            case .call(let global):  // callsubr callgsubr: the body's tokens are emitted, not the call
                try call(global: global, depth: depth)
                continue
            case .return:
                return
            }
            emit(bytes[start..<at], number: false)
        }
    }

    /// hstem vstem hstemhm vstemhm, and the arguments pending before hintmask and cntrmask
    /// (vstems): counts the stems (they size hint masks); hints are not applied.
    private mutating func stemHints() throws(FontError) {
        takeWidth(stack.count % 2 == 1)
        stems += stack.count / 2
        guard stems <= CFFLimits.stemHints else { throw FontError(.limitExceeded, "a charstring has more than \(CFFLimits.stemHints) stem hints") }
        stack.removeAll(keepingCapacity: true)
    }

    /// callsubr or callgsubr: runs the subroutine whose biased number is on the stack; when
    /// flattening, its body replaces the call and the number just written.
    private mutating func call(global: Bool, depth: Int) throws(FontError) {
        let index = try pop()
        let subrs = global ? font.globalSubrs : priv.subrs
        guard index == index.rounded(), abs(index) < 100_000 else { throw FontError(.damaged, "a subroutine number is not an integer") }
        let number = Int(index) + CFFFont.bias(subrs.count)
        guard let body = subrs.range(number, font.reader) else {
            throw FontError(.damaged, "a charstring calls subroutine \(number) of \(subrs.count)")
        }
        if flatten {
            // Drop the subroutine number just written: the body replaces the call.
            guard let numberAt = lastNumberAt else {
                throw FontError(.invalidValue, "a subroutine number is computed, so the charstring cannot be flattened")
            }
            flat.removeSubrange(numberAt...)
            lastNumberAt = nil
        }
        try execute(body, depth: depth + 1)
    }

    /// The path construction operators (T2 spec §4.1, the flex ones included): moves, lines
    /// and curves from the arguments on the stack, which they clear.
    private mutating func draw(_ drawing: Type2Operator.Drawing) throws(FontError) {
        switch drawing {
        case .rmoveto:
            takeWidth(stack.count > 2)
            guard stack.count >= 2 else { throw FontError(.damaged, "rmoveto lacks arguments") }
            try moveTo(stack[0], stack[1])
        case .hmoveto, .vmoveto:
            takeWidth(stack.count > 1)
            guard stack.count >= 1 else { throw FontError(.damaged, "a moveto lacks arguments") }
            if case .hmoveto = drawing { try moveTo(stack[0], 0) } else { try moveTo(0, stack[0]) }
        case .rlineto:
            var i = 0
            while i + 2 <= stack.count { try lineTo(stack[i], stack[i + 1]); i += 2 }
        case .hlineto, .vlineto:
            var horizontal = drawing == .hlineto
            for v in stack {
                if horizontal { try lineTo(v, 0) } else { try lineTo(0, v) }
                horizontal.toggle()
            }
        case .rrcurveto:
            var i = 0
            while i + 6 <= stack.count {
                try curveTo(stack[i], stack[i + 1], stack[i + 2], stack[i + 3], stack[i + 4], stack[i + 5]); i += 6
            }
        case .rcurveline:
            var i = 0
            while stack.count - i >= 8 {
                try curveTo(stack[i], stack[i + 1], stack[i + 2], stack[i + 3], stack[i + 4], stack[i + 5]); i += 6
            }
            if stack.count - i >= 2 { try lineTo(stack[i], stack[i + 1]) }
        case .rlinecurve:
            var i = 0
            while stack.count - i >= 8 { try lineTo(stack[i], stack[i + 1]); i += 2 }
            if stack.count - i >= 6 {
                try curveTo(stack[i], stack[i + 1], stack[i + 2], stack[i + 3], stack[i + 4], stack[i + 5])
            }
        case .vvcurveto, .hhcurveto:
            var i = 0
            var first = 0.0
            if stack.count % 4 == 1 { first = stack[0]; i = 1 }
            while i + 4 <= stack.count {
                if drawing == .vvcurveto {
                    try curveTo(first, stack[i], stack[i + 1], stack[i + 2], 0, stack[i + 3])
                } else {
                    try curveTo(stack[i], first, stack[i + 1], stack[i + 2], stack[i + 3], 0)
                }
                first = 0
                i += 4
            }
        case .vhcurveto, .hvcurveto:
            var i = 0
            var horizontal = drawing == .hvcurveto
            let n = stack.count
            while i + 4 <= n {
                let last = n - i == 5 ? stack[i + 4] : 0
                if horizontal {
                    try curveTo(stack[i], 0, stack[i + 1], stack[i + 2], last, stack[i + 3])
                } else {
                    try curveTo(0, stack[i], stack[i + 1], stack[i + 2], stack[i + 3], last)
                }
                i += n - i == 5 ? 5 : 4
                horizontal.toggle()
            }
        case .flex:
            guard stack.count >= 12 else { throw FontError(.damaged, "flex lacks arguments") }
            let s = stack
            try curveTo(s[0], s[1], s[2], s[3], s[4], s[5])
            try curveTo(s[6], s[7], s[8], s[9], s[10], s[11])
        case .hflex:
            guard stack.count >= 7 else { throw FontError(.damaged, "hflex lacks arguments") }
            let s = stack
            try curveTo(s[0], 0, s[1], s[2], s[3], 0)
            try curveTo(s[4], 0, s[5], -s[2], s[6], 0)
        case .hflex1:
            guard stack.count >= 9 else { throw FontError(.damaged, "hflex1 lacks arguments") }
            let s = stack
            try curveTo(s[0], s[1], s[2], s[3], s[4], 0)
            try curveTo(s[5], 0, s[6], s[7], s[8], -(s[1] + s[3] + s[7]))
        case .flex1:
            guard stack.count >= 11 else { throw FontError(.damaged, "flex1 lacks arguments") }
            let s = stack
            let dx = s[0] + s[2] + s[4] + s[6] + s[8], dy = s[1] + s[3] + s[5] + s[7] + s[9]
            try curveTo(s[0], s[1], s[2], s[3], s[4], s[5])
            if abs(dx) > abs(dy) {
                try curveTo(s[6], s[7], s[8], s[9], s[10], -dy)
            } else {
                try curveTo(s[6], s[7], s[8], s[9], -dx, s[10])
            }
        }
        stack.removeAll(keepingCapacity: true)
    }

    /// Arithmetic, storage and conditional operators (T2 spec §4.5–4.6) on the stack.
    private mutating func compute(_ computation: Type2Operator.Computation) throws(FontError) {
        switch computation {
        case .and:
            let b = try pop(), a = try pop(); try push((a != 0 && b != 0) ? 1 : 0)
        case .or:
            let b = try pop(), a = try pop(); try push((a != 0 || b != 0) ? 1 : 0)
        case .not:
            try push(try pop() == 0 ? 1 : 0)
        case .abs:
            try push(abs(try pop()))
        case .add:
            let b = try pop(), a = try pop(); try push(a + b)
        case .sub:
            let b = try pop(), a = try pop(); try push(a - b)
        case .div:
            let b = try pop(), a = try pop(); try push(b == 0 ? 0 : a / b)
        case .neg:
            try push(-(try pop()))
        case .eq:
            let b = try pop(), a = try pop(); try push(a == b ? 1 : 0)
        case .drop:
            _ = try pop()
        case .put:
            let i = try pop(), v = try pop()
            guard i >= 0, i < Double(CFFLimits.transientArray) else { throw FontError(.damaged, "put outside the transient array") }
            transient[Int(i)] = v
        case .get:
            let i = try pop()
            guard i >= 0, i < Double(CFFLimits.transientArray) else { throw FontError(.damaged, "get outside the transient array") }
            try push(transient[Int(i)])
        case .ifelse:
            let v2 = try pop(), v1 = try pop(), s2 = try pop(), s1 = try pop()
            try push(v1 <= v2 ? s1 : s2)
        case .random:  // fixed, so output is deterministic
            try push(0.5)
        case .mul:
            let b = try pop(), a = try pop(); try push(a * b)
        case .sqrt:
            try push((max(0, try pop())).squareRoot())
        case .dup:
            let a = try pop(); try push(a); try push(a)
        case .exch:
            let b = try pop(), a = try pop(); try push(b); try push(a)
        case .index:
            let i = try pop()
            // Arithmetic can make NaN (∞ × 0): no `Int` of it (issue 34).
            guard !i.isNaN else { throw FontError(.damaged, "index of a number that is not one") }
            let k = i < 0 ? 0 : Int(min(i, 47))
            guard k < stack.count else { throw FontError(.damaged, "index beyond the stack") }
            try push(stack[stack.count - 1 - k])
        case .roll:
            let j = try pop(), n = try pop()
            guard n >= 0, n <= Double(stack.count), j == j.rounded(), abs(j) < 1_000_000 else { throw FontError(.damaged, "roll beyond the stack") }
            let count = Int(n)
            if count > 0 {
                let shift = ((Int(j) % count) + count) % count
                let top = Array(stack.suffix(count))
                for k in 0..<count { stack[stack.count - count + (k + shift) % count] = top[k] }
            }
        }
    }
}

/// The Type 2 charstring operators (T2 spec, Appendix A) by what they do; `execute` switches
/// over the families and each family's function over its operators, all exhaustively.
enum Type2Operator: Equatable {
    /// hstem vstem hstemhm vstemhm (`stem`), hintmask cntrmask (`mask`).
    case hint(Hint)
    case draw(Drawing)
    case compute(Computation)
    case endchar
    /// callsubr (`global: false`) callgsubr (`global: true`).
    case call(global: Bool)
    case `return`

    enum Hint: Equatable { case stem, mask }
    enum Drawing: Equatable {
        case rmoveto, hmoveto, vmoveto, rlineto, hlineto, vlineto
        case rrcurveto, rcurveline, rlinecurve, vvcurveto, hhcurveto, vhcurveto, hvcurveto
        case flex, hflex, hflex1, flex1
    }
    enum Computation: Equatable {
        case and, or, not, abs, add, sub, div, neg, eq, drop, put, get, ifelse, random, mul, sqrt, dup, exch, index, roll
    }

    /// The operator of one-byte code `code`, or of `12 x` as `1200 + x`; nil for a reserved one.
    init?(code: Int) {
        switch code {
        case 1, 3, 18, 23: self = .hint(.stem)
        case 19, 20: self = .hint(.mask)
        case 21: self = .draw(.rmoveto)
        case 22: self = .draw(.hmoveto)
        case 4: self = .draw(.vmoveto)
        case 5: self = .draw(.rlineto)
        case 6: self = .draw(.hlineto)
        case 7: self = .draw(.vlineto)
        case 8: self = .draw(.rrcurveto)
        case 24: self = .draw(.rcurveline)
        case 25: self = .draw(.rlinecurve)
        case 26: self = .draw(.vvcurveto)
        case 27: self = .draw(.hhcurveto)
        case 30: self = .draw(.vhcurveto)
        case 31: self = .draw(.hvcurveto)
        case 1235: self = .draw(.flex)
        case 1234: self = .draw(.hflex)
        case 1236: self = .draw(.hflex1)
        case 1237: self = .draw(.flex1)
        case 14: self = .endchar
        case 10: self = .call(global: false)
        case 29: self = .call(global: true)
        case 11: self = .return
        case 1203: self = .compute(.and)
        case 1204: self = .compute(.or)
        case 1205: self = .compute(.not)
        case 1209: self = .compute(.abs)
        case 1210: self = .compute(.add)
        case 1211: self = .compute(.sub)
        case 1212: self = .compute(.div)
        case 1214: self = .compute(.neg)
        case 1215: self = .compute(.eq)
        case 1218: self = .compute(.drop)
        case 1220: self = .compute(.put)
        case 1221: self = .compute(.get)
        case 1222: self = .compute(.ifelse)
        case 1223: self = .compute(.random)
        case 1224: self = .compute(.mul)
        case 1226: self = .compute(.sqrt)
        case 1227: self = .compute(.dup)
        case 1228: self = .compute(.exch)
        case 1229: self = .compute(.index)
        case 1230: self = .compute(.roll)
        default: return nil
        }
    }
}
