// Names people bring from other drawing languages (SVG, CSS, SwiftUI, TikZ) and what drawc
// calls the same thing. An unknown node kind or property that is one of these gets the
// drawc name as its suggestion, before (and instead of) the spelling-distance guess, which
// for short names guesses wrong (`x` is one edit from `r`, but what was meant is `at:`).
// One table; docs/language.md ("Names from other languages") lists it for readers.

import DrawCatalogue
import DrawDiagnostics

enum Aliases {
    /// What to write instead: the drawc name (the fix-it, when `replacement` is true) or a
    /// phrase for the note when the mapping is not a rename (`x:` → `at: (x, y)`).
    struct Suggestion {
        var text: String
        var replacement: Bool
    }

    /// Node kinds by their names elsewhere.
    static let kinds: [String: String] = [
        "rectangle": "rect", "Rectangle": "rect", "square": "rect", "box": "rect", "RoundedRectangle": "rect",
        "Circle": "circle", "Ellipse": "ellipse", "oval": "ellipse", "Oval": "ellipse",
        "Text": "text", "label": "text", "Label": "text", "tspan": "text",
        "img": "image", "Image": "image", "includegraphics": "image",
        "g": "group", "Group": "group", "scope": "group", "layer": "group",
        "VStack": "vstack", "HStack": "hstack", "ZStack": "zstack", "Grid": "grid", "LazyVGrid": "grid",
        "Spacer": "spacer", "Path": "path", "draw": "path", "Line": "line", "Polygon": "polygon",
        "Polyline": "polyline", "node": "rect",
    ]

    /// Properties by their names elsewhere. `x`/`y`/`left`/`top` are not renames: a
    /// position is one `at:` point.
    static let properties: [String: Suggestion] = {
        var table: [String: Suggestion] = [:]
        func rename(_ names: [String], _ to: String) { for name in names { table[name] = Suggestion(text: to, replacement: true) } }
        func phrase(_ names: [String], _ text: String) { for name in names { table[name] = Suggestion(text: text, replacement: false) } }
        phrase(["x", "y", "cx", "cy", "left", "top", "position", "offset", "origin", "center", "xshift", "yshift"],
               "a position is one point: 'at: (x, y)'")
        rename(["textColor", "fontColor", "foregroundColor", "foregroundStyle", "textFill"], "color")
        phrase(["fontWeight", "weight"], "write 'bold: true' for a bold face")
        phrase(["fontStyle"], "write 'italic: true' for an italic face")
        rename(["fontFamily", "family", "typeface", "fontName"], "font")
        rename(["textSize", "pointSize"], "fontSize")
        rename(["strokeWidth", "borderWidth", "linewidth", "lineThickness", "thickness"], "lineWidth")
        rename(["strokeLinecap", "linecap", "cap"], "lineCap")
        rename(["strokeLinejoin", "linejoin", "join"], "lineJoin")
        rename(["strokeMiterlimit", "miterlimit"], "miterLimit")
        rename(["strokeDasharray", "dasharray", "dashArray", "dashPattern", "dashed"], "dash")
        rename(["strokeDashoffset"], "dashOffset")
        rename(["radius", "radiusX"], "r")
        rename(["cornerRadius", "borderRadius", "rx", "roundedCorners", "rounded"], "corner")
        rename(["backgroundColor", "background", "fillColor", "foreground"], "fill")
        rename(["strokeColor", "borderColor", "border", "outline", "lineColor"], "stroke")
        rename(["textAlign", "textAnchor", "alignment", "multilineTextAlignment"], "align")
        rename(["rotation", "rotationEffect", "angle", "rotateZ"], "rotate")
        rename(["scaleEffect"], "scale")
        rename(["alpha", "fillOpacity", "strokeOpacity"], "opacity")
        rename(["gap", "spacingX", "spacingY"], "spacing")
        rename(["lineSpacing", "leading"], "lineHeight")
        rename(["class", "className"], "style")
        rename(["name", "key"], "id")
        rename(["w"], "width")
        rename(["h"], "height")
        rename(["frame", "dimensions"], "size")
        rename(["inset", "margin", "innerSep"], "padding")
        phrase(["text", "content", "string", "value"], "a node's text is its first argument, without a name: 'rect \"Hello\"'")
        return table
    }()

    /// The suggestion for an unknown node kind, as `didYouMean` returns it.
    static func kindSuggestion(_ name: String, span: Span) -> ([Diagnostic.Note], [Diagnostic.FixIt])? {
        guard let kind = kinds[name] else { return nil }
        return ([.init("drawc calls this '\(kind)'")], [.init(replacing: span, with: kind)])
    }

    /// The suggestion for an unknown property among `known` (those valid where it was used,
    /// or all): nil when the name is no alias or its drawc name is not among them.
    static func propertySuggestion(_ name: String, span: Span, known: [String]) -> ([Diagnostic.Note], [Diagnostic.FixIt])? {
        guard let suggestion = properties[name] else { return nil }
        if !suggestion.replacement { return ([.init(suggestion.text)], []) }
        guard known.contains(suggestion.text) else { return nil }
        return ([.init("drawc calls this '\(suggestion.text)'")], [.init(replacing: span, with: suggestion.text)])
    }
}
