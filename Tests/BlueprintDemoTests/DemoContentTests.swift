import BlueprintDemo
import BlueprintDomain
import Foundation
import Testing

@Suite("Demo wedding: content")
struct DemoContentTests {
    let dataset: WeddingDataset
    var today: CalendarDate { DemoFixture.today }

    init() throws { dataset = try DemoFixture.make() }

    @Test("every record passes the domain's validation, for several seeds and sizes", arguments: [
        (2026 as UInt64, 180), (1, 60), (7, 1_000), (99, 25),
    ])
    func everyRecordIsValid(_ seed: UInt64, _ guests: Int) throws {
        let dataset = try DemoFixture.make(DemoFixture.options(seed: seed, guests: guests, vendors: 30, tasks: 70,
                                                               expenses: 60))
        #expect(DemoFixture.validationProblems(in: dataset) == [])
    }

    @Test("the wedding can be rebuilt through a checked transaction")
    func rebuildsThroughTransaction() throws {
        var rebuilt = WeddingDataset(wedding: dataset.wedding)
        _ = try rebuilt.transaction(now: dataset.wedding.createdAt) { transaction in
            for category in dataset.categories.records { try transaction.insert(category) }
            for vendor in dataset.vendors.records { try transaction.insert(vendor) }
            for expense in dataset.expenses.records { try transaction.insert(expense) }
            for task in dataset.tasks.records { try transaction.insert(task) }
            for guest in dataset.guests.records { try transaction.insert(guest) }
        }
        #expect(rebuilt.guests.count == dataset.guests.count)
        #expect(rebuilt.expenses.count == dataset.expenses.count)
    }

    @Test("the wedding is months away, replies are due before it, and the budget covers the spending")
    func weddingSettings() throws {
        let wedding = dataset.wedding
        let date = try #require(wedding.weddingDate)
        let deadline = try #require(wedding.rsvpDeadline)
        #expect(date.days(since: today) >= 150)
        #expect(today < deadline && deadline < date)
        #expect(wedding.currency == .usd)
        #expect(wedding.totalBudget >= dataset.expenses.records.sum(\.committed))
        #expect(wedding.totalBudget >= dataset.categories.records.sum(\.allocated))
    }

    @Test("every RSVP answer appears, most guests attend")
    func rsvpMix() {
        let stats = GuestStats(guests: dataset.guests.records)
        #expect(Set(dataset.guests.records.map(\.rsvp)) == Set(RSVPStatus.allCases))
        #expect(stats.attending * 2 > stats.invited)
    }

    @Test("names are written in many scripts, and some notes carry emoji")
    func scripts() {
        let names = dataset.guests.records.map(\.fullName).joined(separator: " ")
        func has(_ range: ClosedRange<UInt32>) -> Bool { names.unicodeScalars.contains { range.contains($0.value) } }
        #expect(has(0x00C0...0x024F), "Latin with accents")
        #expect(has(0x4E00...0x9FFF), "Chinese or Japanese kanji")
        #expect(has(0xAC00...0xD7AF), "Korean")
        #expect(has(0x0600...0x06FF), "Arabic")
        #expect(has(0x0900...0x097F), "Devanagari")
        #expect(has(0x0400...0x04FF), "Cyrillic")
        #expect(has(0x0370...0x03FF), "Greek")
        let notes = dataset.guests.records.map(\.notes).joined()
        #expect(notes.unicodeScalars.contains { $0.properties.isEmojiPresentation })
    }

    @Test("households share a family name and an address, and each label is one household")
    func households() {
        let byHousehold = Dictionary(grouping: dataset.guests.records, by: \.household)
        #expect(byHousehold.values.contains { $0.count >= 3 })
        for members in byHousehold.values {
            #expect(Set(members.map(\.lastName)).count == 1)
            #expect(Set(members.map(\.address)).count == 1)
            #expect(Set(members.map(\.invitedBy)).count == 1)
        }
        #expect(Set(dataset.guests.records.map(\.invitedBy)) == Set(InvitedBy.allCases))
        #expect(Set(dataset.guests.records.map(\.relationship)).count >= 5)
    }

    @Test("attending guests choose meals and sit at tables of eight to ten in distinct seats")
    func mealsAndSeating() {
        let guests = dataset.guests.records
        #expect(guests.filter { $0.rsvp != .attending }.allSatisfy { $0.mealChoice.isEmpty && $0.table == nil })
        let attending = guests.filter { $0.rsvp == .attending }
        #expect(attending.filter { !$0.mealChoice.isEmpty }.count * 10 >= attending.count * 8)
        #expect(attending.filter { $0.table != nil }.count * 10 >= attending.count * 8)
        let chart = SeatingChart(guests: guests)
        #expect(chart.tables.count >= 10)
        for table in chart.tables {
            #expect(table.seatsUsed <= 10)
            let seats = table.guests.compactMap(\.seat)
            #expect(Set(seats).count == seats.count)
        }
        #expect(guests.contains { $0.plusOneAllowed && $0.plusOneAttending && !$0.plusOneName.isEmpty })
        #expect(guests.contains { $0.plusOneAllowed && $0.plusOneAttending && $0.plusOneName.isEmpty })
        #expect(guests.allSatisfy { !$0.plusOneAttending || ($0.plusOneAllowed && $0.rsvp == .attending) })
        #expect(guests.contains { !$0.dietaryRestrictions.isEmpty })
        #expect(guests.contains { !$0.accessibilityNeeds.isEmpty })
    }

    @Test("plus-ones coming have meals, so the meal counts add up to the headcount")
    func plusOnesHaveMeals() {
        let guests = dataset.guests.records
        let plusOnes = guests.filter(\.bringsPlusOne)
        #expect(plusOnes.count >= 10)
        #expect(plusOnes.filter { !$0.plusOneMealChoice.isEmpty }.count * 10 >= plusOnes.count * 8)
        #expect(guests.contains { $0.bringsPlusOne && !$0.plusOneDietaryRestrictions.isEmpty })
        #expect(guests.allSatisfy { $0.bringsPlusOne || ($0.plusOneMealChoice.isEmpty && $0.plusOneDietaryRestrictions.isEmpty) })
        let stats = GuestStats(guests: guests)
        #expect(stats.mealCounts.values.reduce(0, +) == stats.attendingHeadcount)
        #expect(stats.mealCounts.filter { !$0.key.isEmpty }.values.reduce(0, +) * 10 >= stats.attendingHeadcount * 8)
    }

    @Test("a wedding party, contact details, gifts and thank-yous appear")
    func partyContactsAndGifts() {
        let guests = dataset.guests.records
        let party = guests.filter { !$0.weddingPartyRole.isEmpty }
        #expect(party.count >= 8)
        #expect(party.allSatisfy { $0.rsvp == .attending && $0.table != nil })
        #expect(guests.contains { !$0.email.isEmpty } && guests.contains { $0.email.isEmpty })
        #expect(guests.contains { !$0.phone.isEmpty } && guests.contains { $0.phone.isEmpty })
        let gifts = dataset.gifts.records
        #expect(gifts.contains { $0.thankYouSent && $0.thankYouSentOn != nil && $0.thankYouMethod != nil })
        #expect(gifts.contains { !$0.thankYouSent })
        #expect(gifts.contains { $0.giftKind == .money && $0.value != nil })
        #expect(gifts.allSatisfy { gift in !gift.guestIDs.isEmpty && gift.guestIDs.allSatisfy { dataset.guests[$0] != nil } })
        #expect(gifts.allSatisfy { gift in gift.receivedOn.map { $0 < dataset.wedding.weddingDate! } ?? false })
        #expect(!dataset.moneyOwed.records.isEmpty)
    }

    @Test("the budget nests categories, goes over in one, and has payments of every kind")
    func budget() throws {
        let categories = dataset.categories.records
        let expenses = dataset.expenses.records
        #expect(categories.contains { $0.parentID != nil })
        let summary = BudgetSummary(wedding: dataset.wedding, categories: categories, expenses: expenses, today: today)
        #expect(!summary.overBudgetCategories.isEmpty)
        #expect(!summary.dueNext30Days.isEmpty)
        #expect(!summary.overdue.isEmpty)
        #expect(Set(expenses.map(\.paymentStatus)).isSuperset(of: [.paid, .partial, .pending, .overdue, .cancelled]))
        let partial = try #require(expenses.first { $0.paymentStatus == .partial })
        #expect(partial.installments.contains { $0.isPaid } && partial.installments.contains { !$0.isPaid })
        #expect(expenses.contains { $0.paymentStatus == .pending && $0.installments.count >= 2 })
        #expect(expenses.contains { $0.vendorID != nil } && expenses.contains { $0.vendorID == nil })
        #expect(expenses.contains { $0.amount.minorUnits % 100 == 0 }, "some amounts are whole dollars")
        #expect(expenses.contains { $0.amount.minorUnits % 100 != 0 }, "some amounts have cents")
        for expense in expenses {
            #expect(expense.installments.isEmpty || expense.installments.sum(\.amount) == expense.amount)
            #expect(expense.installments.allSatisfy { ($0.paidDate ?? today) <= today })
            if expense.paymentStatus != .overdue {
                #expect(expense.installments.allSatisfy { $0.isPaid || $0.dueDate >= today })
            }
        }
    }

    @Test("vendors span categories and every status, and booked ones have a date and a quote")
    func vendors() {
        let vendors = dataset.vendors.records
        #expect(Set(vendors.map(\.status)).isSuperset(of: [.booked, .quoted, .contacted, .researching, .declined]))
        #expect(Set(vendors.map(\.category)).count >= 10)
        for vendor in vendors where vendor.status == .booked {
            #expect(vendor.bookedDate != nil && vendor.quotedAmount != nil)
            #expect(vendor.bookedDate.map { $0 < today } ?? false)
        }
        #expect(vendors.filter { $0.status != .researching }.allSatisfy { !$0.contactName.isEmpty && !$0.email.isEmpty })
        #expect(vendors.allSatisfy { !$0.website.isEmpty })
        #expect(vendors.filter { $0.budgetCategoryID != nil }.count >= 12)
    }

    @Test("most booked vendors are rated, some reviewed, some would be booked again, and the opinions agree with the stars",
          arguments: [2026 as UInt64, 1, 7, 99])
    func vendorOpinions(_ seed: UInt64) throws {
        let vendors = try DemoFixture.make(DemoFixture.options(seed: seed, guests: 60, vendors: 40)).vendors.records
        let booked = vendors.filter { $0.status == .booked }
        let rated = vendors.filter { $0.rating != nil }
        #expect(rated.allSatisfy { $0.status == .booked }, "only booked vendors are rated")
        #expect(rated.count * 3 >= booked.count * 2, "most booked vendors are rated: \(rated.count) of \(booked.count)")
        #expect(rated.allSatisfy { (1...5).contains($0.rating!) })
        #expect(Set(rated.compactMap(\.rating)).count >= 3, "the stars vary")
        #expect(rated.contains { !$0.review.isEmpty } && rated.contains { $0.review.isEmpty })
        #expect(vendors.allSatisfy { $0.review.isEmpty && $0.wouldBookAgain == nil || $0.rating != nil },
                "a review or would-book-again comes with stars")
        #expect(rated.contains { $0.wouldBookAgain == true })
        #expect(rated.allSatisfy { $0.wouldBookAgain != true || $0.rating! >= 3 })
        #expect(rated.allSatisfy { $0.wouldBookAgain != false || $0.rating! <= 3 })
        #expect(rated.allSatisfy { $0.review.count <= 60 }, "reviews are short")
    }

    @Test("a couple of declined vendors are archived, only declined ones, and the demo's figures leave them out",
          arguments: [2026 as UInt64, 1, 7, 99])
    func archivedVendors(_ seed: UInt64) throws {
        let vendors = try DemoFixture.make(DemoFixture.options(seed: seed, guests: 60, vendors: 40)).vendors.records
        let archived = vendors.filter(\.isArchived)
        #expect(archived.count >= 2 && archived.allSatisfy { $0.status == .declined })
        #expect(VendorStats(vendors: vendors).archived == archived.count)
        #expect(dataset.vendors.records.filter(\.isArchived).map(\.name) == ["Silver Spur Vintage Cars"],
                "the standard demo shows one archived vendor")
    }

    @Test("tasks are overdue, due this week, done and cancelled around today")
    func tasks() {
        let tasks = dataset.tasks.records
        let stats = TaskStats(tasks: tasks, today: today)
        #expect(stats.overdue >= 1)
        #expect(stats.dueWithin7Days >= 1)
        #expect(tasks.contains { $0.status == .completed && ($0.dueDate ?? today) < today })
        #expect(tasks.contains { $0.status == .cancelled && ($0.dueDate ?? today) < today && !$0.isOverdue(today: today) })
        #expect(Set(tasks.map(\.priority)) == Set(TaskPriority.allCases))
        #expect(tasks.contains { $0.vendorID != nil })
        #expect(tasks.contains { $0.subtasks.contains { $0.isDone } && $0.subtasks.contains { !$0.isDone } })
        let assignees = Set(tasks.flatMap(\.assignees))
        #expect(assignees.contains { $0.hasSuffix("(planner)") })
        #expect(assignees.count >= 4)
        for task in tasks where task.status == .completed {
            #expect(task.subtasks.allSatisfy { $0.isDone })
        }
    }

    @Test("each budget scenario has a line for every live category, so making it live changes only what it differs in")
    func scenariosCoverTheBudget() {
        let categories = Set(dataset.categories.records.map(\.id))
        #expect(dataset.scenarios.count == 2)
        for scenario in dataset.scenarios {
            #expect(Set(scenario.lines.compactMap(\.categoryID)) == categories, "\(scenario.name)")
            #expect(scenario.validationIssues(in: dataset).isEmpty)
        }
    }

    @Test("the tables seat everyone the demo seated, within capacity, and the seating rules name guests")
    func seatingTablesAndRules() {
        let chart = SeatingChart(guests: dataset.guests.records, tables: dataset.seatingTables.records,
                                 rules: dataset.seatingRules.records)
        #expect(chart.tables.allSatisfy { $0.record != nil && !$0.isOverCapacity })
        #expect(dataset.seatingRules.records.map(\.ruleKind) == [.apart, .together])
    }
}
