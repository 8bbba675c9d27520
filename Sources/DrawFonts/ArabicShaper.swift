// The Arabic shaper (also Syriac, N'Ko-style joining): each letter's joining form from its
// neighbours — Unicode's joining rules (The Unicode Standard, 9.2 "Arabic", and
// ArabicShaping.txt) — selected with the isol, fina, fin2, fin3, medi, med2 and init feature
// masks; the lookups of rlig, calt, mset and the common features do the rest.

/// Joining_Type, with the Syriac joining groups that choose fin2 and fin3.
enum JoiningKind: UInt8 {
    case nonJoining = 0, leftJoining = 1, rightJoining = 2, dualJoining = 3, joinCausing = 4, transparent = 5
    case alaph = 6, dalathRish = 7

    static func of(_ scalar: Unicode.Scalar) -> JoiningKind {
        let v = scalar.value
        if v >= 0x0600 {
            var lo = 0, hi = arabicJoiningRanges.count
            while lo < hi {
                let mid = (lo + hi) / 2
                let (first, last, kind) = arabicJoiningRanges[mid]
                if v < first { hi = mid } else if v > last { lo = mid + 1 } else { return JoiningKind(rawValue: kind) ?? .nonJoining }
            }
        } else if v == 0x00AD { return .transparent }
        if v == 0x200D { return .joinCausing }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return .transparent
        default: return .nonJoining
        }
    }

    /// Joins the character after it (in logical order).
    var joinsFollowing: Bool {
        switch self {
        case .dualJoining, .leftJoining, .joinCausing: true
        case .nonJoining, .rightJoining, .transparent, .alaph, .dalathRish: false
        }
    }

    /// Joins the character before it.
    var joinsPreceding: Bool {
        switch self {
        case .dualJoining, .rightJoining, .joinCausing, .alaph, .dalathRish: true
        case .nonJoining, .leftJoining, .transparent: false
        }
    }
}

enum ArabicShaper {
    /// Sets each letter's form mask from the letters around it (transparent characters —
    /// marks — are looked through and take no form).
    static func setMasks(_ buffer: inout [ShapingItem], plan: ShapingPlan) {
        let kinds = buffer.map { JoiningKind.of(Unicode.Scalar($0.codepoint) ?? " ") }
        var forms = [String?](repeating: nil, count: buffer.count)
        var previous: Int? = nil          // the last non-transparent character
        var joinedBefore = [Bool](repeating: false, count: buffer.count)
        var joinedAfter = [Bool](repeating: false, count: buffer.count)
        for i in buffer.indices where kinds[i] != .transparent {
            if let p = previous, kinds[p].joinsFollowing, kinds[i].joinsPreceding {
                joinedAfter[p] = true
                joinedBefore[i] = true
            }
            previous = i
        }
        var last: Int? = nil
        for i in buffer.indices where kinds[i] != .transparent {
            defer { last = i }
            let kind = kinds[i]
            guard kind != .nonJoining else { continue }
            switch (joinedBefore[i], joinedAfter[i]) {
            case (true, true): forms[i] = "medi"
            case (true, false): forms[i] = "fina"
            case (false, true): forms[i] = "init"
            case (false, false): forms[i] = "isol"
            }
            // Syriac Alaph at the end of a word not joined to the letter before: fin2 after a
            // letter that does not join forward, fin3 after Dalath or Rish.
            if kind == .alaph, !joinedBefore[i], let p = last, kinds[p] != .nonJoining {
                forms[i] = kinds[p] == .dalathRish ? "fin3" : "fin2"
            }
        }
        for i in buffer.indices {
            if let form = forms[i] { buffer[i].mask |= plan.mask(form) }
        }
    }
}

/// The Thai and Lao shaper: sara am (U+0E33, U+0EB3) is split into nikhahit and sara aa, the
/// nikhahit moved before the tone marks above the consonant, as HarfBuzz does before GSUB.
enum ThaiShaper {
    static func isAboveBaseMark(_ v: UInt32) -> Bool {
        let u = v & ~0x0080  // Lao is Thai + 0x80 for these
        return (0x0E34...0x0E37).contains(u) || (0x0E47...0x0E4E).contains(u) || u == 0x0E31 || u == 0x0E3B
    }

    static func preprocess(_ buffer: inout [ShapingItem], font: TrueTypeFontRef) {
        var i = 0
        while i < buffer.count {
            let v = buffer[i].codepoint
            guard v == 0x0E33 || v == 0x0EB3 else { i += 1; continue }
            let nikhahit = v + 0x1A, saraAA = v - 1
            var n = buffer[i]
            n.codepoint = nikhahit
            n.glyph = font.glyph(for: Unicode.Scalar(nikhahit)!) ?? 0
            buffer[i].codepoint = saraAA
            buffer[i].glyph = font.glyph(for: Unicode.Scalar(saraAA)!) ?? 0
            buffer.insert(n, at: i)
            // Move the nikhahit before the above-base marks before it.
            let end = i + 2
            var start = i
            while start > 0, isAboveBaseMark(buffer[start - 1].codepoint) { start -= 1 }
            if start + 2 < end {
                let cluster = buffer[start..<end].map(\.cluster).min()!
                for k in start..<end { buffer[k].cluster = cluster }
                let moved = buffer.remove(at: i)
                buffer.insert(moved, at: start)
            } else if start > 0 {
                // Nikhahit is a mark: it joins the cluster before.
                var s = start - 1
                let c = buffer[s].cluster
                while s > 0, buffer[s - 1].cluster == c { s -= 1 }
                let cluster = buffer[s..<end].map(\.cluster).min()!
                for k in s..<end { buffer[k].cluster = cluster }
            }
            i = end
        }
    }
}

/// The Hebrew shaper's fallback for fonts that cannot position points (no GPOS `mark`): a
/// letter and its point become the presentation form that has both (U+FB1D–U+FB4F), as
/// HarfBuzz composes them; Unicode's normalization excludes these forms.
enum HebrewShaper {
    /// The letters U+05D0…U+05EA with dagesh (0: none).
    static let dageshForms: [UInt32] = [
        0xFB30, 0xFB31, 0xFB32, 0xFB33, 0xFB34, 0xFB35, 0xFB36, 0, 0xFB38, 0xFB39, 0xFB3A, 0xFB3B, 0xFB3C, 0, 0xFB3E, 0,
        0xFB40, 0xFB41, 0, 0xFB43, 0xFB44, 0, 0xFB46, 0xFB47, 0xFB48, 0xFB49, 0xFB4A,
    ]

    static func presentationForm(_ a: UInt32, _ b: UInt32) -> UInt32? {
        let form: UInt32
        switch b {
        case 0x05B4: form = a == 0x05D9 ? 0xFB1D : 0                                  // hiriq
        case 0x05B7: form = a == 0x05F2 ? 0xFB1F : a == 0x05D0 ? 0xFB2E : 0          // patah
        case 0x05B8: form = a == 0x05D0 ? 0xFB2F : 0                                  // qamats
        case 0x05B9: form = a == 0x05D5 ? 0xFB4B : 0                                  // holam
        case 0x05BC:                                                                  // dagesh
            if (0x05D0...0x05EA).contains(a) { form = dageshForms[Int(a - 0x05D0)] }
            else { form = a == 0xFB2A ? 0xFB2C : a == 0xFB2B ? 0xFB2D : 0 }
        case 0x05BF: form = a == 0x05D1 ? 0xFB4C : a == 0x05DB ? 0xFB4D : a == 0x05E4 ? 0xFB4E : 0  // rafe
        case 0x05C1: form = a == 0x05E9 ? 0xFB2A : a == 0xFB49 ? 0xFB2C : 0          // shin dot
        case 0x05C2: form = a == 0x05E9 ? 0xFB2B : a == 0xFB49 ? 0xFB2D : 0          // sin dot
        default: form = 0
        }
        return form == 0 ? nil : form
    }
}
