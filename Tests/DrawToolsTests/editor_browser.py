#!/usr/bin/env python3
"""drawc preview as an editor (issue 40) in headless Chromium, driven by real input events.

Usage: editor_browser.py DRAWC FOLDER [--latency-runs N]

Pointer input goes through the DevTools protocol (`Input.dispatchMouseEvent`, with
`pointerType: "pen"` and `force` for a stylus; `Input.dispatchTouchEvent` with `force` for a
finger), so the page sees the events a user's hand makes. After each step the file's bytes
are compared with what the step must write: resize handles, the inspector (colour, length,
switch, a refused value), the palette, connect, delete, duplicate, arrows, undo and redo, the
pen (stylus and touch) and export (PNG, PDF, SVG). Then the speed row: from a handle's release
or an inspector change to the new picture in the page, on a 200-line drawing.

Prints one JSON object: {"checks": [[name, ok, detail]…], "latencies": {…}}.
"""

import json
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Python"))
from drawc_preview import check, checks, chromium, read_text, request, start_preview, stop_preview, wait_for, write  # noqa: E402

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

DRAWING = """// the editor's test drawing
page size: (400, 300), margin: 0

rect "Box", at: (60, 40), width: 60, height: 30, fill: #ffeeaa // box A
circle at: (10mm, 40mm), r: 12, fill: #aaddff /* mm */
path "M 250 40 l 40 0 l -20 30 z", fill: #ddffdd // tri
"""

def body(driver, key):
    return driver.execute_script(f"return document.body.dataset.{key} || ''")


def picture(driver):
    return int(body(driver, "picture") or 0)


def center(driver, line):
    """Client coordinates of the middle of the statement that starts on `line`."""
    return driver.execute_script("""
        for (const g of document.querySelectorAll('#pages [data-s]')) {
          const s = window.drawcState().sources[+g.dataset.s];
          if (s && s.line === arguments[0] && !g.parentNode.closest('[data-s]')) {
            const r = g.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2];
          }
        }
        return null;""", line)


def mouse(driver, kind, x, y, buttons=1, modifiers=0, pointer="mouse", force=None):
    event = {"type": kind, "x": x, "y": y, "button": "left" if kind != "mouseMoved" or buttons else "none",
             "buttons": buttons, "clickCount": 1 if kind != "mouseMoved" else 0, "modifiers": modifiers, "pointerType": pointer}
    if force is not None:
        event["force"] = force
    driver.execute_cdp_cmd("Input.dispatchMouseEvent", event)


def drag(driver, start, end, steps=6, modifiers=0, pointer="mouse", forces=None):
    (x0, y0), (x1, y1) = start, end
    mouse(driver, "mouseMoved", x0, y0, buttons=0)
    mouse(driver, "mousePressed", x0, y0, modifiers=modifiers, pointer=pointer, force=forces[0] if forces else None)
    for i in range(1, steps + 1):
        t = i / steps
        force = forces[min(i, len(forces) - 1)] if forces else None
        mouse(driver, "mouseMoved", x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, modifiers=modifiers, pointer=pointer, force=force)
    mouse(driver, "mouseReleased", x1, y1, buttons=0, modifiers=modifiers, pointer=pointer, force=0 if forces else None)


def click(driver, x, y):
    mouse(driver, "mouseMoved", x, y, buttons=0)
    mouse(driver, "mousePressed", x, y)
    mouse(driver, "mouseReleased", x, y, buttons=0)


def changed(driver, path, before_text, shown, timeout=10):
    """Waits for the file to change and a newer picture than `shown` in the page; the new text."""
    if wait_for(lambda: read_text(path) != before_text, timeout=timeout):
        wait_for(lambda: picture(driver) > shown, timeout=timeout)
        time.sleep(0.05)
    return read_text(path)


def body_version(driver):
    return int(body(driver, "version") or 0)


def settle(driver, before):
    wait_for(lambda: picture(driver) > before, timeout=10)
    time.sleep(0.1)


def key(driver, *keys):
    """Keys to the page (not to a field of the inspector)."""
    driver.execute_script("if (document.activeElement) document.activeElement.blur()")
    driver.find_element(By.TAG_NAME, "body").send_keys(*keys)


def type_into(field, text):
    """Replaces a field's text as a user does: select all, type, Enter (one change event)."""
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(text, Keys.ENTER)


def select_line(driver, line):
    x, y = center(driver, line)
    click(driver, x, y)
    ok = wait_for(lambda: body(driver, "selectedLine") == str(line))
    wait_for(lambda: body(driver, "inspected") != "")
    return ok


def main():
    drawc, folder = sys.argv[1], sys.argv[2]
    runs = 10
    if "--latency-runs" in sys.argv:
        runs = int(sys.argv[sys.argv.index("--latency-runs") + 1])
    path = os.path.join(folder, "edit.draw")
    write(path, DRAWING)
    preview, url, token = start_preview(drawc, folder, ["edit.draw"])
    if not check("preview prints its address and token", url and token, url):
        preview.kill()
        print(json.dumps({"checks": checks, "latencies": {}}))
        return
    driver = chromium(1300, 900)
    latencies = {}
    try:
        driver.get(url)
        check("the picture appears", wait_for(lambda: driver.execute_script("return document.querySelectorAll('#pages svg').length") == 1))
        steps(driver, path, url, token, drawc, folder)
        latencies = measure(driver, path, runs)
    except Exception as error:  # a failed step is a failed check, with what happened
        import traceback
        check("the editor steps ran to the end", False, traceback.format_exc()[-600:])
    finally:
        driver.quit()
        stop_preview(preview)
    print(json.dumps({"checks": checks, "latencies": latencies}))


def steps(driver, path, url, token, drawc, folder):
    # Resize: the south-east handle, 30 × 15 px (22.5 × 11.25 pt at 100%).
    check("a click selects the box and the inspector shows it", select_line(driver, 4))
    before, shown = read_text(path), picture(driver)
    handle = driver.execute_script("const r = document.querySelector('.handle[data-h=se]').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]")
    drag(driver, handle, (handle[0] + 30, handle[1] + 15))
    after = changed(driver, path, before, shown)
    check("a corner handle rewrites width and height",
          after == before.replace("width: 60, height: 30", "width: 82.5, height: 41.25"), after)
    check("the selection stays after the edit", body(driver, "selectedLine") == "4")

    # Shift keeps the ratio (82.5 × 41.25 → 2:1).
    wait_for(lambda: body(driver, "inspected") != "")
    before, shown = read_text(path), picture(driver)
    handle = driver.execute_script("const r = document.querySelector('.handle[data-h=e]').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]")
    drag(driver, handle, (handle[0] + 40, handle[1]), modifiers=8)
    after = changed(driver, path, before, shown)
    match = re.search(r"width: ([0-9.]+), height: ([0-9.]+)", after)
    ratio = float(match.group(1)) / float(match.group(2)) if match else 0
    check("Shift keeps the ratio", match and abs(ratio - 2) < 0.02 and float(match.group(1)) > 100, after.split("\n")[3])

    # Resize of a circle in mm: its r:, in mm.
    select_line(driver, 5)
    before, shown = read_text(path), picture(driver)
    handle = driver.execute_script("const r = document.querySelector('.handle[data-h=se]').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]")
    drag(driver, handle, (handle[0] + 32, handle[1] + 32))
    after = changed(driver, path, before, shown)
    check("a circle's handle rewrites r:", re.search(r"circle at: \(10mm, 40mm\), r: 24, fill: #aaddff /\* mm \*/", after), after.split("\n")[4])

    # Resize of a path: its data scaled about its box's top-left corner (40 × 30 pt), each
    # number rewritten in place — 40 px right (30 pt), 15 px down (11.25 pt).
    select_line(driver, 6)
    before, shown = read_text(path), picture(driver)
    handle = driver.execute_script("const r = document.querySelector('.handle[data-h=se]').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]")
    drag(driver, handle, (handle[0] + 40, handle[1] + 15))
    after = changed(driver, path, before, shown)
    check("a path's handle scales its data", after == before.replace('"M 250 40 l 40 0 l -20 30 z"', '"M 250 40 l 70 0 l -35 41.25 z"'), after.split("\n")[5])

    # The inspector: a colour, a length, a switch, and a value that would not compile.
    select_line(driver, 4)
    before, shown = read_text(path), picture(driver)
    field = driver.find_element(By.CSS_SELECTOR, "#inspector input[data-source=fill]")
    type_into(field, "#00ff00")
    after = changed(driver, path, before, shown)
    check("the inspector's colour rewrites exactly the value", after == before.replace("fill: #ffeeaa", "fill: #00ff00"), after.split("\n")[3])
    wait_for(lambda: body(driver, "inspected") != "")
    time.sleep(0.2)
    before, shown = read_text(path), picture(driver)
    number = driver.find_element(By.CSS_SELECTOR, "#inspector input[type=number][data-property=lineWidth]")
    type_into(number, "3")
    after = changed(driver, path, before, shown)
    check("a length from the inspector is added", after == before.replace("fill: #00ff00", "fill: #00ff00, lineWidth: 3"), after.split("\n")[3])
    wait_for(lambda: body(driver, "inspected") != "")
    time.sleep(0.2)
    before, shown = read_text(path), picture(driver)
    driver.find_element(By.CSS_SELECTOR, "#inspector input[type=checkbox][data-property=bold]").click()
    after = changed(driver, path, before, shown)
    check("a switch writes bold: true", after == before.replace("lineWidth: 3", "lineWidth: 3, bold: true"), after.split("\n")[3])
    wait_for(lambda: body(driver, "inspected") != "")
    time.sleep(0.2)
    before, shown = read_text(path), picture(driver)
    field = driver.find_element(By.CSS_SELECTOR, "#inspector input[data-source=fill]")
    type_into(field, "12mm")
    ok = wait_for(lambda: "would not compile" in body(driver, "message"))
    check("a value that would not compile is refused with its diagnostic", ok and read_text(path) == before, body(driver, "message"))
    label = driver.find_element(By.CSS_SELECTOR, "#inspector input[data-property='(text)']")
    type_into(label, "Start")
    after = changed(driver, path, before, shown)
    check("the label field rewrites the text", after == before.replace('rect "Box"', 'rect "Start"'), after.split("\n")[3])

    # Arrows nudge: 1 pt, Shift 10 pt.
    wait_for(lambda: body(driver, "inspected") != "")
    before, shown = read_text(path), picture(driver)
    key(driver, Keys.ARROW_RIGHT)
    after = changed(driver, path, before, shown)
    check("an arrow nudges by 1 pt", after == before.replace("at: (60, 40)", "at: (61, 40)"), after.split("\n")[3])
    before, shown = read_text(path), picture(driver)
    key(driver, Keys.SHIFT, Keys.ARROW_DOWN)
    after = changed(driver, path, before, shown)
    check("Shift-arrow nudges by 10 pt", after == before.replace("at: (61, 40)", "at: (61, 50)"), after.split("\n")[3])

    # The palette: an ellipse where the page is clicked, in canonical form, at the end.
    driver.execute_script("const p = document.getElementById('palette'); p.value = 'ellipse'; p.dispatchEvent(new Event('change'))")
    target = driver.execute_script("""
        const svg = document.querySelector('#pages svg'), m = svg.getScreenCTM();
        const p = new DOMPoint(300, 200).matrixTransform(m);
        return [p.x, p.y];""")
    before, shown = read_text(path), picture(driver)
    click(driver, target[0], target[1])
    after = changed(driver, path, before, shown)
    added = after[len(before):] if after.startswith(before) else after
    m = re.fullmatch(r"ellipse at: \(([0-9.]+), ([0-9.]+)\), width: 80, height: 40\n", added)
    check("the palette adds an ellipse where the page was clicked",
          m and abs(float(m.group(1)) - 300) < 1 and abs(float(m.group(2)) - 200) < 1, added)

    # Connect: drag from the box to the ellipse.
    ellipse_line = len(after.rstrip("\n").split("\n"))
    key(driver, "c")
    wait_for(lambda: body(driver, "mode") == "connect")
    before, shown = read_text(path), picture(driver)
    drag(driver, center(driver, 4), center(driver, ellipse_line))
    after = changed(driver, path, before, shown)
    # The file is canonical: the box's statement, now too long for a line, is wrapped by the printer.
    check("connect adds readable ids and a -> b",
          re.search(r"bold: true,\s+id: box // box A\n", after)
          and re.search(r"ellipse at: \([0-9.]+, [0-9.]+\), width: 80, height: 40, id: ellipse\nbox -> ellipse\n$", after),
          (after[-200:], body(driver, "message")))
    key(driver, Keys.ESCAPE)

    # Delete the ellipse: its line and the connector naming it go.
    ellipse_line = 1 + next(i for i, l in enumerate(after.split("\n")) if l.startswith("ellipse"))
    select_line(driver, ellipse_line)
    before, shown = read_text(path), picture(driver)
    key(driver, Keys.DELETE)
    after = changed(driver, path, before, shown)
    check("Delete removes the statement and its connectors",
          "ellipse" not in after and "->" not in after and after.endswith("// tri\n"), after[-120:])

    # Duplicate the box beside it, with a fresh id; undo and redo.
    select_line(driver, 4)
    before, shown = read_text(path), picture(driver)
    key(driver, Keys.CONTROL, "d")
    duplicated = changed(driver, path, before, shown)
    check("Ctrl-D duplicates beside the original with a fresh id",
          duplicated.count('rect "Start"') == 2 and "id: box2" in duplicated and duplicated.count("// box A") == 1
          and re.search(r"at: \(183\.5, 50\)", duplicated), duplicated)
    shown = picture(driver)
    key(driver, Keys.CONTROL, "z")
    after = changed(driver, path, duplicated, shown)
    check("Ctrl-Z undoes the duplicate", after == before, after[-200:])
    shown = picture(driver)
    key(driver, Keys.CONTROL, Keys.SHIFT, "z")
    after = changed(driver, path, before, shown)
    check("Ctrl-Shift-Z redoes it", after == duplicated, after[-200:])
    shown = picture(driver)
    key(driver, Keys.CONTROL, "z")
    after = changed(driver, path, duplicated, shown)
    check("and Ctrl-Z again", after == before)

    # Connect to empty paper: a new node of the start's kind there, and the connector — the
    # one insert that needs an id (the box has one from the connect above).
    key(driver, "c")
    wait_for(lambda: body(driver, "mode") == "connect")
    paper = driver.execute_script("""
        const m = document.querySelector('#pages svg').getScreenCTM(), p = new DOMPoint(330, 200).matrixTransform(m);
        return [p.x, p.y];""")
    before, shown = read_text(path), picture(driver)
    drag(driver, center(driver, 4), paper)
    after = changed(driver, path, before, shown)
    added = after[len(before):] if after.startswith(before) else after
    m = re.fullmatch(r"rect at: \(([0-9.]+), ([0-9.]+)\), width: 80, height: 40, id: box2\nbox -> box2\n", added)
    check("connect to empty paper adds a connected node with an id",
          m and abs(float(m.group(1)) - 330) < 1 and abs(float(m.group(2)) - 200) < 1, (added, body(driver, "message")))
    key(driver, Keys.ESCAPE)

    # The pen: a stylus with pressure (coalesced pointer events), written as one stroke.
    key(driver, Keys.ESCAPE)
    key(driver, "p")
    wait_for(lambda: body(driver, "mode") == "pen")
    origin = driver.execute_script("const m = document.querySelector('#pages svg').getScreenCTM(); return [m.e, m.f, m.a]")
    start = (origin[0] + 200 * origin[2], origin[1] + 250 * origin[2])
    before, shown = read_text(path), picture(driver)
    drag(driver, start, (start[0] + 120, start[1] - 20), steps=24, pointer="pen", forces=[0.2 + 0.6 * i / 24 for i in range(25)])
    after = changed(driver, path, before, shown)
    added = after[len(before):] if after.startswith(before) else ""
    # The file is canonical, so the new statement is in the printer's form (one line or wrapped).
    m = re.fullmatch(r'stroke width: 2pt,\s+color: #1e3a8a,\s+points: "([^"]+)"\n', added)
    points = m.group(1).split(" ") if m else []
    first = [float(v) for v in points[0].split(",")] if points else []
    check("a pen stroke is written as a stroke with pressure in the compact form",
          m and len(points) >= 10 and all(len(p.split(",")) == 3 for p in points)
          and abs(first[0] - 200) < 1 and abs(first[1] - 250) < 1 and 0.1 < first[2] < 0.35, added[:200])
    check("the compiled picture replaces the live ink",
          wait_for(lambda: driver.execute_script("return document.getElementById('live-ink') === null")))

    # A finger: touch events with force.
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 2})
    before, shown = read_text(path), picture(driver)
    tx, ty = origin[0] + 40 * origin[2], origin[1] + 200 * origin[2]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": tx, "y": ty, "force": 0.5}]})
    for i in range(1, 16):
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": tx + i * 5, "y": ty + i * 2, "force": 0.5}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    after = changed(driver, path, before, shown)
    added = after[len(before):] if after.startswith(before) else ""
    check("a touch stroke is written too", re.fullmatch(r'stroke width: 2pt,\s+color: #1e3a8a,\s+points: "40,200,0\.5 [^"]+"\n', added), added[:120])
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
    key(driver, Keys.ESCAPE)

    # Export through drawc's own backends.
    for fmt, magic in [("png", b"\x89PNG\r\n\x1a\n"), ("pdf", b"%PDF-"), ("svg", b"<?xml")]:
        status, kind, data = request(f"{url}export?format={fmt}&page=1&token={token}")
        check(f"export as {fmt}", status == 200 and data.startswith(magic), (status, kind, data[:20]))
        if fmt == "pdf" and shutil.which("qpdf"):
            exported = os.path.join(folder, "exported.pdf")
            with open(exported, "wb") as f:
                f.write(data)
            check("the exported PDF passes qpdf --check", subprocess.run(["qpdf", "--check", exported], capture_output=True).returncode == 0)
    status, _, _ = request(f"{url}export?format=png&page=1")
    check("export without the token is refused", status == 403)
    check("the export button links the page's format with the token", driver.execute_script(
        "let href = null; const a = HTMLAnchorElement.prototype.click; HTMLAnchorElement.prototype.click = function () { href = this.href; };"
        "document.getElementById('export-format').value = 'svg'; document.getElementById('export').click();"
        "HTMLAnchorElement.prototype.click = a; return href && href.includes('/export?format=svg&page=1&token=');"))


def measure(driver, path, runs):
    """Handle release and inspector change → new picture shown, on a 200-line drawing."""
    lines = ["// 200 lines", "page size: (700, 900), margin: 0"]
    for i in range(198):
        lines.append(f'rect "n{i}", at: ({(i % 10) * 65 + 35}, {(i // 10) * 42 + 25}), width: 50, height: 28, fill: #eeeeff')
    base = "\n".join(lines) + "\n"
    before = picture(driver)
    write(path, base)
    wait_for(lambda: "n197" in driver.find_element(By.ID, "pages").get_attribute("textContent"), timeout=20)
    settle(driver, before)
    results = {"resize": [], "inspector": []}
    select_line(driver, 3)
    for run in range(runs):
        # A handle's release.
        time.sleep(0.1)
        wait_for(lambda: body(driver, "inspected") != "")
        seen = driver.execute_script("return window.drawcRenders.length")
        handle = driver.execute_script("const r = document.querySelector('.handle[data-h=e]').getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]")
        drag(driver, handle, (handle[0] + (4 if run % 2 == 0 else -4), handle[1]), steps=2)
        entry = wait_for(lambda: driver.execute_script(
            "const r = window.drawcRenders; return r.length > arguments[0] && r[r.length - 1].ok ? r[r.length - 1].at - window.drawcEditSent : null", seen),
            timeout=10, step=0.002)
        if entry:
            results["resize"].append(round(entry, 1))
        # An inspector change.
        time.sleep(0.1)
        wait_for(lambda: body(driver, "inspected") != "")
        seen = driver.execute_script("return window.drawcRenders.length")
        driver.execute_script("""
            const f = document.querySelector('#inspector input[data-source=fill]');
            f.value = arguments[0]; f.dispatchEvent(new Event('change'));""", "#ffdd00" if run % 2 == 0 else "#eeeeff")
        entry = wait_for(lambda: driver.execute_script(
            "const r = window.drawcRenders; return r.length > arguments[0] && r[r.length - 1].ok ? r[r.length - 1].at - window.drawcEditSent : null", seen),
            timeout=10, step=0.002)
        if entry:
            results["inspector"].append(round(entry, 1))
    check("every resize and inspector change reached the page",
          len(results["resize"]) == runs and len(results["inspector"]) == runs, {k: len(v) for k, v in results.items()})
    return {k: {"runs": v, "median": statistics.median(v) if v else None} for k, v in results.items()}


if __name__ == "__main__":
    main()
