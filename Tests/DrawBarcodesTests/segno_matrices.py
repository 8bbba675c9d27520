#!/usr/bin/env python3
# Test helper: reads JSON lines {"segments": [[text, mode]], "version", "error", "mask", "eci"}
# and prints, per line, the QR Code matrix PyPI segno makes for exactly those segments
# (rows of 0/1 joined by ","), so DrawBarcodesTests can compare its own matrices with it.
import json, sys
import segno
import segno.consts as c

import segno.encoder

# segno 1.6 appends a whole zero codeword when the data and terminator end on a codeword
# boundary (its write_padding_bits adds 8 - length % 8 bits, i.e. 8 for length % 8 == 0).
# ISO/IEC 18004:2015 §7.4.10 pads only to the boundary; use the standard's rule here, so
# the comparison judges the standard and not that quirk.
def _standard_padding_bits(buff, version, length):
    if version not in (c.VERSION_M1, c.VERSION_M3) and length % 8:
        buff.extend([0] * (8 - length % 8))
segno.encoder.write_padding_bits = _standard_padding_bits

modes = {"numeric": c.MODE_NUMERIC, "alphanumeric": c.MODE_ALPHANUMERIC, "byte": c.MODE_BYTE, "kanji": c.MODE_KANJI}
for line in sys.stdin:
    job = json.loads(line)
    content = []
    for text, mode in job["segments"]:
        if mode == "byte":
            encoding = "utf-8" if any(ord(ch) > 127 for ch in text) else "iso-8859-1"
            content.append((text, modes[mode], encoding))
        else:
            content.append((text, modes[mode]))
    q = segno.make(content, version=job["version"], error=job["error"], mask=job["mask"],
                   boost_error=False, micro=False, eci=job["eci"])
    print(",".join("".join(str(b) for b in row) for row in q.matrix))
