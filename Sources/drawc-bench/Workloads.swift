// The benchmark workloads: .draw sources generated deterministically (a fixed-seed
// SplitMix64), so every run and every machine measures the same bytes.

/// SplitMix64: tiny, fast, and the same sequence everywhere.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound.
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// Uniform in -1...1 with 1/1000 resolution.
    mutating func unit() -> Double { Double(next(below: 2001) - 1000) / 1000 }
}

enum Workload: String, CaseIterable {
    /// N items on a 40-pt grid: rect 30×20, rounded rect, ellipse 30×20, text "L<i>" at 10 pt,
    /// each with its own fill, stroke and line width 1–3, placed with `at:`.
    case shapes
    /// N/100 polylines of 100 points each (random walks like pen strokes), own colour and
    /// width, round caps and joins.
    case freehand
    /// N/10 labelled boxes in stacks with connectors between neighbours.
    case diagram
    /// N words of wrapped paragraphs in several fonts.
    case text
    /// N rows of a CSV file (`bench-rows.csv`, a quoted field in every fourth row) read with
    /// `csv()` into a `for` that draws one text per row.
    case csv
    /// N QR codes of version 10 (level M, automatic mask), 100 a page in a 10 × 10 grid, each
    /// with its own 120-character payload (issue 21: 10,000 on 100 pages → PDF within 2 s).
    /// Not in the default table (1M symbols would take minutes): `--workload qr --sizes 10000`.
    case qr
    /// The `freehand` strokes (same points) as ink: `stroke` with a pressure per point,
    /// written as `(x, y, pressure)` lists.
    case ink
    /// The same ink strokes in the compact points string.
    case inkcompact
    /// N address labels (issue 22: 10,000 on 334 Avery 5160 sheets from CSV → PDF within
    /// 1 s): `bench-addresses.csv` (name, street, city) read with `csv()` into `labels row in
    /// …, template: "avery-5160"`, three texts per label in a padded stack. Not in the default
    /// table: `--workload labels --sizes 10000`.
    case labels
    /// N words of typeset paragraphs (issue 23): 1,000 words each, wrapped at 400pt by
    /// UAX #14, justified and hyphenated, with bold and italic markup runs every few words.
    /// Not in the default table: `--workload typeset --sizes 10000`.
    case typeset
    /// N rects and circles on a 40-pt grid, each filled with its own linear or radial
    /// gradient of three stops (issue 24: 10,000 gradient-filled shapes → PDF). Not in the
    /// default table: `--workload gradients --sizes 10000`.
    case gradients

    /// What one "item" is for the per-item figures.
    var itemName: String {
        switch self {
        case .shapes: "shapes"
        case .freehand: "points"
        case .diagram: "items"
        case .text: "words"
        case .csv: "rows"
        case .qr: "QR codes"
        case .ink, .inkcompact: "points"
        case .labels: "labels"
        case .typeset: "words"
        case .gradients: "shapes"
        }
    }

    func source(items n: Int) -> [UInt8] {
        var out = SourceWriter()
        switch self {
        case .shapes: Self.shapes(n, &out)
        case .freehand: Self.freehand(n, &out)
        case .diagram: Self.diagram(n, &out)
        case .text: Self.text(n, &out)
        case .csv: Self.csv(n, &out)
        case .qr: Self.qr(n, &out)
        case .ink: Self.ink(n, compact: false, &out)
        case .inkcompact: Self.ink(n, compact: true, &out)
        case .labels: Self.labels(n, &out)
        case .typeset: Self.typeset(n, &out)
        case .gradients: Self.gradients(n, &out)
        }
        return out.bytes
    }

    /// Files the workload's drawing reads, by the name it uses (beside the drawing).
    func dataFiles(items n: Int) -> [String: [UInt8]] {
        if self == .labels { return ["bench-addresses.csv": Self.addresses(n)] }
        guard self == .csv else { return [:] }
        var random = SeededRandom(seed: 5)
        var out = SourceWriter()
        out.line("name,qty,price,city")
        let cities = ["\"Paris, FR\"", "Oslo", "Madrid", "Lagos"]
        for i in 0..<n {
            out.text("Item "); out.int(i); out.text(",")
            out.int(1 + random.next(below: 500)); out.text(",")
            out.fixed(Double(random.next(below: 100_000)) / 100); out.text(",")
            out.text(cities[i % cities.count]); out.newline()
        }
        return ["bench-rows.csv": out.bytes]
    }

    /// N addresses, a quoted city with a comma in each row.
    private static func addresses(_ n: Int) -> [UInt8] {
        var random = SeededRandom(seed: 22)
        var out = SourceWriter()
        out.line("name,street,city")
        let names = ["Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Barbara Liskov"]
        let cities = ["\"Springfield, IL 62701\"", "\"Portland, OR 97201\"", "\"Austin, TX 73301\"", "\"Boston, MA 02108\""]
        for i in 0..<n {
            out.text(names[i % names.count]); out.text(" "); out.int(i); out.text(",")
            out.int(1 + random.next(below: 9999)); out.text(" Main Street,")
            out.text(cities[random.next(below: cities.count)]); out.newline()
        }
        return out.bytes
    }

    private static func labels(_ n: Int, _ out: inout SourceWriter) {
        out.line("// labels: \(n) address labels from bench-addresses.csv on Avery 5160 sheets")
        out.line("labels row in csv(\"bench-addresses.csv\"), template: \"avery-5160\" {")
        out.line("  vstack align: leading, spacing: 2pt, padding: 8pt {")
        out.line("    text row.name, fontSize: 10pt, bold: true")
        out.line("    text row.street, fontSize: 9pt")
        out.line("    text row.city, fontSize: 9pt")
        out.line("  }")
        out.line("}")
    }

    private static func csv(_ n: Int, _ out: inout SourceWriter) {
        out.line("// csv: \(n) rows of bench-rows.csv, one text per row")
        out.line("let rows = csv(\"bench-rows.csv\")")
        out.line("for i in 0..<count(rows) {")
        out.line("  let r = rows[i]")
        out.line("  text \"\\(r.name): \\(r.qty) at \\(r.price) (\\(r.city))\", fontSize: 8, at: (20 + i % 100 * 90, 20 + floor(i / 100) * 12)")
        out.line("}")
    }

    private static func shapes(_ n: Int, _ out: inout SourceWriter) {
        var random = SeededRandom(seed: 1)
        let columns = max(1, Int(Double(n).squareRoot().rounded(.up)))
        out.line("// shapes: \(n) items on a 40-pt grid")
        for i in 0..<n {
            let x = 20 + 40 * (i % columns), y = 20 + 40 * (i / columns)
            let fill = random.next(below: 0x100_0000), stroke = random.next(below: 0x100_0000)
            let width = 1 + random.next(below: 3)
            switch i % 4 {
            case 0:
                out.text("rect width: 30, height: 20, at: ("); out.int(x); out.text(", "); out.int(y)
            case 1:
                out.text("rect width: 30, height: 20, corner: 5, at: ("); out.int(x); out.text(", "); out.int(y)
            case 2:
                out.text("ellipse width: 30, height: 20, at: ("); out.int(x); out.text(", "); out.int(y)
            default:
                out.text("text \"L"); out.int(i); out.text("\", fontSize: 10, at: ("); out.int(x); out.text(", "); out.int(y)
            }
            if i % 4 == 3 {
                // Text is painted in `color`; fill/stroke/lineWidth would be ignored.
                out.text("), color: "); out.color(fill); out.newline()
            } else {
                out.text("), fill: "); out.color(fill); out.text(", stroke: "); out.color(stroke)
                out.text(", lineWidth: "); out.int(width); out.newline()
            }
        }
    }

    private static func gradients(_ n: Int, _ out: inout SourceWriter) {
        var random = SeededRandom(seed: 24)
        let columns = max(1, Int(Double(n).squareRoot().rounded(.up)))
        out.line("// gradients: \(n) gradient-filled shapes on a 40-pt grid")
        for i in 0..<n {
            let x = 20 + 40 * (i % columns), y = 20 + 40 * (i / columns)
            let a = random.next(below: 0x100_0000), b = random.next(below: 0x100_0000), c = random.next(below: 0x100_0000)
            if i % 2 == 0 {
                out.text("rect width: 30, height: 20, stroke: none, at: ("); out.int(x); out.text(", "); out.int(y)
                out.text("), fill: linear("); out.int(random.next(below: 360)); out.text("deg, ")
                out.color(a); out.text(", ("); out.color(b); out.text(", 40%), "); out.color(c); out.text(")")
            } else {
                out.text("circle r: 12, stroke: none, at: ("); out.int(x); out.text(", "); out.int(y)
                out.text("), fill: radial("); out.color(a); out.text(", ("); out.color(b); out.text(", 60%), "); out.color(c)
                out.text(", focal: (35%, 35%))")
            }
            out.newline()
        }
    }

    private static func freehand(_ n: Int, _ out: inout SourceWriter) {
        var random = SeededRandom(seed: 2)
        let strokes = max(1, n / 100)
        out.line("// freehand: \(strokes) strokes of 100 points")
        for _ in 0..<strokes {
            var x = Double(random.next(below: 2000)), y = Double(random.next(below: 2000))
            var heading = random.unit() * 3.14159
            out.text("polyline points: [")
            for p in 0..<100 {
                if p > 0 { out.text(", ") }
                out.text("("); out.fixed(x); out.text(", "); out.fixed(y); out.text(")")
                heading += random.unit() * 0.4
                let step = 2 + Double(random.next(below: 40)) / 10
                x += step * cosine(heading); y += step * sine(heading)
            }
            out.text("], stroke: "); out.color(random.next(below: 0x100_0000))
            out.text(", lineWidth: "); out.fixed(0.5 + Double(random.next(below: 40)) / 10)
            out.text(", lineCap: round, lineJoin: round"); out.newline()
        }
    }

    /// The random walks of `freehand` (the same seed and sequence of random numbers), each
    /// point with a pressure that swells and fades along the stroke.
    private static func ink(_ n: Int, compact: Bool, _ out: inout SourceWriter) {
        var random = SeededRandom(seed: 2)
        let strokes = max(1, n / 100)
        out.line("// ink: \(strokes) strokes of 100 points with pressure\(compact ? ", compact points strings" : "")")
        for _ in 0..<strokes {
            var x = Double(random.next(below: 2000)), y = Double(random.next(below: 2000))
            var heading = random.unit() * 3.14159
            var points: [(Double, Double, Double)] = []
            points.reserveCapacity(100)
            for p in 0..<100 {
                points.append((x, y, 0.5 + 0.4 * sine(Double(p) * 0.063)))
                heading += random.unit() * 0.4
                let step = 2 + Double(random.next(below: 40)) / 10
                x += step * cosine(heading); y += step * sine(heading)
            }
            out.text(compact ? "stroke points: \"" : "stroke points: [")
            var previous = (0, 0, 0)
            for (k, point) in points.enumerated() {
                if compact {
                    // Hundredths of a point and thousandths of pressure, as ink stores write.
                    let units = (Int((point.0 * 100).rounded()), Int((point.1 * 100).rounded()), Int((point.2 * 1000).rounded()))
                    if k > 0 { out.text(" ") }
                    let d = k == 0 ? units : (units.0 - previous.0, units.1 - previous.1, units.2 - previous.2)
                    out.fixed(Double(d.0) / 100); out.text(","); out.fixed(Double(d.1) / 100); out.text(",")
                    out.thousandths(d.2)
                    previous = units
                } else {
                    if k > 0 { out.text(", ") }
                    out.text("("); out.fixed(point.0); out.text(", "); out.fixed(point.1); out.text(", ")
                    out.thousandths(Int((point.2 * 1000).rounded())); out.text(")")
                }
            }
            out.text(compact ? "\", color: " : "], color: "); out.color(random.next(below: 0x100_0000))
            out.text(", width: "); out.fixed(0.5 + Double(random.next(below: 40)) / 10)
            out.newline()
        }
    }

    private static func diagram(_ n: Int, _ out: inout SourceWriter) {
        let boxes = max(2, n / 10)
        let perStack = 10
        out.line("// diagram: \(boxes) labelled boxes in stacks, connectors between neighbours")
        out.line("hstack spacing: 40 {")
        var index = 0
        while index < boxes {
            out.line("  vstack spacing: 24 {")
            for _ in 0..<min(perStack, boxes - index) {
                out.text("    rect \"Service "); out.int(index); out.text("\", id: b"); out.int(index)
                out.text(", padding: 6, corner: 4, fill: #e8f0fe"); out.newline()
                index += 1
            }
            out.line("  }")
        }
        out.line("}")
        for i in 0..<(boxes - 1) {
            out.text("b"); out.int(i); out.text(" -> b"); out.int(i + 1); out.newline()
        }
    }

    private static func text(_ n: Int, _ out: inout SourceWriter) {
        var random = SeededRandom(seed: 4)
        let words = ["drawing", "label", "the", "of", "envelope", "compiler", "a", "print", "diagram",
                     "figure", "and", "sketch", "text", "version", "control", "page", "font", "is", "to", "kerning"]
        let fonts = ["Helvetica", "Times", "Courier"]
        let perParagraph = 100
        out.line("// text: \(n) words in paragraphs of \(perParagraph)")
        out.line("vstack spacing: 12, align: leading {")
        var written = 0
        var paragraph = 0
        while written < n {
            out.text("  text \"")
            for w in 0..<min(perParagraph, n - written) {
                if w > 0 { out.text(" ") }
                out.text(words[random.next(below: words.count)])
            }
            written += min(perParagraph, n - written)
            out.text("\", width: 400, fontSize: 10, font: \""); out.text(fonts[paragraph % fonts.count]); out.text("\"")
            out.newline()
            paragraph += 1
        }
        out.line("}")
    }
}

extension Workload {
    fileprivate static func typeset(_ n: Int, _ out: inout SourceWriter) {
        var random = SeededRandom(seed: 6)
        let words = ["typesetting", "label", "the", "of", "envelope", "compiler", "a", "print", "justification",
                     "figure", "and", "hyphenation", "text", "version", "paragraph", "page", "font", "is", "to", "kerning"]
        let perParagraph = 1000
        out.line("// typeset: \(n) words in justified, hyphenated paragraphs of \(perParagraph) with markup")
        out.line("vstack spacing: 12, align: leading {")
        var written = 0
        while written < n {
            out.text("  text \"")
            for w in 0..<min(perParagraph, n - written) {
                if w > 0 { out.text(" ") }
                let word = words[random.next(below: words.count)]
                switch w % 17 {
                case 5: out.text("*"); out.text(word); out.text("*")
                case 11: out.text("_"); out.text(word); out.text("_")
                default: out.text(word)
                }
            }
            written += min(perParagraph, n - written)
            out.text("\", width: 400, fontSize: 10, font: \"Times\", align: justify, hyphenate: true, markup: true")
            out.newline()
        }
        out.line("}")
    }

    fileprivate static func qr(_ n: Int, _ out: inout SourceWriter) {
        var random = SeededRandom(seed: 5)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-/".utf8)
        out.line("// qr: \(n) QR codes of version 10, 100 a page")
        var written = 0
        while written < n {
            out.line("page size: (11in, 11in), margin: 0.25in {")
            out.line("  grid columns: 10, spacing: 4pt {")
            for _ in 0..<min(100, n - written) {
                out.text("    barcode \"https://example.com/item/"); out.int(written); out.text("?k=")
                var key: [UInt8] = []
                for _ in 0..<90 { key.append(alphabet[random.next(below: alphabet.count)]) }
                out.text(String(decoding: key, as: UTF8.self))
                out.text("\", type: qr, version: 10, module: 1pt"); out.newline()
                written += 1
            }
            out.line("  }")
            out.line("}")
        }
    }
}

/// Sine and cosine without Foundation, good enough for random walks (range-reduced Taylor).
private func sine(_ x: Double) -> Double {
    var t = x.truncatingRemainder(dividingBy: 2 * 3.141592653589793)
    if t > 3.141592653589793 { t -= 2 * 3.141592653589793 }
    if t < -3.141592653589793 { t += 2 * 3.141592653589793 }
    let t2 = t * t
    return t * (1 - t2 / 6 * (1 - t2 / 20 * (1 - t2 / 42 * (1 - t2 / 72 * (1 - t2 / 110)))))
}

private func cosine(_ x: Double) -> Double { sine(x + 3.141592653589793 / 2) }

/// Appends source text as bytes.
struct SourceWriter {
    private(set) var bytes: [UInt8] = []

    mutating func text(_ s: String) { bytes.append(contentsOf: s.utf8) }
    mutating func line(_ s: String) { text(s); newline() }
    mutating func newline() { bytes.append(0x0A) }
    mutating func int(_ v: Int) { bytes.append(contentsOf: String(v).utf8) }

    /// Two fraction digits, no exponent.
    mutating func fixed(_ v: Double) {
        let scaled = Int((v * 100).rounded())
        if scaled < 0 { bytes.append(0x2D) }
        let m = abs(scaled)
        int(m / 100)
        let f = m % 100
        if f != 0 {
            bytes.append(0x2E)
            bytes.append(0x30 + UInt8(f / 10))
            if f % 10 != 0 { bytes.append(0x30 + UInt8(f % 10)) }
        }
    }

    /// A number of thousandths with up to three fraction digits.
    mutating func thousandths(_ v: Int) {
        if v < 0 { bytes.append(0x2D) }
        let m = abs(v)
        int(m / 1000)
        var f = m % 1000
        if f != 0 {
            bytes.append(0x2E)
            var digits = [UInt8(0x30 + f / 100), UInt8(0x30 + f / 10 % 10), UInt8(0x30 + f % 10)]
            while digits.last == 0x30 { digits.removeLast() }
            bytes.append(contentsOf: digits)
            f = 0
        }
    }

    mutating func color(_ rgb: Int) {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        bytes.append(0x23)
        for shift in stride(from: 20, through: 0, by: -4) { bytes.append(digits[(rgb >> shift) & 0xF]) }
    }
}
