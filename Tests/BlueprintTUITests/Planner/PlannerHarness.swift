import BlueprintCache
import BlueprintDomain
import BlueprintRepositories
import BlueprintStorage
import BlueprintStores
@testable import BlueprintTUI
@testable import BlueprintTerminal
import BlueprintTestDoubles
import Foundation
import Testing

/// A small wedding for the planner's tests, with records the tests name by role.
enum Wedding1 {
    /// 2026-01-01T00:00:00Z: the tests' "now" (170 days before the wedding).
    static let start = Timestamp(millisecondsSince1970: 1_767_225_600_000)
    static let today = CalendarDate(year: 2026, month: 1, day: 1)!

    static func uuid(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!
    }

    static let ana = uuid(1), ben = uuid(2), cleo = uuid(3), dev = uuid(4), emi = uuid(5), hostile = uuid(6), wide = uuid(7)
    static let venue = uuid(11), flowers = uuid(12), music = uuid(13)
    static let venueDeposit = uuid(21), bouquet = uuid(22), band = uuid(23)
    static let depositFirst = uuid(31), depositSecond = uuid(32)
    static let grandHall = uuid(41), roseFlorist = uuid(42)
    static let bookVenue = uuid(51), orderCake = uuid(52), sendInvites = uuid(53), oldTask = uuid(54)
    static let tasteCakes = uuid(61), chooseFlavour = uuid(62)
    static let saveTheDates = uuid(71), engagementParty = uuid(72), invitationsSent = uuid(73), finalHeadcount = uuid(74),
               weddingDay = uuid(75)
    static let rehearsal = uuid(81), guestsArrive = uuid(82), ceremony = uuid(83), quartet = uuid(84), drinks = uuid(85),
               walkthrough = uuid(86), dinner = uuid(87)
    static let mixer = uuid(91), cheque = uuid(92), parentsGift = uuid(93)

    static func money(_ units: Int64) -> Money { Money(minorUnits: units * 100) }
    static func date(_ month: Int, _ day: Int) -> CalendarDate { CalendarDate(year: 2026, month: month, day: day)! }
    static func time(_ hour: Int, _ minute: Int) -> TimeOfDay { TimeOfDay(hour: hour, minute: minute)! }

    static func dataset(id: WeddingID = WeddingID(uuid(100)), name: String = "Ana & Ben", extraGuests: Int = 0) -> WeddingDataset {
        var guests = [
            Guest(id: ana, firstName: "Ana", lastName: "Alvarez", email: "ana@example.com", household: "Alvarez",
                  invitedBy: .partner1, rsvp: .attending, plusOneAllowed: true, plusOneName: "Sam", plusOneAttending: true,
                  mealChoice: "Fish", table: 1, createdAt: start),
            Guest(id: ben, firstName: "Ben", lastName: "Brown", household: "Brown", invitedBy: .partner2, rsvp: .declined,
                  createdAt: start),
            Guest(id: cleo, firstName: "Cleo", lastName: "Chen", email: "cleo@example.com", household: "Chen",
                  invitedBy: .partner2, rsvp: .pending, table: 2, createdAt: start),
            Guest(id: dev, firstName: "Dev", lastName: "Das", household: "Das", invitedBy: .both, rsvp: .attending,
                  mealChoice: "Vegan", table: 2, createdAt: start),
            Guest(id: emi, firstName: "Emi", lastName: "Endo", household: "Endo", invitedBy: .partner1, rsvp: .invited,
                  createdAt: start),
            Guest(id: hostile, firstName: "Evil\u{1B}[2J\u{1B}]0;pwned\u{07}", lastName: "\u{202E}Rider\r", household: "Hax",
                  invitedBy: .both, rsvp: .maybe, createdAt: start),
            Guest(id: wide, firstName: "山田", lastName: "太郎 😀 Ame\u{301}lie", household: "山田家", invitedBy: .partner1,
                  rsvp: .attending, mealChoice: "Beef", table: 1, createdAt: start),
        ]
        for index in 0..<extraGuests {
            guests.append(Guest(id: uuid(1_000 + index), firstName: "Guest", lastName: String(format: "%05d", index),
                                household: "House \(index / 4)", rsvp: RSVPStatus.allCases[index % 5],
                                table: index % 3 == 0 ? nil : 1 + index % 20, createdAt: start))
        }
        return WeddingDataset(
            wedding: Wedding(id: id, name: name, partner1Name: "Ana", partner2Name: "Ben", weddingDate: date(6, 20),
                             totalBudget: money(20_000), rsvpDeadline: date(4, 1), createdAt: start),
            guests: guests,
            categories: [
                BudgetCategory(id: venue, name: "Venue", allocated: money(8_000), createdAt: start),
                BudgetCategory(id: flowers, name: "Flowers", allocated: money(500), createdAt: start),
                BudgetCategory(id: music, name: "Music", allocated: money(1_500), createdAt: start),
            ],
            expenses: [
                Expense(id: venueDeposit, name: "Venue deposit", categoryID: venue, vendorID: grandHall, amount: money(6_000),
                        dueDate: date(1, 20), paymentStatus: .partial,
                        installments: [Installment(id: depositFirst, amount: money(3_000), dueDate: date(1, 10), paidDate: date(1, 1)),
                                       Installment(id: depositSecond, amount: money(3_000), dueDate: date(1, 20))],
                        createdAt: start),
                Expense(id: bouquet, name: "Bridal bouquet", categoryID: flowers, vendorID: roseFlorist, amount: money(700),
                        dueDate: CalendarDate(year: 2025, month: 12, day: 20), createdAt: start),
                Expense(id: band, name: "Band", categoryID: music, amount: money(1_200), dueDate: date(5, 1), createdAt: start),
            ],
            vendors: [
                Vendor(id: grandHall, name: "Grand Hall", category: .venue, status: .booked, contactName: "Gia Hall",
                       phone: "555-0100", email: "events@grandhall.example", website: "grandhall.example",
                       quotedAmount: money(7_500), bookedDate: CalendarDate(year: 2025, month: 11, day: 2),
                       budgetCategoryID: venue, rating: 4, review: "Calm on the day", wouldBookAgain: true,
                       createdAt: start),
                Vendor(id: roseFlorist, name: "Rose Florist", category: .florist, status: .quoted, contactName: "Rosa",
                       email: "rosa@florist.example", quotedAmount: money(650), budgetCategoryID: flowers, createdAt: start),
            ],
            tasks: [
                WeddingTask(id: bookVenue, title: "Book the venue", status: .completed, priority: .urgent,
                            dueDate: CalendarDate(year: 2025, month: 11, day: 1), assignees: ["Ana"], vendorID: grandHall,
                            createdAt: start),
                WeddingTask(id: orderCake, title: "Order the cake", status: .inProgress, priority: .high, dueDate: date(1, 15),
                            assignees: ["Ben"],
                            subtasks: [Subtask(id: tasteCakes, title: "Taste cakes", isDone: true),
                                       Subtask(id: chooseFlavour, title: "Choose a flavour")], createdAt: start),
                WeddingTask(id: sendInvites, title: "Send invitations", priority: .medium, dueDate: date(3, 1),
                            assignees: ["Ana", "Ben"], createdAt: start),
                WeddingTask(id: oldTask, title: "Pick a photographer", priority: .low,
                            dueDate: CalendarDate(year: 2025, month: 12, day: 1), assignees: ["Ben"], createdAt: start),
            ],
            milestones: [
                Milestone(id: weddingDay, title: "The wedding day", date: date(6, 20), createdAt: start),
                Milestone(id: saveTheDates, title: "Save-the-dates sent", date: CalendarDate(year: 2025, month: 11, day: 15)!,
                          isDone: true, createdAt: start),
                Milestone(id: engagementParty, title: "Engagement party", date: CalendarDate(year: 2025, month: 12, day: 28)!,
                          notes: "At Ana's parents'", createdAt: start),
                Milestone(id: invitationsSent, title: "Invitations sent", date: date(1, 5), createdAt: start),
                Milestone(id: finalHeadcount, title: "Final headcount to the caterer", date: date(6, 6), createdAt: start),
            ],
            runSheet: [
                RunSheetItem(id: ceremony, day: date(6, 20), start: time(14, 0), end: time(14, 45), title: "Ceremony",
                             place: "Garden", people: ["Ana", "Ben", "officiant"], createdAt: start),
                RunSheetItem(id: guestsArrive, day: date(6, 20), start: time(13, 30), end: time(14, 0), title: "Guests arrive",
                             place: "Garden", people: ["ushers"], createdAt: start),
                RunSheetItem(id: quartet, day: date(6, 20), start: time(14, 30), end: time(15, 0), title: "Quartet warms up",
                             place: "garden", createdAt: start),
                RunSheetItem(id: drinks, day: date(6, 20), start: time(14, 45), end: time(16, 0), title: "Drinks reception",
                             place: "Terrace", people: ["everyone"], vendorID: grandHall, createdAt: start),
                RunSheetItem(id: walkthrough, day: date(6, 20), start: time(15, 30), end: time(16, 0), title: "Hall walkthrough",
                             place: "Main hall", people: ["Ana"], vendorID: grandHall, createdAt: start),
                RunSheetItem(id: dinner, day: date(6, 20), start: time(16, 30), end: time(18, 30), title: "Dinner and speeches",
                             place: "Main hall", people: ["everyone", "best man"], vendorID: grandHall, createdAt: start),
                RunSheetItem(id: rehearsal, day: date(6, 19), start: time(18, 0), end: time(20, 0), title: "Rehearsal dinner",
                             place: "Main hall", people: ["wedding party"], createdAt: start),
            ],
            gifts: [
                Gift(id: mixer, guestIDs: [ana], description: "Stand mixer", value: money(300),
                     receivedOn: CalendarDate(year: 2025, month: 12, day: 10)!, thankYouSent: true,
                     thankYouSentOn: CalendarDate(year: 2025, month: 12, day: 20)!, thankYouMethod: .card, createdAt: start),
                Gift(id: cheque, from: "Ana's office", description: "Cheque", giftKind: .money, value: money(150),
                     receivedOn: CalendarDate(year: 2025, month: 11, day: 20)!, createdAt: start),
            ],
            moneyOwed: [
                MoneyOwed(id: parentsGift, person: "Ana's parents", direction: .toCouple, amount: money(5_000),
                          settled: money(2_000), dueOn: date(3, 1), createdAt: start),
            ])
    }
}

/// A planner screen over an in-memory wedding, with a manual clock, drawn on a memory canvas.
@MainActor
final class PlannerHarness {
    let host: InMemoryWeddingHost
    let clock = ManualClock(start: Wedding1.start)
    let context: StoreContext
    let screen: PlannerScreen
    let canvas: MemoryCanvas
    let driver: FrameDriver
    let monitor = PerformanceMonitor(clock: ManualClock(start: Wedding1.start))
    /// Where other sessions are "present" (tests announce them); this session appears as `PlannerHarness.me`.
    let presence: InMemoryPresenceBoard
    /// The app's inbox, where the screen posts its session's messages and what its background work shows.
    let inbox: TestInbox
    /// How many frames the messages handled have asked for.
    var redrawRequests: Int { inbox.redrawRequests }
    /// Whether what the screen posts to the app's inbox (its session's messages, what its
    /// intents show) is held for `handleMessages(until:)` rather than handled at once.
    var holdsMessages: Bool {
        get { inbox.holds }
        set { inbox.holds = newValue }
    }
    let weddingID: WeddingID

    /// Opens the first dataset's wedding (loaded) on a canvas of `rows` × `columns`, with `keymap`,
    /// in a process with `environment`, whose terminal is handed over with `runOutsideTerminal`;
    /// the host answers `access` for the wedding (a viewer's writes are refused, as a database's);
    /// edits made offline that conflict come from `offlineConflicts`; with `contents`, documents'
    /// bytes missing from its folder are asked of it, as of a database.
    init(_ datasets: [WeddingDataset] = [Wedding1.dataset()], access: WeddingAccess = .owner,
         offlineConflicts: (any OfflineConflictSource)? = nil, rows: Int = 30, columns: Int = 100,
         transfer: (any DataTransfer)? = nil, keymap: Keymap = .standard, checklist: ChecklistTemplate? = nil,
         environment: [String: String] = [:], contents: ContentServingHost.Fetch? = nil,
         runOutsideTerminal: (@MainActor @Sendable (_ body: @MainActor () -> Void) -> Void)? = nil) async {
        host = InMemoryWeddingHost(datasets, clock: clock)
        weddingID = datasets[0].wedding.weddingID
        let served: any WeddingDataHost = contents.map { [host] in ContentServingHost(host, fetch: $0) } ?? host
        let repositories = Repositories(host: served, cache: RepositoryCache(clock: clock, monitor: monitor))
        presence = InMemoryPresenceBoard(clock: clock)
        context = StoreContext(weddings: repositories.weddings, guests: repositories.guests, budget: repositories.budget,
                               vendors: repositories.vendors, tasks: repositories.tasks, records: repositories,
                               documents: repositories.documents, changes: repositories,
                               presence: presence, identity: Self.me, access: repositories,
                               offlineConflicts: offlineConflicts, clock: clock,
                               timeZone: TimeZone(identifier: "UTC")!)
        canvas = MemoryCanvas(rows: rows, columns: columns)
        let cache = repositories.cache
        let inbox = TestInbox()
        self.inbox = inbox
        screen = PlannerScreen(model: AppModel(context: context),
                               services: PlannerServices(monitor: monitor, cacheEntries: { cache.entryCount }, transfer: transfer,
                                                         checklist: checklist, environment: environment,
                                                         runOutsideTerminal: runOutsideTerminal),
                               keymap: keymap, post: { handle in inbox.post(handle) })
        driver = FrameDriver(root: screen, keymap: keymap)
        await host.grant(access)
        await screen.open(weddingID)
        await loadAll()
    }

    /// A planner with Ana's form open and her last name typed as "Mine", after another session
    /// saved her with `theirs` made (by default her last name "Theirs": saving the form then
    /// conflicts), its change handled and `shown` not on screen before.
    static func editingAnaWhileSavedElsewhere(theirs change: (inout Guest) -> Void = { $0.lastName = "Theirs" },
                                              shown: String = "Theirs") async throws -> PlannerHarness {
        let planner = await PlannerHarness()
        await planner.press(.character("e"), .tab, .control("u"))
        await planner.type("Mine")
        var theirs = try #require(try await planner.storedGuests().first { $0.id == Wedding1.ana })
        change(&theirs)
        theirs.version = 2
        planner.holdsMessages = true
        await planner.host.simulateExternalWrite(planner.weddingID, [.save(theirs)])
        #expect(!planner.frame().contains(shown), "shown before its message was handled")
        await planner.handleMessages { planner.session.guests.guest(Wedding1.ana)?.version == 2 }
        return planner
    }

    /// Who this planner's session is on the presence board.
    static let me = PresenceIdentity(name: "Me", account: "me@here", host: "here", pid: 1)

    var session: WeddingSession { screen.session! }

    /// Waits until every store of the open wedding has loaded.
    func loadAll() async {
        for store in session.stores { await store.load() }
    }

    /// Presses `keys` in order, then waits for the intents they started.
    func press(_ keys: Key...) async {
        for key in keys { _ = driver.handle(key, size: canvas.size) }
        await screen.settle()
    }

    /// Presses `keys` in order without waiting for the intents they start: while messages are
    /// held, an intent waits for its write's answer to be handed over (`handleMessages(until:)`).
    func start(_ keys: Key...) {
        for key in keys { _ = driver.handle(key, size: canvas.size) }
    }

    /// Types `text`, one key per character.
    func type(_ text: String) async {
        for character in text { _ = driver.handle(.character(character), size: canvas.size) }
        await screen.settle()
    }

    /// Draws a frame and returns it as text.
    @discardableResult
    func frame() -> String {
        driver.render(into: canvas)
        return canvas.text
    }

    /// The frame's rows.
    var rows: [String] {
        frame()
        return canvas.rows
    }

    /// The last row: the status line (or the search or command line).
    var statusRow: String { rows.last! }

    /// The last message reported, whole, as Ctrl-G shows it (the status line may cut it).
    var lastMessage: String { screen.lastMessageText }

    /// Handles the messages held (see `holdsMessages`), as the app's inbox would, until
    /// `condition` holds; then the rest, and stops holding (see `TestInbox.handle(until:)`).
    func handleMessages(until condition: @MainActor () -> Bool) async {
        await inbox.handle(until: condition)
    }

    /// The stored guests, read past the stores and the cache.
    func storedGuests() async throws -> [Guest] {
        try await stored { $0.guests.records }
    }

    /// The wedding's data as stored, read past the stores and the cache.
    func stored<T: Sendable>(_ body: @escaping @Sendable (WeddingDataset) -> T) async throws -> T {
        try await host.read(weddingID, body)
    }
}
