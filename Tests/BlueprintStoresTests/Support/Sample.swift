import BlueprintDomain
import Foundation

/// A small wedding whose records the tests name by role.
enum Sample {
    /// Where every test clock starts: 2026-01-01T00:00:00Z (`ManualClock`'s default).
    static let start = Timestamp(millisecondsSince1970: 1_767_225_600_000)
    static let today = CalendarDate(year: 2026, month: 1, day: 1)!

    static func uuid(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!
    }

    static let ana = uuid(1), ben = uuid(2), cleo = uuid(3), dev = uuid(4)
    static let venue = uuid(11), flowers = uuid(12)
    static let venueDeposit = uuid(21), bouquet = uuid(22)
    static let depositFirst = uuid(31), depositSecond = uuid(32)
    static let grandHall = uuid(41), roseFlorist = uuid(42)
    static let bookVenue = uuid(51), orderCake = uuid(52), sendInvites = uuid(53)
    static let tasteCakes = uuid(61), chooseFlavour = uuid(62)
    static let saveTheDates = uuid(71), invitationsSent = uuid(72), finalHeadcount = uuid(73), weddingDay = uuid(74)
    static let ceremony = uuid(81), drinks = uuid(82), dinner = uuid(83), venueTour = uuid(84)

    /// "Ana & Ben": four guests, two categories, two expenses (one paid in two installments),
    /// two vendors, three tasks (one with subtasks), four milestones (one done, one overdue) and
    /// a run sheet of four items with two clashes (drinks in the garden during the ceremony, and
    /// the Grand Hall at dinner and at a tour of the terrace).
    static func dataset(id: WeddingID = WeddingID(), name: String = "Ana & Ben") -> WeddingDataset {
        WeddingDataset(
            wedding: Wedding(id: id, name: name, partner1Name: "Ana", partner2Name: "Ben",
                             weddingDate: weddingDate, totalBudget: money(20_000),
                             rsvpDeadline: CalendarDate(year: 2026, month: 5, day: 1), createdAt: start),
            guests: [
                Guest(id: ana, firstName: "Ana", lastName: "Alvarez", email: "ana@example.com", household: "Alvarez",
                      rsvp: .attending, mealChoice: "Fish", table: 2, createdAt: start),
                Guest(id: ben, firstName: "Ben", lastName: "Brown", household: "Brown", rsvp: .invited, createdAt: start),
                Guest(id: cleo, firstName: "Cleo", lastName: "Chen", rsvp: .declined, table: 1, createdAt: start),
                Guest(id: dev, firstName: "Dev", lastName: "Das", household: "Brown", rsvp: .pending,
                      notes: "Vegetarian cousin", createdAt: start),
            ],
            categories: [
                BudgetCategory(id: venue, name: "Venue", allocated: money(10_000), createdAt: start),
                BudgetCategory(id: flowers, name: "Flowers", allocated: money(1_000), createdAt: start),
            ],
            expenses: [
                Expense(id: venueDeposit, name: "Venue hire", categoryID: venue, vendorID: grandHall, amount: money(8_000),
                        dueDate: CalendarDate(year: 2026, month: 1, day: 20), paymentStatus: .partial,
                        installments: [
                            Installment(id: depositFirst, amount: money(4_000), dueDate: CalendarDate(year: 2025, month: 12, day: 1)!,
                                        paidDate: CalendarDate(year: 2025, month: 12, day: 1)),
                            Installment(id: depositSecond, amount: money(4_000), dueDate: CalendarDate(year: 2026, month: 1, day: 20)!),
                        ], createdAt: start),
                Expense(id: bouquet, name: "Bouquet", categoryID: flowers, vendorID: roseFlorist, amount: money(300),
                        dueDate: CalendarDate(year: 2026, month: 1, day: 10), createdAt: start),
            ],
            vendors: [
                Vendor(id: grandHall, name: "Grand Hall", category: .venue, status: .booked, quotedAmount: money(8_000),
                       bookedDate: CalendarDate(year: 2025, month: 11, day: 1), budgetCategoryID: venue, createdAt: start),
                Vendor(id: roseFlorist, name: "Rose Florist", category: .florist, status: .quoted, quotedAmount: money(300),
                       createdAt: start),
            ],
            tasks: [
                WeddingTask(id: bookVenue, title: "Book the venue", status: .completed, priority: .high,
                            dueDate: CalendarDate(year: 2025, month: 11, day: 1), vendorID: grandHall, createdAt: start),
                WeddingTask(id: orderCake, title: "Order the cake", status: .inProgress, priority: .medium,
                            dueDate: CalendarDate(year: 2025, month: 12, day: 20),
                            subtasks: [Subtask(id: tasteCakes, title: "Taste cakes", isDone: true),
                                       Subtask(id: chooseFlavour, title: "Choose a flavour")], createdAt: start),
                WeddingTask(id: sendInvites, title: "Send invitations", status: .cancelled, priority: .urgent,
                            dueDate: CalendarDate(year: 2025, month: 12, day: 1), createdAt: start),
            ],
            milestones: [
                Milestone(id: weddingDay, title: "The wedding day", date: weddingDate, createdAt: start),
                Milestone(id: saveTheDates, title: "Save-the-dates sent", date: CalendarDate(year: 2025, month: 12, day: 1)!,
                          isDone: true, createdAt: start),
                Milestone(id: invitationsSent, title: "Invitations sent", date: CalendarDate(year: 2025, month: 12, day: 20)!,
                          createdAt: start),
                Milestone(id: finalHeadcount, title: "Final headcount", date: CalendarDate(year: 2026, month: 6, day: 6)!,
                          createdAt: start),
            ],
            runSheet: [
                RunSheetItem(id: dinner, day: weddingDate, start: time(16, 30), end: time(18, 30), title: "Dinner",
                             place: "Main hall", vendorID: grandHall, createdAt: start),
                RunSheetItem(id: ceremony, day: weddingDate, start: time(14, 0), end: time(14, 45), title: "Ceremony",
                             place: "Garden", people: ["Ana", "Ben"], createdAt: start),
                RunSheetItem(id: drinks, day: weddingDate, start: time(14, 30), end: time(16, 0), title: "Drinks",
                             place: "garden ", createdAt: start),
                RunSheetItem(id: venueTour, day: weddingDate, start: time(17, 0), end: time(17, 30), title: "Venue tour",
                             place: "Terrace", vendorID: grandHall, createdAt: start),
            ])
    }

    /// A second wedding with other guests, to tell weddings apart.
    static func otherDataset(id: WeddingID = WeddingID()) -> WeddingDataset {
        WeddingDataset(
            wedding: Wedding(id: id, name: "Cy & Dee", createdAt: start),
            guests: [Guest(id: uuid(101), firstName: "Zoe", lastName: "Zimmer", createdAt: start)])
    }

    static func money(_ whole: Int64) -> Money { Money(minorUnits: whole * 100) }

    static let weddingDate = CalendarDate(year: 2026, month: 6, day: 20)!

    static func time(_ hour: Int, _ minute: Int) -> TimeOfDay { TimeOfDay(hour: hour, minute: minute)! }
}
