#!/usr/bin/env python3
"""drawc preview in a real browser: headless Chromium driven by selenium.

Usage: preview_browser.py DRAWC FOLDER [--latency-runs N]

Starts `drawc preview` on a free port in FOLDER, opens the page in headless Chromium and
checks what issue 16 asks for: the picture appears, a file edit shows, an error shows over
the old picture, hover and click report the right line (and start the editor there), a drag
rewrites exactly the expected bytes and the picture follows, a node that cannot move says
why, snapping, Ctrl-Z, the highlight endpoint, and that requests without the token, from
another Origin or for another path are refused. Then the latency from saving a 200-line
drawing to the new picture in the page, measured in the page (median of N).

Prints one JSON object: {"checks": [[name, ok, detail]…], "latencies": […], "median": ms}.
"""

import json
import re
import os
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Python"))
from drawc_preview import check, checks, chromium, read, request, start_preview, stop_preview, wait_for, write  # noqa: E402

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

DRAWING = """// the preview's test drawing
rect "Box", at: (40, 30), width: 60, height: 30, fill: #ffeeaa // box A
circle at: (20mm, 1in), r: 12, fill: #aaddff /* in mm and inches */
vstack at: (200, 40) {
  rect "In a stack", fill: #eeeeee
}
let x = 10
rect "Computed", at: (x * 20, 100), fill: #ddffdd
line from: (20, 140), to: (120, 160), lineWidth: 3
"""

def main():
    drawc, folder = sys.argv[1], sys.argv[2]
    runs = 20
    if "--latency-runs" in sys.argv:
        runs = int(sys.argv[sys.argv.index("--latency-runs") + 1])
    path = os.path.join(folder, "flow.draw")
    editor_log = os.path.join(folder, "editor.log")
    recorder = os.path.join(folder, "editor.py")
    with open(recorder, "w") as f:
        f.write("import sys\nopen(sys.argv[1], 'a').write(' '.join(sys.argv[2:]) + '\\n')\n")
    write(path, DRAWING)

    preview, url, token = start_preview(
        drawc, folder, ["flow.draw", "--editor", f"python3 {recorder} {editor_log} {{file}}:{{line}}:{{col}}"])
    if not check("preview prints its address and token", url and token, url):
        preview.kill()
        print(json.dumps({"checks": checks, "latencies": [], "median": None}))
        return
    port = url.rstrip("/").rsplit(":", 1)[1]
    origin = f"http://127.0.0.1:{port}"

    driver = chromium(1200, 900)
    try:
        run_checks(driver, path, url, token, origin, editor_log)
        flowchart(driver, path)
        latencies = measure(driver, path, runs)
    finally:
        driver.quit()
        status, out = stop_preview(preview)
        check("Ctrl-C stops the preview cleanly", status == 0 and "preview: stopped" in out,
              f"status {status}" if status is not None else "still running 10 s after SIGINT")
    median = statistics.median(latencies) if latencies else None
    print(json.dumps({"checks": checks, "latencies": latencies, "median": median}))


def body(driver, key):
    return driver.execute_script(f"return document.body.dataset.{key} || ''")


def element_of_line(driver, line):
    """The outermost [data-s] element whose statement starts on `line`."""
    return driver.execute_script("""
        const line = arguments[0];
        for (const g of document.querySelectorAll('#pages [data-s]')) {
          const s = window.drawcState().sources[+g.dataset.s];
          if (s && s.line === line && !g.parentNode.closest('[data-s]')) return g;
        }
        return null;""", line)


def picture(driver):
    return int(body(driver, "picture") or 0)


def run_checks(driver, path, url, token, origin, editor_log):
    driver.get(url)
    # The page keeps its state private; expose it for the checks.
    ok = wait_for(lambda: driver.execute_script("return document.querySelectorAll('#pages svg').length") == 1)
    check("the picture appears", ok)
    check("the page has no external assets",
          driver.execute_script(
              "return [...document.querySelectorAll('[src],link[href]')].length === 0 && "
              "performance.getEntriesByType('resource').every(e => e.name.startsWith(location.origin))"))

    def refresh_state():
        return driver.execute_script("return window.drawcState()")

    # A file edit shows.
    before = picture(driver)
    write(path, DRAWING.replace('"Box"', '"Edited"'))
    ok = wait_for(lambda: picture(driver) > before and "Edited" in driver.find_element(By.ID, "pages").get_attribute("textContent"))
    check("an edit of the file shows", ok)

    # An error shows its message; the old picture stays.
    good = picture(driver)
    write(path, DRAWING.replace('"Box"', '"Edited"') + "rect at: (\n")
    ok = wait_for(lambda: driver.find_element(By.ID, "errors").is_displayed())
    errors = driver.find_element(By.ID, "errors").text if ok else ""
    check("an error shows its message with file:line:col", ok and re.search(r"flow\.draw:1[01]:\d+: error: ", errors), errors)
    check("the old picture stays under the error",
          picture(driver) == good and "Edited" in driver.find_element(By.ID, "pages").get_attribute("textContent"))
    write(path, DRAWING)
    wait_for(lambda: picture(driver) > good and not driver.find_element(By.ID, "errors").is_displayed())
    refresh_state()

    # Hover and click report the right line.
    box = element_of_line(driver, 2)
    ActionChains(driver).move_to_element(box).perform()
    ok = wait_for(lambda: body(driver, "hoverLine") == "2")
    hover = driver.find_element(By.ID, "hover").text
    check("hover reports the right line", ok and "flow.draw:2:1" in hover and 'rect "Box"' in hover, hover)
    outline = driver.find_element(By.ID, "outline")
    check("hover outlines the item", outline.is_displayed() and outline.size["width"] > 40, outline.size)
    circle = element_of_line(driver, 3)
    ActionChains(driver).move_to_element(circle).perform()
    check("hover follows the pointer to another line", wait_for(lambda: body(driver, "hoverLine") == "3"))
    ActionChains(driver).move_to_element(box).click().perform()
    ok = wait_for(lambda: body(driver, "selectedLine") == "2")
    statement = driver.find_element(By.ID, "statement").text
    check("click selects and shows the statement", ok and statement.startswith('rect "Box", at: (40, 30)'), statement)
    logged = wait_for(lambda: os.path.exists(editor_log) and open(editor_log).read(), timeout=5)
    check("click opens the editor at file:line:col", logged and "flow.draw:2:1" in logged, logged)

    # A drag changes exactly the expected bytes, and the picture follows.
    original = read(path)
    # Positions relative to the circle, which stays: the page's size follows its content.
    def relative(line):
        a, b = element_of_line(driver, line).rect, element_of_line(driver, 3).rect
        return {"x": a["x"] - b["x"], "y": a["y"] - b["y"]}
    start = relative(2)
    before = picture(driver)
    ActionChains(driver).click_and_hold(box).move_by_offset(20, 10).move_by_offset(20, 10).release().perform()
    ok = wait_for(lambda: picture(driver) > before)
    expected = original.replace(b"at: (40, 30)", b"at: (70, 45)")
    check("a drag rewrites exactly the position's numbers", read(path) == expected,
          read(path)[:120])
    refresh_state()
    moved = relative(2) if ok else start
    check("the picture follows the drag",
          ok and abs(moved["x"] - start["x"] - 40) < 1.5 and abs(moved["y"] - start["y"] - 20) < 1.5,
          (start, moved))

    # Units are kept: a drag of 30 pt on values in mm and inches.
    original = read(path)
    before = picture(driver)
    circle = element_of_line(driver, 3)
    ActionChains(driver).click_and_hold(circle).move_by_offset(20, 20).move_by_offset(20, 20).release().perform()
    wait_for(lambda: picture(driver) > before)
    expected = original.replace(b"at: (20mm, 1in)", b"at: (30.58mm, 1.42in)")
    check("a drag keeps units and comments (mm, in)", read(path) == expected, read(path)[:200])
    refresh_state()

    # A node that cannot be dragged says why.
    for line, why in [(5, "vstack"), (8, "expression")]:
        original = read(path)
        target = driver.execute_script("""
            for (const g of document.querySelectorAll('#pages [data-s]')) {
              const s = window.drawcState().sources[+g.dataset.s];
              if (s && s.line === arguments[0]) return g;
            }
            return null;""", line)
        ActionChains(driver).click_and_hold(target).move_by_offset(15, 15).move_by_offset(15, 15).release().perform()
        time.sleep(0.3)
        message = body(driver, "message")
        check(f"line {line} cannot be dragged and says why", why in message and read(path) == original, message)

    # Lines: from/to move together.
    original = read(path)
    before = picture(driver)
    line_element = element_of_line(driver, 9)
    ActionChains(driver).move_to_element(line_element).click_and_hold().move_by_offset(20, 0).move_by_offset(20, 0).release().perform()
    wait_for(lambda: picture(driver) > before)
    expected = original.replace(b"from: (20, 140), to: (120, 160)", b"from: (50, 140), to: (150, 160)")
    check("a drag of a line moves from: and to:", read(path) == expected, read(path)[-80:])
    refresh_state()

    # Snap to the grid with G.
    driver.find_element(By.TAG_NAME, "body").send_keys("g")
    check("G turns the grid on", wait_for(lambda: body(driver, "grid") == "true"))
    original = read(path)
    before = picture(driver)
    box = element_of_line(driver, 2)
    ActionChains(driver).click_and_hold(box).move_by_offset(11, 3).move_by_offset(11, 3).release().perform()
    wait_for(lambda: picture(driver) > before)
    # 22 px = 16.5 pt → 86.5 → 90; 6 px = 4.5 pt → 49.5 → 50.
    check("a snapped drag lands on the grid", read(path) == original.replace(b"at: (70, 45)", b"at: (90, 50)"), read(path)[:120])
    driver.find_element(By.TAG_NAME, "body").send_keys("g")
    refresh_state()

    # Ctrl-Z restores the previous text.
    before = picture(driver)
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    wait_for(lambda: picture(driver) > before)
    check("Ctrl-Z restores the text before the last drag", read(path) == original, read(path)[:120])
    refresh_state()

    # The language server's jump: highlight the statement at a line.
    status, _, reply = request(url + "highlight", "POST", {"X-Drawc-Token": token, "Content-Type": "application/json"},
                            json.dumps({"line": 3, "column": 5}).encode())
    ok = wait_for(lambda: body(driver, "highlight") != "")
    ids = [int(i) for i in body(driver, "highlight").split(",")] if ok else []
    lines = {driver.execute_script("return window.drawcState().sources[arguments[0]].line", i) for i in ids}
    check("POST /highlight outlines the statement at the cursor", status == 200 and lines == {3}, (status, reply, lines))

    # An edit against a stale picture is refused and the page told to reload.
    state = refresh_state()
    status, _, reply = request(url + "edit", "POST", {"X-Drawc-Token": token, "Origin": origin, "Content-Type": "application/json"},
                            json.dumps({"version": state["version"] - 1, "source": 0, "dx": 5, "dy": 5}).encode())
    check("an edit of a changed picture is refused with reload", status == 409 and b"reload" in reply, (status, reply))

    # Refusals.
    unchanged = read(path)
    edit = json.dumps({"version": state["version"], "source": 0, "dx": 5, "dy": 5}).encode()
    cases = [
        ("GET /state without the token", request(url + "state")[0] == 403),
        ("GET /events without the token", request(url + "events")[0] == 403),
        ("GET /state with a wrong token", request(url + "state?token=" + "0" * len(token))[0] == 403),
        ("POST /edit without the token", request(url + "edit", "POST", {"Origin": origin}, edit)[0] == 403),
        ("POST /edit from another Origin",
         request(url + "edit", "POST", {"X-Drawc-Token": token, "Origin": "http://evil.example"}, edit)[0] == 403),
        ("POST /edit without an Origin", request(url + "edit", "POST", {"X-Drawc-Token": token}, edit)[0] == 403),
        ("GET of the drawing's file", request(url + "flow.draw")[0] == 404),
        ("GET of another path", request(url + "etc/passwd")[0] == 404),
        ("GET with ../", request(url + "..%2f..%2fetc%2fpasswd")[0] == 404),
        ("a request for another Host", request(url, "GET", {"Host": f"evil.example:{origin.rsplit(':', 1)[1]}"})[0] == 421),
    ]
    for name, ok in cases:
        check(name + " is refused", ok)
    check("refused requests wrote nothing", read(path) == unchanged)
    # From another site in the same browser: the page's script cannot read the state.
    driver.get("data:text/html,<p>other site</p>")
    result = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch(arguments[0] + 'state?token=guess').then(r => r.text()).then(t => done('read:' + t.slice(0, 20)), e => done('blocked'));""", url)
    check("another site cannot read the drawing", result == "blocked" or "token" in result, result)
    driver.get(url)
    wait_for(lambda: driver.execute_script("return document.querySelectorAll('#pages svg').length") == 1)


def flowchart(driver, path):
    """The issue's own case: drag a box of samples/flowchart.draw, see the source change."""
    sample = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "samples", "flowchart.draw")
    with open(sample, "rb") as f:
        text = f.read()
    before = picture(driver)
    write(path, text.decode("utf-8"))
    wait_for(lambda: picture(driver) > before, timeout=20)
    lines = text.decode("utf-8").split("\n")
    supplier = 1 + next(i for i, l in enumerate(lines) if "at: check.right + (110pt, 0)" in l)
    validate = 1 + next(i for i, l in enumerate(lines) if '"Validate address"' in l)
    before = picture(driver)
    box = element_of_line(driver, supplier)
    ActionChains(driver).click_and_hold(box).move_by_offset(20, 20).move_by_offset(20, 20).release().perform()
    wait_for(lambda: picture(driver) > before)
    expected = text.replace(b"at: check.right + (110pt, 0)", b"at: check.right + (140pt, 30)")
    check("samples/flowchart.draw: a dragged box rewrites its offset", read(path) == expected)
    # A box of the vstack says why it stays.
    stacked = element_of_line(driver, validate)
    ActionChains(driver).click_and_hold(stacked).move_by_offset(20, 20).move_by_offset(20, 20).release().perform()
    time.sleep(0.3)
    check("samples/flowchart.draw: a box in the vstack says why it cannot move",
          "vstack" in body(driver, "message") and read(path) == expected, body(driver, "message"))


def measure(driver, path, runs):
    """Save a 200-line drawing, then wait for its picture in the page: page time minus save time."""
    lines = ["// 200 lines"]
    for i in range(199):
        lines.append(f'rect "n{i}", at: ({(i % 10) * 60 + 30}, {(i // 10) * 40 + 20}), width: 50, height: 28, fill: #eef')
    base = "\n".join(lines) + "\n"
    write(path, base)
    wait_for(lambda: "n198" in driver.find_element(By.ID, "pages").get_attribute("textContent"), timeout=20)
    latencies = []
    for run in range(runs):
        time.sleep(0.15)
        seen = driver.execute_script("return window.drawcRenders.length")
        text = base.replace('"n0"', f'"run{run}"')
        saved = time.time() * 1000
        write(path, text)
        entry = wait_for(lambda: driver.execute_script(
            "const r = window.drawcRenders; return r.length > arguments[0] && r[r.length - 1].ok ? r[r.length - 1] : null", seen),
            timeout=10, step=0.002)
        if entry:
            latencies.append(round(entry["at"] - saved, 1))
    check("every save reached the page", len(latencies) == runs, len(latencies))
    return latencies


if __name__ == "__main__":
    main()
