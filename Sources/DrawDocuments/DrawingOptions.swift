// The options of one embedded drawing, as written on a Markdown fence line
// (```draw width=300 alt="The build") or as a pandoc code block's attributes
// (```{.draw width=300}). One list of names, one parser, for every document system.

import DrawDiagnostics
import DrawOutput

/// What a draw block's options ask for.
package struct DrawingOptions: Sendable, Equatable {
    /// The picture's text alternative: the image's alt text, the inline SVG's `<title>`.
    package var alt: String?
    /// The displayed width in CSS pixels; the height follows the drawing's proportions.
    package var width: Double?
    /// The picture's format: SVG (the default) or PNG.
    package var format: PictureFormat = .svg

    package init(alt: String? = nil, width: Double? = nil, format: PictureFormat = .svg) {
        self.alt = alt
        self.width = width
        self.format = format
    }
}

/// The formats a picture in a document can take. A fence line may ask for SVG or PNG; PDF is
/// what `drawc pandoc-filter` gives LaTeX.
package enum PictureFormat: String, Sendable, CaseIterable {
    case svg, png, pdf

    /// The formats `format=` takes.
    package static let written: [PictureFormat] = [.svg, .png]
}

/// The option names, in the order the docs list them.
package enum DrawingOptionName: String, Sendable, CaseIterable {
    case alt, width, format

    /// What the option takes, for diagnostics and docs/cli.md.
    package var expected: String {
        switch self {
        case .alt: "any text (in double quotes when it has spaces)"
        case .width: "a number of CSS pixels from 1 to 10000"
        case .format: PictureFormat.written.map(\.rawValue).joined(separator: " or ")
        }
    }
}

/// One `name=value` as written, with where its name and value are (unknown spans for pandoc).
package struct WrittenOption: Sendable {
    package var name: String
    package var value: String?
    package var nameSpan: Span
    package var valueSpan: Span
    package init(name: String, value: String?, nameSpan: Span = .unknown, valueSpan: Span = .unknown) {
        self.name = name
        self.value = value
        self.nameSpan = nameSpan
        self.valueSpan = valueSpan
    }
}

extension DrawingOptions {
    /// The options `written`, or diagnostics for the ones that are wrong.
    package static func parse(_ written: [WrittenOption], diagnostics: inout [Diagnostic]) -> DrawingOptions {
        var options = DrawingOptions()
        for option in written {
            guard let value = option.value else {
                diagnostics.append(.fenceWordWithoutValue(option.name, at: option.nameSpan))
                continue
            }
            guard let name = DrawingOptionName(rawValue: option.name) else {
                diagnostics.append(.unknownFenceOption(option.name, at: option.nameSpan, known: DrawingOptionName.allCases.map(\.rawValue)))
                continue
            }
            switch name {
            case .alt:
                options.alt = value
            case .width:
                if let number = Double(value), number.isFinite, (1...10000).contains(number) {
                    options.width = number
                } else {
                    diagnostics.append(.badFenceValue(option.name, value, expected: name.expected, at: option.valueSpan))
                }
            case .format:
                if let format = PictureFormat(rawValue: value.lowercased()), PictureFormat.written.contains(format) {
                    options.format = format
                } else {
                    diagnostics.append(.badFenceValue(option.name, value, expected: name.expected, at: option.valueSpan))
                }
            }
        }
        return options
    }

    /// Splits a fence line's text after `draw` into options: words separated by blanks, each
    /// `name=value` or `name="value with spaces"` (`\"` and `\\` inside quotes). `offset` is
    /// where `text` starts in `file`, for the spans.
    package static func words(_ text: ArraySlice<UInt8>, file: FileID) -> [WrittenOption] {
        var result: [WrittenOption] = []
        var index = text.startIndex
        func span(_ a: Int, _ b: Int) -> Span { Span(file: file, start: UInt32(a), end: UInt32(b)) }
        while index < text.endIndex {
            while index < text.endIndex, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
            guard index < text.endIndex else { break }
            let nameStart = index
            while index < text.endIndex, text[index] != 0x20, text[index] != 0x09, text[index] != UInt8(ascii: "=") { index += 1 }
            let name = String(decoding: text[nameStart..<index], as: UTF8.self)
            guard index < text.endIndex, text[index] == UInt8(ascii: "=") else {
                result.append(WrittenOption(name: name, value: nil, nameSpan: span(nameStart, index)))
                continue
            }
            index += 1
            let valueStart = index
            var value: [UInt8] = []
            if index < text.endIndex, text[index] == UInt8(ascii: "\"") {
                index += 1
                while index < text.endIndex, text[index] != UInt8(ascii: "\"") {
                    if text[index] == UInt8(ascii: "\\"), index + 1 < text.endIndex { index += 1 }
                    value.append(text[index])
                    index += 1
                }
                if index < text.endIndex { index += 1 }
            } else {
                while index < text.endIndex, text[index] != 0x20, text[index] != 0x09 {
                    value.append(text[index])
                    index += 1
                }
            }
            result.append(WrittenOption(name: name, value: String(decoding: value, as: UTF8.self),
                                        nameSpan: span(nameStart, valueStart - 1), valueSpan: span(valueStart, index)))
        }
        return result
    }
}
