import Foundation
import Testing
@testable import DrawFonts

@Suite struct FontLibraryTests {
    /// A temporary font folder: DejaVuSans.ttf at the top, the collection in a subfolder.
    static let folder: String = {
        let dir = NSTemporaryDirectory() + "drawc-fontlib-\(UUID().uuidString)"
        let fm = FileManager.default
        try! fm.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        try! fm.createSymbolicLink(atPath: dir + "/DejaVuSans.ttf", withDestinationPath: TestFonts.dejaVuSansPath)
        try! fm.createSymbolicLink(atPath: dir + "/sub/wqy-microhei.ttc", withDestinationPath: TestFonts.microHeiPath)
        _ = fm.createFile(atPath: dir + "/sub/broken.ttf", contents: Data("not a font".utf8))
        return dir
    }()

    @Test func standardNamesWin() throws {
        let library = FontLibrary(searchDirectories: [Self.folder])
        #expect(try library.resolve("Helvetica", bold: true, italic: false) == .standard(.helveticaBold))
        #expect(try library.resolve("times", bold: false, italic: true) == .standard(.timesItalic))
    }

    @Test func familiesOnTheFontPath() throws {
        let library = FontLibrary(searchDirectories: ["/nonexistent", Self.folder])
        guard case .trueType(let dejavu) = try library.resolve("DejaVu Sans", bold: false, italic: false) else {
            Issue.record("expected a TrueType face"); return
        }
        #expect(dejavu.postScriptName == "DejaVuSans")
        // Same name, same object: the file is parsed once.
        #expect(try library.resolve("dejavu sans", bold: false, italic: false) == .trueType(dejavu))
        // Only Book exists: bold falls back to it (layout may then synthesise or warn).
        #expect(try library.resolve("DejaVu Sans", bold: true, italic: false) == .trueType(dejavu))

        let mono = try library.trueType(family: "WenQuanYi Micro Hei Mono", bold: false, italic: false)
        #expect(mono.faceIndex == 1)
        let chinese = try library.trueType(family: "文泉驿微米黑", bold: false, italic: false)
        #expect(chinese.faceIndex == 0)
        #expect(try library.trueType(family: "WenQuanYi Micro Hei", bold: false, italic: false) === chinese)

        do {
            _ = try library.resolve("No Such Family", bold: false, italic: false)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .familyNotFound)
            #expect(error.description.contains("No Such Family"))
        }
    }

    /// Tests/Fonts holds DejaVu Sans twice: the full face and an 8-letter cut used for the
    /// extension-lookup kerning test, both named "DejaVu Sans". The fuller face must win.
    @Test func fullerFaceWinsAmongEqualStyles() throws {
        let library = FontLibrary(searchDirectories: [TestFonts.directory])
        guard case .trueType(let face) = try library.resolve("DejaVu Sans", bold: false, italic: false) else {
            Issue.record("expected a TrueType face"); return
        }
        #expect(face.glyph(for: "Ж") != nil)
        #expect(face.glyphCount > 1000)
    }

    @Test func filePaths() throws {
        let library = FontLibrary(searchDirectories: [], baseDirectory: Self.folder)
        guard case .trueType(let f) = try library.resolve("DejaVuSans.ttf", bold: false, italic: false) else {
            Issue.record("expected a TrueType face"); return
        }
        #expect(f.familyName == "DejaVu Sans")
        #expect(try library.resolve(Self.folder + "/DejaVuSans.ttf", bold: false, italic: false) == .trueType(f))
        let second = try library.resolve("sub/wqy-microhei.ttc#1", bold: false, italic: false)
        guard case .trueType(let mono) = second else { Issue.record("expected a TrueType face"); return }
        #expect(mono.faceIndex == 1)
        let named = try library.resolve("sub/wqy-microhei.ttc#WenQuanYi Micro Hei Mono", bold: false, italic: false)
        #expect(named == second)
        do {
            _ = try library.resolve("sub/broken.ttf", bold: false, italic: false)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .notAFont)
            #expect(error.file == "sub/broken.ttf")
        }
        #expect(throws: FontError.self) { try library.resolve("missing.ttf", bold: false, italic: false) }
        #expect(throws: FontError.self) { try library.resolve("sub/wqy-microhei.ttc#7", bold: false, italic: false) }
    }

    /// CFF2 (variable PostScript outlines) is refused; asking for the family says why.
    @Test func cff2FamilyIsReportedAsUnsupported() throws {
        let dir = NSTemporaryDirectory() + "drawc-fontlib-cff-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        var bytes = TestFonts.dejaVuSansBytes
        let at = HostileFontTests.record(bytes, "glyf")!
        bytes.replaceSubrange(at..<at + 4, with: Array("CFF2".utf8))
        _ = FileManager.default.createFile(atPath: dir + "/Fake.otf", contents: Data(bytes))
        let library = FontLibrary(searchDirectories: [dir])
        do {
            _ = try library.trueType(family: "DejaVu Sans", bold: false, italic: false)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .cffNotSupported)
        }
    }

    @Test func faceChoiceAmongSystemDejaVu() throws {
        let dir = "/usr/share/fonts/truetype/dejavu"
        guard FileManager.default.fileExists(atPath: dir + "/DejaVuSans-BoldOblique.ttf") else { return }
        let library = FontLibrary(searchDirectories: [dir])
        // Regular: not Condensed, not ExtraLight (they share the typographic family).
        #expect(try library.trueType(family: "DejaVu Sans", bold: false, italic: false).path == dir + "/DejaVuSans.ttf")
        #expect(try library.trueType(family: "DejaVu Sans", bold: true, italic: false).path == dir + "/DejaVuSans-Bold.ttf")
        #expect(try library.trueType(family: "DejaVu Sans", bold: true, italic: true).path == dir + "/DejaVuSans-BoldOblique.ttf")
        #expect(try library.trueType(family: "DejaVu Sans", bold: false, italic: true).path == dir + "/DejaVuSans-Oblique.ttf")
    }

    @Test func searchDirectoryOrder() {
        let dirs = FontLibrary.searchDirectories(fontPath: ["/a", "/b"],
                                                 environment: ["DRAWC_FONT_PATH": "/c::/d", "HOME": "/home/u"],
                                                 drawingDirectory: "/drawing")
        #expect(Array(dirs.prefix(5)) == ["/a", "/b", "/c", "/d", "/drawing"])
        #expect(dirs.contains("/usr/share/fonts") && dirs.contains("/home/u/.fonts") && dirs.contains("/System/Library/Fonts"))
        #expect(dirs.firstIndex(of: "/usr/share/fonts")! < dirs.firstIndex(of: "/Library/Fonts")!)
    }
}
