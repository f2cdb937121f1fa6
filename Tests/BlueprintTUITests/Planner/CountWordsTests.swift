import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

/// Every count on screen takes its noun in the singular for 1 and the plural otherwise
/// ("1 guest", "1 category", "1 seat used"), through `CountPhrase`.
@Suite("Counts on screen in words")
@MainActor
struct CountWordsTests {
    /// Wedding 1 cut down to `count` guests (each attending alone, at a table of their own),
    /// vendors, tasks and budget categories (with their expenses).
    static func dataset(_ count: Int) -> WeddingDataset {
        var data = Wedding1.dataset()
        data.guests = RecordTable(data.guests.filter { [Wedding1.dev, Wedding1.wide].contains($0.id) }.prefix(count))
        data.vendors = RecordTable(data.vendors.prefix(count))
        data.tasks = RecordTable(data.tasks.prefix(count))
        data.categories = RecordTable(data.categories.prefix(count))
        let kept = Set(data.categories.map(\.id))
        data.expenses = RecordTable(data.expenses.filter { kept.contains($0.categoryID) })
        return data
    }

    @Test("guests, tables, seats, vendors, tasks and categories at 0, 1 and 2", arguments: [
        (0, "0 guests", "0 tables  0 seats used", "0 vendors", "0 tasks", "0 categories"),
        (1, "1 guest", "1 table  1 seat used", "1 vendor", "1 task", "1 category"),
        (2, "2 guests", "2 tables  2 seats used", "2 vendors", "2 tasks", "2 categories"),
    ])
    func counts(count: Int, guests: String, seating: String, vendors: String, tasks: String, categories: String) async {
        let planner = await PlannerHarness([Self.dataset(count)])
        #expect(planner.statusRow.contains("GUESTS │ \(guests) "), "\(planner.statusRow)")
        await planner.press(.character("v"))
        #expect(planner.rows[1].hasPrefix(seating + "  "), "\(planner.rows[1])")
        await planner.press(.character("3"))
        #expect(planner.rows[1].hasPrefix(vendors + "  "), "\(planner.rows[1])")
        #expect(planner.statusRow.contains("VENDORS │ \(vendors) "), "\(planner.statusRow)")
        await planner.press(.character("4"))
        #expect(planner.rows[1].hasPrefix(tasks + "  "), "\(planner.rows[1])")
        #expect(planner.statusRow.contains("TASKS │ \(tasks) "), "\(planner.statusRow)")
        await planner.press(.character("2"))
        #expect(planner.statusRow.contains("BUDGET │ \(categories)"), "\(planner.statusRow)")
    }
}
