import BlueprintTUI
@testable import BlueprintTerminal
import Testing

@Suite("MemoryCanvas")
@MainActor
struct MemoryCanvasTests {
    @Test("text past the right edge is clipped, and a wide character cut by the edge becomes a space")
    func clipsAtRightEdge() {
        let canvas = MemoryCanvas(rows: 2, columns: 5)
        canvas.draw("abcdefgh", row: 0, column: 2, style: .normal)
        canvas.draw("ab山", row: 1, column: 2, style: .normal)
        #expect(canvas.rows == ["  abc", "  ab "])
        #expect(canvas.rowWidths == [5, 5])
    }

    @Test("text left of the canvas or outside its rows is clipped")
    func clipsElsewhere() {
        let canvas = MemoryCanvas(rows: 1, columns: 4)
        canvas.draw("山xy", row: 0, column: -1, style: .normal)
        canvas.draw("nope", row: 1, column: 0, style: .normal)
        canvas.draw("nope", row: -1, column: 0, style: .normal)
        #expect(canvas.rows == [" xy "])
    }

    @Test("drawing over half of a wide character blanks its other half, as a terminal does")
    func overwritingWideCharacters() {
        let canvas = MemoryCanvas(rows: 1, columns: 6)
        canvas.draw("山田", row: 0, column: 0, style: .normal)
        canvas.draw("x", row: 0, column: 1, style: .normal)
        #expect(canvas.rows == [" x田  "])
        canvas.draw("y", row: 0, column: 2, style: .normal)
        #expect(canvas.rows == [" xy   "])
        #expect(canvas.rowWidths == [6])

        // A run of text over several wide characters: those cut at either end lose their other half.
        let wide = MemoryCanvas(rows: 2, columns: 8)
        wide.draw("山田中", row: 0, column: 0, style: .normal)
        wide.draw("abc", row: 0, column: 1, style: .normal)
        wide.draw("山田中", row: 1, column: 0, style: .normal)
        wide.draw("xy", row: 1, column: 3, style: .normal)
        #expect(wide.rows == [" abc中  ", "山 xy   "])
        #expect(wide.rowWidths == [8, 8])
    }

    @Test("the style map marks each cell's role, upper case when selected")
    func styleMap() {
        let canvas = MemoryCanvas(rows: 2, columns: 6)
        canvas.draw("ok", row: 0, column: 0, style: .success)
        canvas.draw("no", row: 0, column: 3, style: TextStyle.danger.selected)
        canvas.draw("山", row: 1, column: 1, style: .warning)
        #expect(canvas.styleMap == "ss DD\n ww")
        #expect(canvas.style(row: 0, column: 3) == TextStyle.danger.selected)
    }

    @Test("the attribute map shows what a monochrome terminal draws")
    func attributeMap() {
        let canvas = MemoryCanvas(rows: 1, columns: 4)
        canvas.draw("a", row: 0, column: 0, style: .header)
        canvas.draw("b", row: 0, column: 1, style: .danger)
        canvas.draw("c", row: 0, column: 2, style: TextStyle.normal.selected)
        #expect(canvas.attributeMap(theme: Theme(capability: .monochrome)) == "152")
    }

    @Test("clearing blanks every cell and hides the cursor")
    func clearing() {
        let canvas = MemoryCanvas(rows: 1, columns: 3)
        canvas.draw("abc", row: 0, column: 0, style: .danger)
        canvas.cursor = CanvasPoint(row: 0, column: 1)
        canvas.clear()
        #expect(canvas.text == "")
        #expect(canvas.styleMap == "")
        #expect(canvas.cursor == nil)
    }
}
