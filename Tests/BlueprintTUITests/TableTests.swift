import BlueprintTUI
@testable import BlueprintTerminal
import Testing

@Suite("Table layout")
struct TableLayoutTests {
    let columns = [
        TableColumn("Name", minWidth: 10, maxWidth: 20, flex: 2, priority: 9),
        TableColumn("Notes", minWidth: 10, flex: 1, priority: 1),
        TableColumn("Amount", minWidth: 8, alignment: .right, priority: 5),
    ]

    @Test("minimum widths plus separators, spare width shared by flex up to each maximum")
    func sharesSpareWidth() {
        #expect(TableLayout.fit(columns, width: 30).widths == [10, 10, 8])
        #expect(TableLayout.fit(columns, width: 36).widths == [14, 12, 8])
        #expect(TableLayout.fit(columns, width: 60).widths == [20, 30, 8])
    }

    @Test("a narrow terminal hides the lowest-priority column first")
    func hidesLowPriority() {
        #expect(TableLayout.fit(columns, width: 25).widths == [16, nil, 8])
        #expect(TableLayout.fit(columns, width: 12).widths == [12, nil, nil])
        #expect(TableLayout.fit(columns, width: 6).widths == [6, nil, nil])
    }

    @Test("the laid-out columns always fit the width", arguments: [1, 10, 19, 20, 28, 29, 45, 80, 200])
    func alwaysFits(width: Int) {
        let widths = TableLayout.fit(columns, width: width).widths.compactMap { $0 }
        #expect(widths.reduce(0, +) + widths.count - 1 <= width)
    }
}

@Suite("Table view model")
@MainActor
struct TableViewModelTests {
    func model(rows: Int, viewport: Int = 10) -> TableViewModel {
        let model = TableViewModel(columns: GuestTable.columns, rowCount: rows)
        GuestTable.render(model, on: MemoryCanvas(rows: viewport + 1, columns: 80))
        return model
    }

    @Test("moving down past the bottom of the view scrolls it")
    func scrollsWithSelection() {
        let table = model(rows: 100)
        for _ in 0..<12 { _ = table.handle(.moveDown) }
        #expect(table.selectedRow == 12)
        #expect(table.scrollOffset == 3)
        for _ in 0..<12 { _ = table.handle(.moveUp) }
        #expect(table.selectedRow == 0)
        #expect(table.scrollOffset == 0)
    }

    @Test("paging moves by the rows in view; g and G go to the ends; the selection stops at the edges")
    func paging() {
        let table = model(rows: 100)
        _ = table.handle(.pageDown)
        #expect(table.selectedRow == 10)
        #expect(table.scrollOffset == 10)
        _ = table.handle(.bottom)
        #expect(table.selectedRow == 99)
        #expect(table.scrollOffset == 90)
        _ = table.handle(.moveDown)
        #expect(table.selectedRow == 99)
        _ = table.handle(.pageUp)
        #expect(table.selectedRow == 89)
        #expect(table.scrollOffset == 80)
        _ = table.handle(.top)
        #expect(table.selectedRow == 0)
        _ = table.handle(.moveUp)
        #expect(table.selectedRow == 0)
    }

    @Test("actions that are not navigation are left to the pane")
    func otherActions() {
        #expect(!model(rows: 5).handle(.delete))
    }

    @Test("when rows disappear the selection stays on a row that exists; an empty table selects nothing")
    func rowCountChanges() {
        let table = model(rows: 50)
        _ = table.handle(.bottom)
        table.setRowCount(20)
        #expect(table.selectedRow == 19)
        #expect(table.scrollOffset == 10)
        table.setRowCount(0)
        #expect(table.selectedRow == nil)
        #expect(table.scrollOffset == 0)
        table.setRowCount(3)
        #expect(table.selectedRow == 0)
    }

    @Test("a click selects the row under it; the wheel scrolls and keeps the selection in view")
    func mouse() {
        let table = model(rows: 100)
        let rect = CanvasRect(row: 1, column: 0, rows: 11, columns: 80)
        #expect(table.handle(MouseEvent(.click, row: 5, column: 10), in: rect))
        #expect(table.selectedRow == 3)
        #expect(!table.handle(MouseEvent(.click, row: 1, column: 10), in: rect))
        #expect(!table.handle(MouseEvent(.click, row: 30, column: 10), in: rect))
        #expect(table.handle(MouseEvent(.wheelDown, row: 5, column: 10), in: rect))
        #expect(table.scrollOffset == 3)
        #expect(table.selectedRow == 3)
        _ = table.handle(MouseEvent(.wheelDown, row: 5, column: 10), in: rect)
        #expect(table.scrollOffset == 6)
        #expect(table.selectedRow == 6)
        _ = table.handle(MouseEvent(.wheelUp, row: 5, column: 10), in: rect)
        #expect(table.scrollOffset == 3)
        #expect(table.selectedRow == 6)
    }

    @Test("scrolling sideways reveals columns a narrow terminal hides, keeping the first column")
    func horizontalScroll() {
        let table = TableViewModel(columns: GuestTable.columns, rowCount: 3)
        let canvas = MemoryCanvas(rows: 5, columns: 40)
        GuestTable.render(table, on: canvas)
        #expect(canvas.rows[0] == "Name                 RSVP           Owed")
        #expect(table.handle(.moveRight))
        canvas.clear()
        GuestTable.render(table, on: canvas)
        #expect(canvas.rows[0] == "Name           Email                Owed")
        _ = table.handle(.moveRight)
        canvas.clear()
        GuestTable.render(table, on: canvas)
        #expect(canvas.rows[0] == "Name           Email                Owed")
        _ = table.handle(.moveLeft)
        _ = table.handle(.moveLeft)
        canvas.clear()
        GuestTable.render(table, on: canvas)
        #expect(canvas.rows[0] == "Name                 RSVP           Owed")
    }
}

@Suite("Table rendering")
@MainActor
struct TableRenderTests {
    @Test("80×24: a guest frame scrolled to row 26 of 1000; wide and hostile names aligned and neutralised")
    func guestFrame80x24() {
        let canvas = MemoryCanvas(rows: 24, columns: 80)
        let model = TableViewModel(columns: GuestTable.columns, rowCount: 1000)
        GuestFrame.render(model, on: canvas)
        for _ in 0..<25 { _ = model.handle(.moveDown) }
        canvas.clear()
        GuestFrame.render(model, on: canvas)
        #expect(canvas.text == """
        [0] Dashboard [1] Guests [2] [3] [4] [5] [6] [7] [8]      Ana & Ben — 2026-09-12
        Name                           RSVP      Email                              Owed
        Over␍write 5                   pending   guest5@example.com              $125.00
        Bidi desrever name 6           attending guest6@example.com              $150.00
        山田 太郎 7                    pending   guest7@example.com              $175.00
        Zoë 😀 Smith 8                 pending   guest8@example.com              $200.00
        Amélie Poulain 9               attending guest9@example.com              $225.00
        Evil␛[2J␛[31mRed 10            pending   guest10@example.com             $250.00
        Title␛]0;pwned␇Guest 11        pending   guest11@example.com             $275.00
        Over␍write 12                  attending guest12@example.com             $300.00
        Bidi desrever name 13          pending   guest13@example.com             $325.00
        山田 太郎 14                   pending   guest14@example.com             $350.00
        Zoë 😀 Smith 15                attending guest15@example.com             $375.00
        Amélie Poulain 16              pending   guest16@example.com             $400.00
        Evil␛[2J␛[31mRed 17            pending   guest17@example.com             $425.00
        Title␛]0;pwned␇Guest 18        attending guest18@example.com             $450.00
        Over␍write 19                  pending   guest19@example.com             $475.00
        Bidi desrever name 20          pending   guest20@example.com             $500.00
        山田 太郎 21                   attending guest21@example.com             $525.00
        Zoë 😀 Smith 22                pending   guest22@example.com             $550.00
        Amélie Poulain 23              pending   guest23@example.com             $575.00
        Evil␛[2J␛[31mRed 24            attending guest24@example.com             $600.00
        Title␛]0;pwned␇Guest 25        pending   guest25@example.com             $625.00
         Guest 26 of 1000                                                ? help  q quit
        """)
        #expect(canvas.styleMap == """
        ttttttttttttt iiiiiiiiii iii iii iii iii iii iii iii      hhhhhhhhhhhhhhhhhhhhhh
        cccccccccccccccccccccccccccccc ccccccccc ccccccccccccccccccccccccccccc ccccccccc
                                       mmmmmmm
                                       sssssssss
                                       mmmmmmm
                                       mmmmmmm                                   ddddddd
                                       sssssssss
                                       mmmmmmm
                                       mmmmmmm
                                       sssssssss                                 ddddddd
                                       mmmmmmm
                                       mmmmmmm
                                       sssssssss
                                       mmmmmmm                                   ddddddd
                                       mmmmmmm
                                       sssssssss
                                       mmmmmmm
                                       mmmmmmm                                   ddddddd
                                       sssssssss
                                       mmmmmmm
                                       mmmmmmm
                                       sssssssss                                 ddddddd
        NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNMMMMMMMNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN
        bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb
        """)
        #expect(canvas.rowWidths.allSatisfy { $0 == 80 })
    }

    @Test("120×40: one page up from the last row of 1000")
    func guestFrame120x40() {
        let canvas = MemoryCanvas(rows: 40, columns: 120)
        let model = TableViewModel(columns: GuestTable.columns, rowCount: 1000)
        GuestFrame.render(model, on: canvas)
        _ = model.handle(.bottom)
        _ = model.handle(.pageUp)
        canvas.clear()
        GuestFrame.render(model, on: canvas)
        #expect(canvas.text == """
        [0] Dashboard [1] Guests [2] Budget [3] Vendors [4] Tasks [5] Timeline [6] Gifts [7] Notes [8]    Ana & Ben — 2026-09-12
        Name                           RSVP      Email                                                                      Owed
        Amélie Poulain 926             pending   guest926@example.com                                                  $23150.00
        Evil␛[2J␛[31mRed 927           attending guest927@example.com                                                  $23175.00
        Title␛]0;pwned␇Guest 928       pending   guest928@example.com                                                  $23200.00
        Over␍write 929                 pending   guest929@example.com                                                  $23225.00
        Bidi desrever name 930         attending guest930@example.com                                                  $23250.00
        山田 太郎 931                  pending   guest931@example.com                                                  $23275.00
        Zoë 😀 Smith 932               pending   guest932@example.com                                                  $23300.00
        Amélie Poulain 933             attending guest933@example.com                                                  $23325.00
        Evil␛[2J␛[31mRed 934           pending   guest934@example.com                                                  $23350.00
        Title␛]0;pwned␇Guest 935       pending   guest935@example.com                                                  $23375.00
        Over␍write 936                 attending guest936@example.com                                                  $23400.00
        Bidi desrever name 937         pending   guest937@example.com                                                  $23425.00
        山田 太郎 938                  pending   guest938@example.com                                                  $23450.00
        Zoë 😀 Smith 939               attending guest939@example.com                                                  $23475.00
        Amélie Poulain 940             pending   guest940@example.com                                                  $23500.00
        Evil␛[2J␛[31mRed 941           pending   guest941@example.com                                                  $23525.00
        Title␛]0;pwned␇Guest 942       attending guest942@example.com                                                  $23550.00
        Over␍write 943                 pending   guest943@example.com                                                  $23575.00
        Bidi desrever name 944         pending   guest944@example.com                                                  $23600.00
        山田 太郎 945                  attending guest945@example.com                                                  $23625.00
        Zoë 😀 Smith 946               pending   guest946@example.com                                                  $23650.00
        Amélie Poulain 947             pending   guest947@example.com                                                  $23675.00
        Evil␛[2J␛[31mRed 948           attending guest948@example.com                                                  $23700.00
        Title␛]0;pwned␇Guest 949       pending   guest949@example.com                                                  $23725.00
        Over␍write 950                 pending   guest950@example.com                                                  $23750.00
        Bidi desrever name 951         attending guest951@example.com                                                  $23775.00
        山田 太郎 952                  pending   guest952@example.com                                                  $23800.00
        Zoë 😀 Smith 953               pending   guest953@example.com                                                  $23825.00
        Amélie Poulain 954             attending guest954@example.com                                                  $23850.00
        Evil␛[2J␛[31mRed 955           pending   guest955@example.com                                                  $23875.00
        Title␛]0;pwned␇Guest 956       pending   guest956@example.com                                                  $23900.00
        Over␍write 957                 attending guest957@example.com                                                  $23925.00
        Bidi desrever name 958         pending   guest958@example.com                                                  $23950.00
        山田 太郎 959                  pending   guest959@example.com                                                  $23975.00
        Zoë 😀 Smith 960               attending guest960@example.com                                                  $24000.00
        Amélie Poulain 961             pending   guest961@example.com                                                  $24025.00
        Evil␛[2J␛[31mRed 962           pending   guest962@example.com                                                  $24050.00
         Guest 963 of 1000                                                                                       ? help  q quit
        """)
        #expect(canvas.rowWidths.allSatisfy { $0 == 120 })
    }

    @Test("60×16, the minimum: a short table, and the header with the tabs shortened to their keys to keep the wedding's name whole")
    func guestFrameMinimum() {
        let canvas = MemoryCanvas(rows: 16, columns: 60)
        GuestFrame.render(TableViewModel(columns: GuestTable.columns, rowCount: 3), on: canvas)
        #expect(canvas.text == """
        [0] [1] [2] [3] [4] [5] [6] [7] [8]   Ana & Ben — 2026-09-12
        Name                 RSVP      Email                    Owed
        山田 太郎 0          attending guest0@example.com      $0.00
        Zoë 😀 Smith 1       pending   guest1@example.com     $25.00
        Amélie Poulain 2     pending   guest2@example.com     $50.00










         Guest 1 of 3                                ? help  q quit
        """)
    }

    @Test("every column starts at the same display column in every row, whatever the names hold")
    func wideNamesAlign() {
        for width in [60, 80, 97, 120] {
            let canvas = MemoryCanvas(rows: 30, columns: width)
            let model = TableViewModel(columns: GuestTable.columns, rowCount: 29)
            GuestTable.render(model, on: canvas)
            func startColumn(of word: String, in row: String) -> Int? {
                row.range(of: word).map { DisplayText(String(row[..<$0.lowerBound])).width }
            }
            let dataRows = canvas.rows.dropFirst()
            let rsvpColumns = Set(dataRows.map { startColumn(of: "attending", in: $0) ?? startColumn(of: "pending", in: $0) })
            let emailColumns = Set(dataRows.enumerated().map { startColumn(of: "guest\($0.offset)@", in: $0.element) })
            #expect(emailColumns.count == 1, "width \(width)")
            #expect(rsvpColumns.count == 1, "width \(width)")
            #expect(canvas.rowWidths.allSatisfy { $0 == width })
        }
    }

    @Test("names cut to fit a narrow column keep whole wide characters and accents")
    func narrowNameColumn() {
        let model = TableViewModel(columns: [TableColumn("Name", minWidth: 7), TableColumn("x", minWidth: 1)], rowCount: 4)
        let canvas = MemoryCanvas(rows: 5, columns: 9)
        let names = ["山田太郎花子", "Zoë 😀😀 S", "Ame\u{301}lie Poulain", "\u{1B}]0;x\u{07}"]
        TableView.render(model, into: canvas, rect: CanvasRect(canvas.size)) { row, column in
            column == 0 ? TableCell(DisplayText(names[row])) : "|"
        }
        #expect(canvas.rows == ["Name    x", "山田太… |", "Zoë 😀… |", "Amélie… |", "␛]0;x␇  |"])
    }

    @Test("an empty table says so")
    func emptyTable() {
        let canvas = MemoryCanvas(rows: 3, columns: 30)
        TableView.render(TableViewModel(columns: GuestTable.columns), into: canvas, rect: CanvasRect(canvas.size),
                         empty: "No guests yet: press a to add.") { _, _ in "" }
        #expect(canvas.rows[1] == "No guests yet: press a to add.")
    }

    @Test("only the rows in view are asked for, however many rows there are")
    func drawsOnlyVisibleRows() {
        let model = TableViewModel(columns: GuestTable.columns, rowCount: 100_000)
        let canvas = MemoryCanvas(rows: 24, columns: 80)
        var asked = Set<Int>()
        TableView.render(model, into: canvas, rect: CanvasRect(canvas.size)) { row, _ in
            asked.insert(row)
            return ""
        }
        #expect(asked == Set(0..<23))
    }
}
