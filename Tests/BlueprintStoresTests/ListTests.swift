import BlueprintDomain
@testable import BlueprintStores
import Testing

@MainActor
@Suite("Rows after filter, sort and search", .timeLimit(.minutes(3)))
struct ListTests {
    @Test func visibleRowsAreFilteredAndSorted() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        #expect(store.visibleGuests.map(\.lastName) == ["Alvarez", "Brown", "Chen", "Das"])

        store.filter = GuestFilter(rsvp: [.invited, .pending, .maybe])
        #expect(store.visibleGuests.map(\.lastName) == ["Brown", "Das"])

        store.filter.text = TextQuery("vegetarian")
        #expect(store.visibleGuests.map(\.lastName) == ["Das"])
        #expect(store.guests.count == 4)
    }

    @Test func sortingCyclesThroughTheColumnsAndReverses() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        #expect(store.order == ListOrder(.name))

        store.order.cycle()
        #expect(store.order == ListOrder(.rsvp))
        // invited, pending, attending, maybe, declined
        #expect(store.visibleGuests.map(\.firstName) == ["Ben", "Dev", "Ana", "Cleo"])

        store.order.cycle()
        #expect(store.order.key == .table)
        #expect(store.visibleGuests.map(\.firstName) == ["Cleo", "Ana", "Ben", "Dev"])

        store.order.reverse()
        #expect(store.visibleGuests.map(\.firstName) == ["Dev", "Ben", "Ana", "Cleo"])

        store.order.cycle()
        store.order.cycle()
        #expect(store.order == ListOrder(.name))
        #expect(GuestSortKey.allCases.map(\.title) == ["Name", "RSVP", "Table", "Household"])
    }

    @Test func rowsStaySortedWhenARecordChanges() async throws {
        let harness = Harness()
        let store = await harness.loaded(TaskStore.init)
        #expect(store.visibleTasks.map(\.title) == ["Book the venue", "Send invitations", "Order the cake"])
        var task = try #require(store.task(Sample.bookVenue))
        task.dueDate = CalendarDate(year: 2026, month: 3, day: 1)
        #expect(await store.update(task) == .saved)
        #expect(store.visibleTasks.map(\.title) == ["Send invitations", "Order the cake", "Book the venue"])
        store.order = ListOrder(.priority)
        #expect(store.visibleTasks.map(\.priority) == [.urgent, .high, .medium])
    }

    @Test func searchFindsMatchesAmongTheVisibleRowsAndMovesBetweenThem() async throws {
        let harness = Harness()
        let store = await harness.loaded(GuestStore.init)
        store.searchText = "br"   // Ben Brown, and Dev of the Brown household
        #expect(store.searchMatches.rows == [1, 3])
        #expect(store.searchMatches.next(after: nil) == 1)
        #expect(store.searchMatches.next(after: 1) == 3)
        #expect(store.searchMatches.next(after: 3) == 1)
        #expect(store.searchMatches.previous(before: 1) == 3)
        #expect(store.searchMatches.position(of: 3) == 2 && store.searchMatches.count == 2)
        #expect(!store.searchMatches.contains(row: 0))

        store.filter = GuestFilter(rsvp: [.pending])
        #expect(store.visibleGuests.map(\.firstName) == ["Dev"])
        #expect(store.searchMatches.rows == [0])

        store.searchText = ""
        #expect(store.searchMatches.isEmpty && store.searchMatches.next(after: 0) == nil)
    }

    @Test func searchMatchesFollowTheRowsWhenTheyChange() async throws {
        let harness = Harness()
        let store = await harness.loaded(VendorStore.init)
        store.searchText = "florist"
        #expect(store.searchMatches.rows == [1])
        #expect(await store.create(Vendor(name: "Aster Florist", category: .florist)) == .saved)
        #expect(store.visibleVendors.map(\.name) == ["Aster Florist", "Grand Hall", "Rose Florist"])
        #expect(store.searchMatches.rows == [0, 2])
    }

    @Test(arguments: [nil, 0, 4, 5, 9])
    func searchMovesWrapAround(from row: Int?) {
        let matches = SearchMatches(query: "x", rows: [2, 5, 7])
        let next = matches.next(after: row)
        let previous = matches.previous(before: row)
        switch row {
        case nil: #expect(next == 2 && previous == 7)
        case 0: #expect(next == 2 && previous == 7)
        case 4: #expect(next == 5 && previous == 2)
        case 5: #expect(next == 7 && previous == 2)
        default: #expect(next == 2 && previous == 7)
        }
    }

    @Test func theBudgetShowsItsFiguresAsOfToday() async throws {
        let harness = Harness()
        let store = await harness.loaded(BudgetStore.init)
        let summary = try #require(store.summary)
        #expect(summary.totalBudget == Sample.money(20_000))
        #expect(summary.committed == Sample.money(8_300) && summary.paid == Sample.money(4_000))
        #expect(summary.dueNext30Days.map(\.expenseName) == ["Bouquet", "Venue hire"])
        #expect(store.categoryMetrics.map(\.name) == ["Flowers", "Venue"])
        #expect(store.visibleExpenses.map(\.name) == ["Bouquet", "Venue hire"])

        store.order = ListOrder(.amount, ascending: false)
        #expect(store.visibleExpenses.map(\.name) == ["Venue hire", "Bouquet"])
        store.filter = ExpenseFilter(categoryID: Sample.flowers)
        #expect(store.visibleExpenses.map(\.name) == ["Bouquet"])
    }

    @Test func taskFiguresCountOverdueOpenTasksOnly() async throws {
        let harness = Harness()
        let store = await harness.loaded(TaskStore.init)
        // "Send invitations" is past due but cancelled; "Order the cake" is past due and open.
        #expect(store.stats.overdue == 1)
        #expect(store.today == Sample.today)
        #expect(store.visibleTasks.filter { $0.isOverdue(today: store.today) }.map(\.title) == ["Order the cake"])
    }
}
