import BlueprintDomain
import Foundation

// Fixed dates, times and ids shared by the domain tests, so nothing depends on the system clock.

/// The date written as `yyyy-MM-dd`; a typo in a test's fixture stops the run with its text.
func day(_ text: String) -> CalendarDate {
    guard let date = CalendarDate(iso: text) else { fatalError("test fixture '\(text)' is not a yyyy-MM-dd date") }
    return date
}

/// The instant written as ISO-8601 with a time zone.
func instant(_ text: String) -> Timestamp {
    guard let timestamp = Timestamp(iso: text) else { fatalError("test fixture '\(text)' is not an ISO-8601 timestamp") }
    return timestamp
}

/// A UUID whose last digits are `n`, so ids (and their sort order) are readable in failures.
func uuid(_ n: Int) -> UUID {
    let digits = String(n)
    return UUID(uuidString: "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - digits.count) + digits)!
}

/// Dollars and cents as money in minor units: `usd(1_234, 50)` is $1,234.50.
func usd(_ dollars: Int64, _ cents: Int64 = 0) -> Money { Money(minorUnits: dollars * 100 + cents) }

/// When the fixture records were created.
let createdTime = instant("2026-01-10T09:00:00.000Z")
/// The clock of the transaction under test, later than `createdTime`.
let editTime = instant("2026-02-01T12:30:00.250Z")

let fixtureWedding = Wedding(id: WeddingID(uuid(9_999)), name: "Ana & Ben", partner1Name: "Ana", partner2Name: "Ben",
                             weddingDate: day("2026-10-10"), totalBudget: usd(30_000),
                             rsvpDeadline: day("2026-08-01"), createdAt: createdTime)

/// A small wedding with records that point at each other: a vendor in a category, an expense
/// for the vendor, a task for both, and a child category.
enum Sample {
    static let venueCategory = BudgetCategory(id: uuid(1), name: "Venue", allocated: usd(10_000), createdAt: createdTime)
    static let flowersCategory = BudgetCategory(id: uuid(2), name: "Flowers", allocated: usd(1_500), createdAt: createdTime)
    static let ceremonyCategory = BudgetCategory(id: uuid(3), name: "Ceremony", allocated: usd(500),
                                                 parentID: uuid(1), createdAt: createdTime)
    static let hall = Vendor(id: uuid(10), name: "Grand Hall", category: .venue, status: .booked,
                             quotedAmount: usd(8_000), budgetCategoryID: uuid(1), createdAt: createdTime)
    static let florist = Vendor(id: uuid(11), name: "Petal & Stem", category: .florist, status: .quoted,
                                quotedAmount: usd(1_200), budgetCategoryID: uuid(2), createdAt: createdTime)
    static let hallDeposit = Expense(id: uuid(20), name: "Hall deposit", categoryID: uuid(1), vendorID: uuid(10),
                                     amount: usd(2_000), dueDate: day("2026-03-01"), createdAt: createdTime)
    static let visitHall = WeddingTask(id: uuid(30), title: "Visit the hall", dueDate: day("2026-04-15"),
                                       vendorID: uuid(10), budgetCategoryID: uuid(1), createdAt: createdTime)
    static let chooseFlowers = WeddingTask(id: uuid(31), title: "Choose flowers", dueDate: day("2026-05-01"),
                                           vendorID: uuid(11), budgetCategoryID: uuid(2), createdAt: createdTime)
    static let ana = Guest(id: uuid(40), firstName: "Ana", lastName: "Lopez", createdAt: createdTime)
    static let ben = Guest(id: uuid(41), firstName: "Ben", lastName: "Okafor", createdAt: createdTime)
    static let cara = Guest(id: uuid(42), firstName: "Cara", lastName: "Nunes", createdAt: createdTime)

    static var dataset: WeddingDataset {
        WeddingDataset(wedding: fixtureWedding, guests: [ana, ben, cara],
                       categories: [venueCategory, flowersCategory, ceremonyCategory], expenses: [hallDeposit],
                       vendors: [hall, florist], tasks: [visitHall, chooseFlowers])
    }
}
