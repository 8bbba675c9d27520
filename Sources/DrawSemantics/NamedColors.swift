// Named colours as `Color` values, from the catalogue's table (DrawCatalogue's `NamedColor`).

import DrawBase
import DrawCatalogue

enum NamedColors {
    /// The colour of a name (case-insensitive), `transparent` included.
    static func color(named name: String) -> Color? {
        if let rgb = NamedColor.table[name] ?? NamedColor.table[name.lowercased()] {
            return Color(r: UInt8(rgb >> 16), g: UInt8((rgb >> 8) & 0xFF), b: UInt8(rgb & 0xFF))
        }
        if name.lowercased() == NamedColor.transparent { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        return nil
    }

    /// Every name, sorted, for "did you mean".
    static var names: [String] { NamedColor.names }
}
