import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// The guest list: the figures, then a table of guests (name, household, RSVP, meal, table,
/// plus-one) with sorting, filters, `/` search, quick RSVP keys, the add and edit form, the
/// details of a guest, and the seating chart as a second view, where the guest selected in the
/// list is moved between tables with keys, tables are added and edited, rules are added and
/// listed (whether each holds) and deleted, and a suggestion is previewed, then accepted or dropped.
@MainActor
final class GuestsPane: Pane, SearchTarget {
    private enum View {
        case list, seating, rules
    }

    let guests: GuestStore
    private let gifts: GiftStore
    private let wedding: WeddingStore
    private let seatingStore: SeatingStore
    private let controller: RecordListController<ListedRows<Guest>>
    private var list: RecordList { controller.list }
    private let seating = SeatingView()
    private let rulesView = SeatingRulesView()
    private var view = View.list
    /// The guest the seating chart's move keys act on: the list's selection when it was left.
    private var seatingGuestID: UUID?

    init(guests: GuestStore, gifts: GiftStore, wedding: WeddingStore, seating: SeatingStore) {
        self.guests = guests
        self.gifts = gifts
        self.wedding = wedding
        seatingStore = seating
        controller = RecordListController(columns: GuestColumns.columns(order: ListOrder(.name))) { guests.visibleGuests }
        controller.onAdd { [unowned self] in openForm(editing: nil, host: $0) }
        controller.on(.edit) { [unowned self] in openForm(editing: $0, host: $1) }
        controller.on(.delete) { [unowned self] in confirmDelete($0, host: $1) }
        controller.on(.activate) { [unowned self] in showDetail($0, host: $1) }
        controller.on(.toggle) { [unowned self] in setRSVP($0.rsvp == .attending ? .declined : .attending, for: $0, host: $1) }
    }

    /// The seating view's changes (moves, tables, rules) are the seating store's undo steps.
    var store: DomainStore? { view == .list ? guests : seatingStore }
    var keyMode: KeyMode { view == .list ? .guests : .seating }
    var modeName: String {
        switch view {
        case .list: "GUESTS"
        case .seating: "SEATING"
        case .rules: "SEATING RULES"
        }
    }
    var searchTarget: (any SearchTarget)? { view == .list ? self : nil }

    var statusContext: String {
        let shown = guests.visibleGuests.count, total = guests.stats.invited
        if guests.isShowingPreview { return CountPhrase.of(total, "guest") + ", loading…" }
        let counts = CountPhrase.of(shown, of: total, "guest")
        let filter = GuestForms.summary(guests.filter, wedding: wedding.wedding)
        return filter.isEmpty ? counts : "\(filter) · \(counts)"
    }

    // MARK: SearchTarget

    var searchText: String {
        get { guests.searchText }
        set { guests.searchText = newValue }
    }

    var searchMatches: SearchMatches { guests.searchMatches }
    var selectedRow: Int? { controller.selectedRow }

    func selectRow(_ row: Int) { controller.select(row: row) }

    /// The seating chart of every guest: a filter on the list must not hide a table over capacity.
    private var chart: SeatingChart { seatingStore.chart }

    // MARK: Drawing

    func render(into canvas: any Canvas, rect: CanvasRect, keymap: Keymap) {
        guard !LoadNotice.render(guests, noun: "guests", into: canvas, rect: rect) else { return }
        if view == .rules {
            let guests = self.guests
            rulesView.render(seatingStore.rules, chart: chart, name: { guests.guest($0)?.fullName }, into: canvas, rect: rect,
                             keymap: keymap)
            return
        }
        if view == .seating {
            seating.render(chart, guest: seatingGuestID.flatMap(guests.guest), into: canvas, rect: rect, keymap: keymap)
            return
        }
        let stripRows = GuestStatsStrip.render(guests.stats, mealOptions: wedding.wedding?.mealOptions ?? [], into: canvas,
                                               row: rect.row, column: rect.column, width: rect.columns)
        let rows = guests.visibleGuests
        list.sync(rows)
        list.model.columns = GuestColumns.columns(order: guests.order)
        let matches = guests.searchMatches
        TableView.render(list.model, into: canvas, rect: CanvasRect(row: rect.row + stripRows, column: rect.column,
                                                                     rows: rect.rows - stripRows, columns: rect.columns),
                         empty: EmptyListText.forFilteredList("guests", "guest", hasRecords: guests.stats.invited > 0,
                                                              importing: "guests", keymap: keymap, mode: keyMode)) { row, column in
            GuestColumns.cell(rows[row], column: column, isMatch: !matches.isEmpty && matches.contains(row: row))
        }
    }

    // MARK: Keys and mouse

    func handle(_ mouse: MouseEvent) -> Bool {
        view == .list && controller.handle(mouse)
    }

    var noteSubject: RecordSubject? {
        guard view == .list else { return nil }
        return controller.selected.map { .record($0) }
    }

    func handle(_ action: KeyAction, host: any PlannerHost) -> Bool {
        switch view {
        case .seating: return seating.model.handle(action) || Self.keyCommands.perform(action, in: .seating, on: self, host: host)
        case .rules: return handleRules(action, host: host)
        case .list: break
        }
        if controller.handle(action, host: host) || Self.keyCommands.perform(action, in: keyMode, on: self, host: host) { return true }
        switch action {
        case .cycleSort:
            guests.order.cycle()
            host.report("Sorted by \(guests.order.key.title)")
        case .reverseSort:
            guests.order.reverse()
            host.report("Sorted by \(guests.order.key.title), \(guests.order.ascending ? "ascending" : "descending")")
        case .filter: openFilter(host: host)
        case .clearFilters:
            guests.filter = GuestFilter()
            host.report("Filters cleared")
        case .switchView:
            seatingGuestID = controller.selected?.id
            view = .seating
        case .cancel:
            guard !guests.searchText.isEmpty else { return false }
            guests.searchText = ""
        default:
            return false
        }
        return true
    }

    /// Shows the guests still to answer: the list, filtered to them, the first selected; or one
    /// guest, selected (the filters cleared if they hid it).
    func reveal(_ destination: Destination, host: any PlannerHost) -> Bool {
        if case .guest(let id) = destination {
            guard guests.guest(id) != nil else { return false }
            view = .list
            if !guests.visibleGuests.contains(id: id) {
                guests.filter = GuestFilter()
                host.report("Filters cleared to show the guest")
            }
            guests.searchText = ""
            controller.select(id: id)
            return true
        }
        guard destination == .waitingGuests else { return false }
        view = .list
        guests.filter = GuestFilter(rsvp: [.invited, .pending, .maybe])
        controller.select(row: 0)
        host.report(KeyHints.sentence("The guests still to answer", [host.keymap.hint(.clearFilters, in: keyMode, "shows everyone")],
                                      lead: " · ", end: ""))
        return true
    }

    /// The guest the seating chart's move keys act on.
    private var seatingGuest: Guest? { seatingGuestID.flatMap(guests.guest) }

    /// The number of the table highlighted on the seating chart.
    private var highlightedTable: Int? { seating.model.selectedRow.flatMap { seating.table(atRow: $0, in: chart) } }

    private func leaveSeating() -> Bool {
        view = .list
        if let guest = seatingGuest { controller.select(id: guest.id) }
        return true
    }

    private func listGuestsOfHighlightedTable() -> Bool {
        guard let highlighted = highlightedTable else { return false }
        guests.filter.table = highlighted
        view = .list
        return true
    }

    private func moveToAdjacentTable(next: Bool, host: any PlannerHost) -> Bool {
        guard let guest = seatingGuest else { return reportNoGuest(host) }
        let numbers = chart.tables.map(\.number)
        let table = next ? numbers.first { $0 > (guest.table ?? Int.min) } : numbers.last { $0 < (guest.table ?? Int.max) }
        guard let table else {
            host.report("No \(next ? "next" : "previous") table", severity: .warning)
            return true
        }
        move(guest, household: false, to: table, host: host)
        return true
    }

    private func moveHere(household: Bool, host: any PlannerHost) -> Bool {
        guard let guest = seatingGuest else { return reportNoGuest(host) }
        guard let highlighted = highlightedTable else {
            host.report("Highlight a table to move to", severity: .warning)
            return true
        }
        move(guest, household: household, to: highlighted, host: host)
        return true
    }

    /// Runs `work` on the seating chart's guest, or says there is none to seat.
    private func withSeatingGuest(_ host: any PlannerHost, _ work: (Guest) -> Void) -> Bool {
        guard let guest = seatingGuest else { return reportNoGuest(host) }
        work(guest)
        return true
    }

    /// Runs `work` on the highlighted table's record, or says to highlight one that has a record.
    private func withHighlightedTable(_ host: any PlannerHost, _ work: (SeatingTable) -> Void) -> Bool {
        guard let table = highlightedTable.flatMap({ chart.table($0)?.record }) else {
            host.report("Highlight a table that has a record (a or e on it adds one)", severity: .warning)
            return true
        }
        work(table)
        return true
    }

    private func reportNoGuest(_ host: any PlannerHost) -> Bool {
        host.report(KeyHints.sentence("No guest to seat", [host.keymap.hint(.switchView, in: .seating, "picks one in the list")],
                                      lead: ": ", end: ""), severity: .warning)
        return true
    }

    private func move(_ guest: Guest, household: Bool, to table: Int?, host: any PlannerHost) {
        let seating = seatingStore
        let who = household ? "The household of \(guest.fullName)" : guest.fullName
        let whereTo = table.map { chart.table($0)?.title ?? "Table \($0)" }
        host.run({ household ? await seating.moveHousehold(of: guest.id, to: table) : await seating.move(guest.id, to: table) },
                 undoable: whereTo.map { "\(who) → \($0)" } ?? "\(who): no table", store: seating)
    }

    private func openTableNumberForm(_ guest: Guest, host: any PlannerHost) {
        let seating = seatingStore, addKey = host.keymap.keyName(for: .add, in: .seating) ?? "the add key"
        host.present(FormOverlay(SeatingForms.tableNumberForm(guest: guest), store: seating) { form in
            let chart = seating.chart
            switch SeatingForms.tableNumber(from: form, chart: chart, addKey: addKey) {
            case .invalid(let issues): return .invalid(issues)
            case .valid(let number):
                return .save(success: "\(guest.fullName) → \(chart.table(number)?.title ?? "Table \(number)")") {
                    await seating.move(guest.id, to: number)
                }
            }
        })
    }

    private func showSuggestion(host: any PlannerHost) {
        let seating = seatingStore
        host.present(SeatingPreviewOverlay(seating: seating) { suggestion in
            host.run({ await seating.apply(suggestion) },
                     undoable: "Seated " + CountPhrase.of(suggestion.moves.count, "guest"), store: seating)
        })
    }

    /// The rules list: moving, the delete key (asks first), and back to the chart.
    private func handleRules(_ action: KeyAction, host: any PlannerHost) -> Bool {
        if rulesView.model.handle(action) { return true }
        switch action {
        case .switchView, .ruleProblems: view = .seating
        case .delete:
            guard let rule = rulesView.selected(in: seatingStore.rules) else { return false }
            confirmDelete(rule, host: host)
        default:
            return false
        }
        return true
    }

    private func confirmDelete(_ rule: SeatingRule, host: any PlannerHost) {
        let seating = seatingStore, guests = self.guests
        host.confirmDelete("seating rule", named: SeatingRulesView.title(rule) { guests.guest($0)?.fullName }, store: seating) {
            await seating.deleteRule(rule.id)
        }
    }

    private func confirmDelete(_ table: SeatingTable, host: any PlannerHost) {
        let seating = seatingStore
        host.confirmDelete("table", named: table.title, consequence: "Its guests keep the table number, without a capacity.",
                           store: seating) { await seating.deleteTable(table.id) }
    }

    private func openTableForm(editing table: SeatingTable?, host: any PlannerHost) {
        let seating = seatingStore
        let base = table ?? SeatingTable(number: 0, capacity: 0)
        let next = (chart.tables.map(\.number).max() ?? 0) + 1
        host.present(FormOverlay(SeatingForms.tableForm(table, nextNumber: next), store: seating) { form in
            switch SeatingForms.table(from: form, base: base, others: seating.tables) {
            case .invalid(let issues): return .invalid(issues)
            case .valid(let edited):
                return .save(success: (table == nil ? "Added " : "Saved ") + edited.title) {
                    table == nil ? await seating.createTable(edited) : await seating.updateTable(edited)
                }
            }
        })
    }

    private func openRuleForm(_ kind: SeatingRuleKind, guest: Guest, host: any PlannerHost) {
        let seating = seatingStore, others = GuestPickList(guests.guests.filter { $0.id != guest.id })
        host.present(FormOverlay(SeatingForms.ruleForm(kind, guest: guest, others: others), store: seating) { form in
            switch SeatingForms.rule(from: form, guest: guest, others: others) {
            case .invalid(let issues): return .invalid(issues)
            case .valid(let rule):
                return .save(success: kind == .together ? "Added a keep-together rule" : "Added a keep-apart rule") {
                    await seating.addRule(kind, guests: rule.guests, note: rule.note)
                }
            }
        })
    }

    private func setRSVP(_ answer: RSVPStatus, for guest: Guest, host: any PlannerHost) {
        let guests = self.guests
        host.run({ await guests.setRSVP(answer, for: guest.id) },
                 undoable: "\(guest.fullName): \(answer.rawValue)", store: guests)
    }

    private func confirmDelete(_ guest: Guest, host: any PlannerHost) {
        let guests = self.guests
        host.confirmDelete("guest", named: guest.fullName, consequence: "Their RSVP and seat go too.", store: guests) {
            await guests.delete(guest.id)
        }
    }

    private func showDetail(_ guest: Guest, host: any PlannerHost) {
        let guests = self.guests, gifts = self.gifts, wedding = self.wedding
        host.present(DetailOverlay.record(
            \.fullName, lines: {
                GuestDetail.lines($0, gifts: gifts.gifts(from: $0.id), invitation: guests.invitation(for: $0), wedding: wedding.wedding,
                                  now: host.now, timeZone: host.timeZone)
            }, host: host,
            subject: PresenceSubject(guest, label: guest.fullName),
            current: { guests.guest(guest.id) },
            edit: { [weak self] in self?.openForm(editing: $0, host: $1) },
            delete: { [weak self] in self?.confirmDelete($0, host: $1) }))
    }

    private func openForm(editing guest: Guest?, host: any PlannerHost) {
        let guests = self.guests, wedding = self.wedding, tables = seatingStore.tables
        let base = guest ?? Guest(firstName: "", lastName: "")
        let following = guest.map { guest in
            FormFollowing.record(guest, host: host, current: { guests.guest(guest.id) }) {
                GuestForms.form(editing: $0, wedding: wedding.wedding, tables: tables)
            }
        }
        host.present(FormOverlay(GuestForms.form(editing: guest, wedding: wedding.wedding, tables: tables), store: guests,
                                 subject: guest.map { PresenceSubject($0, label: $0.fullName) }, following: following) { [weak self] form in
            switch GuestForms.guest(from: form, base: base, wedding: wedding.wedding, tables: tables) {
            case .invalid(let issues):
                return .invalid(issues)
            case .valid(let edited):
                return .save(success: (guest == nil ? "Added " : "Saved ") + edited.fullName) {
                    let outcome = guest == nil ? await guests.create(edited) : await guests.update(edited)
                    if outcome.isSaved { self?.controller.select(id: edited.id) }
                    return outcome
                }
            }
        })
    }

    private func openFilter(host: any PlannerHost) {
        let guests = self.guests, original = guests.filter
        host.present(FilterOverlay(GuestForms.filterForm(original, wedding: wedding.wedding),
                                   read: GuestForms.filter(from:), apply: { guests.filter = $0 },
                                   restore: { guests.filter = original }))
    }
}

extension GuestsPane {
    /// The guest list's own keys, and the seating chart's (moving keys move between tables).
    nonisolated static let keyCommands: [PlannerKeyCommand<GuestsPane>] = [
        HandledKeyCommand(.guests, [.character("A")], .setRSVP(.attending), "RSVP: attending", changesData: true, perform: rsvp(.attending)),
        HandledKeyCommand(.guests, [.character("D")], .setRSVP(.declined), "RSVP: declined", changesData: true, perform: rsvp(.declined)),
        HandledKeyCommand(.guests, [.character("M")], .setRSVP(.maybe), "RSVP: maybe", changesData: true, perform: rsvp(.maybe)),
        HandledKeyCommand(.guests, [.character("P")], .setRSVP(.pending), "RSVP: pending", changesData: true, perform: rsvp(.pending)),
        HandledKeyCommand(.guests, [.character("I")], .setRSVP(.invited), "RSVP: invited (not yet asked)", changesData: true,
                          perform: rsvp(.invited)),

        HandledKeyCommand(.seating, [.character("k"), .up], .moveUp, "Previous table"),
        HandledKeyCommand(.seating, [.character("j"), .down], .moveDown, "Next table"),
        HandledKeyCommand(.seating, [.character("h"), .left], .moveLeft, "Scroll left"),
        HandledKeyCommand(.seating, [.character("l"), .right], .moveRight, "Scroll right"),
        HandledKeyCommand(.seating, [.pageUp], .pageUp, "Page up"),
        HandledKeyCommand(.seating, [.pageDown], .pageDown, "Page down"),
        HandledKeyCommand(.seating, [.character("g"), .home], .top, "First table"),
        HandledKeyCommand(.seating, [.character("G"), .end], .bottom, "Last table"),
        HandledKeyCommand(.seating, [.enter], .activate, "List the table's guests") { pane, _ in pane.listGuestsOfHighlightedTable() },
        HandledKeyCommand(.seating, [.character("v"), .escape], .switchView, "Back to the guest list (its selected guest is the one moved)") { pane, _ in
            pane.leaveSeating()
        },
        HandledKeyCommand(.seating, [.character("]")], .moveToNextTable, "Move the guest to the next table", changesData: true) {
            $0.moveToAdjacentTable(next: true, host: $1)
        },
        HandledKeyCommand(.seating, [.character("[")], .moveToPreviousTable, "Move the guest to the previous table", changesData: true) {
            $0.moveToAdjacentTable(next: false, host: $1)
        },
        HandledKeyCommand(.seating, [.character("m")], .moveGuestHere, "Move the guest to the highlighted table", changesData: true) {
            $0.moveHere(household: false, host: $1)
        },
        HandledKeyCommand(.seating, [.character("M")], .moveHouseholdHere, "Move the guest's whole household to the highlighted table",
                          changesData: true) { $0.moveHere(household: true, host: $1) },
        HandledKeyCommand(.seating, [.character("#")], .moveToTableNumber, "Move the guest to a table by its number (asks for it)",
                          changesData: true) { pane, host in
            pane.withSeatingGuest(host) { pane.openTableNumberForm($0, host: host) }
        },
        HandledKeyCommand(.seating, [.character("x")], .unseatGuest, "Take the guest off their table", changesData: true) { pane, host in
            pane.withSeatingGuest(host) { pane.move($0, household: false, to: nil, host: host) }
        },
        HandledKeyCommand(.seating, [.character("a")], .add, "Add a table", changesData: true) { pane, host in
            pane.openTableForm(editing: nil, host: host)
            return true
        },
        HandledKeyCommand(.seating, [.character("e")], .edit, "Edit the highlighted table", changesData: true) { pane, host in
            pane.withHighlightedTable(host) { pane.openTableForm(editing: $0, host: host) }
        },
        HandledKeyCommand(.seating, [.character("d")], .delete, "Delete the highlighted table's record, or rule in the rules list (asks first)",
                          changesData: true) { pane, host in
            pane.withHighlightedTable(host) { pane.confirmDelete($0, host: host) }
        },
        HandledKeyCommand(.seating, [.character("t")], .keepTogether, "Keep the guest together with others (a rule)", changesData: true) {
            pane, host in pane.withSeatingGuest(host) { pane.openRuleForm(.together, guest: $0, host: host) }
        },
        HandledKeyCommand(.seating, [.character("T")], .keepApart, "Keep the guest apart from others (a rule)", changesData: true) {
            pane, host in pane.withSeatingGuest(host) { pane.openRuleForm(.apart, guest: $0, host: host) }
        },
        HandledKeyCommand(.seating, [.character("r")], .ruleProblems,
                          "List the seating rules, whether each holds (d deletes one; r or v goes back)") { pane, _ in
            pane.view = .rules
            return true
        },
        HandledKeyCommand(.seating, [.character("s")], .suggestSeating, "Suggest seats for the attending guests without a table",
                          changesData: true) { pane, host in
            pane.showSuggestion(host: host)
            return true
        },
    ]

    /// Sets the selected guest's answer.
    private nonisolated static func rsvp(_ answer: RSVPStatus) -> PlannerKeyHandler<GuestsPane> {
        { pane, host in
            guard let guest = pane.controller.selected else { return false }
            pane.setRSVP(answer, for: guest, host: host)
            return true
        }
    }
}
