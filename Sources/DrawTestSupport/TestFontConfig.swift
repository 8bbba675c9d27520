// The fonts the renderers started by the tests may see: a fontconfig configuration written
// by the test suite (issue 33 point 7). Every program `ExternalTool.run` starts
// (rsvg-convert, pdftoppm, Ghostscript, Chromium through selenium, dot…) gets
// `FONTCONFIG_FILE` pointing at it, so what they draw does not depend on the fonts the
// machine happens to have: with Debian's `fonts-liberation2` installed, fontconfig gave
// rsvg-convert Liberation Mono for the SVG's `'Courier New'` and the conformance tests of
// `data-report` and `typography` failed.
//
// The configuration lists only the URW base-35 fonts (the metric twins of the standard 14,
// which the PDF and PostScript renderers use for the same text) and the test fonts of
// `Tests/Fonts`; it maps the standard 14 families, their Windows twins and the generic
// families to the URW faces, and states the rendering settings (anti-aliasing, slight
// hinting) that distributions otherwise add in /etc/fonts/conf.d. Nothing from /etc/fonts
// is read. CJK fonts are not listed: drawc embeds (PDF, PostScript) or outlines (SVG) every
// CFF and TrueType face itself, so no renderer looks one up by name.

import Foundation
import DrawRaster

package enum TestFontConfig {
    /// Families the configuration maps onto a URW face: the standard 14's names, the
    /// Windows faces of the same metrics that SVG family lists name, and the generic families
    /// serif and monospace. (fontconfig gives `sans-serif` DejaVu Sans of Tests/Fonts whatever
    /// the configuration prefers: a fixed test font too, and no SVG list reaches it.)
    static let aliases: [(family: String, urw: String)] = [
        ("Helvetica", "Nimbus Sans"), ("Arial", "Nimbus Sans"),
        ("Times", "Nimbus Roman"), ("Times-Roman", "Nimbus Roman"), ("Times New Roman", "Nimbus Roman"),
        ("serif", "Nimbus Roman"),
        ("Courier", "Nimbus Mono PS"), ("Courier New", "Nimbus Mono PS"), ("monospace", "Nimbus Mono PS"),
        ("Symbol", "Standard Symbols PS"),
        ("ZapfDingbats", "D050000L"), ("Zapf Dingbats", "D050000L"),
    ]

    /// The folders of font files the renderers see: the URW base-35 folder found on this
    /// machine and Tests/Fonts.
    package static var fontFolders: [String] {
        let urw = StandardFaces.defaultFolders.filter { FileManager.default.fileExists(atPath: $0) }
        return urw.prefix(1) + [packageRoot() + "/Tests/Fonts"]
    }

    /// The text of the configuration.
    package static func configuration(cacheFolder: String) -> String {
        var text = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <!-- Written by drawc's test suite (Sources/DrawTestSupport/TestFontConfig.swift). -->
        <fontconfig>

        """
        for folder in fontFolders { text += "  <dir>\(escaped(folder))</dir>\n" }
        text += "  <cachedir>\(escaped(cacheFolder))</cachedir>\n"
        for alias in aliases {
            text += "  <alias binding=\"same\"><family>\(alias.family)</family><prefer><family>\(alias.urw)</family></prefer></alias>\n"
        }
        text += """
          <match target="pattern">
            <edit name="antialias" mode="assign"><bool>true</bool></edit>
            <edit name="hinting" mode="assign"><bool>true</bool></edit>
            <edit name="hintstyle" mode="assign"><const>hintslight</const></edit>
            <edit name="rgba" mode="assign"><const>none</const></edit>
          </match>
        </fontconfig>

        """
        return text
    }

    /// The path of the configuration, written once per test process under
    /// `.build/test-fontconfig/` (its cache beside it, so fontconfig scans the fonts once).
    package static let path: String = {
        let folder = packageRoot() + "/.build/test-fontconfig"
        let cache = folder + "/cache"
        try? FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let file = folder + "/fonts.conf"
        let bytes = Data(configuration(cacheFolder: cache).utf8)
        if FileManager.default.contents(atPath: file) != bytes {
            // Written beside and renamed: a renderer started meanwhile by another test
            // process reads the old file or the new one, never half of one.
            let temporary = folder + "/fonts.conf.\(getpid())"
            if FileManager.default.createFile(atPath: temporary, contents: bytes) {
                _ = rename(temporary, file)
            }
        }
        return file
    }()

    /// The variables to add to a renderer's environment.
    package static var environment: [String: String] { ["FONTCONFIG_FILE": path] }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
