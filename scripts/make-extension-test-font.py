#!/usr/bin/env python3
"""Make Tests/Fonts/DejaVuSans-ExtensionKern.ttf: DejaVu Sans cut down (with fontTools'
subsetter) to a few Latin letters, with every GPOS lookup wrapped in an Extension lookup
(type 9), to test that drawc reads kerning through extension lookups. Same licence as
DejaVu Sans (Bitstream Vera; the name contains neither "Bitstream" nor "Vera").

    python3 scripts/make-extension-test-font.py
"""
from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables import otTables

src = "Tests/Fonts/DejaVuSans.ttf"
dst = "Tests/Fonts/DejaVuSans-ExtensionKern.ttf"
options = subset.Options()
options.layout_features = ["kern"]
options.name_IDs = ["*"]
options.notdef_outline = True
font = TTFont(src)
subsetter = subset.Subsetter(options)
subsetter.populate(text="AVToaLTW")
subsetter.subset(font)
for lookup in font["GPOS"].table.LookupList.Lookup:
    if lookup.LookupType == 9:
        continue
    wrapped = []
    for sub in lookup.SubTable:
        ext = otTables.ExtensionPos()
        ext.Format = 1
        ext.ExtensionLookupType = lookup.LookupType
        ext.ExtSubTable = sub
        wrapped.append(ext)
    lookup.SubTable = wrapped
    lookup.LookupType = 9
font.save(dst)
