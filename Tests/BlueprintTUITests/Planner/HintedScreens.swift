import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation

/// Every screen that tells the user to press a key, drawn with one keymap and reached with its
/// keys: the frame (or the status line, or the footer) of each, by name. A screen the keymap
/// binds no key to reach is left out.
@MainActor
struct HintedScreens {
    let keymap: Keymap

    /// One thing done on the way to a screen.
    enum Step {
        /// Presses the key of `action` in keymap section `section`.
        case press(KeyAction, KeyMode)
        case type(String)
        case run(@MainActor (PlannerHarness) async -> Void)
    }

    /// Every hinted screen, by name.
    func draw() async -> [String: String] {
        var screens: [String: String] = [:]
        func add(_ name: String, _ text: String?) { screens[name] = text }
        // Ana has a second gift, so that her details overflow the screen and hint the key that scrolls.
        var wedding = Wedding1.dataset()
        wedding.gifts.upsert(Gift(guestIDs: [Wedding1.ana], description: "Cookbook", receivedOn: Wedding1.date(1, 1),
                                  createdAt: Wedding1.start))
        let filled = [wedding]
        let status: @MainActor (PlannerHarness) -> String = { $0.statusRow }

        add("status", await planner(filled, [], show: status))
        add("header", await planner(filled, [], show: { $0.rows[0] }))
        add("guest-detail", await planner(filled, [.press(.activate, .list)]))
        add("expense-detail", await planner(filled, [.press(.showPane(2), .global), .press(.activate, .list), .press(.activate, .list)]))
        add("help", await planner(filled, [.press(.help, .global)], show: { $0.rows.first { $0.contains("closes") } ?? "" }))
        add("diagnostics", await planner(filled, [.run { planner in
            let report = await planner.screen.warmedUp()
            planner.screen.present(DiagnosticsOverlay(services: FixedDiagnostics.services, warmUp: { report }))
        }]))
        add("conflict", await planner(filled, [.run { SampleConflict.present(on: $0) }]))
        add("confirm-delete", await planner(filled, [.press(.delete, .list)]))
        add("form", await planner(filled, [.press(.edit, .list)]))
        add("saved", await planner(filled, [.press(.edit, .list), .type("x"), .press(.submit, .form)], show: status))
        add("filter", await planner(filled, [.press(.filter, .list)]))
        add("rsvp", await planner(filled, [.press(.setRSVP(.maybe), .guests)], show: status))
        add("no-search", await planner(filled, [.press(.nextMatch, .list)], show: status))
        add("search-kept", await planner(filled, [.press(.search, .list), .type("e"), .press(.submit, .search)], show: status))
        add("command-usage", await planner(filled, [.press(.command, .global), .type("wedding"), .press(.submit, .commandLine)],
                                           show: status))
        add("choose-expense", await planner(filled, [.press(.showPane(2), .global), .press(.markPaid, .budget)], show: status))
        add("too-small", await planner(filled, [], size: CanvasSize(rows: 12, columns: 50)))

        let nothing = WeddingDataset(wedding: Wedding1.dataset().wedding)
        var oneCategory = nothing
        oneCategory.categories.upsert(BudgetCategory(id: Wedding1.venue, name: "Venue", allocated: Wedding1.money(100),
                                                     createdAt: Wedding1.start))
        add("empty-guests", await planner([nothing], []))
        add("empty-vendors", await planner([nothing], [.press(.showPane(3), .global)]))
        add("empty-tasks", await planner([nothing], [.press(.showPane(4), .global)]))
        add("empty-categories", await planner([nothing], [.press(.showPane(2), .global)]))
        add("empty-expenses", await planner([oneCategory], [.press(.showPane(2), .global)]))
        add("no-guest-match", await planner(filled, [.run { $0.session.guests.filter = GuestFilter(text: "zzz") }]))
        add("no-vendor-match", await planner(filled, [.run { $0.session.vendors.filter = VendorFilter(text: "zzz") },
                                                      .press(.showPane(3), .global)]))
        add("no-task-match", await planner(filled, [.run { $0.session.tasks.filter = TaskFilter(text: "zzz") },
                                                    .press(.showPane(4), .global)]))
        add("timeline", await planner(filled, [.press(.showPane(5), .global)]))
        add("run-sheet", await planner(filled, [.press(.showPane(5), .global), .press(.switchView, .list)]))
        add("empty-milestones", await planner([nothing], [.press(.showPane(5), .global)]))
        add("empty-run-sheet", await planner([nothing], [.press(.showPane(5), .global), .press(.switchView, .list)]))
        // From the dashboard's first item down to the replies, which open the guests still to answer.
        add("waiting-guests", await planner(filled, [.press(.showPane(0), .global)] + Array(repeating: .press(.moveDown, .list), count: 3)
                                            + [.press(.activate, .list)], show: status))
        // The caterers considered, from the dashboard's vendors to book.
        add("caterers", await planner(filled, [
            .run { _ = await $0.session.vendors.create(Vendor(name: "Feast", category: .catering, status: .quoted)) },
            .press(.showPane(0), .global), .press(.bottom, .list), .press(.moveUp, .list), .press(.moveUp, .list),
            .press(.activate, .list),
        ], show: status))

        let run = FirstRunHarness(rows: 40, columns: 120, keymap: keymap)
        add("welcome", Self.shown(run.rows))
        guard let create = key(.add, .firstRun) else { return screens }
        await run.press(create)
        add("new-wedding", Self.shown(run.rows))
        guard let next = key(.nextField, .form), let submit = key(.submit, .form) else { return screens }
        for (index, text) in ["Mia & Noor", "Mia", "Noor", "2026-09-12"].enumerated() {
            if index > 0 { await run.press(next) }
            await run.type(text)
        }
        await run.press(submit)
        add("created", run.rows.last)
        return screens
    }

    /// The first key of `action` in keymap section `section`: what a user would press.
    private func key(_ action: KeyAction, _ section: KeyMode) -> Key? {
        keymap.bindings(in: section).first { $0.action == action }?.keys.first
    }

    /// A planner over `datasets` after `steps`, shown by `show` (the whole frame unless told);
    /// nil when a step's action has no key.
    private func planner(_ datasets: [WeddingDataset], _ steps: [Step], size: CanvasSize = CanvasSize(rows: 24, columns: 160),
                         show: @MainActor (PlannerHarness) -> String = { HintedScreens.shown($0.rows) }) async -> String? {
        let planner = await PlannerHarness(datasets, rows: size.rows, columns: size.columns, keymap: keymap)
        for step in steps {
            switch step {
            case .press(let action, let section):
                guard let key = key(action, section) else { return nil }
                await planner.press(key)
            case .type(let text): await planner.type(text)
            case .run(let body): await body(planner)
            }
        }
        return show(planner)
    }

    /// The rows of a frame, then the text of the boxes on it read as running text (what lies
    /// between the box's borders on each row, joined by spaces), so that a sentence wrapped
    /// over several lines of a box can be found whole.
    static func shown(_ rows: [String]) -> String {
        let boxed = rows.compactMap { row -> String? in
            guard let left = row.firstIndex(of: "│"), let right = row.lastIndex(of: "│"), left < right else { return nil }
            return row[row.index(after: left)..<right].trimmingCharacters(in: .whitespaces)
        }
        return (rows + [boxed.filter { !$0.isEmpty }.joined(separator: " ")]).joined(separator: "\n")
    }
}
