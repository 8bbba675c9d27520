import DrawDiagnostics

/// Limits against hostile input. Each breached limit is a diagnostic, never a crash.
package enum ParseLimits {
    /// Errors reported per file before "too many errors" (the syntax policy's cap).
    package static var maximumErrors: Int { DiagnosticPolicy.syntax.maximumErrors }
    /// Nesting of blocks, parentheses, brackets, unary operators and string interpolations
    /// together (typst uses 256 too). Keeps the recursive-descent parser far from the
    /// end of the stack.
    package static let maximumNestingDepth = 256
    /// Depth of one expression tree. A flat sum `1+1+…` builds a left-leaning tree as
    /// deep as it has terms; later stages walk trees recursively, so the parser refuses
    /// one deeper than this (a `let` splits it).
    package static let maximumExpressionDepth = 1000
    /// Bytes in one source file (offsets are UInt32; larger files are refused whole).
    package static let maximumFileSize = 1 << 31
}
