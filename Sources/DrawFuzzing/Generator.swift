// The structure-aware half of the whole-compiler fuzzer: fuzz bytes read as a sequence of
// choices that build a drawing which parses, evaluates and mostly lays out, so most inputs
// reach layout and every backend (shapes, text in the built-in and the test fonts, CJK,
// barcodes, images, ink, connectors, stacks and grids, components, loops, pages, label
// sheets, data files). libFuzzer mutates the choice bytes; every mutation is a drawing again.
// Numbers stay in ranges the language accepts, with a few chosen at the edges on purpose.

struct ChoiceReader {
    let bytes: [UInt8]
    var position = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var exhausted: Bool { position >= bytes.count }

    /// The next byte; 0 once the input is used up (so every input is a finite drawing).
    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A choice among `count` options.
    mutating func choose(_ count: Int) -> Int { count <= 1 ? 0 : Int(byte()) % count }

    mutating func pick<T>(_ options: [T]) -> T { options[choose(options.count)] }

    /// A whole number in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = range.upperBound - range.lowerBound + 1
        let raw = Int(byte()) << 8 | Int(byte())
        return range.lowerBound + raw % span
    }

    mutating func flag() -> Bool { byte() & 1 == 1 }
}

/// Builds one drawing from choice bytes.
struct DrawingGenerator {
    var input: ChoiceReader
    var out = ""
    var ids: [String] = []
    var nextID = 0
    var components: [String] = []
    var styles: [String] = []
    var functions: [String] = []
    var depth = 0

    init(_ bytes: [UInt8]) { input = ChoiceReader(bytes) }

    static let colors = ["red", "steelblue", "#336699", "#abc", "#11223380", "rgb(10, 200, 30)", "hsl(200, 80%, 60%)",
                         "gray(40%)", "mix(white, navy, 30%)", "rgba(0, 0, 128, 50%)", "transparent", "gold", "black"]
    /// Fonts for Latin-1 text (the standard 14, TrueType, OpenType CFF, a collection).
    static let fonts = ["\"Helvetica\"", "\"Times\"", "\"Courier\"", "\"DejaVu Sans\"",
                        "[\"DrawcTestCJK\", \"Helvetica\"]", "[\"DrawcTestSans\", \"Helvetica\"]",
                        "\"WenQuanYi Micro Hei\"", "\"Times\", bold: true", "\"Helvetica\", italic: true"]
    /// Latin-1 text, which every font of `fonts` draws.
    static let words = ["Hello", "drawc", "Ünïcödé", "AVATAR Wave", "fi fl ffi", "tab\\there", "line\\nbreak", "x", "",
                        "A long label that wraps around", "\\(1 + 2) items", "Kerning: To Ty AV", "Price: 9,99 €"]
    /// Text beyond Latin-1 with fonts that hold it.
    static let scripts = [("μ ∑ π αβγ", "\"Symbol\""), ("中文字", "[\"DrawcTestCJK\", \"WenQuanYi Micro Hei\"]"),
                          ("日本語テキスト", "\"WenQuanYi Micro Hei\""), ("한국어", "\"WenQuanYi Micro Hei\""),
                          ("Ελληνικά кириллица", "\"DejaVu Sans\""), ("✈✉☎", "\"ZapfDingbats\"")]
    static let anchors = ["center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight",
                          "ne", "sw"]
    static let shapes = ["rect", "ellipse", "circle", "diamond", "hexagon", "octagon", "cylinder", "document", "note",
                         "cloud", "capsule", "person", "triangle", "parallelogram", "trapezoid", "star", "regularPolygon"]
    static let images = ["\"img.png\"", "\"img-rgba.png\"", "\"img-gray.png\"", "\"photo.jpg\"", "\"cmyk.jpg\"", "\"gray.jpg\""]

    mutating func emit(_ text: String) { out += String(repeating: "  ", count: depth) + text + "\n" }

    mutating func number(_ range: ClosedRange<Int>) -> String {
        switch input.choose(16) {
        case 0: return "\(input.int(range)).5"
        case 1: return "0"
        default: return "\(input.int(range))"
        }
    }

    mutating func length(_ range: ClosedRange<Int> = 1...120) -> String {
        let n = number(range)
        return n + input.pick(["", "", "pt", "mm", "px"]).replacingIn(n)
    }

    mutating func point(_ range: ClosedRange<Int> = -50...300) -> String {
        if !ids.isEmpty, input.choose(4) == 0 {
            return input.pick(ids) + "." + input.pick(["center", "top", "right", "bottomLeft", "ne", "s"])
                + (input.flag() ? " + (\(number(0...20)), \(number(0...20)))" : "")
        }
        return "(\(number(range)), \(number(range)))"
    }

    mutating func color() -> String { input.pick(Self.colors) }

    mutating func string() -> String { "\"" + input.pick(Self.words) + "\"" }

    mutating func newID() -> String {
        nextID += 1
        return "n\(nextID)"
    }

    /// Common properties for any node, a few at a time.
    mutating func commonProperties(_ kind: String) -> [String] {
        var props: [String] = []
        for _ in 0..<input.choose(5) {
            switch input.choose(22) {
            case 0: props.append("fill: \(color())")
            case 1: props.append("stroke: \(color())")
            case 2: props.append("lineWidth: \(number(0...8))")
            case 3: props.append("dash: [\(number(1...9)), \(number(1...9))]")
            case 4: props.append("opacity: \(input.int(0...100))%")
            case 5: props.append("rotate: \(number(-360...360))deg")
            case 6: props.append("scale: \(input.pick(["0.5", "2", "(1, -1)", "150%", "(0.5, 2)"]))")
            case 7: props.append("at: \(point()), anchor: \(input.pick(Self.anchors))")
            case 8: props.append("font: \(input.pick(Self.fonts))")
            case 9: props.append("fontSize: \(input.int(4...40))pt")
            case 10: props.append("color: \(color())")
            case 11: props.append("align: \(input.pick(["left", "center", "right"]))")
            case 12: props.append("padding: \(input.pick(["4pt", "(2, 8)", "(1, 2, 3, 4)", "0"]))")
            case 13: props.append("width: \(length())")
            case 14: props.append("height: \(length())")
            case 15: props.append("lineCap: \(input.pick(["butt", "round", "square"])), lineJoin: \(input.pick(["miter", "round", "bevel"]))")
            case 16: props.append("clip: true")
            case 17: props.append("fillRule: evenOdd")
            case 18: if !styles.isEmpty { props.append("style: \(input.pick(styles))") }
            case 19: props.append("lineHeight: \(input.pick(["1.5", "120%", "14pt"]))")
            case 20: props.append("miterLimit: \(input.int(1...10)), dashOffset: \(number(0...5))")
            default: props.append("bold: \(input.flag()), italic: \(input.flag())")
            }
        }
        return props
    }

    mutating func withID(_ props: inout [String]) {
        if loops == 0, input.choose(3) == 0 {
            let id = newID()
            props.insert("id: \(id)", at: 0)
            pendingIDs.append(id)
        }
    }

    /// Ids become visible to anchors once their node is finished (forward references to
    /// `at:` are errors).
    var pendingIDs: [String] = []
    /// Loops open around the node being written (a node with an id there would repeat it).
    var loops = 0
    var lets: Set<Int> = []

    mutating func node() {
        let saved = pendingIDs
        pendingIDs = []
        defer {
            ids += pendingIDs
            pendingIDs = saved
        }
        var props: [String] = []
        let choice = depth > 3 ? input.choose(12) : input.choose(20)
        switch choice {
        case 0, 1:
            let kind = input.pick(Self.shapes)
            var head = kind
            if input.flag() { head += " " + string() }
            props = commonProperties(kind)
            if kind == "circle", input.flag() { props.append("r: \(number(2...60))") }
            if kind == "rect", input.flag() { props.append("corner: \(number(0...12))") }
            if kind == "triangle" { props.append("direction: \(input.pick(["up", "down", "left", "right"]))") }
            if kind == "star" { props.append("points: \(input.int(3...12)), inner: \(input.int(10...90))%") }
            if kind == "regularPolygon" { props.append("sides: \(input.int(3...12))") }
            if kind == "parallelogram" || kind == "trapezoid" { props.append("skew: \(number(0...30))") }
            withID(&props)
            line(head, props, block: depth < 4 && input.choose(4) == 0)
        case 2:
            props = commonProperties("text")
            withID(&props)
            line("text " + string(), props)
        case 3:
            let (text, font) = input.pick(Self.scripts)
            props = commonProperties("text").filter { !$0.hasPrefix("font:") }
            withID(&props)
            line("text \"\(text)\"", props + ["font: \(font)"])
        case 4:
            props = ["points: [\((0..<input.int(2...7)).map { _ in point() }.joined(separator: ", "))]"] + commonProperties("polyline")
            if input.flag() { props.append("smooth: true, tension: 0.\(input.int(0...9))") }
            line(input.pick(["polyline", "polygon", "line", "arrow"]), props)
        case 5:
            let data = input.pick(["M 0 0 C 10 -10, 30 10, 40 0", "M0,0 L20,0 20,20z m5 5 h10 v10 h-10 z",
                                   "M 10 10 A 20 30 15 1 0 50 40", "M 0 0 Q 10 20 20 0 T 40 0 S 60 20 70 0",
                                   "M 0 0 l 10pt 5mm a 5 5 0 0 1 10 10", "M1 1", "m 5 5 h 40 v 30 h -40 z"])
            line("path \"\(data)\"", commonProperties("path"))
        case 6:
            props = ["from: \(point())", "to: \(point())"]
            if input.flag() { props.append("arrow: \(input.pick(["start", "end", "both", "none"]))") }
            if input.flag() { props.append("label: " + string()) }
            line(input.pick(["line", "arrow"]), props + commonProperties("line"))
        case 7:
            line("image " + input.pick(Self.images), ["width: \(length(4...200))"]
                 + (input.flag() ? ["height: \(length(4...200)), fit: \(input.pick(["contain", "cover", "fill"]))"] : [])
                 + commonProperties("image"))
        case 8:
            let type = input.pick(["code128", "gs1", "ean13", "ean8", "upca", "upce", "itf14", "qr", "datamatrix"])
            let data: String
            switch type {
            case "ean13": data = "590123412345"
            case "ean8": data = "9638507"
            case "upca": data = "03600029145"
            case "upce": data = "0425261"
            case "itf14": data = "1540014128876"
            case "gs1": data = "(01)09501101530003(17)261231(10)AB12"
            case "code128": data = input.pick(["HELLO 123", "Ünï", "12345678901234567890", "a\\tb"])
            default: data = input.pick(["HELLO 123", "https://example.com/\(input.int(0...9999))", "日本語", "Ünï", "12345678901234567890"])
            }
            var extra: [String] = []
            if type == "qr" { extra.append("errorCorrection: \(input.pick(["L", "M", "Q", "H"]))") }
            if type == "datamatrix", input.flag() { extra.append("shape: rectangle") }
            if input.flag() { extra.append("module: 0.\(input.int(2...9))mm") }
            if input.flag() { extra.append("text: \(input.pick(["false", "true", "\"label\""]))") }
            line("barcode \"\(data)\", type: \(type)", extra + commonProperties("barcode"))
        case 9:
            let points = (0..<input.int(2...12)).map { i in "(\(i * 7 + input.int(0...5)), \(input.int(0...40)), 0.\(input.int(1...9)))" }
            line("stroke", ["points: [\(points.joined(separator: ", "))]", "width: \(number(2...12))",
                            "taper: \(input.int(0...30))"] + (input.flag() ? ["simulatePressure: false"] : []))
        case 10:
            if ids.count >= 2 {
                let a = input.pick(ids), b = input.pick(ids)
                var text = "\(a) \(input.pick(["->", "<-", "<->", "--"])) \(b)"
                if input.flag() { text += ", label: " + string() }
                if input.flag() { text += ", route: \(input.pick(["straight", "orthogonal", "curved"]))" }
                emit(text)
            } else {
                line("spacer", ["minLength: \(number(0...20))"])
            }
        case 11:
            if !components.isEmpty { line(input.pick(components) + " " + string(), commonProperties("component")) }
            else { line("circle", ["r: \(number(1...30))"]) }
        case 12, 13, 14:
            let kind = input.pick(["group", "vstack", "hstack", "zstack", "grid"])
            props = commonProperties(kind)
            if kind == "grid" { props.append("columns: \(input.int(1...4))") }
            if kind != "group" && kind != "zstack" { props.append("spacing: \(number(0...20))") }
            if kind != "group", input.flag() { props.append("align: \(input.pick(["leading", "center", "trailing", "top", "bottomTrailing"]))") }
            line(kind, props, block: true)
        case 15:
            let variable = "i\(depth)"
            loops += 1
            defer { loops -= 1 }
            emit("for \(variable) in \(input.pick(["0..<3", "1...4", "[1, 2, 3]", "range(0, 4)"])) {")
            depth += 1
            line(input.pick(["rect", "circle", "text \"\\(\(variable))\""]),
                 ["at: (\(variable) * \(number(10...40)), \(number(0...40)))", "fill: mix(white, \(input.pick(["red", "navy"])), \(variable) / 5)"])
            if input.flag() { node() }
            depth -= 1
            emit("}")
        case 16:
            emit("if \(input.pick(["true", "1 < 2", "count([1, 2]) == 3"])) {")
            depth += 1; node(); depth -= 1
            emit("} else {")
            depth += 1; node(); depth -= 1
            emit("}")
        case 17:
            let f = functions.isEmpty ? "max" : input.pick(functions)
            line("text \"\\(\(f)(\(number(0...9)), \(number(0...9))))\"", commonProperties("text"))
        case 18:
            line("text \"\\(count(csv(\"table.csv\"))) rows, \\(upper(\"total\"))\"", [])
            emit("for row in json(\"table.json\") {")
            loops += 1
            defer { loops -= 1 }
            depth += 1
            line("rect row.name", ["width: row.value", "height: 10"])
            depth -= 1
            emit("}")
        default:
            line("rect", ["width: \(length(0...5000))", "height: \(length(0...5000))"] + commonProperties("rect"))
        }
    }

    /// One node statement: `head, props` and maybe a block of children.
    mutating func line(_ head: String, _ props: [String], block: Bool = false) {
        // A positional argument (or a name after the kind) is followed by a comma.
        let fixed = props.isEmpty ? head : head + (head.contains(" ") ? ", " : " ") + props.joined(separator: ", ")
        guard block else { emit(fixed); return }
        emit(fixed + " {")
        depth += 1
        for _ in 0..<max(1, input.choose(4)) { node() }
        depth -= 1
        emit("}")
    }

    mutating func declarations() {
        for _ in 0..<input.choose(4) {
            switch input.choose(4) {
            case 0:
                let name = "s\(styles.count)"
                emit("style \(name) { fill: \(color()), stroke: \(color()), corner: \(number(0...8))pt, padding: \(number(0...10))pt }")
                styles.append(name)
            case 1:
                let name = "comp\(components.count)"
                emit("def \(name)(label, tint = \(color())) {")
                depth += 1
                emit("rect label, fill: tint, padding: \(number(2...10))pt, corner: 4pt")
                depth -= 1
                emit("}")
                components.append(name)
            case 2:
                let name = "f\(functions.count)"
                emit("fn \(name)(a, b = 2) = if a > b then a * b else a + b")
                functions.append(name)
            default:
                let n = input.int(0...9)
                guard lets.insert(n).inserted else { continue }
                emit("let v\(n) = \(input.pick(["[1, 2, 3]", "(3in, 2in)", "\"text\"", "{a: 1, b: \"x\"}", "upper(\"abc\")", "range(0, 3)"]))")
            }
        }
    }

    /// The whole drawing.
    mutating func drawing() -> String {
        if input.choose(4) == 0 { emit("import \"lib.draw\"") }
        declarations()
        switch input.choose(8) {
        case 0:
            emit("page size: \(input.pick(["a4", "a5", "letter", "(300, 200)", "(14400, 100)", "c5", "dl"])), orientation: \(input.pick(["portrait", "landscape"])), margin: \(number(0...40)), background: \(color())")
        case 1:
            emit("page size: a6")
            for _ in 0..<input.int(1...3) {
                ids = []
                emit("page background: \(color()) {")
                depth += 1
                for _ in 0..<max(1, input.choose(4)) { node() }
                depth -= 1
                emit("}")
            }
            return out
        case 2:
            emit("labels row in [1, 2, 3, 4, 5], template: \(input.pick(["\"avery-5160\"", "\"a4-3x8\"", "\"avery-l7163\""])), outline: \(input.flag()) {")
            depth += 1
            line("text \"Label \\(index): \\(row)\"", commonProperties("text"))
            depth -= 1
            emit("}")
            return out
        default:
            break
        }
        for _ in 0..<max(1, input.int(1...8)) {
            node()
            if input.exhausted { break }
        }
        return out
    }
}

private extension String {
    /// A unit after a number, except after a decimal that is already a unit-less zero.
    func replacingIn(_ number: String) -> String { number == "0" ? "" : self }
}
