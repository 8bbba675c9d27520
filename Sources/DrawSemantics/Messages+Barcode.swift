// The messages of a barcode's properties (PropertyValues+Barcode.swift), in one place to
// review for tone: each function's doc comment shows source that triggers it. Ids are
// SemanticsID's (Messages+Eval.swift); the encoders' own messages are layout's.

import DrawCatalogue
import DrawDiagnostics

enum BarcodeMessages {
    /// `barcode "…", type: qr, version: 41`, `mask: 8`: a whole number out of its range.
    static func wholeNumberOutOfRange(_ property: Property, _ range: ClosedRange<Int>, found x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span,
               "'\(property.name)' must be a whole number from \(range.lowerBound) to \(range.upperBound), found \(formatNumber(x))")
    }

    /// `barcode "…", type: "aztec"`: a type written as a string that is none of the types.
    static func unknownType(_ name: String, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "unknown barcode type '\(name)'",
               notes: [.init("the types are code128, gs1, ean13, ean8, upca, upce, itf14, qr, datamatrix")])
    }

    /// `barcode "…", module: 0`.
    static func moduleNotPositive(_ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'module' must be greater than zero, found \(formatNumber(x))")
    }

    /// `barcode "…", quietZone: -1`.
    static func negativeQuietZone(at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'quietZone' must not be negative")
    }

    /// `barcode "…", type: datamatrix, version: "16 by 48"`.
    static func malformedMatrixSize(_ text: String, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "a Data Matrix size is written rows x columns, such as \"16x48\", found \"\(text)\"")
    }

    /// `barcode "…", printerDPI: 20`.
    static func printerDPIOutOfRange(_ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'printerDPI' must be from 50 to 10000 dots per inch, found \(formatNumber(x))")
    }

    /// `barcode "…", type: itf14, bearerWidth: 1`: thinner than GS1's smallest bearer bar.
    static func bearerBelowTwoModules(_ x: Double, at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span,
               "'bearerWidth' must be at least 2 modules (GS1's smallest bearer bar), found \(formatNumber(x))")
    }

    /// `barcode "…", type: itf14, bearerWidth: 0pt`.
    static func bearerNotPositive(at span: Span) -> Diagnostic {
        .error(.invalidValue, at: span, "'bearerWidth' must be greater than zero")
    }
}
