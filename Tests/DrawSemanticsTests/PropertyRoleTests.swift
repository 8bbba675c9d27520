import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawScene
@testable import DrawSemantics
import Testing

/// Property semantics by role (DrawCatalogue's `PropertyRole`): the roles agree with the
/// catalogue's groups, each inherited property is pushed down by its own case, and node
/// storage compares by value through synthesised conformances.
@Suite struct PropertyRoleTests {
    /// The inherited properties are exactly the paint and text roles, which are exactly the
    /// catalogue's paint and text groups.
    @Test func rolesAgreeWithTheCatalogueGroups() {
        for property in Property.allCases {
            switch property.role {
            case .paint: #expect(property.spec.group == .paint && property.spec.isInherited, "\(property.name)")
            case .text: #expect(property.spec.group == .text && property.spec.isInherited, "\(property.name)")
            case .style, .geometry, .textFit, .effect, .path, .connector, .shape, .ink, .barcode, .graph:
                #expect(!property.spec.isInherited, "\(property.name)")
            }
        }
        #expect(Property.fill.isLinePaint && Property.fillRule.isLinePaint && !Property.color.isLinePaint)
    }

    /// Each inherited property's copy moves its own value: from a style where every inherited
    /// property differs from the initial one, copying one property changes the initial style.
    @Test func copyMovesEachInheritedProperty() {
        var source = ResolvedStyle.initial
        source.fill = .white; source.fillPaint = nil; source.stroke = nil; source.lineWidth = 3
        source.lineCap = .round; source.lineJoin = .bevel; source.miterLimit = 9; source.dash = [2]
        source.dashOffset = 1; source.fillRule = .evenOdd; source.fonts = ["Courier"]; source.fontSize = 20
        source.bold = true; source.italic = true; source.color = .white; source.textAlign = .right
        source.lineHeight = .absolute(30)
        var t = Typography()
        t.underline = true; t.strikethrough = true; t.letterSpacing = 1; t.wordSpacing = 2; t.textTransform = .uppercase
        t.smallCaps = true; t.baselineShift = 3; t.hyphenate = true; t.markup = true; t.textDirection = .rtl; t.tabStops = [10]
        t.features = ["-kern"]
        source.typography = t
        for property in Property.inherited {
            var target = ResolvedStyle.initial
            Evaluation.copy(property, from: source, to: &target)
            #expect(target != ResolvedStyle.initial, "copying '\(property.name)' changed nothing")
        }
        var target = ResolvedStyle.initial
        Evaluation.copy(.width, from: source, to: &target)
        #expect(target == ResolvedStyle.initial)
    }

    /// Equality is the value's: a boxed geometry value set back to its default is the plain
    /// geometry, and where a markup font came from is not part of its settings.
    @Test func storageComparesByValue() {
        var geometry = NodeGeometry()
        geometry.via = [PointValue(Point(1, 2))]
        #expect(geometry != NodeGeometry())
        geometry.via = []
        #expect(geometry == NodeGeometry())
        #expect(geometry.hashValue == NodeGeometry().hashValue)
        var a = MarkupStyle(), b = MarkupStyle()
        a.fonts = ["Courier"]; b.fonts = ["Courier"]; a.fontOffset = 3; b.fontOffset = 9
        #expect(a == b)
        b.bold = true
        #expect(a != b)
        var style = ResolvedStyle.initial
        style.fill = .white
        style.fill = nil
        #expect(style == ResolvedStyle.initial)
        // A gradient or pattern set and taken away again is the plain style (its presence
        // bit, which layout's fast path reads, goes with it); while set, it is read back.
        let dots = PaintSpec(kind: .dots(spacing: 4, radius: 1, color: .black), stops: [], spread: .pad, pageUnits: false)
        #expect(!style.hasPaintSpecs)
        style.fillPaint = dots
        #expect(style.hasPaintSpecs && style.fillPaint == dots && style.strokePaint == nil && style != ResolvedStyle.initial)
        style.strokePaint = dots
        style.fillPaint = nil
        #expect(style.hasPaintSpecs && style.fillPaint == nil && style.strokePaint == dots)
        style.strokePaint = nil
        #expect(!style.hasPaintSpecs && style == ResolvedStyle.initial)
        #expect(style.hashValue == ResolvedStyle.initial.hashValue)
    }

    /// The settings of `page` and `labels` are the catalogue's, and what the language server
    /// says of each is its entry's.
    @Test func pageAndLabelsSettingsComeFromTheCatalogue() {
        #expect(Evaluation.pagePropertyNames == PageSetting.allCases.map(\.name))
        #expect(Evaluation.labelsSettingNames == LabelsSetting.allCases.map(\.name))
        let bleed = LanguageQueries.pageSettings.first { $0.name == "bleed" }
        #expect(bleed?.expected == "a length from 0 to 1in" && bleed?.takesColor == false)
        #expect(LanguageQueries.pageSettings.first { $0.name == "marks" }?.words == ["crop", "none"])
        #expect(LanguageQueries.units == UnitSpec.all.map(\.name))
    }
}
