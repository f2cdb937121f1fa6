/// A bordered box for dialogs and overlays, with an optional title in the top border. Line
/// drawing characters where the locale has them, ASCII otherwise.
public enum BoxFrame {
    /// Blanks `rect` and draws its border.
    @MainActor
    public static func render(into canvas: any Canvas, rect: CanvasRect, title: DisplayText = .empty,
                              footer: DisplayText = .empty) {
        guard rect.rows >= 2, rect.columns >= 2 else { return }
        let glyphs = TerminalLocale.isUTF8 ? ["┌", "┐", "└", "┘", "─", "│"] : ["+", "+", "+", "+", "-", "|"]
        let corner = glyphs.map { DisplayText($0) }
        let inner = rect.columns - 2
        let line = DisplayText(String(repeating: glyphs[4], count: inner))
        canvas.fill(rect)
        canvas.draw(corner[0] + line + corner[1], row: rect.row, column: rect.column, style: .border)
        canvas.draw(corner[2] + line + corner[3], row: rect.bottom - 1, column: rect.column, style: .border)
        for row in rect.row + 1..<rect.bottom - 1 {
            canvas.draw(corner[5], row: row, column: rect.column, style: .border)
            canvas.draw(corner[5], row: row, column: rect.column + rect.columns - 1, style: .border)
        }
        if !title.isEmpty && inner > 4 {
            canvas.draw(" " + title.truncated(toWidth: inner - 4) + " ", row: rect.row, column: rect.column + 2, style: .border)
        }
        if !footer.isEmpty && inner > 4 {
            let shown = " " + footer.truncated(toWidth: inner - 4) + " "
            canvas.draw(shown, row: rect.bottom - 1, column: rect.column + rect.columns - 2 - shown.width, style: .border)
        }
    }
}

