import BlueprintCache
import BlueprintDomain
import BlueprintRepositories
import BlueprintTestDoubles
import Foundation

/// A small wedding in an in-memory host, with repositories over a private cache.
struct RepositoryFixture {
    let host: any WeddingDataHost
    private let opened: OpenTestHost
    let repositories: Repositories
    let wedding: WeddingID
    let venue: BudgetCategory
    let florist: Vendor

    static let today = CalendarDate(year: 2026, month: 6, day: 1)!

    /// The in-memory host, for tests that inject failures or simulate other processes.
    var memoryHost: InMemoryWeddingHost { host as! InMemoryWeddingHost }

    init(on kind: TestHost = .memory) async throws {
        var wedding = Wedding(name: "Ana & Ben", partner1Name: "Ana", partner2Name: "Ben",
                              weddingDate: CalendarDate(year: 2026, month: 9, day: 12), totalBudget: Money(minorUnits: 2_000_000))
        wedding.rsvpDeadline = CalendarDate(year: 2026, month: 8, day: 1)
        opened = try await kind.open()
        host = opened.host
        repositories = Repositories(host: host, cache: RepositoryCache())
        self.wedding = try await repositories.weddings.createWedding(wedding).weddingID
        venue = try await repositories.budget.createCategory(
            BudgetCategory(name: "Venue", allocated: Money(minorUnits: 800_000)), in: self.wedding)
        florist = try await repositories.vendors.createVendor(
            Vendor(name: "Petal & Stem", category: .florist, status: .quoted, quotedAmount: Money(minorUnits: 150_000)),
            in: self.wedding)
    }

    func addGuest(_ first: String, _ last: String, rsvp: RSVPStatus = .invited) async throws -> Guest {
        try await repositories.guests.createGuest(Guest(firstName: first, lastName: last, rsvp: rsvp), in: wedding)
    }
}

extension Repositories {
    /// Calls every read of every repository once, so that every resource of `wedding` is cached.
    func readEveryResource(of wedding: WeddingID, asOf today: CalendarDate) async throws {
        _ = try await weddings.fetchWedding(wedding)
        _ = try await guests.fetchGuests(in: wedding)
        _ = try await guests.guestStats(in: wedding)
        _ = try await guests.seatingChart(in: wedding)
        _ = try await guests.searchGuests(GuestFilter(text: "a"), in: wedding)
        _ = try await budget.fetchCategories(in: wedding)
        _ = try await budget.fetchExpenses(in: wedding)
        _ = try await budget.budgetSummary(asOf: today, in: wedding)
        _ = try await budget.categoryMetrics(in: wedding)
        _ = try await budget.vendorPaymentTotals(in: wedding)
        _ = try await budget.searchExpenses(ExpenseFilter(), in: wedding)
        _ = try await vendors.fetchVendors(in: wedding)
        _ = try await vendors.vendorStats(in: wedding)
        _ = try await vendors.searchVendors(VendorFilter(), in: wedding)
        _ = try await tasks.fetchTasks(in: wedding)
        _ = try await tasks.taskStats(asOf: today, in: wedding)
        _ = try await tasks.searchTasks(TaskFilter(), in: wedding)
        for type in WeddingDataset.tableRecordTypes { try await fetchAll(type, in: wedding) }
    }
}

extension Repositories {
    /// Reads the list of every `R` in `wedding` (caching it).
    func fetchAll<R: TableRecord>(_ type: R.Type, in wedding: WeddingID) async throws {
        _ = try await records(type).fetchAll(in: wedding)
    }
}
