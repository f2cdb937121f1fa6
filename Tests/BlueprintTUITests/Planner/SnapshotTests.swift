import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

extension Wedding1 {
    /// The wedding with names that try to break the screen: escape sequences, an OSC title,
    /// carriage returns and bidi overrides, next to wide and combining characters.
    static func hostileDataset() -> WeddingDataset {
        var dataset = dataset(name: "\u{1B}]0;pwned\u{07}山田 & \u{202E}Ben\r")
        dataset.categories.upsert(BudgetCategory(id: uuid(14), name: "Décor\u{1B}[31m 💐", allocated: money(300), createdAt: start))
        dataset.vendors.upsert(Vendor(id: uuid(43), name: "\u{202E}Evil\u{1B}[2J Florist", category: .florist, status: .contacted,
                                      contactName: "名前 Ame\u{301}lie\r\n", createdAt: start))
        dataset.tasks.upsert(WeddingTask(id: uuid(55), title: "Title\u{1B}]0;x\u{07} 🎂 ケーキ", priority: .urgent,
                                         dueDate: date(2, 2), assignees: ["Zoë\u{200B}"], createdAt: start))
        dataset.gifts.upsert(Gift(id: uuid(94), guestIDs: [hostile], from: "\u{202E}Evil\u{1B}[2J office\r\n",
                                  description: "Vase\u{1B}]0;pwned\u{07} 花瓶\u{200B}", value: money(40),
                                  receivedOn: date(1, 1), createdAt: start))
        return dataset
    }
}

@Suite("Snapshots of every pane and overlay")
@MainActor
struct SnapshotTests {
    nonisolated static let sizes = [CanvasSize(rows: 24, columns: 80), CanvasSize(rows: 40, columns: 120)]

    /// A planner at `size`, after `keys`.
    func planner(_ size: CanvasSize, _ keys: [Key], dataset: WeddingDataset = Wedding1.dataset()) async -> PlannerHarness {
        let planner = await PlannerHarness([dataset], rows: size.rows, columns: size.columns)
        for key in keys { await planner.press(key) }
        planner.frame()
        return planner
    }

    func name(_ base: String, _ size: CanvasSize) -> String { "\(base)-\(size.columns)x\(size.rows)" }

    @Test("panes", arguments: sizes)
    func panes(_ size: CanvasSize) async {
        let views: [(String, [Key])] = [
            ("guests", []), ("seating", [.character("v")]), ("budget", [.character("2")]),
            ("expenses", [.character("2"), .character("j"), .character("j"), .enter]),
            ("vendors", [.character("3")]), ("tasks", [.character("4"), .character("j"), .character("j"), .character("o")]),
            ("tasks-by-status", [.character("4"), .character("v")]),
            ("gifts", [.character("6")]), ("thank-yous", [.character("6"), .character("v")]),
            ("money-owed", [.character("6"), .character("v"), .character("v")]),
        ]
        for (view, keys) in views {
            Snapshot.expect(await planner(size, keys).canvas, named: name(view, size))
        }
    }

    @Test("overlays", arguments: sizes)
    func overlays(_ size: CanvasSize) async {
        let views: [(String, [Key])] = [
            ("help", [.character("?")]),
            ("guest-detail", [.enter]),
            ("guest-form-problems", [.character("a"), .tab, .tab] + "bob@".map { .character($0) } + [.enter]),
            ("pick-list", [.character("e")] + Array(repeating: Key.tab, count: 7) + [.character(" ")]),
            ("filter", [.character("f"), .right, .right, .right]),
            ("confirm-delete", [.character("d")]),
            ("command-line", [.character(":"), .character("w"), .tab]),
            ("search", [.character("/"), .character("e"), .character("n")]),
            ("expense-detail", [.character("2"), .character("j"), .character("j"), .enter, .enter]),
            ("task-form", [.character("4"), .character("j"), .character("j"), .character("e")]),
            ("vendor-detail", [.character("3"), .enter]),
            ("task-detail", [.character("4"), .character("j"), .character("j"), .enter]),
            ("category-detail", [.character("2"), .character("c")]),
            ("vendor-form", [.character("3"), .character("e")]),
            ("category-form", [.character("2"), .character("e")]),
            ("expense-form", [.character("2"), .character("j"), .character("j"), .enter, .character("e")]),
            ("installment-form", [.character("2"), .character("j"), .enter, .character("i")]),
            ("discard", [.character("e"), .character("x"), .escape]),
            ("gift-detail", [.character("6"), .character("j"), .enter]),
            ("gift-form", [.character("6"), .character("j"), .character("e")]),
            ("money-owed-detail", [.character("6"), .character("v"), .character("v"), .enter]),
        ]
        for (view, keys) in views {
            Snapshot.expect(await planner(size, keys).canvas, named: name(view, size))
        }
        let conflict = await planner(size, [])
        SampleConflict.present(on: conflict)
        conflict.frame()
        Snapshot.expect(conflict.canvas, named: name("conflict", size))
    }

    @Test("diagnostics with fixed figures, and at 80×24 scrolled to the end", arguments: sizes)
    func diagnostics(_ size: CanvasSize) async {
        let planner = await planner(size, [])
        let report = await planner.screen.warmedUp()
        planner.screen.present(DiagnosticsOverlay(services: FixedDiagnostics.services, warmUp: { report }))
        planner.frame()
        Snapshot.expect(planner.canvas, named: name("diagnostics", size))
        guard planner.canvas.text.contains("↓ more") else { return }
        for _ in 0..<40 { await planner.press(.character("j")) }
        planner.frame()
        Snapshot.expect(planner.canvas, named: name("diagnostics-end", size))
    }

    @Test("hostile and wide names are drawn neutralised in every pane, in details and in forms", arguments: sizes)
    func hostileNames(_ size: CanvasSize) async {
        let toHostileGuest = Array(repeating: Key.character("j"), count: 5)
        for (view, keys) in [("guests", [Key]()), ("budget", [.character("2")]), ("vendors", [.character("3")]),
                             ("tasks", [.character("4")]), ("gifts", [.character("6")]),
                             ("guest-detail", toHostileGuest + [.enter]),
                             ("guest-form", toHostileGuest + [.character("e")])] {
            let planner = await planner(size, keys, dataset: Wedding1.hostileDataset())
            #expect(!planner.canvas.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
            #expect(!planner.canvas.text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || $0.value == 0x200B })
            Snapshot.expect(planner.canvas, named: name("hostile-\(view)", size))
        }
    }

    @Test("below the minimum size a notice replaces the layout")
    func tooSmall() async {
        let planner = await planner(CanvasSize(rows: 12, columns: 50), [])
        Snapshot.expect(planner.canvas, named: "too-small-50x12")
    }
}
