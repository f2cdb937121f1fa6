import BlueprintDomain
import BlueprintInterchange
import Foundation
import Testing

/// The wedding's calendar file, read back with the tests' own reader and checked entry by entry.
@Suite struct WeddingCalendarTests {
    static func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", n))! }
    static func date(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }
    static func time(_ text: String) -> TimeOfDay { TimeOfDay(parsing: text)! }
    static let created = Timestamp(iso: "2026-11-01T09:00:00.000Z")!
    static let edited = Timestamp(iso: "2026-11-21T05:12:39.123Z")!

    /// A record created at `created`, updated at `edited` to `version`.
    static func revised<R: Record>(_ record: R, version: Int) -> R {
        var record = record
        record.updatedAt = edited
        record.version = version
        return record
    }

    static let wedding = Wedding(id: WeddingID(id(9_999)), name: "Ana & Ben; the wedding", weddingDate: date("2027-06-12"),
                                 createdAt: created)
    static let florist = Vendor(id: id(1), name: "Bloom & Co", category: .florist, status: .booked, phone: "+1 555 0100",
                                createdAt: created)
    static let milestone = revised(Milestone(id: id(10), title: "RSVP deadline", date: date("2027-05-01"),
                                            notes: "Chase the Okafors", createdAt: created), version: 3)
    static let ceremony = revised(RunSheetItem(id: id(20), day: date("2027-06-12"), start: time("14:00"), end: time("14:45"),
                                              title: "Ceremony", place: "Garden", people: ["Ana", "Ben", "officiant"],
                                              vendorID: florist.id, notes: "Rings with the best man\nBring tissues",
                                              createdAt: created), version: 2)
    static let sendOff = RunSheetItem(id: id(21), day: date("2027-06-12"), start: time("23:30"), end: time("24:00"),
                                      title: "Send-off", createdAt: created)
    static let openTask = revised(WeddingTask(id: id(30), title: "Book the band", details: "Ask about the late licence",
                                             status: .inProgress, dueDate: date("2027-01-15"), assignees: ["Ana"],
                                             createdAt: created), version: 4)
    static let doneTask = WeddingTask(id: id(31), title: "Book the venue", status: .completed, dueDate: date("2026-10-01"),
                                      createdAt: created)
    static let cancelledTask = WeddingTask(id: id(32), title: "Hire a carriage", status: .cancelled, dueDate: date("2027-02-01"),
                                           createdAt: created)
    static let undatedTask = WeddingTask(id: id(33), title: "Write vows", createdAt: created)
    static let paidDeposit = Installment(id: id(41), amount: Money(minorUnits: 50_000), dueDate: date("2026-12-01"),
                                         paidDate: date("2026-11-28"))
    static let balance = Installment(id: id(42), amount: Money(minorUnits: 150_000), dueDate: date("2027-05-15"))
    static let flowers = revised(Expense(id: id(40), name: "Flowers", categoryID: id(2), vendorID: florist.id,
                                        amount: Money(minorUnits: 200_000), paymentStatus: .partial, paymentMethod: "Card",
                                        installments: [balance, paidDeposit], createdAt: created), version: 5)
    static let cake = Expense(id: id(50), name: "Cake", categoryID: id(2), amount: Money(minorUnits: 45_000),
                              dueDate: date("2027-06-01"), createdAt: created)
    static let paidPhotos = Expense(id: id(60), name: "Photos", categoryID: id(2), amount: Money(minorUnits: 300_000),
                                    dueDate: date("2027-03-01"), paymentStatus: .paid,
                                    installments: [Installment(id: id(61), amount: Money(minorUnits: 300_000),
                                                               dueDate: date("2027-03-01"))],
                                    createdAt: created)
    static let cancelledCar = Expense(id: id(70), name: "Car", categoryID: id(2), amount: Money(minorUnits: 20_000),
                                      dueDate: date("2027-04-01"), paymentStatus: .cancelled, createdAt: created)
    static let undatedFavours = Expense(id: id(80), name: "Favours", categoryID: id(2), amount: Money(minorUnits: 9_000),
                                        createdAt: created)

    static func calendar(milestones: [Milestone] = [milestone], runSheet: [RunSheetItem] = [ceremony, sendOff],
                         tasks: [WeddingTask] = [openTask, doneTask, cancelledTask, undatedTask],
                         expenses: [Expense] = [flowers, cake, paidPhotos, cancelledCar, undatedFavours],
                         deadlines: WeddingCalendar.DeadlineStyle = .toDos) -> WeddingCalendar {
        WeddingCalendar(wedding: wedding, milestones: milestones, runSheet: runSheet, tasks: tasks, expenses: expenses,
                        vendors: [florist], deadlines: deadlines)
    }

    /// The file of `calendar`, read back.
    static func read(_ calendar: WeddingCalendar) throws -> ICalendarReader.Component {
        try ICalendarReader.calendar(try calendar.data())
    }

    /// The entry with `uid`; fails unless there is exactly one.
    static func entry(_ uid: String, in calendar: ICalendarReader.Component) throws -> ICalendarReader.Component {
        let found = try calendar.children.filter { try $0.property("UID").value == uid }
        guard found.count == 1 else { throw ICalendarReader.Failure(description: "\(found.count) entries with UID \(uid)") }
        return found[0]
    }

    @Test func theCalendarIsNamedAfterTheWeddingAndHoldsWhatIsStillToHappen() throws {
        let calendar = try Self.read(Self.calendar())
        #expect(try calendar.text("X-WR-CALNAME") == "Ana & Ben; the wedding")
        #expect(try calendar.children.map { try $0.property("UID").value } == [
            "milestone-00000000-0000-0000-0000-000000000010@blueprint",
            "runsheet-00000000-0000-0000-0000-000000000020@blueprint",
            "runsheet-00000000-0000-0000-0000-000000000021@blueprint",
            "task-00000000-0000-0000-0000-000000000031@blueprint",
            "task-00000000-0000-0000-0000-000000000030@blueprint",
            "installment-00000000-0000-0000-0000-000000000042@blueprint",
            "expense-00000000-0000-0000-0000-000000000050@blueprint",
        ], "tasks and payments by due date; no cancelled or undated task, paid installment, paid, cancelled or undated expense")
    }

    @Test func byDefaultTasksAndPaymentsAreAllDayEventsThatLeaveTheDayFree() throws {
        let calendar = try Self.read(WeddingCalendar(wedding: Self.wedding, tasks: [Self.openTask, Self.doneTask],
                                                     expenses: [Self.flowers, Self.cake], vendors: [Self.florist]))
        #expect(calendar.children.allSatisfy { $0.name == "VEVENT" }, "no to-do, which Google Calendar would not show")
        let task = try Self.entry("task-day-00000000-0000-0000-0000-000000000030@blueprint", in: calendar)
        #expect(try task.property("DTSTART") == .init(name: "DTSTART", parameters: ["VALUE=DATE"], value: "20270115"))
        #expect(try task.property("DTEND") == .init(name: "DTEND", parameters: ["VALUE=DATE"], value: "20270116"))
        #expect(try task.property("TRANSP").value == "TRANSPARENT")
        #expect(try task.text("SUMMARY") == "Book the band")
        #expect(try task.text("DESCRIPTION") == "Ask about the late licence\nAssigned to: Ana")
        #expect(try task.property("SEQUENCE").value == "4")
        let done = try Self.entry(WeddingCalendar.uid(.task, Self.doneTask.id, as: .events), in: calendar)
        #expect(try done.text("SUMMARY").hasPrefix("Done: "))
        let installment = try Self.entry(WeddingCalendar.uid(.installment, Self.balance.id, as: .events), in: calendar)
        #expect(try installment.property("DTSTART").value == "20270515")
        #expect(try installment.text("SUMMARY") == "Pay Flowers: $1,500.00")
        #expect(try installment.text("DESCRIPTION") == "Installment 2 of 2\nVendor: Bloom & Co, +1 555 0100\nMethod: Card")
        #expect(try installment.property("CATEGORIES").value == "Payment")
        let cake = try Self.entry(WeddingCalendar.uid(.expense, Self.cake.id, as: .events), in: calendar)
        #expect(try cake.property("DTSTART").value == "20270601")
        #expect(calendar.children.count == 4, "the paid deposit is left out as a to-do would be")
    }

    @Test func aMilestoneIsAnAllDayEvent() throws {
        let event = try Self.entry(WeddingCalendar.uid(.milestone, Self.milestone.id), in: Self.read(Self.calendar()))
        #expect(event.name == "VEVENT")
        #expect(try event.property("DTSTART") == .init(name: "DTSTART", parameters: ["VALUE=DATE"], value: "20270501"))
        #expect(try event.property("DTEND") == .init(name: "DTEND", parameters: ["VALUE=DATE"], value: "20270502"))
        #expect(try event.property("DTSTAMP").value == "20261121T051239Z")
        #expect(try event.property("SEQUENCE").value == "3")
        #expect(try event.text("SUMMARY") == "RSVP deadline")
        #expect(try event.text("DESCRIPTION") == "Chase the Okafors")
        #expect(try event.property("CATEGORIES").value == "Milestone")
        #expect(!event.has("LOCATION"))
    }

    @Test func aRunSheetItemIsATimedEventInFloatingTimeWithItsPlacePeopleVendorAndNotes() throws {
        let event = try Self.entry(WeddingCalendar.uid(.runSheet, Self.ceremony.id), in: Self.read(Self.calendar()))
        #expect(event.name == "VEVENT")
        #expect(try event.property("DTSTART") == .init(name: "DTSTART", parameters: [], value: "20270612T140000"))
        #expect(try event.property("DTEND") == .init(name: "DTEND", parameters: [], value: "20270612T144500"))
        #expect(try event.property("DTSTAMP").value == "20261121T051239Z")
        #expect(try event.property("SEQUENCE").value == "2")
        #expect(try event.text("SUMMARY") == "Ceremony")
        #expect(try event.text("LOCATION") == "Garden")
        #expect(try event.text("DESCRIPTION") == """
            People: Ana, Ben, officiant
            Vendor: Bloom & Co, +1 555 0100
            Rings with the best man
            Bring tissues
            """)
        #expect(try event.property("CATEGORIES").value == "Run sheet")
    }

    @Test func anItemEndingAtMidnightEndsAtTheStartOfTheNextDay() throws {
        let event = try Self.entry(WeddingCalendar.uid(.runSheet, Self.sendOff.id), in: Self.read(Self.calendar()))
        #expect(try event.property("DTSTART").value == "20270612T233000")
        #expect(try event.property("DTEND").value == "20270613T000000")
        #expect(try event.property("DTSTAMP").value == "20261101T090000Z")
        #expect(try event.property("SEQUENCE").value == "1")
        #expect(!event.has("DESCRIPTION") && !event.has("LOCATION"))
    }

    @Test func anOpenTaskIsAToDoThatNeedsActionOnItsDueDate() throws {
        let toDo = try Self.entry(WeddingCalendar.uid(.task, Self.openTask.id), in: Self.read(Self.calendar()))
        #expect(toDo.name == "VTODO")
        #expect(try toDo.property("DUE") == .init(name: "DUE", parameters: ["VALUE=DATE"], value: "20270115"))
        #expect(try toDo.property("STATUS").value == "NEEDS-ACTION")
        #expect(try toDo.property("SEQUENCE").value == "4")
        #expect(try toDo.property("DTSTAMP").value == "20261121T051239Z")
        #expect(try toDo.text("SUMMARY") == "Book the band")
        #expect(try toDo.text("DESCRIPTION") == "Ask about the late licence\nAssigned to: Ana")
        #expect(!toDo.has("COMPLETED") && !toDo.has("DTSTART"))
    }

    @Test func aCompletedTaskIsACompletedToDo() throws {
        let toDo = try Self.entry(WeddingCalendar.uid(.task, Self.doneTask.id), in: Self.read(Self.calendar()))
        #expect(try toDo.property("STATUS").value == "COMPLETED")
        #expect(try toDo.property("DUE").value == "20261001")
        #expect(!toDo.has("COMPLETED"), "the instant it was done is not known")
    }

    @Test func eachUnpaidInstallmentIsAPaymentToDoUnderItsOwnID() throws {
        let toDo = try Self.entry(WeddingCalendar.uid(.installment, Self.balance.id), in: Self.read(Self.calendar()))
        #expect(toDo.name == "VTODO")
        #expect(try toDo.property("DUE").value == "20270515")
        #expect(try toDo.property("STATUS").value == "NEEDS-ACTION")
        #expect(try toDo.property("SEQUENCE").value == "5", "the expense's version")
        #expect(try toDo.property("DTSTAMP").value == "20261121T051239Z")
        #expect(try toDo.text("SUMMARY") == "Pay Flowers: $1,500.00")
        #expect(try toDo.text("DESCRIPTION") == "Installment 2 of 2\nVendor: Bloom & Co, +1 555 0100\nMethod: Card")
        #expect(try toDo.property("CATEGORIES").value == "Payment")
    }

    @Test func anExpenseWithoutInstallmentsIsDueOnItsOwnDate() throws {
        let toDo = try Self.entry(WeddingCalendar.uid(.expense, Self.cake.id), in: Self.read(Self.calendar()))
        #expect(try toDo.property("DUE").value == "20270601")
        #expect(try toDo.text("SUMMARY") == "Pay Cake: $450.00")
        #expect(!toDo.has("DESCRIPTION"))
    }

    @Test func paidInstallmentsAndPaidOrCancelledExpensesAreLeftOut() throws {
        let data = String(decoding: try Self.calendar().data(), as: UTF8.self)
        for id in [Self.paidDeposit.id, Self.paidPhotos.id, Self.id(61), Self.cancelledCar.id, Self.undatedFavours.id] {
            #expect(!data.contains(id.uuidString.lowercased()), "\(id)")
        }
    }

    @Test func uidsStayTheSameWhenRecordsChangeAndTheSequenceFollowsTheVersion() throws {
        let first = try Self.read(Self.calendar())
        var renamed = Self.revised(Self.ceremony, version: 3)
        renamed.title = "Vows"
        renamed.start = Self.time("14:15")
        renamed.updatedAt = Timestamp(iso: "2026-12-01T10:00:00.000Z")!
        var nudged = Self.flowers
        nudged.version = 6
        nudged.installments[0].dueDate = Self.date("2027-05-20")
        let second = try Self.read(Self.calendar(runSheet: [Self.sendOff, renamed],
                                                 expenses: [Self.undatedFavours, nudged, Self.cake]))
        let uids = { (calendar: ICalendarReader.Component) in try Set(calendar.children.map { try $0.property("UID").value }) }
        #expect(try uids(first) == uids(second))
        let vows = try Self.entry(WeddingCalendar.uid(.runSheet, Self.ceremony.id), in: second)
        #expect(try vows.text("SUMMARY") == "Vows")
        #expect(try vows.property("SEQUENCE").value == "3")
        #expect(try vows.property("DTSTART").value == "20270612T141500")
        #expect(try vows.property("DTSTAMP").value == "20261201T100000Z")
        let balance = try Self.entry(WeddingCalendar.uid(.installment, Self.balance.id), in: second)
        #expect(try balance.property("SEQUENCE").value == "6")
        #expect(try balance.property("DUE").value == "20270520")
    }

    @Test func theSameRecordsGiveTheSameBytesInWhateverOrderTheyCome() throws {
        let one = try Self.calendar().data()
        let two = try Self.calendar(runSheet: [Self.sendOff, Self.ceremony],
                                    tasks: [Self.undatedTask, Self.cancelledTask, Self.doneTask, Self.openTask],
                                    expenses: [Self.undatedFavours, Self.cancelledCar, Self.paidPhotos, Self.cake, Self.flowers])
            .data()
        #expect(one == two)
    }

    @Test func anItemThatEndsWhenItStartsIsRefusedByName() throws {
        var broken = Self.ceremony
        broken.end = Self.time("14:00")
        #expect {
            try Self.calendar(runSheet: [broken]).data()
        } throws: {
            "\($0)" == "the run-sheet item 'Ceremony' on 2027-06-12 ends (14:00) when it starts (14:00); "
                + "correct it before exporting the calendar"
        }
    }
}

extension WeddingCalendarTests {
    @Test func whatAPaidInstallmentLeavesIsAToDoOnTheExpensesDate() throws {
        var hire = Self.cake
        hire.amount = Money(minorUnits: 1_200_000)
        hire.installments = [Installment(id: Self.id(51), amount: Money(minorUnits: 500_000), dueDate: Self.date("2027-05-01"),
                                         paidDate: Self.date("2027-05-01"))]
        let toDo = try Self.entry(WeddingCalendar.uid(.expense, hire.id), in: Self.read(Self.calendar(expenses: [hire])))
        #expect(try toDo.text("SUMMARY") == "Pay Cake: $7,000.00")
        #expect(try toDo.property("DUE").value == "20270601")
    }
}
