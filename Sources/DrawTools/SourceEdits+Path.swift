import DrawLayout
import DrawOutput
import DrawScene
import DrawSyntax

extension SourceEdit {
    /// A `path`'s data scaled so its box (the exact bounds of its curves, the frame layout
    /// gives it) is `width` × `height`, about the box's top-left corner: absolute coordinates
    /// move away from that corner, relative ones and an arc's radii are multiplied, and each
    /// number is rewritten in its own unit (`5mm` stays mm), rounded to 0.01 of it; a number
    /// the scale leaves as it is keeps its bytes. A side with no extent keeps it.
    ///
    /// An arc whose x axis is turned by other than a multiple of 90° keeps its shape under a
    /// scale that differs between the sides only with new radii and a new angle — not a
    /// rewrite of the numbers written — so that form is refused unless both sides scale alike
    /// (Shift).
    static func scalePath(_ parsed: Parsed, _ node: NodeStmt, width: Double, height: Double) -> Result<[UInt8], Refusal> {
        guard let positional = parsed.file[node.arguments].first(where: { !$0.hasLabel }) else {
            return .failure(Refusal("it has no path data"))
        }
        let literal = parsed.file[positional.value]
        // Only a literal whose bytes are exactly its text, so offsets in the data are offsets in the file.
        var data: String? = nil
        if case .string(let parts) = literal.kind {
            switch parsed.file[parts].count == 1 ? parsed.file[parts].first : nil {
            case .text(let text)? where text.utf8.count + 2 == Int(literal.span.length): data = text
            default: break
            }
        }
        guard let data else {
            return .failure(Refusal("its path data is not a plain string ('\(PositionRewrite.excerpt(literal.span, parsed.source))'): resize it in the editor"))
        }
        guard let read = pathDataNumbers(data), let box = read.bounds else {
            return .failure(Refusal("its path data does not read: fix it first"))
        }
        let numbers = read.numbers
        let bytes = Array(data.utf8)
        var sx = box.size.width > 1e-9 ? width / box.size.width : 1
        var sy = box.size.height > 1e-9 ? height / box.size.height : 1
        // The page sends sizes in hundredths of a point: within that, a Shift resize is one scale.
        if box.size.width > 1e-9, box.size.height > 1e-9, abs(sx - sy) <= 0.006 * (1 / box.size.width + 1 / box.size.height) {
            sx = (sx + sy) / 2
            sy = sx
        }
        var splices: [Splice] = []
        let dataStart = Int(literal.span.start) + 1
        var radii = (x: sx, y: sy)
        for (index, number) in numbers.enumerated() {
            let scaled: Double
            switch number.role {
            case .x: scaled = box.origin.x + (number.points - box.origin.x) * sx
            case .y: scaled = box.origin.y + (number.points - box.origin.y) * sy
            case .dx: scaled = number.points * sx
            case .dy: scaled = number.points * sy
            case .radiusX:
                // An arc's numbers are rx, ry, rotation, x, y: the rotation is two on.
                switch arcRadiusScales(rotation: numbers[index + 2].points / numbers[index + 2].pointsPerUnit, sx: sx, sy: sy) {
                case .success(let scales): radii = scales
                case .failure(let refusal): return .failure(refusal)
                }
                scaled = number.points * radii.x
            case .radiusY: scaled = number.points * radii.y
            case .rotation: continue
            }
            let numberEnd = number.end - number.unitLength
            let written = Array(NumberFormat.string(scaled / number.pointsPerUnit, precision: 2).utf8)
            if Double(String(decoding: bytes[number.start..<numberEnd], as: UTF8.self)) == Double(String(decoding: written, as: UTF8.self)) {
                continue
            }
            // Numbers may run together in path data (`1-2`, `1.5.5`, the arc flags in `0110`):
            // a space keeps the new number from joining the one before or after it.
            func joins(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || byte == 0x2E }
            var replacement = written + bytes[numberEnd..<number.end]
            let spaced = splices.last.map { $0.end == dataStart + number.start && $0.text.last == 0x20 } ?? false
            if number.start > 0, joins(bytes[number.start - 1]), joins(written[0]), !spaced {
                replacement = [0x20] + replacement
            }
            if number.unitLength == 0, number.end < bytes.count, bytes[number.end] == 0x2E, !written.contains(0x2E) {
                replacement.append(0x20)
            }
            splices.append(Splice(start: dataStart + number.start, end: dataStart + number.end, text: replacement))
        }
        return finish(parsed, splices)
    }

    /// How an arc's radii scale under `sx` × `sy`: its x radius lies along its turned x axis.
    static func arcRadiusScales(rotation: Double, sx: Double, sy: Double) -> Result<(x: Double, y: Double), Refusal> {
        if sx == sy { return .success((sx, sy)) }
        let turn = (rotation.truncatingRemainder(dividingBy: 180) + 180).truncatingRemainder(dividingBy: 180)
        if turn == 0 { return .success((sx, sy)) }
        if turn == 90 { return .success((sy, sx)) }
        return .failure(Refusal("its path has an arc turned by \(NumberFormat.string(rotation, precision: 2))°, which stays that arc only when both sides scale alike: resize it with Shift"))
    }
}
