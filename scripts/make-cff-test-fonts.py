#!/usr/bin/env python3
"""Make the two small CFF test fonts in Tests/Fonts with fontTools:

- DrawcTestCJK.otf: Noto Sans CJK SC (Debian fonts-noto-cjk, SIL OFL 1.1) cut down with
  fontTools' subsetter to a few Latin, Chinese, Japanese and Korean characters. CID-keyed
  CFF with FDArray/FDSelect and local and global subroutines kept (not desubroutinized).
- DrawcTestSans.otf: a name-keyed CFF font whose glyphs are DejaVu Sans outlines
  (Tests/Fonts/DejaVuSans.ttf, Bitstream Vera licence) converted to cubic Type 2
  charstrings, 1000 units per em, no subroutines.

Both are modified versions renamed as their licences ask ("Drawc Test CJK", "Drawc Test
Sans": neither contains a reserved name: "Source", "Bitstream", "Vera").

    python3 scripts/make-cff-test-fonts.py
"""
from fontTools import subset
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont

CJK_TEXT = "Aag 中文字体简日本語のテキスト한국어 "
noto = TTFont("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", fontNumber=2)
options = subset.Options()
options.desubroutinize = False
options.name_IDs = ["*"]
options.notdef_outline = True
options.layout_features = []
subsetter = subset.Subsetter(options)
subsetter.populate(text=CJK_TEXT)
subsetter.subset(noto)
for record in noto["name"].names:
    text = record.toUnicode()
    for old, new in (("Noto Sans CJK SC", "Drawc Test CJK"), ("NotoSansCJKsc", "DrawcTestCJK"),
                     ("Noto Sans CJK", "Drawc Test CJK")):
        text = text.replace(old, new)
    record.string = text
cff = noto["CFF "].cff
cff.fontNames = ["DrawcTestCJK-Regular"]
noto.save("Tests/Fonts/DrawcTestCJK.otf")

SANS_TEXT = "AVTWaeginostxyHÅ.,!?0123 "
dejavu = TTFont("Tests/Fonts/DejaVuSans.ttf")
glyph_set = dejavu.getGlyphSet()
cmap = dejavu.getBestCmap()
scale = 1000 / dejavu["head"].unitsPerEm
names = [".notdef"]
mapping = {}
for ch in SANS_TEXT:
    name = cmap[ord(ch)]
    mapping[ord(ch)] = name
    if name not in names:
        names.append(name)
charstrings, metrics = {}, {}
for name in names:
    width = round(glyph_set[name].width * scale)
    pen = T2CharStringPen(width, glyph_set)
    glyph_set[name].draw(TransformPen(pen, (scale, 0, 0, scale, 0, 0)))
    charstrings[name] = pen.getCharString()
    metrics[name] = (width, 0)
fb = FontBuilder(1000, isTTF=False)
fb.setupGlyphOrder(names)
fb.setupCharacterMap(mapping)
fb.setupCFF("DrawcTestSans-Regular", {"FullName": "Drawc Test Sans"}, charstrings, {})
for name in names:
    bounds = charstrings[name].calcBounds(None)
    metrics[name] = (metrics[name][0], bounds[0] if bounds else 0)
fb.setupHorizontalMetrics(metrics)
fb.setupHorizontalHeader(ascent=928, descent=-236)
fb.setupNameTable({"familyName": "Drawc Test Sans", "styleName": "Regular",
                   "copyright": "Glyphs from DejaVu Sans (Bitstream Vera licence), converted to CFF for drawc's tests"})
fb.setupOS2(sTypoAscender=760, sTypoDescender=-240, usWinAscent=928, usWinDescent=236, sCapHeight=729, sxHeight=547)
fb.setupPost()
fb.save("Tests/Fonts/DrawcTestSans.otf")
