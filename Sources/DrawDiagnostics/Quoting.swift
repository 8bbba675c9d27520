// Source text quoted in messages and shown in excerpts is bounded: a 100,000-digit number
// once produced 300 KB of diagnostics (a 50 MB one, 157 MB), because the number was copied
// into the message, the source line and the caret line whole. Messages quote source text
// through `quotedSource`; the terminal renderer shows a window of a long line.

/// Quoted source text longer than this many Unicode scalars is shortened in messages.
package let maximumQuotedScalars = 40

/// `'text'`, or for text longer than `maximumQuotedScalars` its first and last 16 scalars
/// around an ellipsis with the full length: `'1111…1111' (100000 characters)`.
package func quotedSource(_ text: some StringProtocol) -> String {
    let scalars = text.unicodeScalars
    let count = scalars.count
    guard count > maximumQuotedScalars else { return "'" + String(text) + "'" }
    let keep = 16
    var out = "'"
    out.unicodeScalars.append(contentsOf: scalars.prefix(keep))
    out += "…"
    out.unicodeScalars.append(contentsOf: scalars.suffix(keep))
    return out + "' (\(count) characters)"
}
