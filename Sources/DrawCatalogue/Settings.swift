// The settings of the statements that are not nodes: `page`, `labels` and `pattern`. Each is a case of
// its enum with what a tool needs to know about it; evaluation switches over the enum,
// exhaustively, and the language server reads the entries.

/// What the language says about one setting of `page` or `labels`.
package struct SettingSpec: Sendable {
    /// What it takes, as messages and hover word it.
    package let expects: String
    /// The words it accepts (completion), empty when none.
    package let words: [String]
    package let takesColor: Bool
    package let takesLength: Bool

    init(_ expects: String, words: [String] = [], color: Bool = false, length: Bool = false) {
        self.expects = expects; self.words = words; self.takesColor = color; self.takesLength = length
    }
}

/// A setting of `page` (`page size: a4, margin: 1cm`).
package enum PageSetting: String, CaseIterable, Sendable {
    case size, orientation, margin, background, bleed, marks

    package var name: String { rawValue }
    /// The setting called `name`, or nil.
    package static func named(_ name: String) -> PageSetting? { PageSetting(rawValue: name) }
    /// Every name, in declaration order (messages list them so).
    package static let names: [String] = allCases.map(\.name)

    package var spec: SettingSpec {
        switch self {
        case .size: SettingSpec("a page size name or (width, height)", words: PageSizeName.all.map(\.name), length: true)
        case .orientation: SettingSpec("portrait or landscape", words: ["landscape", "portrait"])
        case .margin: SettingSpec("a length, (vertical, horizontal) or (top, right, bottom, left)", length: true)
        case .background: SettingSpec("a color or 'none'", words: ["none"], color: true)
        case .bleed: SettingSpec("a length from 0 to 1in", length: true)
        case .marks: SettingSpec("crop or none", words: ["crop", "none"])
        }
    }
}

/// A setting of `labels` (`labels row in data, template: "avery-5160"`).
package enum LabelsSetting: String, CaseIterable, Sendable {
    case template, copies, start, outline, offset, scale

    package var name: String { rawValue }
    /// The setting called `name`, or nil.
    package static func named(_ name: String) -> LabelsSetting? { LabelsSetting(rawValue: name) }
    /// Every name, in declaration order (messages list them so).
    package static let names: [String] = allCases.map(\.name)
}

/// A setting of `pattern` (`pattern bricks, size: (24, 12), rotate: 45deg { … }`).
package enum PatternSetting: String, CaseIterable, Sendable {
    case size, spacing, rotate, scale, origin

    package var name: String { rawValue }
    /// The setting called `name`, or nil.
    package static func named(_ name: String) -> PatternSetting? { PatternSetting(rawValue: name) }
    /// Every name, sorted (did-you-mean looks among them in this order).
    package static let names: [String] = allCases.map(\.name).sorted()
}
