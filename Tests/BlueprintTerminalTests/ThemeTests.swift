@testable import BlueprintTerminal
import Testing

@Suite("Theme and colour capability")
struct ThemeTests {
    @Test("NO_COLOR with any non-empty value means no colour, even on a 256-colour terminal")
    func noColor() {
        #expect(ColorCapability.detect(environment: ["NO_COLOR": "1"], hasColors: true, colors: 256) == .monochrome)
        #expect(ColorCapability.detect(environment: ["NO_COLOR": "yes"], hasColors: true, colors: 16) == .monochrome)
        #expect(ColorCapability.detect(environment: ["NO_COLOR": ""], hasColors: true, colors: 256) == .indexed256)
    }

    @Test("the terminal's colour count picks the palette")
    func colorCounts() {
        #expect(ColorCapability.detect(environment: [:], hasColors: false, colors: -1) == .monochrome)
        #expect(ColorCapability.detect(environment: [:], hasColors: true, colors: 2) == .monochrome)
        #expect(ColorCapability.detect(environment: [:], hasColors: true, colors: 8) == .ansi8)
        #expect(ColorCapability.detect(environment: [:], hasColors: true, colors: 16) == .ansi16)
        #expect(ColorCapability.detect(environment: [:], hasColors: true, colors: 256) == .indexed256)
        #expect(ColorCapability.detect(environment: [:], hasColors: true, colors: 16_777_216) == .indexed256)
    }

    @Test("without colour, roles that carry meaning still look different from normal text and from each other")
    func monochromeDistinctions() {
        let theme = Theme(capability: .monochrome)
        func look(_ style: TextStyle) -> CellStyle { theme.cellStyle(for: style) }
        for style in TextStyle.all {
            #expect(look(style).foreground == .terminalDefault && look(style).background == .terminalDefault)
        }
        let meaningful: [TextStyle] = [.danger, .warning, .muted, .header, .columnHeader, .tabActive, .statusBar]
        for style in meaningful {
            #expect(look(style) != look(.normal), "\(style.role)")
        }
        #expect(look(.danger) != look(.warning))
        #expect(look(.danger) != look(.header))
        #expect(look(.danger) != look(.muted))
        #expect(look(.tabActive) != look(.tabInactive))
    }

    @Test("over budget stays distinguishable when its row is selected, without colour")
    func selectedDangerWithoutColor() {
        let theme = Theme(capability: .monochrome)
        let selectedDanger = theme.cellStyle(for: TextStyle.danger.selected)
        #expect(selectedDanger != theme.cellStyle(for: TextStyle.normal.selected))
        #expect(selectedDanger.attributes.contains(.reverse))
    }

    @Test("an over-budget amount in a rendered table shows in the attribute map without colour")
    @MainActor
    func renderedDangerWithoutColor() {
        let canvas = MemoryCanvas(rows: 3, columns: 40)
        let model = TableViewModel(columns: [TableColumn("Category", minWidth: 10, flex: 1),
                                             TableColumn("Left", minWidth: 8, alignment: .right)], rowCount: 2)
        TableView.render(model, into: canvas, rect: CanvasRect(canvas.size)) { row, column in
            column == 0 ? TableCell(DisplayText(row == 0 ? "Venue" : "Flowers"))
                : row == 1 ? TableCell("-$200", style: .danger) : TableCell("$50")
        }
        let attributes = canvas.attributeMap(theme: Theme(capability: .monochrome)).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(attributes[1] == "2222222222222222222222222222222222222222")
        #expect(attributes[2] == "                                   55555")
    }

    @Test("colour keeps the user's background for text; only the tabs and status bar paint one")
    func defaultBackground() {
        for capability in [ColorCapability.ansi8, .ansi16, .indexed256] {
            let theme = Theme(capability: capability)
            for style in TextStyle.all where ![.tabActive, .statusBar].contains(style.role) {
                #expect(theme.cellStyle(for: style).background == .terminalDefault, "\(style.role) \(capability)")
            }
        }
    }

    @Test("sixteen colours on an eight-colour terminal: bright colours become bold, grey becomes dim")
    func eightColors() {
        let theme = Theme(capability: .ansi8)
        for style in TextStyle.all {
            let look = theme.cellStyle(for: style)
            for color in [look.foreground, look.background] {
                if case .palette(let index) = color { #expect(index < 8, "\(style.role)") }
            }
        }
        #expect(theme.cellStyle(for: .muted) == CellStyle(attributes: .dim))
        #expect(theme.cellStyle(for: .tabActive).attributes.contains(.bold))
    }

    @Test("256 colours refine the sixteen-colour design")
    func richerColors() {
        let sixteen = Theme(capability: .ansi16)
        let rich = Theme(capability: .indexed256)
        #expect(rich.cellStyle(for: .warning).foreground != sixteen.cellStyle(for: .warning).foreground)
        #expect(rich.cellStyle(for: .danger).attributes == sixteen.cellStyle(for: .danger).attributes)
        for style in TextStyle.all {
            if case .palette(let index) = sixteen.cellStyle(for: style).foreground { #expect(index < 16) }
        }
    }
}
