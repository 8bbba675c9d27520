"""grammar/draw.tmLanguage.json, run by a real TextMate engine (textmate-grammar-python, a port
of vscode-textmate on Oniguruma): every sample and corpus file is tokenised; chosen tokens
must have the scopes editors colour by; and on every file that compiles, the grammar must
agree with drawc's own lexer, as the language server reports it in semantic tokens."""

import json
import logging
import sys
import threading

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import ROOT

logging.disable(logging.CRITICAL)  # the engine logs every skipped character
sys.setrecursionlimit(200_000)  # the engine recurses once per nested block

from textmate_grammar.parsers.base import LanguageParser  # noqa: E402

GRAMMAR = json.loads((ROOT / "grammar" / "draw.tmLanguage.json").read_text())
PARSER = LanguageParser(GRAMMAR)
ALL_FILES = sorted((ROOT / "samples").glob("*.draw")) + sorted((ROOT / "Tests" / "Corpus").rglob("*.draw"))
CLEAN_FILES = sorted((ROOT / "samples").glob("*.draw")) + sorted((ROOT / "Tests" / "Corpus" / "ok").glob("*.draw"))


def tokenise(text: str):
    """[(line, column, text, scopes)] from the engine, on a thread with a large stack."""
    out = {}
    if not text:
        return []  # the engine fails on empty input; an empty file has no tokens

    def run():
        element = PARSER.parse_string(text)
        out["tokens"] = [] if element is None else [(l, c, t, s) for (l, c), t, s in element.flatten()]

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    return out["tokens"]


def scopes_at(tokens):
    """(line, column) → scopes, for every character."""
    table = {}
    for line, column, text, scopes in tokens:
        for i in range(len(text)):
            table[(line, column + i)] = scopes
    return table


def scope_of(text: str, lexeme: str, occurrence: int = 0):
    tokens = tokenise(text)
    hits = [t for t in tokens if t[2] == lexeme]
    assert len(hits) > occurrence, f"no token {lexeme!r} in {[t[2] for t in tokens]}"
    return hits[occurrence][3]


CHOSEN = [
    ("let accent = #d7263d", "let", "storage.type.let.draw"),
    ("let accent = #d7263d", "accent", "variable.other.constant.draw"),
    ("let accent = #d7263d", "#d7263d", "constant.other.color.rgb-value.hex.draw"),
    ("style caption { fontSize: 8pt }", "caption", "entity.name.type.style.draw"),
    ("style caption { fontSize: 8pt }", "fontSize", "variable.other.property.draw"),
    ("style caption { fontSize: 8pt }", "8", "constant.numeric.draw"),
    ("style caption { fontSize: 8pt }", "pt", "keyword.other.unit.draw"),
    ("def service(name, tint = #e8f0fe) {\n}", "service", "entity.name.function.component.draw"),
    ("fn double(x) = x * 2", "double", "entity.name.function.draw"),
    ('import "lib.draw"', "import", "keyword.control.import.draw"),
    ('rect "API", fill: gold', "rect", "support.type.node-kind.draw"),
    ('vstack {\n  circle r: 3\n}', "circle", "support.type.node-kind.draw"),
    ('rect "API", fill: gold', "fill", "variable.other.property.draw"),
    ('text "a \\(n) b\\n"', "\\n", "constant.character.escape.draw"),
    ('text "a \\(n) b"', "n", "source.draw.embedded"),
    ('text "a \\(n) b"', "\\(", "punctuation.section.interpolation.begin.draw"),
    ("rect fill: rgb(1, 2, 3)", "rgb", "support.function.builtin.draw"),
    ("web -> api, label: \"x\"", "->", "keyword.operator.connector.draw"),
    ("web <-> api", "<->", "keyword.operator.connector.draw"),
    ("for i in 0..<3 {\n}", "for", "keyword.control.draw"),
    ("for i in 0..<3 {\n}", "..<", "keyword.operator.range.draw"),
    ("rect stroke: none", "none", "constant.language.draw"),
    ("rect at: web.right + (12pt, 0)", "right", "variable.other.member.draw"),
    ("// a comment", "// a comment", "comment.line.double-slash.draw"),
    ("/* a\nb */\nrect", "rect", "support.type.node-kind.draw"),
    ('text "\\(join(names, ", ")) done"', "done", "string.quoted.double.draw"),
    ("page size: a4 {\n}", "page", "keyword.other.page.draw"),
]


@pytest.mark.parametrize("source,lexeme,scope", CHOSEN, ids=[f"{c[1]}-{c[2]}" for c in CHOSEN])
def test_chosen_tokens_have_their_scopes(source, lexeme, scope):
    tokens = tokenise(source)
    table = scopes_at(tokens)
    lines = source.split("\n")
    # The last occurrence is the one meant ("pt" of "8pt", not of "caption").
    for line_number, line in reversed(list(enumerate(lines))):
        column = line.rfind(lexeme)
        if column >= 0:
            for i in range(len(lexeme)):
                assert scope in table[(line_number, column + i)], (lexeme, table.get((line_number, column + i)))
            return
    pytest.fail(f"{lexeme!r} not in {source!r}")


def test_the_block_comment_scope_spans_lines_and_nests():
    table = scopes_at(tokenise("/* a\nrect */ circle"))
    assert "comment.block.draw" in table[(1, 0)]
    assert "support.type.node-kind.draw" not in table[(1, 0)]
    # Block comments nest in .draw: the first `*/` does not end the outer one.
    table = scopes_at(tokenise("/* a /* b */ c */ rect"))
    assert "comment.block.draw" in table[(0, 13)] and "comment.block.draw" not in table[(0, 18)]


@pytest.mark.parametrize("path", ALL_FILES, ids=[str(p.relative_to(ROOT)) for p in ALL_FILES])
def test_every_sample_and_corpus_file_tokenises(path):
    text = path.read_text(encoding="utf-8", errors="replace")
    tokens = tokenise(text)
    lines = text.split("\n")
    # Tokens tile each line: nothing dropped, nothing invented.
    by_line = {}
    for line, column, piece, _ in tokens:
        by_line.setdefault(line, []).append((column, piece))
    for number, pieces in by_line.items():
        rebuilt = "".join(p for _, p in sorted(pieces))
        assert lines[number].startswith(rebuilt.rstrip("\r")) or rebuilt.startswith(lines[number].rstrip("\r"))


SEMANTIC_TO_SCOPES = {
    "comment": ("comment.",),
    "string": ("string.",),
    "number": ("constant.numeric.", "keyword.other.unit.", "constant.other.color."),
    "keyword": ("storage.type.", "keyword.", "constant.language."),
}
LEGEND = ["keyword", "type", "class", "function", "property", "variable", "parameter", "string", "number",
          "comment", "operator", "enumMember", "struct"]


@pytest.mark.parametrize("path", CLEAN_FILES, ids=[str(p.relative_to(ROOT)) for p in CLEAN_FILES])
async def test_grammar_agrees_with_drawc_lexer(client: LanguageClient, path):
    text = path.read_text()
    uri = path.resolve().as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="draw", version=1, text=text)))
    result = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    table = scopes_at(tokenise(text))
    lines = text.split("\n")
    line = start = 0
    checked = 0
    for i in range(0, len(result.data), 5):
        dl, ds, length, kind, _ = result.data[i:i + 5]
        line += dl
        start = start + ds if dl == 0 else ds
        wanted = SEMANTIC_TO_SCOPES.get(LEGEND[kind])
        if wanted is None:
            continue
        # Semantic positions are UTF-16; map to the engine's character columns.
        prefix = lines[line].encode("utf-16-le")[: start * 2].decode("utf-16-le")
        column = len(prefix)
        lexeme = lines[line].encode("utf-16-le")[start * 2:(start + length) * 2].decode("utf-16-le")
        for j in range(len(lexeme)):
            scopes = table.get((line, column + j), [])
            assert any(s.startswith(w) for s in scopes for w in wanted), (path.name, line + 1, lexeme, LEGEND[kind], scopes)
        checked += 1
    assert checked > 0
