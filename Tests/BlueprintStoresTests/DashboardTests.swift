import BlueprintDemo
import BlueprintDomain
@testable import BlueprintStores
import Foundation
import Testing

@MainActor
@Suite("The dashboard", .timeLimit(.minutes(3)))
struct DashboardTests {
    /// The dashboard's figures against the domain's, each computed straight from `dataset` as of `today`.
    private func expectDomainFigures(_ dashboard: Dashboard, _ dataset: WeddingDataset, today: CalendarDate,
                                     sourceLocation: SourceLocation = #_sourceLocation) {
        let tasks = TaskStats(tasks: dataset.tasks, today: today)
        let summary = BudgetSummary(wedding: dataset.wedding, categories: dataset.categories, expenses: dataset.expenses, today: today)
        let guests = GuestStats(guests: dataset.guests.records)
        #expect(dashboard.replies.stats == guests, sourceLocation: sourceLocation)
        #expect(dashboard.replies.responded == guests.attending + guests.declined, sourceLocation: sourceLocation)
        #expect(dashboard.overdueTasks.count == tasks.overdue, sourceLocation: sourceLocation)
        #expect(dashboard.tasksDueSoon.count == tasks.dueWithin7Days, sourceLocation: sourceLocation)
        #expect(dashboard.overduePayments == summary.overdue, sourceLocation: sourceLocation)
        #expect(dashboard.paymentsDueSoon == summary.dueNext30Days, sourceLocation: sourceLocation)
        #expect(dashboard.daysToGo == dataset.wedding.weddingDate.map { $0.days(since: today) }, sourceLocation: sourceLocation)
        #expect(dashboard.replies.deadline == dataset.wedding.rsvpDeadline, sourceLocation: sourceLocation)
        let next = dataset.milestones.filter { !$0.isDone }.sorted { ($0.date, $0.title) < ($1.date, $1.title) }.prefix(5)
        #expect(dashboard.nextMilestones.map(\.id) == next.map(\.id), sourceLocation: sourceLocation)
        let booked = Set(dataset.vendors.filter { $0.status == .booked }.map(\.category))
        #expect(dashboard.unbookedCategories.map(\.category) == [.venue, .catering, .photography, .officiant].filter { !booked.contains($0) },
                sourceLocation: sourceLocation)
    }

    @Test func theFiguresOfTheDemoWeddingAreTheDomainsBeforeAndAfterEdits() async throws {
        let dataset = try DemoWeddingGenerator.make(DemoWeddingOptions(today: Sample.today, guests: 120, seed: 11))
        let harness = Harness([dataset])
        let messages = HeldMessages()
        let session = await harness.openSession(holding: messages)
        let dashboard = session.dashboard.dashboard
        expectDomainFigures(dashboard, dataset, today: Sample.today)
        #expect(!dashboard.overdueTasks.isEmpty && !dashboard.paymentsDueSoon.isEmpty && dashboard.nextMilestones.count == 5,
                "the demo has something in each list")

        // Edits in this session and another's: the dashboard follows, still equal to the domain's figures.
        let task = try #require(dashboard.overdueTasks.first)
        #expect(await session.tasks.toggleDone(task.id) == .saved)
        let payment = try #require(dashboard.paymentsDueSoon.first)
        #expect(await session.budget.markPaid(payment.expenseID) == .saved)
        var guest = try #require(session.guests.guests.first { $0.rsvp == .pending || $0.rsvp == .invited })
        guest.rsvp = .declined
        guest.version += 1
        await harness.externalWrite([.save(guest)])
        try await harness.handOverChanges(messages, to: session)
        #expect(session.guests.guest(guest.id)?.rsvp == .declined)

        let stored = try await harness.stored { $0 }
        expectDomainFigures(session.dashboard.dashboard, stored, today: Sample.today)
        #expect(!session.dashboard.dashboard.overdueTasks.contains { $0.id == task.id })
        session.close()
    }

    @Test func theSampleWeddingNeedsWhatItNeeds() async throws {
        let harness = Harness()
        let session = await harness.openSession()
        let dashboard = session.dashboard.dashboard

        #expect(dashboard.daysToGo == 170)
        #expect(dashboard.replies.responded == 2 && dashboard.replies.stats.invited == 4 && dashboard.replies.stats.pending == 2)
        #expect(dashboard.replies.daysToDeadline == 120 && !dashboard.replies.isLate)
        #expect(dashboard.overdueTasks.map(\.id) == [Sample.orderCake], "closed tasks are never overdue")
        #expect(dashboard.tasksDueSoon.isEmpty)
        #expect(dashboard.overduePayments.isEmpty)
        #expect(dashboard.paymentsDueSoon.map(\.expenseID) == [Sample.bouquet, Sample.venueDeposit])
        #expect(dashboard.paymentsDueSoon.map(\.installmentID) == [nil, Sample.depositSecond])
        #expect(dashboard.nextMilestones.map(\.id) == [Sample.invitationsSent, Sample.finalHeadcount, Sample.weddingDay])
        #expect(dashboard.unbookedCategories == [
            Dashboard.VendorGap(category: .catering, candidates: 0), Dashboard.VendorGap(category: .photography, candidates: 0),
            Dashboard.VendorGap(category: .officiant, candidates: 0),
        ])
        expectDomainFigures(dashboard, Sample.dataset(id: harness.weddingID), today: Sample.today)

        // Booking a caterer takes catering off the list; one still researched counts as a candidate.
        #expect(await session.vendors.create(Vendor(name: "Feast", category: .catering, status: .booked)) == .saved)
        #expect(await session.vendors.create(Vendor(name: "Snaps", category: .photography, status: .quoted)) == .saved)
        #expect(session.dashboard.dashboard.unbookedCategories == [
            Dashboard.VendorGap(category: .photography, candidates: 1), Dashboard.VendorGap(category: .officiant, candidates: 0),
        ])

        // An archived vendor is put away: it books nothing and is no candidate.
        #expect(await session.vendors.create(Vendor(name: "Vows", category: .officiant, status: .booked, isArchived: true)) == .saved)
        #expect(await session.vendors.create(Vendor(name: "Old snaps", category: .photography, status: .contacted,
                                                    isArchived: true)) == .saved)
        #expect(session.dashboard.dashboard.unbookedCategories == [
            Dashboard.VendorGap(category: .photography, candidates: 1), Dashboard.VendorGap(category: .officiant, candidates: 0),
        ])
        session.close()
    }

    /// A wedding whose records fall on each side of the dashboard's boundaries as of `today`.
    private static func boundaries(today: CalendarDate) -> (WeddingDataset, [String: UUID]) {
        var ids: [String: UUID] = [:]
        func id(_ name: String) -> UUID {
            let id = Sample.uuid(900 + ids.count)
            ids[name] = id
            return id
        }
        func day(_ offset: Int) -> CalendarDate { today.adding(days: offset) }
        let category = BudgetCategory(name: "Everything", allocated: Sample.money(10_000))
        let dataset = WeddingDataset(
            wedding: Wedding(name: "Edges", weddingDate: day(100), totalBudget: Sample.money(10_000), rsvpDeadline: day(0)),
            guests: [Guest(firstName: "Ida", lastName: "Ito", rsvp: .pending), Guest(firstName: "Jo", lastName: "Jay", rsvp: .attending)],
            categories: [category],
            expenses: [
                Expense(id: id("paymentYesterday"), name: "A", categoryID: category.id, amount: Sample.money(1), dueDate: day(-1)),
                Expense(id: id("paymentToday"), name: "B", categoryID: category.id, amount: Sample.money(2), dueDate: day(0)),
                Expense(id: id("paymentIn30"), name: "C", categoryID: category.id, amount: Sample.money(3), dueDate: day(30)),
                Expense(id: id("paymentIn31"), name: "D", categoryID: category.id, amount: Sample.money(4), dueDate: day(31)),
                Expense(id: id("paidYesterday"), name: "E", categoryID: category.id, amount: Sample.money(5), dueDate: day(-1),
                        paymentStatus: .paid),
            ],
            tasks: [
                WeddingTask(id: id("taskYesterday"), title: "a", dueDate: day(-1)),
                WeddingTask(id: id("taskToday"), title: "b", dueDate: day(0)),
                WeddingTask(id: id("taskIn7"), title: "c", dueDate: day(7)),
                WeddingTask(id: id("taskIn8"), title: "d", dueDate: day(8)),
                WeddingTask(id: id("completedYesterday"), title: "e", status: .completed, dueDate: day(-1)),
                WeddingTask(id: id("cancelledToday"), title: "f", status: .cancelled, dueDate: day(0)),
            ],
            milestones: [
                Milestone(id: id("milestoneYesterday"), title: "m1", date: day(-1)),
                Milestone(id: id("milestoneToday"), title: "m2", date: day(0)),
                Milestone(id: id("doneYesterday"), title: "m0", date: day(-1), isDone: true),
            ])
        return (dataset, ids)
    }

    @Test func overdueAndDueSoonAreDecidedByTheDateAndMoveWithTheDay() async throws {
        let (dataset, ids) = Self.boundaries(today: Sample.today)
        let harness = Harness([dataset])
        let session = await harness.openSession()
        let dashboard = session.dashboard
        func named(_ names: String...) -> [UUID] { names.map { ids[$0]! } }

        var now = dashboard.dashboard
        #expect(now.overdueTasks.map(\.id) == named("taskYesterday"))
        #expect(now.tasksDueSoon.map(\.id) == named("taskToday", "taskIn7"))
        #expect(now.overduePayments.map(\.expenseID) == named("paymentYesterday"))
        #expect(now.paymentsDueSoon.map(\.expenseID) == named("paymentToday", "paymentIn30"))
        #expect(now.nextMilestones.map(\.id) == named("milestoneYesterday", "milestoneToday"))
        #expect(now.nextMilestones.map { $0.isOverdue(today: now.today) } == [true, false])
        #expect(now.replies.daysToDeadline == 0 && !now.replies.isLate, "the deadline is today: not late yet")
        expectDomainFigures(now, dataset, today: Sample.today)

        // A day later, with nothing changed but the date.
        harness.clock.advance(by: .seconds(24 * 60 * 60))
        now = dashboard.dashboard
        #expect(now.today == Sample.today.adding(days: 1) && now.daysToGo == 99)
        #expect(now.overdueTasks.map(\.id) == named("taskYesterday", "taskToday"))
        #expect(now.tasksDueSoon.map(\.id) == named("taskIn7", "taskIn8"))
        #expect(now.overduePayments.map(\.expenseID) == named("paymentYesterday", "paymentToday"))
        #expect(now.paymentsDueSoon.map(\.expenseID) == named("paymentIn30", "paymentIn31"))
        #expect(now.nextMilestones.map { $0.isOverdue(today: now.today) } == [true, true])
        #expect(now.replies.isLate, "past the deadline with a guest still to answer")
        expectDomainFigures(now, dataset, today: Sample.today.adding(days: 1))
        session.close()
    }

    @Test func itIsReadyOnceEveryStoreItReadsHasLoaded() async throws {
        let harness = Harness()
        let session = WeddingSession(wedding: harness.weddingID, context: harness.context)
        #expect(!session.dashboard.isReady)
        for store in session.stores where store !== session.timeline { await store.load() }
        #expect(!session.dashboard.isReady)
        await session.timeline.load()
        #expect(session.dashboard.isReady)
        // Every store but the seating plan's, the notes' and the documents', which the dashboard does not show.
        #expect(session.dashboard.sources.map(\.domain) == StoreDomain.allCases.filter { ![.seating, .notes, .documents].contains($0) })
        session.close()
    }
}

extension DashboardTests {
    @Test("the dashboard carries the allocations beyond the total budget")
    func overAllocated() {
        var wedding = Wedding(name: "Ana & Ben", partner1Name: "Ana", partner2Name: "Ben")
        wedding.totalBudget = Money(minorUnits: 2_500_000)
        let today = CalendarDate(year: 2026, month: 6, day: 1)!
        let summary = BudgetSummary(wedding: wedding, categories: [BudgetCategory(name: "Venue", allocated: Money(minorUnits: 4_000_000))],
                                    expenses: [], today: today)
        let dashboard = Dashboard(wedding: wedding, guests: GuestStats(guests: [Guest]()), tasks: [WeddingTask](), budget: summary,
                                  vendors: [Vendor](), milestones: [Milestone](), gifts: GiftSummary(), today: today)
        #expect(dashboard.overAllocated == Money(minorUnits: 1_500_000))
    }
}
