import DrawKit
import Testing

/// What a format is comes from its backend (`Backend.traits`): DrawKit's file names, the
/// shadow lowering and docs/cli.md's format table read it, and it agrees with what the
/// backend writes.
@Suite struct BackendTraitsTests {
    /// A two-page drawing with a drop shadow.
    static let source = """
        page size: (100, 100)
        page { rect size: (40, 20), fill: white, shadow: (2pt, 2pt, 4pt, #0006) }
        page { circle r: 10 }
        """

    @Test(arguments: OutputFormat.allCases)
    func traitsAgreeWithTheOutput(format: OutputFormat) {
        #expect(OutputFormat(pathExtension: "out.\(format.fileExtension)") == format)
        #expect(OutputFormat(pathExtension: "OUT.\(format.fileExtension.uppercased())") == format)
        let result = compile(source: Self.source, path: "traits.draw", format: format)
        #expect(result.outputs.count == (format.isOnePagePerFile ? 2 : 1), "\(format)")
        #expect(!format.displayName.isEmpty && !format.shortName.isEmpty)
        // `--format` spells a format as the files it writes end.
        #expect(format.rawValue == format.fileExtension)
        #expect(format.mediaType.contains("/"))
    }

    /// The formats without blur are the ones whose shadows arrive as images.
    @Test func formatsWithoutBlurDrawShadowsAsImages() {
        #expect(OutputFormat.allCases.filter(\.drawsShadowsAsImages) == [.pdf, .ps, .eps])
        #expect(OutputFormat.allCases.filter { !$0.limitations.isEmpty }.contains(.ps))
        #expect(OutputFormat(pathExtension: "out.txt") == nil && OutputFormat(pathExtension: "pdf") == nil)
    }
}
