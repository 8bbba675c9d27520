"""Screenshots of SVG files as headless Chromium shows them, for the conformance test of
shaped text in SVG (issue 39, point 4: Chromium must show exactly drawc's glyphs).

Usage: python3 svg_screenshot.py WIDTH HEIGHT IN.svg OUT.png [IN.svg OUT.png …]
Each SVG is opened as a document of its own (file://) in a viewport of WIDTH × HEIGHT CSS
pixels at device scale 1 on white, and the viewport is saved as OUT.png."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from drawc_preview import chromium  # noqa: E402


def main():
    width, height = int(sys.argv[1]), int(sys.argv[2])
    pairs = sys.argv[3:]
    driver = chromium(width, height)
    try:
        # The window size includes no browser chrome in headless mode, but the viewport is
        # set exactly anyway, at one device pixel per CSS pixel.
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        driver.execute_cdp_cmd("Emulation.setDefaultBackgroundColorOverride",
                               {"color": {"r": 255, "g": 255, "b": 255, "a": 1}})
        for svg, out in zip(pairs[0::2], pairs[1::2]):
            driver.get("file://" + os.path.abspath(svg))
            driver.save_screenshot(out)
            print(out)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
