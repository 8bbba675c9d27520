import DrawFonts
import Foundation
import Testing
@testable import DrawLayout

/// Text in CFF (PostScript-outline) faces through layout: the committed test fonts by family
/// name, and a CFF2 font refused with a diagnostic at the `font:` value.
@Suite struct CFFTextTests {
    @Test func cffFamiliesLayOutWithTheirAdvances() {
        let source = """
        text "中文字体", font: "Drawc Test CJK", fontSize: 10pt
        text "AVTo", font: "Drawc Test Sans", fontSize: 10pt
        """
        let (ir, diagnostics, document) = compile(source)
        #expect(diagnostics.isEmpty, "\(describe(diagnostics, in: source))")
        let faces = document.fonts.compactMap { font -> TrueTypeFontRef? in
            if case .trueType(let face) = font { return face } else { return nil }
        }
        #expect(faces.map(\.postScriptName) == ["DrawcTestCJK-Regular", "DrawcTestSans-Regular"])
        #expect(faces.allSatisfy { $0.outlineFormat == .cff })
        // Four ideographs of 1 em at 10 pt.
        #expect(ir.contains("advance 40"), "\(ir)")
    }

    @Test func cff2FontIsDiagnosedAtTheFontValue() throws {
        let dir = NSTemporaryDirectory() + "drawc-cff2-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fonts").path
        var bytes = [UInt8](FileManager.default.contents(atPath: fonts + "/DrawcTestSans.otf")!)
        let numTables = Int(bytes[4]) << 8 | Int(bytes[5])
        for i in 0..<numTables where Array(bytes[12 + 16 * i..<12 + 16 * i + 4]) == Array("CFF ".utf8) {
            bytes.replaceSubrange(12 + 16 * i..<12 + 16 * i + 4, with: Array("CFF2".utf8))
        }
        _ = FileManager.default.createFile(atPath: dir + "/variable.otf", contents: Data(bytes))
        let source = "text \"x\", font: \"variable.otf\"\n"
        let (_, diagnostics, _) = compile(source, path: dir + "/t.draw")
        let lines = describe(diagnostics, in: source)
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasPrefix("1:17: ") == true, "\(lines)")
        #expect(lines.first?.contains("CFF2") == true, "\(lines)")
    }
}
