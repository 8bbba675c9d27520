import DrawKit
import DrawTestSupport
import Testing
#if canImport(Foundation)
import Foundation
#endif

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

    /// README.md's table of formats (written by hand for its notes) says of each format what
    /// its traits say: a row per format, named as the backend names it, with its file
    /// extension and pages.
    @Test func theReadmeTableAgreesWithTheTraits() {
        let readme = String(decoding: FileManager.default.contents(atPath: packageRoot + "/README.md") ?? Data(), as: UTF8.self)
        let rows = readme.split(separator: "\n").filter { $0.hasPrefix("| ") }
        for format in OutputFormat.allCases {
            let row = rows.first { $0.hasPrefix("| \(format.displayName) |") }
            #expect(row != nil, "README.md's formats lack \(format.displayName)")
            guard let row else { continue }
            #expect(row.contains("| `.\(format.fileExtension)` |"), "\(row)")
            #expect(row.contains(format.isOnePagePerFile ? "| one file per page" : "| all pages"), "\(row)")
        }
    }

    /// The formats without blur are the ones whose shadows arrive as images.
    @Test func formatsWithoutBlurDrawShadowsAsImages() {
        #expect(OutputFormat.allCases.filter(\.drawsShadowsAsImages) == [.pdf, .ps, .eps])
        #expect(OutputFormat.allCases.filter { !$0.limitations.isEmpty }.contains(.ps))
        #expect(OutputFormat(pathExtension: "out.txt") == nil && OutputFormat(pathExtension: "pdf") == nil)
    }
}
