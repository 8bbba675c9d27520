#!/usr/bin/env python3
# Test helper for DataMatrixEncodationTests: the size of the square ECC 200 symbol that a
# reference encoder makes for each payload — zint's Data Matrix encoder, as PyPI zxing-cpp
# ships it (zxingcpp.create_barcode). Input: JSON lines {"data": str}; output: one line
# "rows x columns" per payload.
import json
import sys

import zxingcpp

for line in sys.stdin:
    data = json.loads(line)["data"]
    barcode = zxingcpp.create_barcode(data, zxingcpp.BarcodeFormat.DataMatrix, force_square=True)
    image = barcode.to_image(scale=1, add_quiet_zones=False)
    height, width = image.shape[0], image.shape[1]
    print("%dx%d" % (height, width))
