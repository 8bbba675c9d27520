// The `shapes` and `freehand` workloads written for other tools, so bench/compare.sh can
// time them side by side with drawc on the same drawing: SVG (for rsvg-convert), PIC (for
// dpic) and Pikchr. Same seeds and the same sequence of random numbers as Workloads.swift.

enum PeerFormat: String {
    case svg, pic, pikchr
}

extension Workload {
    func peerSource(items n: Int, format: PeerFormat) -> [UInt8]? {
        var out = SourceWriter()
        switch (self, format) {
        case (.shapes, _): Self.peerShapes(n, format, &out)
        case (.freehand, _): Self.peerFreehand(n, format, &out)
        default: return nil
        }
        return out.bytes
    }

    private static func peerShapes(_ n: Int, _ format: PeerFormat, _ out: inout SourceWriter) {
        var random = SeededRandom(seed: 1)
        let columns = max(1, Int(Double(n).squareRoot().rounded(.up)))
        let rows = (n + columns - 1) / columns
        switch format {
        case .svg:
            out.line("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(40 * columns)pt\" height=\"\(40 * rows)pt\" viewBox=\"0 0 \(40 * columns) \(40 * rows)\">")
        case .pic: out.line(".PS"); out.line("maxpswid = 100000; maxpsht = 100000")
        case .pikchr: break
        }
        for i in 0..<n {
            let x = 20 + 40 * (i % columns), y = 20 + 40 * (i / columns)
            let fill = random.next(below: 0x100_0000), stroke = random.next(below: 0x100_0000)
            let width = 1 + random.next(below: 3)
            switch format {
            case .svg:
                switch i % 4 {
                case 0, 1:
                    out.text("<rect x=\""); out.int(x - 15); out.text("\" y=\""); out.int(y - 10)
                    out.text(i % 4 == 1 ? "\" width=\"30\" height=\"20\" rx=\"5\"" : "\" width=\"30\" height=\"20\"")
                case 2:
                    out.text("<ellipse cx=\""); out.int(x); out.text("\" cy=\""); out.int(y); out.text("\" rx=\"15\" ry=\"10\"")
                default:
                    out.text("<text x=\""); out.int(x); out.text("\" y=\""); out.int(y)
                    out.text("\" font-family=\"Helvetica\" font-size=\"10\" text-anchor=\"middle\"")
                }
                out.text(" fill=\""); out.color(fill); out.text("\" stroke=\""); out.color(stroke)
                out.text("\" stroke-width=\""); out.int(width); out.text("\"")
                if i % 4 == 3 { out.text(">L"); out.int(i); out.line("</text>") } else { out.line("/>") }
            case .pic:
                // dpic: inches, y up.
                let at = "at (\(Double(x) / 72), \(-Double(y) / 72))"
                switch i % 4 {
                case 0: out.text("box wid 30/72 ht 20/72 " + at)
                case 1: out.text("box wid 30/72 ht 20/72 rad 5/72 " + at)
                case 2: out.text("ellipse wid 30/72 ht 20/72 " + at)
                default: out.text("\"L\(i)\" " + at)
                }
                if i % 4 != 3 {
                    out.text(" shaded \"\(rgb(fill))\" outlined \"\(rgb(stroke))\" thick "); out.int(width)
                }
                out.newline()
            case .pikchr:
                let at = "at (\(x)px, \(-y)px)"
                switch i % 4 {
                case 0: out.text("box wid 30px ht 20px " + at)
                case 1: out.text("box wid 30px ht 20px radius 5px " + at)
                case 2: out.text("ellipse wid 30px ht 20px " + at)
                default: out.text("text \"L\(i)\" " + at)
                }
                if i % 4 != 3 {
                    out.text(" fill 0x"); out.hex(fill); out.text(" color 0x"); out.hex(stroke)
                    out.text(" thickness "); out.int(width); out.text("px")
                }
                out.newline()
            }
        }
        switch format {
        case .svg: out.line("</svg>")
        case .pic: out.line(".PE")
        case .pikchr: break
        }
    }

    private static func peerFreehand(_ n: Int, _ format: PeerFormat, _ out: inout SourceWriter) {
        // Re-generates the same strokes as the .draw workload by running its generator and
        // reading the numbers back: one source of truth for the random walk.
        let draw = String(decoding: Workload.freehand.source(items: n), as: UTF8.self)
        switch format {
        case .svg: out.line("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2100pt\" height=\"2100pt\" viewBox=\"-50 -50 2100 2100\">")
        case .pic: out.line(".PS"); out.line("maxpswid = 100000; maxpsht = 100000")
        case .pikchr: break
        }
        for line in draw.split(separator: "\n") where line.hasPrefix("polyline") {
            guard let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]") else { continue }
            let numbers = line[line.index(after: open)..<close]
                .split(whereSeparator: { "(), ".contains($0) }).compactMap { Double($0) }
            let rest = line[close...]
            let color = rest.range(of: "#").map { String(rest[$0.upperBound...].prefix(6)) } ?? "000000"
            let width = rest.range(of: "lineWidth: ").map { String(rest[$0.upperBound...].prefix { $0 != "," }) } ?? "1"
            var points: [(Double, Double)] = []
            var index = 0
            while index + 1 < numbers.count { points.append((numbers[index], numbers[index + 1])); index += 2 }
            switch format {
            case .svg:
                out.text("<polyline fill=\"none\" stroke=\"#\(color)\" stroke-width=\"\(width)\" stroke-linecap=\"round\" stroke-linejoin=\"round\" points=\"")
                out.text(points.map { "\($0.0),\($0.1)" }.joined(separator: " "))
                out.line("\"/>")
            case .pic:
                out.text("line from " + points.map { "(\($0.0 / 72), \(-$0.1 / 72))" }.joined(separator: " to "))
                out.line(" outlined \"\(rgb(Int(color, radix: 16) ?? 0))\" thick \(width)")
            case .pikchr:
                out.text("line from " + points.map { "(\($0.0)px, \(-$0.1)px)" }.joined(separator: " then to "))
                out.line(" color 0x\(color) thickness \(width)px")
            }
        }
        switch format {
        case .svg: out.line("</svg>")
        case .pic: out.line(".PE")
        case .pikchr: break
        }
    }

    private static func rgb(_ value: Int) -> String {
        // dpic passes the string to its PDF output as an "r g b" operand triple.
        func c(_ shift: Int) -> String { String(Double(Int(Double((value >> shift) & 0xFF) / 255 * 1000)) / 1000) }
        return "\(c(16)) \(c(8)) \(c(0))"
    }
}

extension SourceWriter {
    mutating func hex(_ rgb: Int) {
        var s = String(rgb, radix: 16)
        while s.count < 6 { s = "0" + s }
        text(s)
    }
}
