import BlueprintDomain
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Testing

extension Wedding1 {
    /// The wedding with a milestone and a run-sheet item whose texts try to break the screen.
    static func hostileTimelineDataset() -> WeddingDataset {
        var dataset = hostileDataset()
        dataset.milestones.upsert(Milestone(id: uuid(76), title: "Fitting\u{1B}[2J\u{202E} 👗 試着", date: date(1, 2),
                                            notes: "Bring\r\nshoes\u{07}", createdAt: start))
        dataset.runSheet.upsert(RunSheetItem(id: uuid(88), day: date(6, 20), start: time(14, 10), end: time(14, 20),
                                             title: "Toast\u{1B}]0;pwned\u{07} 🥂", place: "Gar\u{200B}den",
                                             people: ["Zoë\u{202E}", "山田"], createdAt: start))
        return dataset
    }
}

@Suite("Snapshots of the dashboard and the timeline")
@MainActor
struct DashboardTimelineSnapshotTests {
    nonisolated static let sizes = [CanvasSize(rows: 24, columns: 80), CanvasSize(rows: 60, columns: 200)]

    /// A planner at `size` after `keys`, with its frame drawn.
    private func planner(_ size: CanvasSize, _ keys: [Key], dataset: WeddingDataset = Wedding1.dataset()) async -> PlannerHarness {
        let planner = await PlannerHarness([dataset], rows: size.rows, columns: size.columns)
        for key in keys { await planner.press(key) }
        planner.frame()
        return planner
    }

    private func name(_ base: String, _ size: CanvasSize) -> String { "\(base)-\(size.columns)x\(size.rows)" }

    @Test("the dashboard, the milestones and the run sheet, in colour and in monochrome", arguments: sizes)
    func panes(_ size: CanvasSize) async {
        let views: [(String, [Key])] = [
            ("dashboard", [.character("0")]),
            ("milestones", [.character("5")]),
            // c goes to the first clash: the run sheet, the ceremony selected and why it clashes under the table.
            ("run-sheet", [.character("5"), .character("c")]),
        ]
        for (view, keys) in views {
            let planner = await planner(size, keys)
            Snapshot.expect(planner.canvas, named: name(view, size))
            Snapshot.expectMonochrome(planner.canvas, named: name("\(view)-monochrome", size))
        }
    }

    @Test("the run sheet's details, and the forms refusing what cannot be a date or a time beside the field")
    func overlays() async {
        let size = CanvasSize(rows: 24, columns: 80)
        // The third clashing item: the drinks, whose vendor is needed in two places.
        let detail = await planner(size, [.character("5"), .character("c"), .character("c"), .character("c"), .enter])
        Snapshot.expect(detail.canvas, named: name("run-sheet-detail", size))

        let milestone = await planner(size, [.character("5"), .character("a")])
        await milestone.type("Cake tasting")
        await milestone.press(.tab)
        await milestone.type("2026-02-30")
        await milestone.press(.enter)
        milestone.frame()
        Snapshot.expect(milestone.canvas, named: name("milestone-form-problems", size))

        let item = await planner(size, [.character("5"), .character("v"), .character("a"), .tab])
        await item.type("9.30")
        await item.press(.enter)
        item.frame()
        Snapshot.expect(item.canvas, named: name("run-sheet-form-problems", size))
    }

    @Test("hostile and wide texts are drawn neutralised on the dashboard and the timeline", arguments: sizes)
    func hostileTexts(_ size: CanvasSize) async {
        for (view, keys) in [("dashboard", [Key.character("0")]), ("milestones", [.character("5")]),
                             ("run-sheet", [.character("5"), .character("v")])] {
            let planner = await planner(size, keys, dataset: Wedding1.hostileTimelineDataset())
            #expect(!planner.canvas.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
            #expect(!planner.canvas.text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || $0.value == 0x200B })
            Snapshot.expect(planner.canvas, named: name("hostile-\(view)", size))
        }
    }

    @Test("at any size from the minimum up, every row is as wide as the screen and what is late still says so",
          arguments: [(16, 60), (17, 61), (24, 79), (31, 97), (45, 133), (60, 200)])
    func anySize(rows: Int, columns: Int) async {
        let size = CanvasSize(rows: rows, columns: columns)
        for keys in [[Key.character("0")], [.character("5")], [.character("5"), .character("c")]] {
            let planner = await planner(size, keys)
            #expect(planner.canvas.rowWidths.allSatisfy { $0 == columns }, "\(keys)")
            let text = planner.canvas.text
            #expect(text.contains("! ") || text.contains("OVERDUE"), "\(keys) at \(columns)×\(rows): \(text)")
        }
    }
}
