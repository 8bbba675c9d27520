"""Issue 16's jump from the text to the picture, end to end: a real `drawc preview` of a
file, its page in headless Chromium (selenium), and a real `drawc lsp` spoken to by
pytest-lsp's client. The server finds the preview through its announcement (a file in the
per-user runtime folder, here a fresh `XDG_RUNTIME_DIR`), and every cursor move — the
`drawc/cursor` notification the VS Code extension sends, or a `documentHighlight`
request — outlines the statement under the cursor in the page."""

import json
import os
import pathlib
import stat
import sys
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import DRAWC, FONTS, ROOT

sys.path.insert(0, str(ROOT / "Tests" / "Python"))
from drawc_preview import chromium, start_preview, stop_preview, wait_for  # noqa: E402

# One runtime folder for the module: the language server's environment is fixed when its
# fixture is declared. mkdtemp makes it 0700, as XDG_RUNTIME_DIR is.
RUNTIME = tempfile.mkdtemp(prefix="drawc-runtime-")

DRAWING = """// the cursor test's drawing
rect "Start", id: start, at: (40, 30), width: 80, height: 30, fill: #ffeeaa
circle "End", id: finish, at: (200, 40), r: 20, fill: #aaddff
start -> finish, label: "go"
text "Último paso", at: (40, 120)
rect /* 😀😀😀 */ "A", at: (40, 150), width: 60, height: 30; rect "B", at: (150, 150), width: 40, height: 30
"""


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[DRAWC, "lsp", "--font-path", str(FONTS)],
        server_env={"HOME": os.environ.get("HOME", "/tmp"), "PATH": os.environ.get("PATH", ""), "XDG_RUNTIME_DIR": RUNTIME},
    ),
)
async def client(lsp_client: LanguageClient):
    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))
    )
    yield
    await lsp_client.shutdown_session()


@pytest.fixture
def preview(tmp_path):
    """`drawc preview` of flow.draw (as a relative path, from its folder); yields (path, url, process)."""
    path = tmp_path / "flow.draw"
    path.write_text(DRAWING)
    process, url, _ = start_preview(DRAWC, tmp_path, ["flow.draw"], env={**os.environ, "XDG_RUNTIME_DIR": RUNTIME}, timeout=60)
    assert url, process.stderr.read() if process.poll() is not None else "no address printed"
    yield path, url, process
    stop_preview(process)


@pytest.fixture
def browser():
    driver = chromium(1000, 800)
    yield driver
    driver.quit()


def highlighted_lines(driver):
    """The source lines of the statement the page outlines as the cursor's (the `highlight`
    event's items), or None while the green box (#hl) is not drawn around them."""
    return driver.execute_script("""
        const ids = (document.body.dataset.highlight || '').split(',').filter(s => s !== '');
        if (ids.length === 0) return null;
        const box = document.getElementById('hl');
        if (getComputedStyle(box).display === 'none') return null;
        const b = box.getBoundingClientRect();
        // Every item of the statement lies inside the green box.
        for (const id of ids)
          for (const g of document.querySelectorAll('#pages [data-s="' + id + '"]')) {
            const r = g.getBoundingClientRect();
            if (r.width === 0 && r.height === 0) continue;
            if (r.left < b.left || r.top < b.top || r.right > b.right || r.bottom > b.bottom) return null;
          }
        const state = window.drawcState();
        return ids.map(id => state.sources[+id].line);""")


def announcement_of(path: pathlib.Path):
    folder = pathlib.Path(RUNTIME) / "drawc"
    found = [f for f in folder.glob("preview-*.json") if json.loads(f.read_text())["file"] == str(path.resolve())]
    return found[0] if found else None


async def test_the_cursor_outlines_its_statement_in_the_preview(client: LanguageClient, preview, browser):
    path, url, process = preview
    # The preview announced itself where only this user can look.
    announcement = wait_for(lambda: announcement_of(path))
    assert announcement, list((pathlib.Path(RUNTIME) / "drawc").glob("*"))
    assert stat.S_IMODE(announcement.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(announcement.stat().st_mode) == 0o600
    told = json.loads(announcement.read_text())
    assert url == f"http://127.0.0.1:{told['port']}/" and len(told["token"]) == 32 and told["pid"] == process.pid

    browser.get(url)
    assert wait_for(lambda: browser.execute_script("return document.querySelectorAll('#pages svg').length") == 1, timeout=20)
    assert browser.execute_script("return document.body.dataset.highlight || ''") == ""

    uri = path.resolve().as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="draw", version=1, text=DRAWING)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    # The VS Code extension's notification: the cursor in the circle's statement (line 3).
    client.protocol.notify("drawc/cursor", {"textDocument": {"uri": uri}, "position": {"line": 2, "character": 10}})
    lines = wait_for(lambda: (l := highlighted_lines(browser)) and set(l) == {3} and l)
    assert lines, highlighted_lines(browser)

    # documentHighlight (what editors send as the cursor moves): answered with the name's
    # occurrences in the file, and the connector's statement (line 4) is outlined.
    doc = types.TextDocumentIdentifier(uri=uri)
    highlights = await client.text_document_document_highlight_async(
        types.DocumentHighlightParams(text_document=doc, position=types.Position(line=3, character=2)))
    kinds = sorted((h.range.start.line, h.kind) for h in highlights)
    assert kinds == [(1, types.DocumentHighlightKind.Write), (3, types.DocumentHighlightKind.Read)], kinds
    assert wait_for(lambda: set(highlighted_lines(browser) or []) == {4}), highlighted_lines(browser)

    # Columns count Unicode scalars, as the preview's do: on line 6 the cursor on the last
    # character of the first statement is 3 UTF-16 units (and 9 bytes) further right than
    # its scalar column, which is where the second statement starts.
    client.protocol.notify("drawc/cursor", {"textDocument": {"uri": uri}, "position": {"line": 4, "character": 9}})
    assert wait_for(lambda: set(highlighted_lines(browser) or []) == {5}), highlighted_lines(browser)
    sixth = DRAWING.splitlines()[5]
    last = sixth.index("30; rect") + 1  # the "0", in scalars (Python's str); +3: UTF-16; "; " then "rect"
    client.protocol.notify("drawc/cursor", {"textDocument": {"uri": uri}, "position": {"line": 5, "character": last + 3}})
    first = lambda: browser.execute_script("""
        const ids = (document.body.dataset.highlight || '').split(',').filter(s => s !== '');
        const s = window.drawcState().sources;
        return ids.length > 0 && ids.every(id => s[+id].line === 6 && s[+id].column === 1) && getComputedStyle(document.getElementById('hl')).display !== 'none';""")
    assert wait_for(first), browser.execute_script("return document.body.dataset.highlight")
    client.protocol.notify("drawc/cursor", {"textDocument": {"uri": uri}, "position": {"line": 5, "character": last + 6}})
    second = lambda: browser.execute_script("""
        const ids = (document.body.dataset.highlight || '').split(',').filter(s => s !== '');
        const s = window.drawcState().sources;
        return ids.length > 0 && ids.every(id => s[+id].line === 6 && s[+id].column > 1);""")
    assert wait_for(second), browser.execute_script("return document.body.dataset.highlight")

    # A stopped preview removes its announcement; the server then has nobody to tell (and
    # goes on answering).
    stop_preview(process)
    assert announcement_of(path) is None
    client.protocol.notify("drawc/cursor", {"textDocument": {"uri": uri}, "position": {"line": 1, "character": 3}})
    highlights = await client.text_document_document_highlight_async(
        types.DocumentHighlightParams(text_document=doc, position=types.Position(line=1, character=20)))
    assert highlights is not None
