// SVG path data (`path "M 10 10 h 20 a 5 5 0 0 1 5 5 z"`) parsed into move/line/cubic/close.
//
// The grammar is SVG 1.1 §8.3.9 / SVG 2 §9.3.9: commands M L H V C S Q T A Z in absolute
// (upper case) and relative (lower case) forms; after the first pair of `M`/`m` further
// pairs are implicit `L`/`l`; any other command repeats with its argument groups; numbers
// may run together where unambiguous (`1.5.5`, `-1-2`, `1e3`); arc flags are single
// characters `0`/`1` that need no separator. `S` and `T` reflect the previous control point
// when the previous command was `C`/`S` (resp. `Q`/`T`), and use the current point
// otherwise. Quadratics are raised to cubics exactly; arcs become cubics per SVG F.6.
//
// Errors are reported at the byte offset inside the data; as in SVG, what was parsed
// before the error is kept.

import DrawBase
import DrawScene

/// A mistake in path data: `offset` is the byte offset in the data where it was found,
/// `length` how many bytes the caret should cover (at least 1 unless at the end).
struct PathDataError: Error, Hashable, Sendable {
    var id: LayoutID
    var offset: Int
    var length: Int
    var message: String
}

/// The most numbers one path may hold; a hostile data string stops with a diagnostic.
let maximumPathDataNumbers = 10_000_000

/// A number of path data as written, with what it means: for tools that rewrite the data
/// (the preview's resize scales a path by rewriting exactly these bytes).
package struct PathDataNumber: Hashable, Sendable {
    package enum Role: Hashable, Sendable {
        /// An absolute coordinate (upper-case commands; the first pair of a leading `m`).
        case x, y
        /// A relative coordinate (lower-case commands).
        case dx, dy
        /// An arc's radii and the rotation of its x axis, in degrees.
        case radiusX, radiusY, rotation
    }
    package var role: Role
    /// The bytes of the number in the data, its unit (`pt`, `mm`…) included.
    package var start: Int
    package var end: Int
    /// The value in points, and how many points one of its unit is (1 without a unit).
    package var points: Double
    package var pointsPerUnit: Double
    /// How many bytes of `start..<end` are its unit (0 or 2).
    package var unitLength: Int
}

/// The numbers of path data with their roles, and the exact bounding box of the path they
/// draw (`tightBounds`, the box layout gives the node); nil when the data has an error.
package func pathDataNumbers(_ data: String) -> (numbers: [PathDataNumber], bounds: Rect?)? {
    var data = data
    return data.withUTF8 { bytes in
        var parser = PathDataParser(bytes: bytes)
        parser.written = []
        guard parser.parse() == nil else { return nil }
        return (parser.written ?? [], parser.sink.verbs.isEmpty ? nil : tightBounds(of: parser.sink.path))
    }
}

/// Parses SVG path data. Returns the path drawn up to the first error (nil when nothing
/// was drawn) and that error, if any.
func parsePathData(_ data: String) -> (path: Scene.Path?, error: PathDataError?) {
    var data = data
    return data.withUTF8 { bytes in
        var parser = PathDataParser(bytes: bytes)
        let error = parser.parse()
        let path = parser.sink.verbs.isEmpty ? nil : parser.sink.path
        return (path, error)
    }
}

private struct PathDataParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var sink = PathSink()
    /// Second control point of the previous `C`/`S`, for `S` reflection.
    var lastCubicControl: Point?
    /// Control point of the previous `Q`/`T`, for `T` reflection.
    var lastQuadControl: Point?
    var numbersRead = 0
    /// Every number read, when asked for (`pathDataNumbers`); nil when drawing.
    var written: [PathDataNumber]?

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }

    mutating func skipSpaces() {
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
    }

    /// comma-wsp: spaces, at most one comma, spaces. Returns whether a comma was seen.
    @discardableResult
    mutating func skipSeparator() -> Bool {
        skipSpaces()
        if index < bytes.count, bytes[index] == 0x2C {
            index += 1; skipSpaces(); return true
        }
        return false
    }

    /// Whether a number starts here (sign, digit or point).
    var atNumberStart: Bool {
        guard index < bytes.count else { return false }
        let b = bytes[index]
        return Self.isDigit(b) || b == 0x2B || b == 0x2D || b == 0x2E
    }

    /// The scalar at `offset` (for messages) and its UTF-8 length.
    func scalar(at offset: Int) -> (String, Int) {
        let lead = bytes[offset]
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        let end = min(bytes.count, offset + length)
        return (String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self), end - offset)
    }

    func errorHere(_ expected: LayoutMessages.PathDataExpectation) -> PathDataError {
        if index >= bytes.count {
            return LayoutMessages.pathDataEnded(expected, offset: bytes.count)
        }
        let (text, length) = scalar(at: index)
        return LayoutMessages.pathDataExpected(expected, found: text, offset: index, length: length)
    }

    mutating func number() -> Result<Double, PathDataError> {
        let start = index
        var end = index
        if end < bytes.count, bytes[end] == 0x2B || bytes[end] == 0x2D { end += 1 }
        var digits = 0
        while end < bytes.count, Self.isDigit(bytes[end]) { end += 1; digits += 1 }
        if end < bytes.count, bytes[end] == 0x2E {
            end += 1
            while end < bytes.count, Self.isDigit(bytes[end]) { end += 1; digits += 1 }
        }
        guard digits > 0 else {
            // Letters glued to the previous number: a unit path data does not know.
            if start > 0, Self.isDigit(bytes[start - 1]) || bytes[start - 1] == 0x2E, start < bytes.count, Self.isLetter(bytes[start]) {
                var end = start
                while end < bytes.count, Self.isLetter(bytes[end]) { end += 1 }
                let unit = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                return .failure(LayoutMessages.pathDataUnknownUnit(unit, offset: start, length: end - start))
            }
            return .failure(errorHere(.number))
        }
        // An exponent only when digits follow (`1e3`, `1e-3`); a bare `e` is left alone.
        if end < bytes.count, bytes[end] == 0x65 || bytes[end] == 0x45 {
            var e = end + 1
            if e < bytes.count, bytes[e] == 0x2B || bytes[e] == 0x2D { e += 1 }
            if e < bytes.count, Self.isDigit(bytes[e]) {
                while e < bytes.count, Self.isDigit(bytes[e]) { e += 1 }
                end = e
            }
        }
        // A length unit glued to the number (`12pt`, `1in`, `5mm`, `2cm`, `16px`): what string
        // interpolation writes for a length, so `path "M \(p.x) \(p.y) …"` means what it says.
        // Two letters not followed by a third; in plain SVG these spellings are never valid
        // (`cm` and `mm` would be commands without their numbers).
        var scale = 1.0
        var unitLength = 0
        if end + 1 < bytes.count, end + 2 >= bytes.count || !Self.isLetter(bytes[end + 2]) {
            switch (bytes[end], bytes[end + 1]) {
            case (0x70, 0x74): scale = 1; unitLength = 2  // pt
            case (0x69, 0x6E): scale = 72; unitLength = 2  // in
            case (0x6D, 0x6D): scale = 72 / 25.4; unitLength = 2  // mm
            case (0x63, 0x6D): scale = 720 / 25.4; unitLength = 2  // cm
            case (0x70, 0x78): scale = 0.75; unitLength = 2  // px
            default: break
            }
        }
        numbersRead += 1
        guard numbersRead <= maximumPathDataNumbers else {
            return .failure(LayoutMessages.pathDataTooLong(offset: start, length: end - start))
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        index = end + unitLength
        // Beyond the coordinate range (inf included) nothing is drawable in any format.
        guard let value = Double(text), abs(value * scale) <= Scene.maximumCoordinate else {
            return .failure(LayoutMessages.pathDataNumberOutOfRange(text, offset: start, length: end - start))
        }
        if written != nil {
            written!.append(PathDataNumber(role: .x, start: start, end: index, points: value * scale, pointsPerUnit: scale, unitLength: unitLength))
        }
        return .success(value * scale)
    }

    /// An arc flag: exactly one `0` or `1`.
    mutating func flag() -> Result<Bool, PathDataError> {
        guard index < bytes.count, bytes[index] == 0x30 || bytes[index] == 0x31 else {
            return .failure(errorHere(.arcFlag))
        }
        let value = bytes[index] == 0x31
        index += 1
        return .success(value)
    }

    /// Reads `count` numbers separated by comma-wsp (the first is already at `index`).
    mutating func numbers(_ count: Int, into values: inout [Double]) -> PathDataError? {
        values.removeAll(keepingCapacity: true)
        for i in 0..<count {
            if i > 0 { skipSeparator() }
            switch number() {
            case .success(let v): values.append(v)
            case .failure(let e): return e
            }
        }
        return nil
    }

    mutating func parse() -> PathDataError? {
        skipSpaces()
        if index >= bytes.count { return nil }
        var values: [Double] = []
        values.reserveCapacity(7)
        var isFirst = true
        while true {
            skipSpaces()
            if index >= bytes.count { return nil }
            let commandOffset = index
            let command = bytes[index]
            let relative = command >= 0x61
            let upper = relative ? command - 0x20 : command
            guard "MLHVCSQTAZ".utf8.contains(upper) else {
                if atNumberStart {
                    return LayoutMessages.pathDataNumberForCommand(offset: index)
                }
                let (text, length) = scalar(at: index)
                return LayoutMessages.pathDataUnknownCommand(text, offset: index, length: length)
            }
            if isFirst && upper != 0x4D {
                return LayoutMessages.pathDataMissingMoveto(command, offset: commandOffset)
            }
            isFirst = false
            index += 1
            if upper == 0x5A {  // Z
                sink.close()
                lastCubicControl = nil; lastQuadControl = nil
                continue
            }
            skipSpaces()
            var repeatCount = 0
            while true {
                if let error = segment(upper, relative: relative, repeatIndex: repeatCount, values: &values) { return error }
                repeatCount += 1
                let comma = skipSeparator()
                if !atNumberStart {
                    if comma { return errorHere(.number) }
                    break
                }
            }
        }
    }

    /// One argument group of a command, drawn into the sink.
    mutating func segment(_ command: UInt8, relative: Bool, repeatIndex: Int, values: inout [Double]) -> PathDataError? {
        let base = relative ? sink.current : Point.zero
        let firstWritten = written?.count ?? 0
        var cubicControl: Point?
        var quadControl: Point?
        switch command {
        case 0x4D:  // M: the first pair moves, later pairs draw lines
            if let e = numbers(2, into: &values) { return e }
            let p = base + Point(values[0], values[1])
            if repeatIndex == 0 { sink.move(to: p) } else { sink.line(to: p) }
        case 0x4C:  // L
            if let e = numbers(2, into: &values) { return e }
            sink.line(to: base + Point(values[0], values[1]))
        case 0x48:  // H
            if let e = numbers(1, into: &values) { return e }
            sink.line(to: Point(relative ? sink.current.x + values[0] : values[0], sink.current.y))
        case 0x56:  // V
            if let e = numbers(1, into: &values) { return e }
            sink.line(to: Point(sink.current.x, relative ? sink.current.y + values[0] : values[0]))
        case 0x43:  // C
            if let e = numbers(6, into: &values) { return e }
            let c1 = base + Point(values[0], values[1]), c2 = base + Point(values[2], values[3])
            sink.cubic(c1, c2, base + Point(values[4], values[5]))
            cubicControl = c2
        case 0x53:  // S
            if let e = numbers(4, into: &values) { return e }
            let start = sink.current
            let c1 = lastCubicControl.map { start + (start - $0) } ?? start
            let c2 = base + Point(values[0], values[1])
            sink.cubic(c1, c2, base + Point(values[2], values[3]))
            cubicControl = c2
        case 0x51:  // Q
            if let e = numbers(4, into: &values) { return e }
            let control = base + Point(values[0], values[1])
            sink.quadratic(control, base + Point(values[2], values[3]))
            quadControl = control
        case 0x54:  // T
            if let e = numbers(2, into: &values) { return e }
            let start = sink.current
            let control = lastQuadControl.map { start + (start - $0) } ?? start
            sink.quadratic(control, base + Point(values[0], values[1]))
            quadControl = control
        case 0x41:  // A rx ry rotation large-arc sweep x y
            if let e = numbers(3, into: &values) { return e }
            let (rx, ry, rotation) = (values[0], values[1], values[2])
            skipSeparator()
            let large: Bool
            switch flag() { case .success(let f): large = f; case .failure(let e): return e }
            skipSeparator()
            let sweep: Bool
            switch flag() { case .success(let f): sweep = f; case .failure(let e): return e }
            skipSeparator()
            if let e = numbers(2, into: &values) { return e }
            sink.arc(radiusX: rx, radiusY: ry, rotation: rotation, largeArc: large, sweep: sweep,
                     to: base + Point(values[0], values[1]))
        default:
            break
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
        if written != nil {
            // A leading `m` starts from (0, 0): its first pair is absolute (SVG's rule).
            let absolute = !relative || (command == 0x4D && repeatIndex == 0 && firstWritten == 0)
            let roles = Self.roles(command, absolute: absolute)
            for (offset, role) in roles.enumerated() { written![firstWritten + offset].role = role }
        }
        return nil
    }

    /// What each number of one argument group of `command` means.
    static func roles(_ command: UInt8, absolute: Bool) -> [PathDataNumber.Role] {
        let (x, y): (PathDataNumber.Role, PathDataNumber.Role) = absolute ? (.x, .y) : (.dx, .dy)
        switch command {
        case 0x4D, 0x4C, 0x54: return [x, y]  // M L T
        case 0x48: return [x]  // H
        case 0x56: return [y]  // V
        case 0x43: return [x, y, x, y, x, y]  // C
        case 0x53, 0x51: return [x, y, x, y]  // S Q
        case 0x41: return [.radiusX, .radiusY, .rotation, x, y]  // A (the flags are not numbers)
        default: return []
        }
    }
}
