// The Indic shaper (Devanagari, Bengali, Tamil): syllables, reordering, and the Indic
// features in their order.

enum IndicShaper {
    /// The basic shaping forms, each applied in a stage of its own, in this order; `global`
    /// ones apply to every glyph, the others to the glyphs the reordering marks.
    static let basicFeatures: [(tag: String, global: Bool)] = [
        ("nukt", true), ("akhn", true), ("rphf", false), ("rkrf", true), ("pref", false), ("blwf", false),
        ("abvf", false), ("half", false), ("pstf", false), ("vatu", true), ("cjct", true),
    ]
    /// The presentation forms, applied together after the final reordering.
    static let otherFeatures = ["init", "pres", "abvs", "blws", "psts", "haln"]

    static func prepare(_ buffer: inout [ShapingItem], plan: ShapingPlan, font: TrueTypeFontRef) {}
    static func initialReordering(_ buffer: inout [ShapingItem], plan: ShapingPlan, font: TrueTypeFontRef) {}
    static func finalReordering(_ buffer: inout [ShapingItem], plan: ShapingPlan, font: TrueTypeFontRef) {}
}
