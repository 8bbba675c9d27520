// The words of the word-valued properties, each spelled once: one enum per property (or per
// group of properties that share words), one case per word as written. `PropertySpec.words`
// lists the cases, and evaluation maps each case to its typed value in an exhaustive `switch`
// (DrawSemantics' Properties.swift), so a word added here is a decision there: the table of
// words to values cannot drift from what the catalogue, the docs and the language server say.

/// The words of one property: the raw value is the word as written.
package protocol PropertyWord: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

extension PropertyWord {
    /// Every word, in declaration order (the order the docs and completion list them).
    package static var words: [String] { allCases.map(\.rawValue) }
}

/// `align:`: a stack's or grid's alignment of its children, and the alignment of text.
package enum AlignWord: String, PropertyWord {
    case left, center, right, leading, trailing, top, bottom, topLeading, topTrailing, bottomLeading, bottomTrailing
    case topLeft, topRight, bottomLeft, bottomRight, baseline, firstBaseline, lastBaseline
    case justify, justified, start, end
}

/// `lineCap:`.
package enum LineCapWord: String, PropertyWord { case butt, round, square }

/// `lineJoin:`.
package enum LineJoinWord: String, PropertyWord { case miter, round, bevel }

/// `fillRule:` (with the all-lower-case spellings).
package enum FillRuleWord: String, PropertyWord { case nonZero, evenOdd, nonzero, evenodd }

/// `arrow:`: which ends of a line get an arrowhead.
package enum ArrowWord: String, PropertyWord { case start, end, both, none }

/// `fit:` of an image.
package enum FitWord: String, PropertyWord { case contain, cover, fill }

/// `easing:` of a stroke.
package enum EasingWord: String, PropertyWord {
    case linear, easeInQuad, easeOutQuad, easeInOutQuad, easeInCubic, easeOutCubic, easeInOutCubic
    case easeInSine, easeOutSine, easeInOutSine
}

/// `direction:` of a triangle or a graph.
package enum DirectionWord: String, PropertyWord { case up, down, left, right }

/// `route:` of a line or connector.
package enum RouteWord: String, PropertyWord { case straight, orthogonal, curved }

/// `side:` and `toSide:` (with the compass letters).
package enum SideWord: String, PropertyWord { case top, bottom, left, right, n, s, w, e }

/// `arrowhead:` and `arrowtail:`.
package enum ArrowheadWord: String, PropertyWord {
    case triangle, open, stealth, diamond, diamondOpen, circle, circleOpen, bar, none, one, many
    case oneOrMany, zeroOrOne, zeroOrMany
}

/// `labelPosition:`.
package enum LabelPositionWord: String, PropertyWord { case above, below, on }

/// `jumps:`.
package enum JumpsWord: String, PropertyWord { case none, arc, gap }

/// `textTransform:`.
package enum TextTransformWord: String, PropertyWord { case none, uppercase, lowercase, capitalize }

/// `textDirection:`.
package enum TextDirectionWord: String, PropertyWord { case auto, ltr, rtl }

/// `overflow:`.
package enum OverflowWord: String, PropertyWord { case visible, shrink }

/// `baselineShift:`'s words (besides lengths and percentages).
package enum BaselineShiftWord: String, PropertyWord { case baseline, sub, `super` }

/// `shape:` of a Data Matrix barcode.
package enum BarcodeShapeWord: String, PropertyWord { case square, rectangle, any }

/// `bearer:` of an ITF-14 barcode.
package enum BearerWord: String, PropertyWord { case frame, bars, none }

/// `rank:` of a node in a graph.
package enum RankWord: String, PropertyWord { case first, last }
