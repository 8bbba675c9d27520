extension TrueTypeFontRef {
    /// A face with only `.notdef` (no outline, no characters) named `postScriptName` (used
    /// verbatim, unsanitised): for tests of other stages that need a TrueType face object
    /// without a font file.
    package convenience init(postScriptName: String) {
        let bytes = syntheticFontBytes(family: "Synthetic", postScriptName: "Synthetic")
        // Our own bytes, valid by construction: a failure here is a bug in this file.
        try! self.init(reader: ByteReader(bytes), directoryOffset: 0, faceIndex: 0, path: nil, postScriptNameOverride: postScriptName)
    }
}

/// A minimal valid TrueType font: one empty .notdef glyph of advance 500 in a 1000-unit em.
func syntheticFontBytes(family: String, postScriptName: String) -> [UInt8] {
    var head = ByteWriter()
    head.u32(0x0001_0000); head.u32(0x0001_0000); head.u32(0); head.u32(0x5F0F_3CF5)
    head.u16(0x000B); head.u16(1000)                      // flags, unitsPerEm
    head.u32(0); head.u32(0); head.u32(0); head.u32(0)    // created, modified
    head.u16(0); head.u16(0); head.u16(500); head.u16(800) // bbox
    head.u16(0); head.u16(8); head.u16(2); head.u16(0); head.u16(0)  // macStyle, lowestRecPPEM, direction, loca short, glyph format
    var hhea = ByteWriter()
    hhea.u32(0x0001_0000); hhea.u16(800); hhea.u16(0xFFFF & -200); hhea.u16(0)
    hhea.u16(500); hhea.u16(0); hhea.u16(0); hhea.u16(500)
    hhea.u16(1); hhea.u16(0); hhea.u16(0)
    for _ in 0..<4 { hhea.u16(0) }
    hhea.u16(0); hhea.u16(1)
    var maxp = ByteWriter()
    maxp.u32(0x0001_0000); maxp.u16(1)
    for _ in 0..<13 { maxp.u16(0) }
    var hmtx = ByteWriter(); hmtx.u16(500); hmtx.u16(0)
    var loca = ByteWriter(); loca.u16(0); loca.u16(0)
    var name = ByteWriter()
    let strings = [(1, family), (2, "Regular"), (4, family), (6, postScriptName)]
    name.u16(0); name.u16(strings.count); name.u16(6 + 12 * strings.count)
    var storage: [UInt8] = []
    for (id, text) in strings {
        let utf16 = Array(text.utf16)
        name.u16(3); name.u16(1); name.u16(0x409); name.u16(id); name.u16(2 * utf16.count); name.u16(storage.count)
        for unit in utf16 { storage.append(UInt8(unit >> 8)); storage.append(UInt8(unit & 0xFF)) }
    }
    name.append(storage)
    var post = ByteWriter()
    post.u32(0x0003_0000); post.u32(0); post.u16(0xFFFF & -100); post.u16(50)
    for _ in 0..<5 { post.u32(0) }
    return assembleSfnt([
        ("head", head.bytes), ("hhea", hhea.bytes), ("maxp", maxp.bytes), ("hmtx", hmtx.bytes),
        ("loca", loca.bytes), ("glyf", []), ("cmap", TrueTypeFontRef.buildCmap([])), ("name", name.bytes),
        ("post", post.bytes),
    ]).bytes
}
