#!/usr/bin/env python3
"""Make Tests/Fonts/DejaVuSans-HebrewNoGPOS.ttf: DejaVu Sans cut down (with fontTools'
subsetter) to the Hebrew letters, points and presentation forms (U+FB1D–U+FB4F) and a space,
without GPOS and GSUB: a font that cannot position Hebrew marks, so a shaper must fall back
to the presentation forms (shin + shin dot → U+FB2A), as HarfBuzz does. Same licence as
DejaVu Sans (Bitstream Vera; the name contains neither "Bitstream" nor "Vera").

    python3 scripts/make-hebrew-test-font.py
"""
from fontTools import subset
from fontTools.ttLib import TTFont

src = "Tests/Fonts/DejaVuSans.ttf"
dst = "Tests/Fonts/DejaVuSans-HebrewNoGPOS.ttf"
options = subset.Options()
options.layout_features = []
options.drop_tables += ["GPOS", "GSUB", "GDEF"]
options.name_IDs = ["*"]
options.notdef_outline = True
font = TTFont(src)
subsetter = subset.Subsetter(options)
subsetter.populate(unicodes=[0x20] + list(range(0x0591, 0x05F5)) + list(range(0xFB1D, 0xFB50)))
subsetter.subset(font)
for record in font["name"].names:
    text = record.toUnicode()
    if "DejaVu Sans" in text:
        record.string = text.replace("DejaVu Sans", "DejaVu Sans Hebrew NoGPOS")
font.save(dst)
