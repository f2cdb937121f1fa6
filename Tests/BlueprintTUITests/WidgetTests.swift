import BlueprintDomain
import BlueprintTUI
@testable import BlueprintTerminal
import Testing

@Suite("Header, status line, dialogs, help and the size notice")
@MainActor
struct WidgetTests {
    /// The standard keys of the header's tabs: 0 to 8.
    private let standardTabKeys = HeaderBar.keys(.standard)

    @Test("the header shows numbered tabs, the active one styled, and the title on the right")
    func header() {
        let canvas = MemoryCanvas(rows: 1, columns: 80)
        HeaderBar(title: "Ana & Ben", keys: standardTabKeys, activeTab: 2).render(into: canvas)
        #expect(canvas.text == "[0] Dashboard [1] Guests [2] Budget [3] Vendors [4] [5] [6] [7] [8]    Ana & Ben")
        #expect(canvas.styleMap == "iiiiiiiiiiiii iiiiiiiiii tttttttttt iiiiiiiiiii iii iii iii iii iii    hhhhhhhhh")
        let header = HeaderBar(title: "x", keys: standardTabKeys, activeTab: 0)
        #expect(header.tab(atColumn: 0) == 0)
        #expect(header.tab(atColumn: 14) == 1)
        #expect(header.tab(atColumn: 13) == nil)
        #expect(header.tab(atColumn: 69) == 5)
        #expect(header.tab(atColumn: 70) == nil)
        // A tab that shows only its key is clicked where it is drawn.
        let short = HeaderBar(title: "Ana & Ben", subtitle: " · 170 days to go", keys: standardTabKeys, activeTab: 1, marker: "● live")
        #expect(short.tab(atColumn: 20, width: 80) == 3)
        #expect(short.tab(atColumn: 30, width: 80) == nil, "between the keys of [5] and [6]")
        #expect(short.tab(atColumn: 30) == 2)
    }

    @Test("a hostile wedding title is neutralised, and kept whole before the tabs keep their titles")
    func hostileTitle() {
        let canvas = MemoryCanvas(rows: 1, columns: 50)
        HeaderBar(title: DisplayText("\u{1B}]0;owned\u{07}山田 & \u{202E}Ben"), keys: standardTabKeys, activeTab: 0)
            .render(into: canvas)
        #expect(canvas.text == "[0][1][2][3][4][5][6][7][8]   ␛]0;owned␇山田 & Ben")
        #expect(canvas.rowWidths == [50])
    }

    @Test("where room is short the tabs' titles (farthest from the active one first), the gaps between the keys, who is here and the days to go give way; the wedding's name is cut last, and the marker stays")
    func tabsThenTitleGiveWay() {
        let canvas = MemoryCanvas(rows: 1, columns: 80)
        HeaderBar(title: "Alexandra Konstantinopoulou & Maximilian", subtitle: " · 170 days to go", keys: standardTabKeys,
                  activeTab: 0, marker: "● live").render(into: canvas)
        #expect(canvas.text == "[0][1][2][3][4][5][6][7][8]  Alexandra Konstantinopoulo… · 170 days to go ● live")
        canvas.clear()
        HeaderBar(title: "Ana & Ben", subtitle: " · 170 days to go", keys: standardTabKeys, activeTab: 0, marker: "● live")
            .render(into: canvas)
        #expect(canvas.text == "[0] Dashboard [1] [2] [3] [4] [5] [6] [7] [8]  Ana & Ben · 170 days to go ● live")
        canvas.clear()
        HeaderBar(title: "Ana & Ben", subtitle: " · 170 days to go", keys: standardTabKeys, activeTab: 3, marker: "● live")
            .render(into: canvas)
        #expect(canvas.text == "[0] [1] [2] [3] Vendors [4] [5] [6] [7] [8]    Ana & Ben · 170 days to go ● live")
        let wide = MemoryCanvas(rows: 1, columns: 120)
        HeaderBar(title: "Ana & Ben", subtitle: " · 170 days to go", keys: standardTabKeys, activeTab: 3, marker: "● live")
            .render(into: wide)
        #expect(wide.text == "[0] Dashboard [1] Guests [2] Budget [3] Vendors [4] Tasks [5] Timeline [6] [7] [8]"
                + String(repeating: " ", count: 5) + "Ana & Ben · 170 days to go ● live")
        let narrow = MemoryCanvas(rows: 1, columns: 60)
        HeaderBar(title: "Ana & Ben", subtitle: " · 170 days to go", keys: standardTabKeys, activeTab: 0, marker: "● live")
            .render(into: narrow)
        #expect(narrow.text == "[0] [1] [2] [3] [4] [5] [6] [7] [8]         Ana & Ben ● live", "the days to go give way to the name")
        let narrower = MemoryCanvas(rows: 1, columns: 40)
        HeaderBar(title: "Ana & Ben", subtitle: " · 170 days to go", keys: standardTabKeys, activeTab: 0, marker: "● live")
            .render(into: narrower)
        #expect(narrower.text == "[0][1][2][3][4][5][6][7][8]  Ana… ● live", "only now is the name cut")
    }

    @Test("the status line keeps its hints while there is room, then gives them up for the message")
    func statusLine() {
        let canvas = MemoryCanvas(rows: 1, columns: 40)
        StatusLine("12 guests", hints: StatusLine.hints(.standard, in: .global)).render(into: canvas, row: 0)
        #expect(canvas.text == " 12 guests               ? help  q quit")
        #expect(canvas.styleMap == String(repeating: "b", count: 40))
        canvas.clear()
        StatusLine(DisplayText("Could not save: \(Names.carriageReturn) is locked by another session"), severity: .error,
                   hints: StatusLine.hints(.standard, in: .global))
            .render(into: canvas, row: 0)
        #expect(canvas.text == " Could not save: Over␍write is locked…")
        #expect(canvas.styleMap == "b" + String(repeating: "d", count: 37) + "bb")
    }

    @Test("the confirm dialog is centred, wraps its message, neutralises names, and focuses Cancel")
    func confirmDialog() {
        let canvas = MemoryCanvas(rows: 24, columns: 80)
        let dialog = ConfirmDialog(title: "Delete guest",
                                   message: DisplayText("Delete \(Names.oscTitle) from the guest list? Their RSVP and seat go too."),
                                   confirmLabel: "Delete")
        #expect(dialog.focus == .cancel)
        dialog.render(into: canvas)
        #expect(canvas.text == """








                ┌─ Delete guest ───────────────────────────────────────────────┐
                │                                                              │
                │ Delete Title␛]0;pwned␇Guest from the guest list? Their RSVP  │
                │ and seat go too.                                             │
                │                                                              │
                │                    [ Delete ]  [ Cancel ]                    │
                └──────────────────────────────────────────────────────────────┘









        """)
        #expect(canvas.styleMap == """








                oooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooo
                o                                                              o
                o                                                              o
                o                                                              o
                o                                                              o
                o                    uuuuuuuuuu  UUUUUUUUUU                    o
                oooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooooo









        """)
    }

    @Test("in the dialog, Enter at first cancels; y confirms; moving to Delete and Enter confirms; Esc and n cancel")
    func confirmDialogKeys() {
        var dialog = ConfirmDialog(title: "Delete", message: "Sure?", confirmLabel: "Delete")
        #expect(dialog.handle(.enter) == .cancelled)
        #expect(dialog.handle(.character("y")) == .confirmed)
        #expect(dialog.handle(.escape) == .cancelled)
        #expect(dialog.handle(.character("n")) == .cancelled)
        #expect(dialog.handle(.character("q")) == nil)
        #expect(dialog.handle(.tab) == nil)
        #expect(dialog.focus == .confirm)
        #expect(dialog.handle(.enter) == .confirmed)
        #expect(dialog.handle(.left) == nil)
        #expect(dialog.focus == .cancel)
    }

    /// The help box's top border at 80 columns: its title names the keys and blueprint's version.
    private var helpTopBorder: String {
        let title = "Keys · \(BlueprintVersion.banner)"
        return "┌─ \(title) " + String(repeating: "─", count: 74 - 3 - title.count) + "┐"
    }

    @Test("help at 80×24: the first page, from the keymap")
    func helpFirstPage() {
        let canvas = MemoryCanvas(rows: 24, columns: 80)
        HelpOverlay().render(into: canvas)
        #expect(canvas.text == """

          \(helpTopBorder)
          │ Everywhere                                                               │
          │  q, Ctrl-C             Quit                                              │
          │  ?, F1                 Show this help (F1 also in forms and dialogs)     │
          │  0                     Show the dashboard: what needs you now            │
          │  1                     Show guests                                       │
          │  2                     Show the budget                                   │
          │  3                     Show vendors                                      │
          │  4                     Show tasks                                        │
          │  5                     Show the timeline: milestones and the run sheet   │
          │  6                     Show the gifts: thank-yous and money owed         │
          │  7                     Show the notes on the wedding and its records     │
          │  8                     Show the activity: who changed what, newest first │
          │  Tab                   Next pane                                         │
          │  Shift-Tab             Previous pane                                     │
          │  :                     Type a command (with completion)                  │
          │  u                     Undo the last change in this pane                 │
          │  Ctrl-R                Redo: do again what the last undo took back       │
          │  W                     Edit the wedding's settings: partners, RSVP dead… │
          │  !                     Show cache and timing diagnostics                 │
          │  Ctrl-G                Show the last message whole                       │
          └──────────────────────────────────────────────────── ↓ more · Esc closes ─┘

        """)
    }

    @Test("help scrolls to its last binding, and closes with Esc, ? or q")
    func helpScrolling() {
        let canvas = MemoryCanvas(rows: 24, columns: 80)
        let help = HelpOverlay()
        help.render(into: canvas)
        #expect(help.handle(.character("G")) == .stayOpen)
        canvas.clear()
        help.render(into: canvas)
        #expect(canvas.text == """

          \(helpTopBorder)
          │ Documents                                                                │
          │  Esc, q                Close                                             │
          │  k, ↑                  Previous document                                 │
          │  j, ↓                  Next document                                     │
          │  Enter                 Its details, with where its file is stored        │
          │  o                     Open it ($PAGER, xdg-open; over ssh: its path)    │
          │  d                     Move it to the trash (asks first; u undoes)       │
          │  t                     Show the trash, or the documents in use again     │
          │  r                     Restore the document from the trash               │
          │  u                     Undo the last change to the documents             │
          │  Ctrl-R                Redo what the last undo took back                 │
          │                                                                          │
          │ Welcome screen (no wedding yet)                                          │
          │  c                     Create a wedding                                  │
          │  d                     Open a demo wedding to try things out             │
          │  k, ↑                  Previous choice                                   │
          │  j, ↓                  Next choice                                       │
          │  Enter                 Take the highlighted choice                       │
          │  ?                     Show this help                                    │
          │  q                     Quit without creating anything                    │
          └───────────────────────────────────────────────────────────── Esc closes ─┘

        """)
        _ = help.handle(.character("g"))
        #expect(help.scrollOffset == 0)
        _ = help.handle(.pageDown)
        #expect(help.scrollOffset == 20)
        _ = help.handle(.character("k"))
        #expect(help.scrollOffset == 19)
        for key in [Key.escape, .character("?"), .character("q")] {
            #expect(help.handle(key) == .close)
        }
    }

    @Test("below the minimum size a centred notice gives both sizes")
    func sizeNotice() {
        let canvas = MemoryCanvas(rows: 12, columns: 50)
        SizeNotice(minimum: FrameDriver.minimumSize, keymap: .standard).render(into: canvas)
        #expect(canvas.text == """




                        Terminal too small
                     50×12 now, 60×16 needed
             Enlarge the window, or press q to quit.





        """)
        let tiny = MemoryCanvas(rows: 3, columns: 20)
        SizeNotice(minimum: FrameDriver.minimumSize, keymap: .standard).render(into: tiny)
        #expect(tiny.text == """
         Terminal too small
          20×3 now, 60×16
               needed
        """)
    }

    @Test("a box frame draws its border and title and blanks what is under it")
    func boxFrame() {
        let canvas = MemoryCanvas(rows: 4, columns: 12)
        canvas.draw("xxxxxxxxxxxx", row: 1, column: 0, style: .normal)
        BoxFrame.render(into: canvas, rect: CanvasRect(row: 0, column: 1, rows: 4, columns: 10), title: "Note")
        #expect(canvas.rows == [" ┌─ Note ─┐ ", "x│        │x", " │        │ ", " └────────┘ "])
    }
}
