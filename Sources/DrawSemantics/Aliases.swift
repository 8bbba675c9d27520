// Names people bring from other drawing languages (SVG, CSS, SwiftUI, TikZ) and what drawc
// calls the same thing. An unknown node kind or property that is one of these gets the
// drawc name as its suggestion, before (and instead of) the spelling-distance guess, which
// for short names guesses wrong (`x` is one edit from `r`, but what was meant is `at:`).
// The table is the catalogue's (`OtherNames`: the parser reads it too, for CSS names such as
// `background-color`); docs/language.md ("Names from other languages") lists it for readers.

import DrawCatalogue
import DrawDiagnostics

enum Aliases {
    typealias Suggestion = OtherNames.Suggestion
    static var kinds: [String: String] { OtherNames.kinds }
    static var properties: [String: Suggestion] { OtherNames.properties }

    /// The suggestion for an unknown node kind, as `didYouMean` returns it.
    static func kindSuggestion(_ name: String, span: Span) -> ([Diagnostic.Note], [Diagnostic.FixIt])? {
        guard let kind = kinds[name] else { return nil }
        return ([EvalMessages.drawcCallsThis(kind)], [.init(replacing: span, with: kind)])
    }

    /// The suggestion for an unknown property among `known` (those valid where it was used,
    /// or all): nil when the name is no alias or its drawc name is not among them.
    static func propertySuggestion(_ name: String, span: Span, known: [String]) -> ([Diagnostic.Note], [Diagnostic.FixIt])? {
        guard let suggestion = properties[name] else { return nil }
        if !suggestion.replacement { return ([.init(suggestion.text)], []) }
        guard known.contains(suggestion.text) else { return nil }
        return ([EvalMessages.drawcCallsThis(suggestion.text)], [.init(replacing: span, with: suggestion.text)])
    }
}
