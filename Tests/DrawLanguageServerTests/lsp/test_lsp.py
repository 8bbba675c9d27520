"""End-to-end tests of `drawc lsp`: a real server process spoken to over stdio by pytest-lsp's
client with VS Code's capabilities, on real files (the samples, files with syntax and
semantic errors, files that import others) and edits that break and repair them."""

import asyncio
import subprocess
import pathlib

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import DRAWC, ROOT

SAMPLES = sorted((ROOT / "samples").glob("*.draw"))


def uri_of(path: pathlib.Path) -> str:
    return path.resolve().as_uri()


async def open_text(client: LanguageClient, path: pathlib.Path, text: str, version: int = 1):
    """Opens `text` as the document at `path` and waits for its diagnostics."""
    path.write_text(text)
    uri = uri_of(path)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="draw", version=version, text=text)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return uri


async def edit(client: LanguageClient, uri: str, version: int, start, end, new_text: str):
    """An incremental change replacing (line, character) `start`..`end`; waits for diagnostics."""
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=types.Position(*start), end=types.Position(*end)), text=new_text
                )
            ],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)


def position_of(text: str, marker: str, offset: int = 0) -> types.Position:
    """The position just after the first `marker` in `text` (plus `offset` characters)."""
    index = text.index(marker) + len(marker) + offset
    line = text.count("\n", 0, index)
    column = index - (text.rfind("\n", 0, index) + 1)
    return types.Position(line=line, character=len(text[index - column:index].encode("utf-16-le")) // 2)


async def complete(client, uri, text, marker, offset=0):
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(text, marker, offset))
    )
    items = result.items if isinstance(result, types.CompletionList) else result
    return {item.label: item for item in items}


async def hover_text(client, uri, text, marker, offset=0):
    result = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(text, marker, offset))
    )
    return result.contents.value if result else None


def errors(client, uri):
    return [d for d in client.diagnostics.get(uri, []) if d.severity == types.DiagnosticSeverity.Error]


# MARK: Lifecycle and diagnostics

async def test_initialize_announces_every_feature(client: LanguageClient):
    caps = client.initialize_result.capabilities
    assert caps.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    assert caps.position_encoding == "utf-16"
    for provider in ["hover_provider", "definition_provider", "document_highlight_provider", "references_provider", "document_symbol_provider",
                     "folding_range_provider", "document_formatting_provider", "document_range_formatting_provider",
                     "color_provider"]:
        assert getattr(caps, provider), provider
    assert caps.completion_provider and caps.signature_help_provider and caps.rename_provider.prepare_provider
    assert caps.semantic_tokens_provider.full and caps.code_action_provider
    assert client.initialize_result.server_info.name == "drawc"


@pytest.mark.parametrize("sample", SAMPLES, ids=[s.name for s in SAMPLES])
async def test_every_sample_opens_without_errors(client: LanguageClient, sample: pathlib.Path):
    uri = uri_of(sample)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="draw", version=1, text=sample.read_text())
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert errors(client, uri) == []
    doc = types.TextDocumentIdentifier(uri=uri)
    tokens = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=doc))
    assert len(tokens.data) > 0 and len(tokens.data) % 5 == 0
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc))
    assert symbols is not None
    folds = await client.text_document_folding_range_async(types.FoldingRangeParams(text_document=doc))
    assert folds is not None


async def test_syntax_error_then_repair_then_break_again(client: LanguageClient, tmp_path):
    text = 'rect "a", fill: red\nrect "b" fill: blue\n'
    uri = await open_text(client, tmp_path / "broken.draw", text)
    found = errors(client, uri)
    assert len(found) == 1
    assert found[0].code == "parse.expected-comma" or found[0].code.startswith("parse.")
    assert found[0].source == "drawc"
    assert found[0].range.start.line == 1
    # Insert the missing comma: clean.
    await edit(client, uri, 2, (1, 8), (1, 8), ",")
    assert list(client.diagnostics[uri]) == []
    # Delete the closing quote of the first label: a lexer error on line 0.
    await edit(client, uri, 3, (0, 7), (0, 8), "")
    found = errors(client, uri)
    assert found and found[0].range.start.line == 0
    # Put it back.
    await edit(client, uri, 4, (0, 7), (0, 7), '"')
    assert list(client.diagnostics[uri]) == []


async def test_semantic_error_with_related_information_and_quick_fix(client: LanguageClient, tmp_path):
    text = "rect id: box\ncircle id: box\nrect {\n  strok: blue\n}\n"
    uri = await open_text(client, tmp_path / "semantic.draw", text)
    by_code = {}
    for d in client.diagnostics[uri]:
        by_code.setdefault(d.code, []).append(d)
    duplicate = by_code["sem.duplicate-id"][0]
    assert duplicate.range.start == types.Position(1, 11)
    related = duplicate.related_information
    assert related and related[0].message == "first used here"
    assert related[0].location.uri == uri and related[0].location.range.start == types.Position(0, 9)
    unknown = by_code["sem.unknown-property"][0]
    assert unknown.range.start == types.Position(3, 2) and unknown.range.end == types.Position(3, 7)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=unknown.range,
            context=types.CodeActionContext(diagnostics=[unknown]),
        )
    )
    fixes = [a for a in actions if a.kind == types.CodeActionKind.QuickFix]
    assert len(fixes) == 1 and fixes[0].title == "Replace with 'stroke'"
    change = fixes[0].edit.changes[uri][0]
    assert change.new_text == "stroke" and change.range == unknown.range
    # Apply the fix and drop the duplicate: clean.
    await edit(client, uri, 2, (3, 2), (3, 7), "stroke")
    await edit(client, uri, 3, (1, 11), (1, 14), "ring")
    assert list(client.diagnostics[uri]) == []


async def test_diagnostics_of_an_imported_file_point_at_the_import(client: LanguageClient, tmp_path):
    lib = tmp_path / "lib.draw"
    lib.write_text("let accent = #d7263d\nlet broken = 1 +\n")
    text = 'import "lib.draw"\nrect fill: accent\n'
    uri = await open_text(client, tmp_path / "main.draw", text)
    found = errors(client, uri)
    assert found and found[0].range.start.line == 0
    assert found[0].message.startswith("lib.draw:2:")
    # Through a second file: shown on the import that leads to it.
    (tmp_path / "outer.draw").write_text('import "lib.draw"\n')
    text = 'import "ok.draw"\nimport "outer.draw"\nrect fill: accent\n'
    (tmp_path / "ok.draw").write_text("let fine = 1\n")
    uri = await open_text(client, tmp_path / "main2.draw", text)
    found = errors(client, uri)
    assert found and found[0].range.start.line == 1 and found[0].message.startswith("lib.draw:2:")


async def test_edits_that_break_and_repair_every_character(client: LanguageClient, tmp_path):
    """Types a file one character at a time, asking for completion, hover and signature help
    at each step: the server answers every request (no crash, no hang on a half-typed line)."""
    # The sample up to a line where every block is closed (about 1,000 characters).
    target, depth = "", 0
    for line in (ROOT / "samples" / "network.draw").read_text().splitlines(keepends=True):
        target += line
        depth += line.count("{") - line.count("}")
        if depth == 0 and len(target) > 1000:
            break
    uri = await open_text(client, tmp_path / "typing.draw", "")
    line, character = 0, 0
    version = 1
    doc = types.TextDocumentIdentifier(uri=uri)
    for index, ch in enumerate(target):
        version += 1
        await edit(client, uri, version, (line, character), (line, character), ch)
        if ch == "\n":
            line, character = line + 1, 0
        else:
            character += len(ch.encode("utf-16-le")) // 2
        if index % 7 == 0:
            position = types.Position(line, character)
            await client.text_document_completion_async(types.CompletionParams(text_document=doc, position=position))
            await client.text_document_hover_async(types.HoverParams(text_document=doc, position=position))
            await client.text_document_signature_help_async(types.SignatureHelpParams(text_document=doc, position=position))
    assert errors(client, uri) == []


async def test_incremental_edits_count_utf16(client: LanguageClient, tmp_path):
    text = 'let s = "😀"; text "é", fontSize: 12pt\n'
    uri = await open_text(client, tmp_path / "utf16.draw", text)
    # "😀" is two UTF-16 units: the 'f' of fontSize is at character 24.
    await edit(client, uri, 2, (0, 24), (0, 32), "lineHeight")
    assert list(client.diagnostics[uri]) == []
    hover = await hover_text(client, uri, 'let s = "😀"; text "é", lineHeight: 12pt', '"é", line')
    assert hover and "lineHeight" in hover


# MARK: Completion

async def test_completion_offers_kinds_components_and_keywords_with_snippets(client: LanguageClient, tmp_path):
    text = "def service(name, tint = #e8f0fe) {\n  rect name, fill: tint\n}\n\n"
    uri = await open_text(client, tmp_path / "kinds.draw", text)
    items = await complete(client, uri, text, "}\n\n")
    assert items["rect"].insert_text_format == types.InsertTextFormat.Snippet
    assert items["rect"].text_edit.new_text == 'rect "${1:label}"$0'
    assert items["service"].text_edit.new_text == "service ${1:name}, tint: ${2:tint}$0"
    assert items["service"].kind == types.CompletionItemKind.Constructor
    assert "let" in items and "vstack" in items and "barcode" in items


async def test_completion_offers_the_properties_of_the_kind_at_the_cursor(client: LanguageClient, tmp_path):
    # (A line ending in ',' goes on on the next line: the circle comes last.)
    text = 'rect "b", co\nrect {\n  \n}\ncircle "a", \n'
    uri = await open_text(client, tmp_path / "props.draw", text)
    items = await complete(client, uri, text, 'circle "a", ')
    assert "r" in items and "corner" not in items and "fill" in items
    assert items["fill"].documentation.value.startswith("**fill**: a color")
    assert "Inherited" in items["fill"].documentation.value and "Default: none" in items["fill"].documentation.value
    assert "The paint inside the outline" in items["fill"].documentation.value
    items = await complete(client, uri, text, 'rect "b", co')
    assert "corner" in items and "color" in items and "r" not in items
    assert items["corner"].text_edit.new_text == "corner: "
    items = await complete(client, uri, text, "rect {\n  ")
    assert "corner" in items and "circle" in items  # a property line or a child node


async def test_completion_offers_values_for_the_property_at_the_cursor(client: LanguageClient, tmp_path):
    text = 'page size: \nline lineCap: \nrect fill: \ntext "x", font: \nrect width: 12\ntext "y", font: "Dej\n'
    uri = await open_text(client, tmp_path / "values.draw", text)
    items = await complete(client, uri, text, "page size: ")
    assert {"a4", "letter", "a5"} <= set(items)
    items = await complete(client, uri, text, "lineCap: ")
    assert {"round", "butt", "square"} <= set(items)
    items = await complete(client, uri, text, "rect fill: ")
    assert "red" in items and items["red"].kind == types.CompletionItemKind.Color and items["red"].detail == "#ff0000"
    assert "rgb" in items and items["rgb"].text_edit.new_text == "rgb(${1:r}, ${2:g}, ${3:b})"
    items = await complete(client, uri, text, 'text "x", font: ')
    assert '"Helvetica"' == items["Helvetica"].text_edit.new_text
    assert "DejaVu Sans" in items  # from --font-path Tests/Fonts
    items = await complete(client, uri, text, "width: 12")
    assert {"pt", "mm", "in", "cm"} <= set(items)
    items = await complete(client, uri, text, 'font: "Dej')
    assert "DejaVu Sans" in items and items["DejaVu Sans"].text_edit.new_text == "DejaVu Sans"


async def test_completion_offers_ids_members_and_names_in_scope(client: LanguageClient, tmp_path):
    text = (
        "let gap = 12pt\nstyle note { fill: yellow }\nrect id: web\nrect id: db\n"
        "rect at: web.\nrect style: \nrect width: g\n"
    )
    # Open a file that evaluates (the values of its names are known), then half-type a
    # connector at its end: completion keeps what the last evaluation knew.
    complete_text = text.replace("web.", "web.center").replace("style: ", "style: note").replace("width: g", "width: gap")
    uri = await open_text(client, tmp_path / "names.draw", complete_text)
    assert list(client.diagnostics[uri]) == []
    await edit(client, uri, 2, (4, 0), (7, 0), "rect at: web.\nrect style: \nrect width: g\nweb -> \n")
    text += "web -> \n"
    items = await complete(client, uri, text, "web -> ")
    assert {"web", "db"} <= set(items) and items["db"].kind == types.CompletionItemKind.Reference
    items = await complete(client, uri, text, "at: web.")
    assert {"center", "topLeft", "ne", "x", "y", "width", "height"} <= set(items)
    items = await complete(client, uri, text, "rect style: ")
    assert "note" in items and items["note"].kind == types.CompletionItemKind.Struct
    items = await complete(client, uri, text, "rect width: g")
    assert "gap" in items and items["gap"].detail == "= 12pt"


async def test_completion_offers_block_names_only_inside_their_block(client: LanguageClient, tmp_path):
    text = "def card(title) {\n  let inner = 2\n  rect title, width: \n}\nfor i in 0..<2 {\n  rect width: \n}\nrect height: \n"
    uri = await open_text(client, tmp_path / "scopes.draw", text)
    items = await complete(client, uri, text, "rect title, width: ")
    assert {"title", "inner"} <= set(items) and "i" not in items
    items = await complete(client, uri, text, "{\n  rect width: ")
    assert "i" in items and "title" not in items and "inner" not in items
    items = await complete(client, uri, text, "rect height: ")
    assert not {"i", "title", "inner"} & set(items)


async def test_completion_offers_file_names_in_import_data_image_and_font_strings(client: LanguageClient, tmp_path):
    """Inside `import "…"`, `csv("…")`, `json("…")`, an image's file and `font: "…"`: the
    files of the document's folder (or the folder typed so far) that the place accepts,
    then sub-folders as `name/`; hidden files only after a typed dot."""
    (tmp_path / "lib.draw").write_text("let accent = #d7263d\n")
    (tmp_path / "shapes.DRAW").write_text("")
    (tmp_path / "notes.txt").write_text("x")
    (tmp_path / "sales.csv").write_text("month,sales\nJan,1\n")
    (tmp_path / "team.json").write_text("[]")
    (tmp_path / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (tmp_path / ".hidden.draw").write_text("")
    (tmp_path / "parts").mkdir()
    (tmp_path / "parts" / "arrow.draw").write_text("let a = 1\n")
    (tmp_path / "parts" / "photo.jpg").write_bytes(b"\xff\xd8\xff")
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "Brand.ttf").write_bytes(b"\0\1\0\0")
    text = (
        'import "\nimport "parts/\nimport "l\nimport ".\nlet rows = csv("\nlet team = json("\n'
        'image "\nimage "parts/\ntext "x", font: "fonts/\n'
    )
    uri = await open_text(client, tmp_path / "main.draw", text)
    items = await complete(client, uri, text, 'import "')
    assert {"lib.draw", "shapes.DRAW", "parts/", "fonts/"} <= set(items), set(items)
    assert "main.draw" not in items and ".hidden.draw" not in items and "sales.csv" not in items
    assert items["lib.draw"].kind == types.CompletionItemKind.File
    assert items["parts/"].kind == types.CompletionItemKind.Folder
    assert items["lib.draw"].text_edit.new_text == "lib.draw"
    start = position_of(text, 'import "')
    assert items["lib.draw"].text_edit.range.start == start and items["lib.draw"].text_edit.range.end == start
    # In a sub-folder: its files, the edit replacing only the name after the '/'.
    items = await complete(client, uri, text, 'import "parts/')
    assert set(items) == {"arrow.draw"}, set(items)
    assert items["arrow.draw"].text_edit.range.start == position_of(text, 'import "parts/')
    # A typed prefix filters and is replaced.
    items = await complete(client, uri, text, 'import "l')
    assert "lib.draw" in items and "shapes.DRAW" not in items
    assert items["lib.draw"].text_edit.range.start == position_of(text, 'import "l', -1)
    items = await complete(client, uri, text, 'import ".')
    assert ".hidden.draw" in items
    items = await complete(client, uri, text, 'csv("')
    assert {"sales.csv", "notes.txt", "parts/"} <= set(items) and "team.json" not in items and "lib.draw" not in items
    items = await complete(client, uri, text, 'json("')
    assert "team.json" in items and "sales.csv" not in items
    items = await complete(client, uri, text, 'image "')
    assert "logo.png" in items and "lib.draw" not in items
    items = await complete(client, uri, text, 'image "parts/')
    assert set(items) == {"photo.jpg"}, set(items)
    items = await complete(client, uri, text, 'font: "fonts/')
    assert set(items) == {"Brand.ttf"}, set(items)
    # The chosen import is followed: the file's names complete and no error remains.
    await edit(client, uri, 2, (0, 0), (len(text.splitlines()), 0), 'import "lib.draw"\nrect fill: acc\n')
    items = await complete(client, uri, 'import "lib.draw"\nrect fill: acc\n', "fill: acc")
    assert "accent" in items


# MARK: Hover

async def test_hover_shows_property_docs_frames_paint_values_and_colours(client: LanguageClient, tmp_path):
    text = (
        "let accent = #d7263d\n"
        "page size: a6, margin: 0\n"
        'rect "API", id: api, width: 80, height: 40, at: (100, 50), fill: accent, stroke: navy\n'
        "api -> api\n"
    )
    uri = await open_text(client, tmp_path / "hover.draw", text)
    value = await hover_text(client, uri, text, "rect \"API\", id: api, width: 80, height: 40, at: (100, 50), fi")
    assert value.startswith("**fill**: a color")
    value = await hover_text(client, uri, text, "margin: 0\nre")
    assert "frame: x 60, y 30, width 80, height 40 pt" in value
    assert "fill #d7263d, stroke #000080" in value
    value = await hover_text(client, uri, text, "api -> a")
    assert "node id" in value and "width 80, height 40" in value
    value = await hover_text(client, uri, text, "fill: acc")
    assert "let accent = #d7263d" in value
    value = await hover_text(client, uri, text, "let accent = #d7")
    assert "#d7263d" in value and "rgb(215, 38, 61)" in value
    value = await hover_text(client, uri, text, "stroke: na")
    assert "#000080" in value
    # Values as the language writes them (issue 33): an EAN keeps its digits, a length its
    # shortest decimal.
    text2 = "let ean = 4006381333931\nlet gap = 2cm\nbarcode ean, type: ean13\ntext \"\\(gap)\"\n"
    uri2 = await open_text(client, tmp_path / "values.draw", text2)
    value = await hover_text(client, uri2, text2, "barcode ea")
    assert "4006381333931" in value and "4006381333930.999808" not in value
    value = await hover_text(client, uri2, text2, "\\(ga")
    assert "56.69291338582678pt" in value


# MARK: Navigation

async def test_definition_references_and_rename_across_imports(client: LanguageClient, tmp_path):
    lib = tmp_path / "lib.draw"
    lib_text = "let accent = #d7263d\ndef service(name) {\n  rect name, fill: accent\n}\n"
    lib.write_text(lib_text)
    text = 'import "lib.draw"\nservice "API", id: api\nrect "x", fill: accent, id: x\napi -> x\n'
    uri = await open_text(client, tmp_path / "main.draw", text)
    assert list(client.diagnostics[uri]) == []
    doc = types.TextDocumentIdentifier(uri=uri)
    where = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc, position=position_of(text, "fill: acc"))
    )
    where = where if isinstance(where, types.Location) else where[0]
    assert where.uri == uri_of(lib) and where.range.start == types.Position(0, 4)
    where = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc, position=position_of(text, "\nserv"))
    )
    where = where if isinstance(where, types.Location) else where[0]
    assert where.uri == uri_of(lib) and where.range.start == types.Position(1, 4)
    # Hover on the component call: its signature, where it comes from, and the node it made.
    value = await hover_text(client, uri, text, "\nserv")
    assert "def service(name)" in value and "from `lib.draw`" in value and "frame: x" in value
    refs = await client.text_document_references_async(
        types.ReferenceParams(text_document=doc, position=position_of(text, "fill: acc"),
                              context=types.ReferenceContext(include_declaration=True))
    )
    places = sorted((r.uri == uri, r.range.start.line) for r in refs)
    assert places == [(False, 0), (False, 2), (True, 2)]
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=doc, position=position_of(text, "fill: acc"))
    )
    assert prepared is not None
    renamed = await client.text_document_rename_async(
        types.RenameParams(text_document=doc, position=position_of(text, "fill: acc"), new_name="brand")
    )
    assert len(renamed.changes[uri]) == 1 and len(renamed.changes[uri_of(lib)]) == 2
    assert all(e.new_text == "brand" for e in renamed.changes[uri_of(lib)])
    # An id: definition, and rename of the declaration and the connector's use.
    where = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc, position=position_of(text, "\napi", -1))
    )
    where = where if isinstance(where, types.Location) else where[0]
    assert where.uri == uri and where.range.start == types.Position(1, 19)
    renamed = await client.text_document_rename_async(
        types.RenameParams(text_document=doc, position=position_of(text, "id: a"), new_name="gateway")
    )
    assert sorted(e.range.start.line for e in renamed.changes[uri]) == [1, 3]


async def test_references_from_the_imported_file_include_open_importers(client: LanguageClient, tmp_path):
    lib_text = "let accent = #d7263d\n"
    lib_uri = await open_text(client, tmp_path / "lib.draw", lib_text)
    main_text = 'import "lib.draw"\nrect fill: accent\ncircle stroke: accent\n'
    main_uri = await open_text(client, tmp_path / "main.draw", main_text)
    refs = await client.text_document_references_async(
        types.ReferenceParams(text_document=types.TextDocumentIdentifier(uri=lib_uri), position=position_of(lib_text, "let acc"),
                              context=types.ReferenceContext(include_declaration=False))
    )
    assert sorted((r.uri == main_uri, r.range.start.line) for r in refs) == [(True, 1), (True, 2)]
    # Editing the imported file re-checks the file that imports it.
    await edit(client, lib_uri, 2, (0, 4), (0, 10), "brand")
    for _ in range(100):  # the importer's diagnostics follow the imported file's
        if errors(client, main_uri):
            break
        await asyncio.sleep(0.05)
    found = errors(client, main_uri)
    assert len(found) == 2 and all("found the name 'accent'" in d.message for d in found)


async def test_styles_and_functions_navigate_and_rename(client: LanguageClient, tmp_path):
    text = "style card { fill: white }\nfn double(x) = x * 2\nrect style: card, width: double(20)\ncircle style: [card]\n"
    uri = await open_text(client, tmp_path / "styles.draw", text)
    assert list(client.diagnostics[uri]) == []
    doc = types.TextDocumentIdentifier(uri=uri)
    where = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc, position=position_of(text, "[ca")))
    where = where if isinstance(where, types.Location) else where[0]
    assert where.range.start == types.Position(0, 6)
    renamed = await client.text_document_rename_async(
        types.RenameParams(text_document=doc, position=position_of(text, "style c"), new_name="panel"))
    assert sorted((e.range.start.line, e.range.start.character) for e in renamed.changes[uri]) == [(0, 6), (2, 12), (3, 15)]
    refs = await client.text_document_references_async(
        types.ReferenceParams(text_document=doc, position=position_of(text, "width: dou"),
                              context=types.ReferenceContext(include_declaration=True)))
    assert sorted(r.range.start.line for r in refs) == [1, 2]


async def test_rename_refuses_what_is_not_a_name(client: LanguageClient, tmp_path):
    text = "let gap = 4\nrect width: gap\n"
    uri = await open_text(client, tmp_path / "rename.draw", text)
    with pytest.raises(Exception):
        await client.text_document_rename_async(
            types.RenameParams(text_document=types.TextDocumentIdentifier(uri=uri), position=position_of(text, "let g"),
                               new_name="not a name")
        )


async def test_document_symbols_list_pages_named_nodes_components_and_styles(client: LanguageClient, tmp_path):
    text = (
        "style caption { fontSize: 8pt }\ndef badge(label) {\n  rect label\n}\n"
        'page size: a6 {\n  vstack id: column {\n    rect "a", id: first\n  }\n}\npage size: a6 {\n  badge "b", id: second\n}\n'
    )
    uri = await open_text(client, tmp_path / "symbols.draw", text)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    names = [(s.name, s.kind) for s in symbols]
    assert names == [("caption", types.SymbolKind.Struct), ("badge", types.SymbolKind.Class),
                     ("page 1", types.SymbolKind.Namespace), ("page 2", types.SymbolKind.Namespace)]
    column = symbols[2].children[0]
    assert column.name == "column" and column.detail == "vstack" and column.children[0].name == "first"
    assert symbols[3].children[0].name == "second"


async def test_folding_ranges_cover_blocks_and_comments(client: LanguageClient, tmp_path):
    text = "// one\n// two\n// three\nvstack {\n  rect\n  rect\n}\n/* a\n b */\n"
    uri = await open_text(client, tmp_path / "fold.draw", text)
    folds = await client.text_document_folding_range_async(
        types.FoldingRangeParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    spans = sorted((f.start_line, f.end_line, f.kind) for f in folds)
    assert (0, 2, "comment") in spans and (3, 5, None) in spans and (7, 8, "comment") in spans


async def test_semantic_tokens_classify_kinds_properties_names_and_literals(client: LanguageClient, tmp_path):
    text = 'let accent = #fff\nrect "x", fill: accent, lineCap: round // note\n'
    uri = await open_text(client, tmp_path / "tokens.draw", text)
    result = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    legend = ["keyword", "type", "class", "function", "property", "variable", "parameter", "string", "number",
              "comment", "operator", "enumMember", "struct"]
    decoded, line, start = [], 0, 0
    data = result.data
    lines = text.split("\n")
    for i in range(0, len(data), 5):
        dl, ds, length, kind, _ = data[i:i + 5]
        line += dl
        start = start + ds if dl == 0 else ds
        decoded.append((lines[line][start:start + length], legend[kind]))
    assert ("let", "keyword") in decoded and ("accent", "variable") in decoded and ("#fff", "number") in decoded
    assert ("rect", "class") in decoded and ('"x"', "string") in decoded and ("fill", "property") in decoded
    assert ("round", "enumMember") in decoded and ("// note", "comment") in decoded


# MARK: Colours and signatures

async def test_document_colours_and_presentations(client: LanguageClient, tmp_path):
    text = "rect fill: #ff000080, stroke: rgb(0, 128, 255)\ncircle fill: navy\n"
    uri = await open_text(client, tmp_path / "colours.draw", text)
    doc = types.TextDocumentIdentifier(uri=uri)
    colours = await client.text_document_document_color_async(types.DocumentColorParams(text_document=doc))
    found = sorted((c.range.start.line, c.range.start.character, round(c.color.red, 3), round(c.color.green, 3),
                    round(c.color.blue, 3), round(c.color.alpha, 3)) for c in colours)
    assert found == [(0, 11, 1.0, 0.0, 0.0, 0.502), (0, 30, 0.0, 0.502, 1.0, 1.0), (1, 13, 0.0, 0.0, 0.502, 1.0)]
    presentations = await client.text_document_color_presentation_async(
        types.ColorPresentationParams(
            text_document=doc, color=types.Color(red=0.0, green=0.0, blue=128 / 255, alpha=1.0),
            range=types.Range(start=types.Position(1, 13), end=types.Position(1, 17)),
        )
    )
    assert [p.label for p in presentations] == ["#000080", "rgb(0, 0, 128)", "navy"]
    assert presentations[0].text_edit.new_text == "#000080"


async def test_signature_help_for_functions_and_components(client: LanguageClient, tmp_path):
    text = "def service(name, tint = #fff) {\n  rect name, fill: tint\n}\nrect fill: rgb(10, 20\nservice \"x\", tint: \n"
    uri = await open_text(client, tmp_path / "signature.draw", text)
    doc = types.TextDocumentIdentifier(uri=uri)
    help = await client.text_document_signature_help_async(
        types.SignatureHelpParams(text_document=doc, position=position_of(text, "rgb(10, 20"))
    )
    assert help.signatures[0].label == "rgb(r, g, b)" and help.active_parameter == 1
    help = await client.text_document_signature_help_async(
        types.SignatureHelpParams(text_document=doc, position=position_of(text, "tint: \n", -1))
    )
    assert help.signatures[0].label == "service(name, tint)" and help.active_parameter == 1


# MARK: Formatting

def apply_edits(text: str, edits) -> str:
    """Applies LSP text edits (positions in UTF-16 units) to `text`, last first."""
    lines = text.split("\n")

    def offset(position):
        before = sum(len(l) + 1 for l in lines[: position.line])
        line = lines[position.line] if position.line < len(lines) else ""
        units = line.encode("utf-16-le")[: position.character * 2].decode("utf-16-le")
        return before + len(units)

    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(e.range.start)] + e.new_text + text[offset(e.range.end):]
        lines = text.split("\n")
    return text


async def test_formatting_whole_document_and_range_use_the_fmt_printer(client: LanguageClient, tmp_path):
    text = 'rect   "a",fill:red\nvstack{\nrect\n}\ncircle  r:3\n'
    path = tmp_path / "format.draw"
    uri = await open_text(client, path, text)
    doc = types.TextDocumentIdentifier(uri=uri)
    options = types.FormattingOptions(tab_size=2, insert_spaces=True)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(text_document=doc, options=options))
    expected = subprocess.run([DRAWC, "fmt", str(path)], capture_output=True, text=True, check=True).stdout
    assert apply_edits(text, edits) == expected and expected != text
    # Only the statements the range touches (the circle on line 4).
    edits = await client.text_document_range_formatting_async(types.DocumentRangeFormattingParams(
        text_document=doc, options=options,
        range=types.Range(start=types.Position(4, 0), end=types.Position(4, 5))))
    assert [e.range.start.line for e in edits] == [4]
    assert apply_edits(text, edits) == 'rect   "a",fill:red\nvstack{\nrect\n}\ncircle r: 3\n'
    # A file with a syntax error is left alone.
    await edit(client, uri, 2, (0, 10), (0, 11), "")
    assert errors(client, uri)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(text_document=doc, options=options))
    assert not edits
