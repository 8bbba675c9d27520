"""What the Python end-to-end tests of `drawc preview` share: starting the preview and
reading its address, stopping it, headless Chromium, polling, the list of checks a script
prints, saving and reading the drawing, and plain HTTP requests. Used by
Tests/DrawToolsTests/preview_browser.py, Tests/DrawToolsTests/editor_browser.py and
Tests/DrawLanguageServerTests/lsp/test_preview_cursor.py."""

import os
import signal
import subprocess
import time
import urllib.error
import urllib.request

# The checks of one script run: [name, ok, detail] each, printed as JSON at its end and
# turned into expectations by the Swift suite that ran it.
checks = []


def check(name, ok, detail=""):
    """Records one check (the detail cut to 400 characters) and gives back `ok`."""
    checks.append([name, bool(ok), str(detail)[:400]])
    return ok


def write(path, text):
    """Saves `text` by rename, as many editors do."""
    temporary = path + ".tmp"
    with open(temporary, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(temporary, path)


def read(path):
    """The file's bytes."""
    with open(path, "rb") as f:
        return f.read()


def read_text(path):
    """The file's text (UTF-8)."""
    return read(path).decode("utf-8")


def request(url, method="GET", headers=None, body=None, timeout=10):
    """(status, Content-Type, body bytes) of one request; an HTTP error status is an answer too."""
    req = urllib.request.Request(url, method=method, data=body, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            return response.status, response.headers.get("Content-Type", ""), response.read()
    except urllib.error.HTTPError as error:
        return error.code, "", error.read()


def wait_for(predicate, timeout=10.0, step=0.01):
    """The first truthy value of `predicate()` within `timeout` seconds, else None. An
    exception counts as not yet (the page may be between pictures)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            value = predicate()
            if value:
                return value
        except Exception:
            pass
        time.sleep(step)
    return None


def start_preview(drawc, folder, arguments, env=None, timeout=30):
    """Runs `drawc preview ARGUMENTS…` in `folder` and reads the address line it prints
    (`preview: http://127.0.0.1:PORT/ token TOKEN`). Returns (process, url, token); url and
    token are None when no address was printed in time (the process is then still given back)."""
    process = subprocess.Popen([drawc, "preview", *arguments], cwd=folder, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env)
    deadline = time.time() + timeout
    while time.time() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        if line.startswith("preview: http://"):
            parts = line.split()
            return process, parts[1], parts[3] if len(parts) > 3 else None
    return process, None, None


def stop_preview(process, timeout=10):
    """Ctrl-C, as a user stops it; returns (exit status, rest of stdout), or (None, "") when
    it had to be killed. Stopping a stopped preview gives its status again."""
    if process.poll() is not None:
        return process.returncode, "" if process.stdout.closed else process.stdout.read()
    process.send_signal(signal.SIGINT)
    try:
        out, _ = process.communicate(timeout=timeout)
        return process.returncode, out
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        return None, ""


def chromium(width, height):
    """Headless Chromium through the system chromedriver, at a window of width × height."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={width},{height}",
                     "--disable-dev-shm-usage"]:
        options.add_argument(argument)
    return webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
