// The cursor, for the preview: the protocol has no notification of where the cursor is, so
// the server learns it two ways — `textDocument/documentHighlight`, which editors send as
// the cursor moves (VS Code on every move, Neovim and Helix when asked or on an idle
// cursor), answered with the occurrences of the name under the cursor; and the custom
// notification `drawc/cursor` `{textDocument: {uri}, position}`, which the VS Code
// extension sends on every selection change (editors/vscode/extension.js). Either hands
// the place, as 1-based line and column in Unicode scalars (the preview's and the
// diagnostics' convention), to the `PreviewLink` the executable installed, which posts it
// to a running `drawc preview` of that file (docs/editors.md, docs/preview.md).

import DrawDiagnostics
import DrawSyntax

/// Told where the cursor is; the executable's implementation finds the preview of the file
/// and posts `/highlight` to it, without blocking the server.
package protocol PreviewLink: AnyObject {
    /// The cursor is at `line`:`column` (1-based; columns count Unicode scalars) of the file at `path`.
    func cursorMoved(path: String, line: Int, column: Int)
}

extension LanguageServer {
    /// Forwards the cursor of `uri` at `position` to the preview link, once per place.
    func cursorMoved(uri: String, position: Position) {
        guard let link = previewLink, let document = documents[uri], uri.hasPrefix("file://") else { return }
        let offset = document.offset(of: position)
        let lineStart = document.lineStarts[min(position.line, document.lineStarts.count - 1)]
        let bytes = document.bytes
        var column = 1
        // Unicode scalars from the line's start: every byte that does not continue one.
        for i in lineStart..<max(lineStart, offset) where bytes[i] & 0xC0 != 0x80 { column += 1 }
        let line = min(position.line, document.lineStarts.count - 1) + 1
        let place = CursorPlace(uri: uri, line: line, column: column)
        guard place != lastCursor else { return }
        lastCursor = place
        link.cursorMoved(path: filePath(ofURI: uri), line: line, column: column)
    }

    /// `textDocument/documentHighlight`: the occurrences in this document of the name under
    /// the cursor (its declaration a write, uses reads); also tells the preview.
    func documentHighlights(_ document: TextDocument, _ analysis: Analysis, _ params: JSON) -> JSON {
        guard let position = Position(params["position"]) else { return .array([]) }
        cursorMoved(uri: document.uri, position: position)
        guard let key = declarationKey(at: document.offset(of: position), analysis) else { return .array([]) }
        var out: [JSON] = []
        if let d = analysis.declaration(key), d.path == analysis.path {
            out.append(.object([("range", document.range(of: d.span)), ("kind", 3)]))
        }
        for use in analysis.index.uses where use.target == key {
            out.append(.object([("range", document.range(of: use.span)), ("kind", 2)]))
        }
        return .array(out)
    }
}

/// The last place told to the preview (a move to the same place is not told twice).
struct CursorPlace: Equatable {
    var uri: String
    var line: Int
    var column: Int
}
