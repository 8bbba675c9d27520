/// A glyph's outline in font units, y up (as in the font), origin at the glyph origin.
/// TrueType outlines are quadratic; `quad` curves convert exactly to cubics
/// (c1 = p0 + 2/3 (c − p0), c2 = p + 2/3 (c − p)) where a backend needs cubics.
/// CFF (PostScript) outlines are cubic: `cubic` elements, never `quad`.
package struct GlyphOutline: Hashable, Sendable {
    package enum Element: Hashable, Sendable {
        case move(x: Double, y: Double)
        case line(x: Double, y: Double)
        case quad(cx: Double, cy: Double, x: Double, y: Double)
        case close
        /// A cubic Bézier curve (CFF outlines) through two control points to (x, y).
        case cubic(c1x: Double, c1y: Double, c2x: Double, c2y: Double, x: Double, y: Double)
    }

    package var elements: [Element] = []
    package var isEmpty: Bool { elements.isEmpty }

    package init(elements: [Element] = []) { self.elements = elements }

    /// The box of every point and control point, rounded outwards (nil when empty): it
    /// contains the outline.
    package var controlBox: FontBox? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func add(_ x: Double, _ y: Double) { x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y) }
        for e in elements {
            switch e {
            case .move(let x, let y), .line(let x, let y): add(x, y)
            case .quad(let cx, let cy, let x, let y): add(cx, cy); add(x, y)
            case .cubic(let ax, let ay, let bx, let by, let x, let y): add(ax, ay); add(bx, by); add(x, y)
            case .close: break
            }
        }
        guard x0 <= x1, y0 <= y1, abs(x0) < 1e6, abs(y0) < 1e6, abs(x1) < 1e6, abs(y1) < 1e6 else { return nil }
        return FontBox(xMin: Int(x0.rounded(.down)), yMin: Int(y0.rounded(.down)), xMax: Int(x1.rounded(.up)), yMax: Int(y1.rounded(.up)))
    }
}

extension TrueTypeFontRef {
    /// Most path elements one glyph may produce (composites can multiply their components).
    static let maxOutlineElements = 200_000
    /// Most component glyphs visited for one outline: nested composites that each repeat a
    /// component would otherwise take exponential time even when the components are empty.
    static let maxComponentVisits = 4096

    /// The outline of a glyph: simple glyphs as drawn, composites with their components placed
    /// (offsets and 2×2 transforms; point-matched placement counts as offset 0). Empty for
    /// glyphs without contours (space), ids out of range, and damaged glyph data — a broken
    /// glyph is left blank rather than failing the drawing.
    package func outline(glyph: UInt16) -> GlyphOutline {
        (try? decodedOutline(glyph: glyph)) ?? GlyphOutline()
    }

    /// Why `glyph` cannot be drawn — its `loca` entry points outside `glyf`, its data runs
    /// past its end, its charstring is broken or breaks a limit —, nil when its data decodes
    /// (an empty glyph such as the space decodes). The one check of glyph data: layout asks
    /// it for every glyph a text uses and reports a damaged one at the text (issue 34, point
    /// 11), so no format draws the text without it while another fails on it.
    package func glyphDamage(_ glyph: UInt16) -> FontError? {
        guard Int(glyph) < glyphCount else {
            return FontError(.damaged, "glyph \(glyph) is past the font's \(glyphCount) glyphs")
        }
        do {
            _ = try decodedOutline(glyph: glyph)
            return nil
        } catch {
            return error
        }
    }

    /// Where `glyph`'s own data lies in the file (its `glyf` entry or its charstring), nil
    /// when the face cannot locate it. For tests that damage one glyph.
    package func glyphDataRange(_ glyph: UInt16) -> Range<Int>? {
        if let cff { return cff.charStrings.range(Int(glyph), cff.reader) }
        return glyphRange(Int(glyph))
    }

    /// The outline, or the error that stops decoding it.
    private func decodedOutline(glyph: UInt16) throws(FontError) -> GlyphOutline {
        if let cff { return try cff.run(glyph: Int(glyph)).outline }
        var out = GlyphOutline()
        var visits = 0
        try appendOutline(Int(glyph), transform: (1, 0, 0, 1, 0, 0), depth: 0, visits: &visits, into: &out)
        return out
    }

    typealias Transform = (a: Double, b: Double, c: Double, d: Double, e: Double, f: Double)

    private func appendOutline(_ glyph: Int, transform t: Transform, depth: Int, visits: inout Int,
                               into out: inout GlyphOutline) throws(FontError) {
        guard depth <= FontLimits.maxCompositeDepth else { throw FontError(.limitExceeded, "composite nesting") }
        visits += 1
        guard visits <= Self.maxComponentVisits else { throw FontError(.limitExceeded, "too many components") }
        guard let range = glyphRange(glyph) else { throw FontError(.damaged, "glyph outside glyf") }
        guard range.count >= 10 else { return }
        let r = reader
        let contours = try r.i16(range.lowerBound)
        if contours < 0 {
            var at = range.lowerBound + 10
            while true {
                let flags = try r.u16(at), component = try r.u16(at + 2)
                at += 4
                var dx = 0.0, dy = 0.0
                if flags & 0x0001 != 0 {
                    if flags & 0x0002 != 0 { dx = Double(try r.i16(at)); dy = Double(try r.i16(at + 2)) }
                    at += 4
                } else {
                    if flags & 0x0002 != 0 {
                        dx = Double(Int8(truncatingIfNeeded: try r.u8(at))); dy = Double(Int8(truncatingIfNeeded: try r.u8(at + 1)))
                    }
                    at += 2
                }
                func f2dot14(_ o: Int) throws(FontError) -> Double { Double(try r.i16(o)) / 16384 }
                var (a, b, c, d) = (1.0, 0.0, 0.0, 1.0)
                if flags & 0x0008 != 0 {
                    a = try f2dot14(at); d = a; at += 2
                } else if flags & 0x0040 != 0 {
                    a = try f2dot14(at); d = try f2dot14(at + 2); at += 4
                } else if flags & 0x0080 != 0 {
                    a = try f2dot14(at); b = try f2dot14(at + 2); c = try f2dot14(at + 4); d = try f2dot14(at + 6); at += 8
                }
                // Compose: component point p → (a b; c d) p + (dx, dy) → parent transform t.
                let inner: Transform = (a, b, c, d, dx, dy)
                let combined: Transform = (
                    t.a * inner.a + t.c * inner.b, t.b * inner.a + t.d * inner.b,
                    t.a * inner.c + t.c * inner.d, t.b * inner.c + t.d * inner.d,
                    t.a * inner.e + t.c * inner.f + t.e, t.b * inner.e + t.d * inner.f + t.f)
                try appendOutline(component, transform: combined, depth: depth + 1, visits: &visits, into: &out)
                guard flags & 0x0020 != 0 else { break }
            }
            return
        }

        // Simple glyph.
        var at = range.lowerBound + 10
        var endPoints: [Int] = []
        endPoints.reserveCapacity(contours)
        for i in 0..<contours { endPoints.append(try r.u16(at + 2 * i)) }
        at += 2 * contours
        let pointCount = (endPoints.last ?? -1) + 1
        guard pointCount <= 0xFFFF else { throw FontError(.damaged, "too many points") }
        let instructionLength = try r.u16(at)
        at += 2 + instructionLength
        var flags: [UInt8] = []
        flags.reserveCapacity(pointCount)
        while flags.count < pointCount {
            let flag = UInt8(try r.u8(at)); at += 1
            flags.append(flag)
            if flag & 0x08 != 0 {
                let repeats = try r.u8(at); at += 1
                for _ in 0..<repeats where flags.count < pointCount { flags.append(flag) }
            }
        }
        func coordinates(short: UInt8, same: UInt8) throws(FontError) -> [Int] {
            var values: [Int] = []
            values.reserveCapacity(pointCount)
            var v = 0
            for flag in flags {
                if flag & short != 0 {
                    let delta = try r.u8(at); at += 1
                    v += flag & same != 0 ? delta : -delta
                } else if flag & same == 0 {
                    v += try r.i16(at); at += 2
                }
                values.append(v)
            }
            return values
        }
        let xs = try coordinates(short: 0x02, same: 0x10)
        let ys = try coordinates(short: 0x04, same: 0x20)
        guard at <= range.upperBound else { throw FontError(.damaged, "glyph data runs past its end") }
        guard out.elements.count + 2 * pointCount + 2 * contours <= Self.maxOutlineElements else {
            throw FontError(.limitExceeded, "outline too large")
        }

        func point(_ i: Int) -> (Double, Double) {
            let x = Double(xs[i]), y = Double(ys[i])
            return (t.a * x + t.c * y + t.e, t.b * x + t.d * y + t.f)
        }
        var start = 0
        for end in endPoints {
            guard end >= start, end < pointCount else { start = end + 1; continue }
            let n = end - start + 1
            func on(_ k: Int) -> Bool { flags[start + (k % n)] & 0x01 != 0 }
            func p(_ k: Int) -> (Double, Double) { point(start + (k % n)) }
            func mid(_ a: (Double, Double), _ b: (Double, Double)) -> (Double, Double) { ((a.0 + b.0) / 2, (a.1 + b.1) / 2) }
            // Start on an on-curve point, or at the midpoint of two off-curve points.
            var first = 0
            while first < n && !on(first) { first += 1 }
            let startPoint: (Double, Double)
            if first == n {
                startPoint = mid(p(0), p(1)); first = 0
            } else {
                startPoint = p(first)
            }
            out.elements.append(.move(x: startPoint.0, y: startPoint.1))
            var control: (Double, Double)?
            for step in 1...n {
                let k = first + step
                let q = p(k)
                if on(k) {
                    if let c = control {
                        out.elements.append(.quad(cx: c.0, cy: c.1, x: q.0, y: q.1))
                        control = nil
                    } else if step < n || q != startPoint {
                        out.elements.append(.line(x: q.0, y: q.1))
                    }
                } else {
                    if let c = control {
                        let m = mid(c, q)
                        out.elements.append(.quad(cx: c.0, cy: c.1, x: m.0, y: m.1))
                    }
                    control = q
                }
            }
            if let c = control { out.elements.append(.quad(cx: c.0, cy: c.1, x: startPoint.0, y: startPoint.1)) }
            out.elements.append(.close)
            start = end + 1
        }
    }
}
