// The whole-compiler fuzz target: one input through every entry point of DrawKit — `check`,
// the front half once, `fmt` with its guarantees (DrawKit's `checkFormatGuarantees`: the
// output parses, is a fixed point, keeps the comments and builds to the same IR), then the IR
// dump and every output format (SVG, PDF, PS, EPS, PNG) of the same laid-out document. Run by scripts/fuzz-drawc.sh under libFuzzer (Sources/drawc-fuzz)
// and, without libFuzzer, by the tests over the committed corpus.
//
// An input is either drawing source (any bytes: the lexer and parser get hostile text), or,
// when its first byte is 0x00, choice bytes for `DrawingGenerator`, which always writes a
// drawing that parses, so mutations of such inputs go on reaching layout and the backends.
// The drawing may read in-memory files: images (PNG RGB, RGBA and grey made by drawc's own
// PNG backend, the JPEG test fixtures), a CSV and a JSON file, and an imported drawing; a
// generated input may damage an image with its last bytes (decoders get hostile bytes too).
// Fonts come from Tests/Fonts (TrueType, OpenType CFF, a CJK CFF and a TrueType collection).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DrawKit

package struct FuzzTarget {
    /// What happened to the inputs so far (printed by the driver).
    package struct Counts: Sendable {
        package var inputs = 0
        /// Inputs whose drawing was laid out without errors and went through every backend.
        package var reachedBackends = 0
        package var generated = 0
        package var generatedReached = 0
        /// Inputs that parse, so went through the formatter's guarantees too.
        package var formatted = 0
        package var share: Double { inputs == 0 ? 0 : Double(reachedBackends) / Double(inputs) }

        /// The one line the drivers print (and docs/testing.md quotes).
        package var summary: String {
            let text = inputs - generated, textReached = reachedBackends - generatedReached
            func percent(_ part: Int, _ whole: Int) -> String { whole == 0 ? "-" : "\(Int((Double(part) * 100 / Double(whole)).rounded()))%" }
            return "drawc-fuzz: \(inputs) inputs, \(reachedBackends) reached every backend (\(percent(reachedBackends, inputs))); "
                + "generated \(generated), of which \(generatedReached) reached (\(percent(generatedReached, generated))); "
                + "text \(text), of which \(textReached) reached (\(percent(textReached, text))); formatted \(formatted)"
        }
    }

    package private(set) var counts = Counts()
    let files: [String: [UInt8]]
    let fontFolder: String

    /// `root` is the repository (for Tests/Fonts and the JPEG fixtures).
    package init(root: String) {
        fontFolder = root + "/Tests/Fonts"
        var files: [String: [UInt8]] = [:]
        func read(_ path: String) -> [UInt8] {
            FileManager.default.contents(atPath: root + "/" + path).map { [UInt8]($0) } ?? []
        }
        files["photo.jpg"] = read("Tests/PSBackendTests/Fixtures/quadrants.jpg")
        files["cmyk.jpg"] = read("Tests/PSBackendTests/Fixtures/cmyk.jpg")
        files["gray.jpg"] = read("Tests/PSBackendTests/Fixtures/gray.jpg")
        // PNGs drawn by drawc itself: opaque RGB, RGBA (transparent backdrop) and a grey one.
        func png(_ source: String, _ background: PNGBackground) -> [UInt8] {
            compile(source: source, path: "<image>", format: .png,
                    options: CompileOptions(png: PNGOptions(dpi: 24, background: background))).outputs.first?.bytes ?? []
        }
        files["img.png"] = png("rect width: 30, height: 20, fill: tomato\ncircle r: 6, fill: navy", .white)
        files["img-rgba.png"] = png("circle r: 12, fill: rgba(0, 128, 0, 50%)", .transparent)
        files["img-gray.png"] = png("rect width: 20, height: 20, fill: gray(30%)", .white)
        files["table.csv"] = Array("name,value\nalpha,10\nbeta,25\n\"gam,ma\",7\n".utf8)
        files["table.json"] = Array(#"[{"name": "a", "value": 20}, {"name": "b", "value": 35.5}, {"name": "ü", "value": 0}]"#.utf8)
        files["lib.draw"] = Array("let libWidth = 42\nstyle libStyle { fill: ivory, stroke: gray }\ndef badge(t) { rect t, style: libStyle, padding: 4pt }\n".utf8)
        self.files = files
    }

    /// The drawing an input stands for.
    package static func source(of input: [UInt8]) -> [UInt8] {
        guard input.first == 0 else { return input }
        var generator = DrawingGenerator(Array(input.dropFirst()))
        return Array(generator.drawing().utf8)
    }

    /// The path every input is compiled as.
    static let path = "fuzz.draw"

    /// The options every input is compiled with (`files`: the in-memory files, maybe damaged).
    func options(files: [String: [UInt8]]) -> CompileOptions {
        CompileOptions(fontSearchPaths: [fontFolder], compressPDF: true, files: files, png: PNGOptions(dpi: 18))
    }

    /// The errors `check` reports for an input (id and message), to see why an input stops
    /// before the backends.
    package func errors(_ input: [UInt8]) -> [String] {
        check(source: Self.source(of: input), path: Self.path, options: options(files: files)).diagnostics
            .filter { $0.severity == .error }.map { "\($0.id): \($0.message)" }
    }

    /// Runs one input through every entry point. Traps (a crash libFuzzer records) when an
    /// invariant breaks: output with errors, no output without them, output that differs
    /// between two runs, a formatter guarantee that does not hold.
    package mutating func run(_ input: [UInt8]) {
        counts.inputs += 1
        let generated = input.first == 0
        if generated { counts.generated += 1 }
        let source = Self.source(of: input)
        var files = self.files
        if generated, input.count > 8, input[input.count - 1] & 7 == 0 {
            // Damage one image with the input's last bytes.
            let names = ["img.png", "img-rgba.png", "photo.jpg", "cmyk.jpg"]
            let name = names[Int(input[input.count - 2]) % names.count]
            if var bytes = files[name], !bytes.isEmpty {
                let at = (Int(input[input.count - 3]) << 8 | Int(input[input.count - 4])) % bytes.count
                bytes[at] ^= input[input.count - 5] | 1
                files[name] = bytes
            }
        }
        let options = options(files: files)
        let path = Self.path
        let checked = check(source: source, path: path, options: options)
        let built = buildDocument(source: source, path: path, options: options)
        let document = built.hasErrors ? nil : built.document
        let ir = document.map { irText(of: $0) } ?? nil
        // `drawc fmt`: never crashes; on a drawing that parses, its output parses, formatting
        // it again changes nothing, comments are kept, and its IR is the IR of the input.
        let formatting = checkFormatGuarantees(source, path: path, options: options, sourceIR: .some(ir))
        if formatting.formatted != nil { counts.formatted += 1 }
        precondition(formatting.violations.isEmpty, "fmt: \(formatting.violations.joined(separator: "; "))")
        guard let document else {
            precondition(checked.hasErrors || built.hasErrors, "check found no error where the build stopped")
            return
        }
        for format in OutputFormat.allCases {
            var diagnostics = built.diagnostics
            let outputs = render(document, format: format, options: options, diagnostics: &diagnostics)
            let failed = diagnostics.contains { $0.severity == .error }
            precondition(failed || !outputs.isEmpty, "\(format): no output and no error")
            precondition(outputs.allSatisfy { !$0.bytes.isEmpty }, "\(format): an empty output file")
            if format == .svg {
                var again = built.diagnostics
                precondition(render(document, format: .svg, options: options, diagnostics: &again) == outputs,
                             "SVG output differs between two runs")
            }
        }
        counts.reachedBackends += 1
        if generated { counts.generatedReached += 1 }
    }
}
