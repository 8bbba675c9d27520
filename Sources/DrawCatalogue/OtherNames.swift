// Names people bring from other drawing languages (SVG, CSS, SwiftUI, TikZ) and what drawc
// calls the same thing: one table, read by the parser (a hyphenated CSS name where a label
// goes, `background-color:`) and by evaluation (an unknown kind or property name). Every
// name it suggests is a kind or property of this catalogue (CatalogueTests checks).

package enum OtherNames {
    /// What to write instead: the drawc name (the fix-it, when `replacement` is true) or a
    /// phrase for the note when the mapping is not a rename (`x:` → `at: (x, y)`).
    package struct Suggestion: Sendable {
        package var text: String
        package var replacement: Bool
    }

    /// Node kinds by their names elsewhere.
    package static let kinds: [String: String] = [
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
    package static let properties: [String: Suggestion] = {
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

    /// What to write for a CSS or SVG property name written with hyphens (`font-size`,
    /// `background-color`), given as its camelCase form: the drawc property (a rename) or a
    /// phrase when it is not one (`fontWeight`: `bold: true`); nil when it is neither.
    package static func property(forCamelCase camel: String) -> Suggestion? {
        if Property.named(camel) != nil { return Suggestion(text: camel, replacement: true) }
        return properties[camel]
    }

    /// `font-weight: bold` and `font-style: italic` (camelCase `fontWeight`, `fontStyle`) with
    /// a value that means the bold or italic face: the drawc argument that says so
    /// (`bold: true`); nil for other names and values.
    package static func faceArgument(forCamelCase camel: String, value: String) -> String? {
        switch camel {
        case "fontWeight" where ["bold", "bolder", "600", "700", "800", "900"].contains(value): "bold: true"
        case "fontStyle" where ["italic", "oblique"].contains(value): "italic: true"
        default: nil
        }
    }
}
