import BlueprintTUI
@testable import BlueprintTerminal

/// Guest names that stress layout and sanitising: wide scripts, emoji, combining accents, and
/// hostile text (escape sequences, an OSC title change, a carriage return, a bidi override).
enum Names {
    static let cjk = "山田 太郎"
    static let emoji = "Zoë 😀 Smith"
    /// "é" written as e + COMBINING ACUTE ACCENT.
    static let combining = "Ame\u{301}lie Poulain"
    static let escape = "Evil\u{1B}[2J\u{1B}[31mRed"
    static let oscTitle = "Title\u{1B}]0;pwned\u{07}Guest"
    static let carriageReturn = "Over\rwrite"
    static let bidi = "Bidi \u{202E}desrever\u{202C} name"

    static let all = [cjk, emoji, combining, escape, oscTitle, carriageReturn, bidi]
}

/// A table of guests like the guest pane's: name, RSVP, email and amount columns.
@MainActor
enum GuestTable {
    static let columns = [
        TableColumn("Name", minWidth: 12, maxWidth: 30, flex: 3, priority: 10),
        TableColumn("RSVP", minWidth: 9, priority: 5),
        TableColumn("Email", minWidth: 14, flex: 2, priority: 1),
        TableColumn("Owed", minWidth: 9, alignment: .right, priority: 4),
    ]

    static func name(_ row: Int) -> String { "\(Names.all[row % Names.all.count]) \(row)" }

    static func cell(row: Int, column: Int) -> TableCell {
        switch column {
        case 0: TableCell(DisplayText(name(row)))
        case 1: row % 3 == 0 ? TableCell("attending", style: .success) : TableCell("pending", style: .muted)
        case 2: TableCell(DisplayText("guest\(row)@example.com"))
        default: TableCell(DisplayText("$\(row * 25).00"), style: row % 4 == 0 ? .danger : .normal)
        }
    }

    static func render(_ model: TableViewModel, on canvas: MemoryCanvas, rect: CanvasRect? = nil) {
        TableView.render(model, into: canvas, rect: rect ?? CanvasRect(canvas.size), cell: cell)
    }
}

extension MemoryCanvas {
    /// The display width of each row, which must always equal the canvas width.
    var rowWidths: [Int] { rows.map { DisplayText($0).width } }
}

/// A guest pane as the panes will draw it: header with tabs, the table, the status line.
@MainActor
enum GuestFrame {
    static func render(_ model: TableViewModel, on canvas: MemoryCanvas) {
        let size = canvas.size
        HeaderBar(title: "Ana & Ben — 2026-09-12", keys: HeaderBar.keys(.standard), activeTab: 0).render(into: canvas)
        GuestTable.render(model, on: canvas, rect: CanvasRect(row: 1, column: 0, rows: size.rows - 2, columns: size.columns))
        StatusLine(DisplayText("Guest \((model.selectedRow ?? 0) + 1) of \(model.rowCount)"),
                   hints: StatusLine.hints(.standard, in: .global)).render(into: canvas, row: size.rows - 1)
    }
}
