// Line breaking by the Unicode line breaking algorithm (UAX #14, the rules LB1–LB31 with
// the default tailoring, Unicode version of `LineBreak+Generated.swift`).
//
// Takes the scalars of one paragraph; hands back, for every position between two scalars,
// whether a line may (or must) end there. Kinsoku comes with the classes: closing
// punctuation (CL, CP: `」`, `）`), full stops and commas (CL: `。`, `、`), small kana and
// iteration marks (NS, from CJ: `ぁ`, `ー`, `々`) never start a line, opening punctuation
// (OP: `「`) never ends one; between ideographs (ID) a line may end anywhere. URLs break
// after `/` (SY only before a digit is held) and hyphens break after (HY, BA).
//
// Rule LB30b's second part ([\p{Extended_Pictographic}&\p{Cn}] × EM) reads the class IDEP,
// which the table gives the unassigned pictographic scalars (from emoji-data.txt); every
// other rule sees them as ID. Not done: no dictionary for SA scripts (Thai, Lao, …: drawc
// reports them as complex scripts before they are drawn).

/// The Line_Break property values, in the order of `scripts/generate-linebreak-table.py`.
/// `OPEA`/`CPEA` are OP and CP whose East_Asian_Width is F, W or H (rule LB30); `IDEP` is
/// ID whose scalar is an unassigned Extended_Pictographic (rule LB30b).
enum LineBreakClass: UInt8 {
    case BK, CR, LF, NL, SP, ZW, ZWJ, CM, WJ, GL, BA, HY, BB, B2
    case CL, CP, EX, IS, SY, OP, QU, NS, IN, NU, AL, HL, PR, PO
    case ID, EB, EM, CB, JL, JV, JT, H2, H3, RI, AI, SG, XX, SA
    case CJ, OPEA, CPEA
    case IDEP

    /// The class of a scalar as the table gives it (before rule LB1's resolution).
    static func raw(_ scalar: Unicode.Scalar) -> LineBreakClass {
        let v = scalar.value
        // Binary search for the last range starting at or before `v`.
        var low = 0, high = rangeStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if rangeStarts[mid] <= v { low = mid } else { high = mid - 1 }
        }
        return LineBreakClass(rawValue: rangeClasses[low]) ?? .XX
    }

    /// The class after rule LB1: AI, SG and XX resolve to AL; SA to CM for combining marks,
    /// else AL; CJ to NS (the strict behaviour: small kana never start a line).
    static func resolved(_ scalar: Unicode.Scalar) -> LineBreakClass {
        if scalar.value < 0x80 { return asciiClasses[Int(scalar.value)] }
        let c = raw(scalar)
        switch c {
        case .AI, .SG, .XX: return .AL
        case .SA:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark: return .CM
            default: return .AL
            }
        case .CJ: return .NS
        default: return c
        }
    }

    private static let asciiClasses: [LineBreakClass] = (0..<128).map { raw(Unicode.Scalar(UInt8($0))) }

    /// OP of either width.
    var isOpen: Bool { self == .OP || self == .OPEA }
    /// CP of either width.
    var isCloseParen: Bool { self == .CP || self == .CPEA }
    var isAlphabetic: Bool { self == .AL || self == .HL }
}

/// What may happen between two scalars.
enum LineBreakAction: UInt8 {
    /// The line may not end here.
    case prohibited
    /// The line may end here.
    case allowed
    /// The line must end here (after BK, CR, LF, NL).
    case mandatory
}

/// Break actions of a paragraph: `result[i]` is what may happen between `classes[i - 1]`
/// and `classes[i]` (`result[0]` is always `.prohibited`: no line starts empty).
func lineBreakActions(_ classes: [LineBreakClass]) -> [LineBreakAction] {
    let n = classes.count
    var result = [LineBreakAction](repeating: .prohibited, count: n)
    guard n > 1 else { return result }
    // The effective class of the character before the current one (after LB9).
    var before = classes[0]
    if before == .CM || before == .ZWJ { before = .AL }   // LB10
    // LB30b: `before` is an unassigned Extended_Pictographic (an ID to every other rule).
    var pictographic = before == .IDEP
    if pictographic { before = .ID }
    // The effective class before the run of spaces that ends at the current position
    // (LB14–LB17), and whether the last character was a space.
    var beforeSpaces = before
    // Regional indicators in a row (LB30a), counting the one before the current position.
    var regionalRun = before == .RI ? 1 : 0
    // LB21a: the character before `before` was HL (and `before` is HY or BA).
    var hebrewBeforeHyphen = false
    // LB8: a ZW, possibly followed by spaces, precedes the current position.
    var afterZW = before == .ZW
    // LB25: where the characters before the current position stand in a number.
    var number: NumberState = before == .NU ? .digits : .none

    for i in 1..<n {
        var b = classes[i]
        let a = before
        // LB9: X (CM | ZWJ)* → X, unless X is BK, CR, LF, NL, SP or ZW.
        if b == .CM || b == .ZWJ {
            switch a {
            case .BK, .CR, .LF, .NL, .SP, .ZW:
                break
            default:
                // Glued to its base: no break before it; it takes the base's class.
                result[i] = .prohibited
                continue
            }
            b = .AL   // LB10
        }
        let isPictographic = b == .IDEP
        if isPictographic { b = .ID }
        var next = i + 1 < n ? classes[i + 1] : .XX
        if next == .IDEP { next = .ID }
        // LB30b: [\p{Extended_Pictographic}&\p{Cn}] × EM
        let action = pictographic && b == .EM && !afterZW ? .prohibited
            : pairAction(a, b, beforeSpaces: beforeSpaces, regionalRun: regionalRun,
                         hebrewBeforeHyphen: hebrewBeforeHyphen, afterZW: afterZW,
                         zwjBefore: classes[i - 1] == .ZWJ, number: number, next: next)
        pictographic = isPictographic
        result[i] = action
        // Advance the state past position i.
        hebrewBeforeHyphen = (b == .HY || b == .BA) && a == .HL
        if b == .SP {
            // Spaces keep the class before them.
            if a != .SP { beforeSpaces = a }
        } else {
            beforeSpaces = b
        }
        switch b {
        case .NU: number = .digits
        case .SY, .IS: if number != .digits { number = .none }
        case .CL, .CP, .CPEA: number = number == .digits ? .closed : .none
        default: number = .none
        }
        if b == .ZW { afterZW = true } else if b != .SP { afterZW = false }
        regionalRun = b == .RI ? (a == .RI ? regionalRun + 1 : 1) : 0
        before = b
    }
    return result
}

/// How the characters before a position end, for LB25.
enum NumberState {
    case none
    /// NU (NU | SY | IS)*
    case digits
    /// NU (NU | SY | IS)* (CL | CP)
    case closed
}

/// The rules LB4–LB31 for the pair `a` `b` (after LB9/LB10), with the state they look back at.
private func pairAction(_ a: LineBreakClass, _ b: LineBreakClass, beforeSpaces: LineBreakClass, regionalRun: Int,
                        hebrewBeforeHyphen: Bool, afterZW: Bool, zwjBefore: Bool, number: NumberState,
                        next: LineBreakClass) -> LineBreakAction {
    // LB4, LB5: after hard breaks (CR × LF).
    if a == .BK { return .mandatory }
    if a == .CR { return b == .LF ? .prohibited : .mandatory }
    if a == .LF || a == .NL { return .mandatory }
    // LB6: × (BK | CR | LF | NL)
    if b == .BK || b == .CR || b == .LF || b == .NL { return .prohibited }
    // LB7: × SP, × ZW
    if b == .SP || b == .ZW { return .prohibited }
    // LB8: ZW SP* ÷
    if afterZW { return .allowed }
    // LB8a: ZWJ ×
    if zwjBefore { return .prohibited }
    // LB11: × WJ, WJ ×
    if a == .WJ || b == .WJ { return .prohibited }
    // LB12: GL ×
    if a == .GL { return .prohibited }
    // LB12a: [^SP BA HY] × GL
    if b == .GL && a != .SP && a != .BA && a != .HY { return .prohibited }
    // LB13: × CL, × CP, × EX, × IS, × SY
    if b == .CL || b.isCloseParen || b == .EX || b == .IS || b == .SY { return .prohibited }
    // LB14: OP SP* ×
    if beforeSpaces.isOpen { return .prohibited }
    // LB15: QU SP* × OP
    if beforeSpaces == .QU && b.isOpen { return .prohibited }
    // LB16: (CL | CP) SP* × NS
    if (beforeSpaces == .CL || beforeSpaces.isCloseParen) && b == .NS { return .prohibited }
    // LB17: B2 SP* × B2
    if beforeSpaces == .B2 && b == .B2 { return .prohibited }
    // LB18: SP ÷
    if a == .SP { return .allowed }
    // LB19: × QU, QU ×
    if a == .QU || b == .QU { return .prohibited }
    // LB20: ÷ CB, CB ÷
    if a == .CB || b == .CB { return .allowed }
    // LB21: × BA, × HY, × NS, BB ×
    if b == .BA || b == .HY || b == .NS || a == .BB { return .prohibited }
    // LB21a: HL (HY | BA) ×
    if hebrewBeforeHyphen && (a == .HY || a == .BA) { return .prohibited }
    // LB21b: SY × HL
    if a == .SY && b == .HL { return .prohibited }
    // LB22: × IN
    if b == .IN { return .prohibited }
    // LB23: (AL | HL) × NU, NU × (AL | HL)
    if (a.isAlphabetic && b == .NU) || (a == .NU && b.isAlphabetic) { return .prohibited }
    // LB23a: PR × (ID | EB | EM), (ID | EB | EM) × PO
    if a == .PR && (b == .ID || b == .EB || b == .EM) { return .prohibited }
    if (a == .ID || a == .EB || a == .EM) && b == .PO { return .prohibited }
    // LB24: (PR | PO) × (AL | HL), (AL | HL) × (PR | PO)
    if (a == .PR || a == .PO) && b.isAlphabetic { return .prohibited }
    if a.isAlphabetic && (b == .PR || b == .PO) { return .prohibited }
    // LB25 (the regular expression form, as LineBreakTest.txt has it): a number
    // (PR | PO)? (OP | HY)? NU (NU | SY | IS)* (CL | CP)? (PR | PO)? is not broken.
    if (a == .PR || a == .PO) && (b == .NU || ((b.isOpen || b == .HY) && next == .NU)) { return .prohibited }
    if (a.isOpen || a == .HY) && b == .NU { return .prohibited }
    if number == .digits && (b == .NU || b == .SY || b == .IS || b == .CL || b.isCloseParen) { return .prohibited }
    if number != .none && (b == .PR || b == .PO) { return .prohibited }
    // LB26: Korean syllable blocks.
    if a == .JL && (b == .JL || b == .JV || b == .H2 || b == .H3) { return .prohibited }
    if (a == .JV || a == .H2) && (b == .JV || b == .JT) { return .prohibited }
    if (a == .JT || a == .H3) && b == .JT { return .prohibited }
    // LB27: (JL | JV | JT | H2 | H3) × PO, PR × (JL | JV | JT | H2 | H3)
    let korean: (LineBreakClass) -> Bool = { $0 == .JL || $0 == .JV || $0 == .JT || $0 == .H2 || $0 == .H3 }
    if korean(a) && b == .PO { return .prohibited }
    if a == .PR && korean(b) { return .prohibited }
    // LB28: (AL | HL) × (AL | HL)
    if a.isAlphabetic && b.isAlphabetic { return .prohibited }
    // LB29: IS × (AL | HL)
    if a == .IS && b.isAlphabetic { return .prohibited }
    // LB30: (AL | HL | NU) × OP (not East Asian wide), CP (not wide) × (AL | HL | NU)
    if (a.isAlphabetic || a == .NU) && b == .OP { return .prohibited }
    if a == .CP && (b.isAlphabetic || b == .NU) { return .prohibited }
    // LB30a: RI pairs stay together.
    if a == .RI && b == .RI && regionalRun % 2 == 1 { return .prohibited }
    // LB30b: EB × EM
    if a == .EB && b == .EM { return .prohibited }
    // LB31: break everywhere else.
    return .allowed
}
