import DrawFonts

/// Vertical extent of the standard fonts' glyphs, from the `FontBBox` of the Adobe AFM
/// files (in 1/1000 em), for the EPS bounding box.
enum PSFontBoxes {
    /// (depth below the baseline, height above it) in em.
    static func verticalExtent(_ font: Standard14Font) -> (Double, Double) {
        let (low, high): (Double, Double)
        switch font {
        case .helvetica, .helveticaOblique: (low, high) = (-225, 931)
        case .helveticaBold, .helveticaBoldOblique: (low, high) = (-228, 962)
        case .timesRoman: (low, high) = (-218, 898)
        case .timesBold: (low, high) = (-218, 935)
        case .timesItalic: (low, high) = (-217, 883)
        case .timesBoldItalic: (low, high) = (-218, 921)
        case .courier, .courierOblique, .courierBold, .courierBoldOblique: (low, high) = (-250, 805)
        case .symbol: (low, high) = (-293, 1010)
        case .zapfDingbats: (low, high) = (-143, 820)
        }
        return (-low / 1000, high / 1000)
    }
}
