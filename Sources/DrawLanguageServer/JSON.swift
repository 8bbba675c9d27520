// JSON-RPC's request ids over the one JSON of DrawDiagnostics (JSON.swift there).

import DrawDiagnostics

/// A request's id, as the client wrote it (JSON-RPC 2.0: a string or a number; the LSP: an
/// integer or a string). A number keeps its text so that it is echoed byte for byte.
package enum RequestID: Hashable, Sendable {
    /// A JSON number's text, exactly as received.
    case number([UInt8])
    case string(String)

    /// The id of a parsed message: nil when it has none or it is not a string or number.
    package init?(_ id: JSON?, text: [UInt8]?) {
        switch id {
        case .string(let s)?: self = .string(s)
        case .number(let n)?:
            var out: [UInt8] = []
            JSON.writeNumber(n, into: &out)
            self = .number(text ?? out)
        case .null?, .bool?, .array?, .object?, nil: return nil
        }
    }

    package func write(into out: inout [UInt8]) {
        switch self {
        case .number(let text): out += text
        case .string(let s): JSON.writeString(s, into: &out)
        }
    }
}

