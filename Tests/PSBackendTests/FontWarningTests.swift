// Issue 34, point 11 (the wording): a font PostScript cannot embed is named, with its kind of
// outlines; an OpenType face with CFF outlines was called "TrueType".

import DrawFonts
import DrawScene
@testable import PSBackend
import Testing

@Suite struct FontWarningTests {
    @Test func theUnembeddedFontIsNamedWithItsKindOfOutlines() throws {
        let cff = try TestFonts.load("DrawcTestSans.otf"), trueType = try TestFonts.load("DejaVuSans.ttf")
        let cffWarning = PSWarnings.trueType(.trueType(cff))
        #expect(cffWarning.hasPrefix("the OpenType (CFF) font '\(cff.postScriptName)' could not be embedded in postscript"), "\(cffWarning)")
        #expect(!cffWarning.contains("TrueType"))
        #expect(PSWarnings.trueType(.trueType(trueType)).hasPrefix("the TrueType font '\(trueType.postScriptName)' could not be embedded"))
    }
}
