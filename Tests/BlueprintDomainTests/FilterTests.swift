import BlueprintDomain
import Foundation
import Testing

@Suite("Filters")
struct FilterTests {
    static let jose = Guest(id: uuid(1), firstName: "José", lastName: "Núñez", email: "jn@example.com", phone: "555-0101",
                            household: "The Núñez family", invitedBy: .partner1, rsvp: .attending, plusOneName: "Zoë",
                            mealChoice: "Fish", table: 2, notes: "Vegetarian-ish", createdAt: createdTime)
    static let ana = Guest(id: uuid(2), firstName: "Ana", lastName: "Lopez", email: "ana@example.org", invitedBy: .partner2,
                           rsvp: .declined, mealChoice: "Beef", table: 1, createdAt: createdTime)
    static let bjorn = Guest(id: uuid(3), firstName: "Björn", lastName: "Ek", invitedBy: .both, rsvp: .maybe,
                             mealChoice: "Fish", table: 2, createdAt: createdTime)
    static let guests = [jose, ana, bjorn]

    func names(_ filter: GuestFilter) -> [String] { Self.guests.filter(filter.matches).map(\.firstName) }

    @Test("text search ignores case and accents, both ways", arguments: [
        ("jose", ["José"]), ("JOSÉ", ["José"]), ("nunez", ["José"]), ("NÚÑEZ", ["José"]), ("bjorn", ["Björn"]),
        ("zoe", ["José"]), ("  ana ", ["Ana"]), ("EXAMPLE", ["José", "Ana"]), ("0101", ["José"]),
        ("family", ["José"]), ("vegetarian", ["José"]), ("", ["José", "Ana", "Björn"]), ("xyz", []),
    ])
    func guestText(query: String, expected: [String]) {
        #expect(names(GuestFilter(text: query)) == expected)
    }

    @Test("a full name finds the guest")
    func fullName() {
        #expect(names(GuestFilter(text: "jose nunez")) == ["José"])
        #expect(names(GuestFilter(text: "Ana Lopez")) == ["Ana"])
        #expect(names(GuestFilter(text: "ana ek")).isEmpty)
    }

    @Test("each guest criterion narrows the list")
    func guestCriteria() {
        #expect(names(GuestFilter(rsvp: [.attending, .maybe])) == ["José", "Björn"])
        #expect(names(GuestFilter(invitedBy: [.partner2])) == ["Ana"])
        #expect(names(GuestFilter(table: 2)) == ["José", "Björn"])
        #expect(names(GuestFilter(meal: "Beef")) == ["Ana"])
        #expect(names(GuestFilter(meal: "beef")).isEmpty)
        #expect(names(GuestFilter()) == ["José", "Ana", "Björn"])
    }

    @Test("the meal filter finds a guest whose plus-one coming chose that meal, not one whose plus-one is not coming")
    func mealFilterCountsPlusOnes() {
        let host = Guest(firstName: "Cy", lastName: "Ng", rsvp: .attending, plusOneAllowed: true, plusOneName: "Jo",
                         plusOneAttending: true, plusOneMealChoice: "Fish", mealChoice: "Beef", createdAt: createdTime)
        var stayingHome = host
        stayingHome.firstName = "Dee"
        stayingHome.plusOneAttending = false
        let guests = [host, stayingHome]
        #expect(guests.filter(GuestFilter(meal: "Fish").matches).map(\.firstName) == ["Cy"])
        #expect(guests.filter(GuestFilter(meal: "Beef").matches).map(\.firstName) == ["Cy", "Dee"])
        #expect(guests.filter(GuestFilter(meal: "").matches).isEmpty, "every one coming has chosen")
    }

    @Test("guest criteria combine: every one must match")
    func guestCombined() {
        #expect(names(GuestFilter(text: "example", rsvp: [.attending])) == ["José"])
        #expect(names(GuestFilter(table: 2, meal: "Fish")) == ["José", "Björn"])
        #expect(names(GuestFilter(text: "bjorn", rsvp: [.maybe], invitedBy: [.both], table: 2, meal: "Fish")) == ["Björn"])
        #expect(names(GuestFilter(text: "bjorn", table: 1)).isEmpty)
    }

    static let expenses = [
        Expense(id: uuid(10), name: "Crème brûlée tower", categoryID: uuid(1), vendorID: uuid(5), amount: usd(300),
                paymentStatus: .paid, paymentMethod: "Card", createdAt: createdTime),
        Expense(id: uuid(11), name: "Hall", categoryID: uuid(2), vendorID: uuid(6), amount: usd(8_000),
                paymentStatus: .partial, paymentMethod: "Bank transfer", notes: "Deposit paid", createdAt: createdTime),
        Expense(id: uuid(12), name: "Tips", categoryID: uuid(2), amount: usd(100), createdAt: createdTime),
    ]

    func expenseNames(_ filter: ExpenseFilter) -> [String] { Self.expenses.filter(filter.matches).map(\.name) }

    @Test("expense filters: text in name, method and notes, category, vendor, status, combined")
    func expenseFilters() {
        #expect(expenseNames(ExpenseFilter(text: "creme brulee")) == ["Crème brûlée tower"])
        #expect(expenseNames(ExpenseFilter(text: "BANK")) == ["Hall"])
        #expect(expenseNames(ExpenseFilter(text: "deposit")) == ["Hall"])
        #expect(expenseNames(ExpenseFilter(categoryID: uuid(2))) == ["Hall", "Tips"])
        #expect(expenseNames(ExpenseFilter(vendorID: uuid(5))) == ["Crème brûlée tower"])
        let day = CalendarDate(year: 2026, month: 6, day: 1)!
        #expect(expenseNames(ExpenseFilter(standing: .init([.due], on: day))) == ["Hall", "Tips"],
                "Hall is marked partial, yet nothing of it is paid")
        #expect(expenseNames(ExpenseFilter(categoryID: uuid(2), standing: .init([.paid, .partlyPaid], on: day))).isEmpty)
        #expect(expenseNames(ExpenseFilter(text: "card", categoryID: uuid(2))).isEmpty)
    }

    @Test("the status filter follows the money, as the status column says it, on the day it is judged")
    func expenseStandingFilter() {
        let due = CalendarDate(year: 2026, month: 6, day: 10)!
        var paidInPart = Expense(name: "Band", categoryID: uuid(1), amount: usd(1_000), dueDate: due, createdAt: createdTime)
        paidInPart.installments = [Installment(amount: usd(400), dueDate: due, paidDate: due.adding(days: -20))]
        let pendingPastDue = Expense(name: "Cake", categoryID: uuid(1), amount: usd(200), dueDate: due, createdAt: createdTime)
        let settled = Expense(name: "Hall", categoryID: uuid(1), amount: usd(500), dueDate: due, paymentStatus: .partial,
                              installments: [Installment(amount: usd(500), dueDate: due, paidDate: due)], createdAt: createdTime)
        let expenses = [paidInPart, pendingPastDue, settled]
        func names(_ standings: Set<PaymentStanding>, on day: CalendarDate) -> [String] {
            expenses.filter(ExpenseFilter(standing: .init(standings, on: day)).matches).map(\.name)
        }
        #expect(names([.partlyPaid], on: due) == ["Band"])
        #expect(names([.due], on: due) == ["Cake"], "pending, not yet past its date")
        #expect(names([.overdue], on: due.adding(days: 1)) == ["Band", "Cake"], "the day after, both owe money past its date")
        #expect(names([.paid], on: due) == ["Hall"], "marked partial, yet its installments paid it all")
    }

    static let vendors = [
        Vendor(name: "Café Lumière", category: .catering, status: .booked, contactName: "Renée", email: "hi@lumiere.fr",
               website: "https://lumiere.example", createdAt: createdTime),
        Vendor(name: "Sound Co", category: .music, status: .quoted, phone: "555-0199", notes: "Plays jazz",
               review: "Kept the dance floor full", createdAt: createdTime),
        Vendor(name: "Old Sound", category: .music, status: .declined, createdAt: createdTime),
    ]

    func vendorNames(_ filter: VendorFilter) -> [String] { Self.vendors.filter(filter.matches).map(\.name) }

    @Test("vendor filters: text in name, contact, email, phone, website, notes and review, status, category, combined")
    func vendorFilters() {
        #expect(vendorNames(VendorFilter(text: "cafe")) == ["Café Lumière"])
        #expect(vendorNames(VendorFilter(text: "renee")) == ["Café Lumière"])
        #expect(vendorNames(VendorFilter(text: "lumiere.example")) == ["Café Lumière"])
        #expect(vendorNames(VendorFilter(text: "0199")) == ["Sound Co"])
        #expect(vendorNames(VendorFilter(text: "JAZZ")) == ["Sound Co"])
        #expect(vendorNames(VendorFilter(text: "dance floor")) == ["Sound Co"], "the review is searched too")
        #expect(vendorNames(VendorFilter(text: "sound")) == ["Sound Co", "Old Sound"])
        #expect(vendorNames(VendorFilter(status: [.booked, .quoted])) == ["Café Lumière", "Sound Co"])
        #expect(vendorNames(VendorFilter(category: [.music])) == ["Sound Co", "Old Sound"])
        #expect(vendorNames(VendorFilter(text: "sound", status: [.declined], category: [.music])) == ["Old Sound"])
    }

    @Test("archived vendors are hidden unless the filter includes them, and then still filtered")
    func archivedVendors() {
        let vendors = Self.vendors + [Vendor(name: "Put Away Sound", category: .music, status: .booked, isArchived: true,
                                             createdAt: createdTime)]
        func names(_ filter: VendorFilter) -> [String] { vendors.filter(filter.matches).map(\.name) }
        #expect(names(VendorFilter()) == ["Café Lumière", "Sound Co", "Old Sound"])
        #expect(names(VendorFilter(includesArchived: true)) == ["Café Lumière", "Sound Co", "Old Sound", "Put Away Sound"])
        #expect(names(VendorFilter(status: [.booked], includesArchived: true)) == ["Café Lumière", "Put Away Sound"])
        #expect(names(VendorFilter(text: "put away")).isEmpty)
    }

    static let tasks = [
        WeddingTask(title: "Book the DJ", details: "Ask about the lights", status: .inProgress, priority: .high,
                    assignees: ["Ana"], createdAt: createdTime),
        WeddingTask(title: "Order cake", status: .notStarted, priority: .low, assignees: ["Ben", "Zoë"],
                    subtasks: [Subtask(title: "Tasting at Pâtisserie Chloé")], createdAt: createdTime),
        WeddingTask(title: "Send thank-yous", status: .completed, priority: .urgent, createdAt: createdTime),
    ]

    func taskTitles(_ filter: TaskFilter) -> [String] { Self.tasks.filter(filter.matches).map(\.title) }

    @Test("task filters: text in title, details, assignees and subtasks, status, priority, assignee, combined")
    func taskFilters() {
        #expect(taskTitles(TaskFilter(text: "dj")) == ["Book the DJ"])
        #expect(taskTitles(TaskFilter(text: "lights")) == ["Book the DJ"])
        #expect(taskTitles(TaskFilter(text: "zoe")) == ["Order cake"])
        #expect(taskTitles(TaskFilter(text: "patisserie chloe")) == ["Order cake"])
        #expect(taskTitles(TaskFilter(status: [.completed])) == ["Send thank-yous"])
        #expect(taskTitles(TaskFilter(priority: [.high, .urgent])) == ["Book the DJ", "Send thank-yous"])
        #expect(taskTitles(TaskFilter(assignee: "ben")) == ["Order cake"])
        #expect(taskTitles(TaskFilter(assignee: "Be")).isEmpty)
        #expect(taskTitles(TaskFilter(text: "patisserie", status: [.notStarted], priority: [.low], assignee: "BEN"))
            == ["Order cake"])
        #expect(taskTitles(TaskFilter(text: "patisserie", status: [.completed])).isEmpty)
        #expect(taskTitles(TaskFilter()) == Self.tasks.map(\.title))
    }
}
