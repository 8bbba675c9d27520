// The messages of `labels` (Labels.swift), in one place to review for tone: each function's
// doc comment shows source that triggers it. Ids are SemanticsID's (Messages+Eval.swift).

import DrawDiagnostics

enum LabelsMessages {
    /// `group { labels template: "avery-5160", copies: 3 { … } }`.
    static func notTopLevel(at span: Span) -> Diagnostic {
        .error(.labelsNotTopLevel, at: span, "'labels' is allowed only at the top level of the main file (or inside a 'for' or 'if' there)")
    }

    /// `labels "avery-5160" { … }`: a setting without its name; `settings` are the names it takes.
    static func positional(settings: [String], at span: Span) -> Diagnostic {
        .error(.labelsPositional, at: span, "'labels' takes only 'name: value' settings (\(settings.joined(separator: ", ")))")
    }

    /// `labels templat: "avery-5160" { … }` (a did-you-mean when one is close).
    static func unknownSetting(_ name: String, settings: [String], notes: [Diagnostic.Note], fixIts: [Diagnostic.FixIt],
                               at span: Span) -> Diagnostic {
        .error(.unknownLabelsSetting, at: span, "unknown 'labels' setting '\(name)' (\(settings.joined(separator: ", ")))",
               notes: notes, fixIts: fixIts)
    }

    /// `labels template: "avery-5160", copies: 2.5 { … }`.
    static func copiesNotWhole(limit: Int, found type: String, at span: Span) -> Diagnostic {
        .error(.typeMismatch, at: span, "'copies' of 'labels' must be a whole number from 0 to \(limit), found \(type)")
    }

    /// `labels template: "avery-5160", copies: 3, start: 0 { … }`.
    static func startNotWhole(at span: Span) -> Diagnostic {
        .error(.typeMismatch, at: span, "'start' of 'labels' must be a whole number of at least 1 (the first cell to use, counted across then down)")
    }

    /// `labels template: "avery-5160", copies: 3, outline: 1 { … }`.
    static func outlineNotBool(found type: String, at span: Span) -> Diagnostic {
        .error(.typeMismatch, at: span, "'outline' of 'labels' must be true or false, found \(type)")
    }

    /// `labels template: "avery-5160", copies: 3, offset: 2 { … }`.
    static func offsetNotPoint(found type: String, at span: Span) -> Diagnostic {
        .error(.typeMismatch, at: span, "'offset' of 'labels' must be a point (x, y), found \(type)")
    }

    /// `labels template: "avery-5160", copies: 3, scale: "x" { … }`.
    static func scaleNotNumber(found type: String, at span: Span) -> Diagnostic {
        .error(.typeMismatch, at: span, "'scale' of 'labels' must be a positive number or percentage, found \(type)")
    }

    /// `labels copies: 3 { … }`.
    static func noTemplate(at span: Span) -> Diagnostic {
        .error(.labelsNoTemplate, at: span, "'labels' needs 'template:' (a sheet name such as \"avery-5160\", or a record)")
    }

    /// `labels template: "avery-5160", copies: 3, start: 40 { … }` on a sheet of 30 labels.
    static func startPastSheet(_ start: Int, cells: Int, columns: Int, rows: Int, at span: Span) -> Diagnostic {
        .error(.labelsStartPastSheet, at: span,
               "'start: \(start)' is past the sheet: the template has \(cells) labels (\(columns) × \(rows))")
    }

    /// `labels row in 5, template: "avery-5160" { … }`.
    static func notIterable(found type: String, at span: Span) -> Diagnostic {
        .error(.notIterable, at: span, "'labels' needs a list (such as csv(…)) or a range, found \(type)")
    }

    /// `labels row in rows, template: "avery-5160", copies: 2 { … }`.
    static func copiesAndData(at span: Span) -> Diagnostic {
        .error(.labelsCopiesAndData, at: span, "'labels' takes either a sequence ('labels row in …') or 'copies:', not both")
    }

    /// `labels template: "avery-5160" { … }`: nothing says how many.
    static func nothingToMake(at span: Span) -> Diagnostic {
        .error(.labelsNothing, at: span, "'labels' needs a sequence ('labels row in DATA, …') or 'copies: N'")
    }

    /// `labels template: "avery-5160", copies: 2000000 { … }`: past the loop limit.
    static func tooManyLabels(_ count: Int, limit: Int, at span: Span) -> Diagnostic {
        .error(.loopLimit, at: span, "'labels' would make \(count) labels; the limit is \(limit)")
    }

    /// Labels in all past `EvaluationLimits.maxLabels`; `before` counts those of earlier `labels` blocks.
    static func tooManyLabelsInAll(_ count: Int, before: Int, limit: Int, at span: Span) -> Diagnostic {
        let made = before > 0 ? " (with the \(before) made before)" : ""
        return .error(.loopLimit, at: span, "'labels' would make \(count) labels\(made); a drawing may have at most \(limit)")
    }

    /// `labels template: "avery-9999", copies: 3 { … }`: `templates` are the built-in sheets.
    static func unknownTemplate(_ name: String, templates: [String], notes: [Diagnostic.Note], fixIts: [Diagnostic.FixIt],
                                at span: Span) -> Diagnostic {
        .error(.unknownLabelTemplate, at: span,
               "unknown label template '\(name)' (the built-in sheets are \(templates.joined(separator: ", ")); or give a record)",
               notes: notes, fixIts: fixIts)
    }

    /// `labels template: {page: a4, size: (60mm, 30mm), columns: 3, rows: 8, gap: 2mm}`.
    static func unknownTemplateField(_ name: String, at span: Span) -> Diagnostic {
        .error(.labelTemplateField, at: span, "unknown field '\(name)' of a label template (page, size, columns, rows, margin, pitch, corner)")
    }

    /// `labels template: {page: a4, size: (60mm, 30mm)}`: a record without its required fields.
    static func templateIncomplete(at span: Span) -> Diagnostic {
        .error(.labelTemplateField, at: span,
               "a label template record needs page (a size name or (w, h)), size: (w, h), columns and rows (whole numbers from 1 to 1000)")
    }

    /// `labels template: {…, margin: 10mm}`.
    static func templateMargin(at span: Span) -> Diagnostic {
        .error(.labelTemplateField, at: span, "'margin' of a label template is (left, top)")
    }

    /// `labels template: {…, size: (60mm, 30mm), pitch: (50mm, 30mm)}`: cells that would overlap.
    static func templatePitch(at span: Span) -> Diagnostic {
        .error(.labelTemplateField, at: span, "'pitch' of a label template is (x, y), at least the label size")
    }

    /// `labels template: {…, corner: -2mm}`.
    static func templateCorner(at span: Span) -> Diagnostic {
        .error(.labelTemplateField, at: span, "'corner' of a label template is a length")
    }

    /// `labels template: 5160, copies: 3 { … }`.
    static func templateNotNameOrRecord(found type: String, at span: Span) -> Diagnostic {
        .error(.typeMismatch, at: span, "'template' of 'labels' must be a sheet name or a record, found \(type)")
    }
}
