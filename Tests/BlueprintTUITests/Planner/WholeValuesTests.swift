import BlueprintDomain
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import Foundation
import Testing

/// Values of a fixed shape (phones, money, table names, seats) are shown whole at every size:
/// a free-text column is cut, or a lower-priority column hidden, before one of them.
@Suite("Values shown whole")
@MainActor
struct WholeValuesTests {
    nonisolated static let sizes = [CanvasSize(rows: 24, columns: 80), CanvasSize(rows: 40, columns: 120),
                                    CanvasSize(rows: 60, columns: 200)]

    static let phone = "+1 555 0100 2345"
    static let email = "bookings@zed-photography-and-film.example"
    static let longTable = "Table 4 · By the garden doors"

    /// Wedding 1 with a long phone number and a large quote, Flowers over budget by $12,500.00, and a
    /// seating table with a long name over its capacity.
    static func dataset() -> WeddingDataset {
        var data = Wedding1.dataset()
        data.vendors.upsert(Vendor(id: Wedding1.uuid(95), name: "Zed Photography and Film of Long Names", category: .photography,
                                   status: .quoted, contactName: "Zed Zimmerman-Longfellow", phone: phone,
                                   email: email, quotedAmount: Money(minorUnits: 12_345_678),
                                   createdAt: Wedding1.start))
        data.expenses.upsert(Expense(id: Wedding1.uuid(96), name: "Flower arch", categoryID: Wedding1.flowers,
                                     amount: Wedding1.money(12_300), dueDate: Wedding1.date(5, 1), createdAt: Wedding1.start))
        data.seatingTables = RecordTable([SeatingTable(number: 4, name: "By the garden doors", capacity: 1, createdAt: Wedding1.start)])
        data.guests.upsert(Guest(id: Wedding1.uuid(97), firstName: "Fay", lastName: "Fox", household: "Fox", rsvp: .attending,
                                 plusOneAllowed: true, plusOneAttending: true, table: 4, createdAt: Wedding1.start))
        return data
    }

    func planner(_ size: CanvasSize, _ keys: Key...) async -> [String] {
        let planner = await PlannerHarness([Self.dataset()], rows: size.rows, columns: size.columns)
        for key in keys { await planner.press(key) }
        return planner.rows
    }

    @Test("a vendor's phone, email and quote are never cut: the email is whole or, where there is no room, hidden",
          arguments: sizes)
    func vendorPhone(_ size: CanvasSize) async {
        let rows = await planner(size, .character("3"))
        let zed = rows.first { $0.hasPrefix("Zed") } ?? ""
        #expect(zed.contains(Self.phone), "\(zed)")
        #expect(zed.contains(Self.email) == (size.columns >= 200), "\(zed)")
        #expect(!zed.contains("bookings@zed") || zed.contains(Self.email), "\(zed)")
        #expect(zed.contains(" $123,456.78"), "\(zed)")
    }

    @Test("a category over budget says by how much, whole", arguments: sizes)
    func overBudget(_ size: CanvasSize) async {
        let rows = await planner(size, .character("2"))
        let flowers = rows.first { $0.hasPrefix("Flowers") } ?? ""
        #expect(flowers.contains("OVER -$12,500.00"), "\(flowers)")
    }

    @Test("a seating table's name and its seats are never cut", arguments: sizes)
    func tableName(_ size: CanvasSize) async {
        let rows = await planner(size, .character("v"))
        let table = rows.first { $0.hasPrefix("Table 4") } ?? ""
        #expect(table.hasPrefix(Self.longTable), "\(table)")
        #expect(table.contains("2 / 1 ! over by 1"), "\(table)")
    }

    @Test("the seating suggestion's reasons wrap onto as many lines as they need, never cut", arguments: sizes)
    func suggestionReasons(_ size: CanvasSize) async {
        var data = Wedding1.dataset()
        data.guests.upsert(Guest(id: Wedding1.uuid(98), firstName: "Maximiliana Theodora", lastName: "Constantinopoulou-Wetherington",
                                 household: "Wetherington", rsvp: .attending, createdAt: Wedding1.start))
        let planner = await PlannerHarness([data], rows: size.rows, columns: size.columns)
        await planner.press(.character("v"), .character("s"))
        let box = planner.rows.filter { $0.contains("│") }
            .map { $0.split(separator: "│", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? "" }
        let words = box.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(words.contains("Maximiliana Theodora Constantinopoulou-Wetherington: not seated, no tables are set up "
                               + "(add tables with a capacity first)"), "\(words)")
    }

    @Test("a fitted column is as wide as its widest value, so a lower-priority column is hidden before it is cut")
    func fittingHidesBeforeCutting() {
        let columns = [TableColumn("Name", minWidth: 10, flex: 1, priority: 10),
                       TableColumn("Notes", minWidth: 10, flex: 1, priority: 1),
                       TableColumn("Phone", minWidth: 8, priority: 5)]
        let fitted = columns.fitting([2], rows: 0..<2) { row, column in
            TableCell(DisplayText(column == 2 ? ["555-0100", Self.phone][row] : "text"))
        }
        #expect(fitted[2].minWidth == 16)
        #expect(TableLayout.fit(fitted, width: 30).widths == [13, nil, 16])
        #expect(TableLayout.fit(columns, width: 30).widths == [10, 10, 8])
    }
}
