#!/usr/bin/env python3
# Test helper for BarcodeDecodingTests: decodes every symbol on rendered pages with two
# independent decoders, ZXing-C++ (PyPI zxing-cpp) and zbar (Debian zbar-tools' zbarimg),
# and compares what they read with what each page should hold.
#
# Input (stdin, JSON): {"pages": [{"image": path, "label": str, "expected": [
#     {"symbology": str, "zxing": [accepted texts], "zbar": [accepted texts] or null}]}]}
# ("zbar": null — zbar does not read that symbology). Output (stdout, JSON):
# {"failures": [str], "decoded": {"zxing": {symbology: n}, "zbar": {symbology: n}}}.
# One process for all pages (zbarimg once per image): the machine is shared.
import json
import subprocess
import sys

import zxingcpp
from PIL import Image

job = json.load(sys.stdin)
pages = job["pages"]
failures = []
decoded = {"zxing": {}, "zbar": {}}


ZBAR_TYPES = ("QR-Code:", "CODE-128:", "EAN-13:", "EAN-8:", "UPC-E:", "UPC-A:", "I2/5:", "ISBN-13:", "ISBN-10:",
              "CODE-39:", "CODE-93:", "CODABAR:", "DataBar:", "DataBar-Exp:", "PDF417:", "SQ-Code:")


def zbar_read(path):
    """zbarimg's plain output for one image (its XML mode base64-encodes non-ASCII data with
    sign-extended bytes, so it cannot be used): 'TYPE:data' lines, data may span lines."""
    run = subprocess.run(["zbarimg", "-q", "--nodbus", path], capture_output=True, timeout=300)
    texts = []
    output = run.stdout.decode("utf-8", "replace")
    # Each symbol's data ends with a newline; data may hold newlines itself.
    if output.endswith("\n"):
        output = output[:-1]
    for line in output.split("\n") if output else []:
        prefix = next((t for t in ZBAR_TYPES if line.startswith(t)), None)
        if prefix:
            texts.append(line[len(prefix):])
        elif texts:
            texts[-1] += "\n" + line
    return texts


def zxing_read(image):
    """Each symbol ZXing-C++ finds, as the texts it may stand for: the human-readable text
    (GS1 element strings in parentheses) and the raw bytes read as UTF-8 and as Latin-1
    (control characters are shown as <SOH> … in the human-readable form)."""
    results = []
    for r in zxingcpp.read_barcodes(image, try_rotate=False, try_downscale=True):
        candidates = {r.text}
        try:
            raw = bytes(r.bytes)
            candidates.add(raw.decode("utf-8"))
            candidates.add(raw.decode("latin-1"))
        except (UnicodeDecodeError, AttributeError, TypeError):
            pass
        results.append(candidates)
    return results


for page in pages:
    image = Image.open(page["image"]).convert("L")
    zx = zxing_read(image)
    zb = [{t} for t in zbar_read(page["image"])] if any(e["zbar"] is not None for e in page["expected"]) else []
    for decoder, found in (("zxing", zx), ("zbar", zb)):
        remaining = list(found)
        for expected in page["expected"]:
            accepted = expected[decoder]
            if accepted is None:
                continue
            hit = next((t for t in remaining if any(a in t for a in accepted)), None)
            if hit is None:
                failures.append("%s: %s did not read %s %r (read: %r)" % (
                    page["label"], decoder, expected["symbology"], accepted[0][:80], [sorted(t)[0][:40] for t in found]))
            else:
                remaining.remove(hit)
                counts = decoded[decoder]
                counts[expected["symbology"]] = counts.get(expected["symbology"], 0) + 1

json.dump({"failures": failures, "decoded": decoded}, sys.stdout)
