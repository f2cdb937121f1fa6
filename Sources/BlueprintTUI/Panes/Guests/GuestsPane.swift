import BlueprintDomain
import BlueprintStores
import BlueprintTerminal

/// The guest list: the figures, then a table of guests (name, household, RSVP, meal, table,
/// plus-one) with sorting, filters, `/` search, quick RSVP keys, the add and edit form, the
/// details of a guest, and the seating chart as a second view.
@MainActor
final class GuestsPane: Pane, SearchTarget {
    private enum View {
        case list, seating
    }

    let guests: GuestStore
    private let gifts: GiftStore
    private let wedding: WeddingStore
    private let list = RecordList(columns: GuestColumns.columns(order: ListOrder(.name)))
    private let seating = SeatingView()
    private var seatingChart = DerivedRows<Bool, SeatingChart>()
    private var view = View.list

    init(guests: GuestStore, gifts: GiftStore, wedding: WeddingStore) {
        self.guests = guests
        self.gifts = gifts
        self.wedding = wedding
    }

    var store: DomainStore? { guests }
    var keyMode: KeyMode { view == .list ? .guests : .seating }
    var modeName: String { view == .list ? "GUESTS" : "SEATING" }
    var searchTarget: (any SearchTarget)? { view == .list ? self : nil }

    var statusContext: String {
        let shown = guests.visibleGuests.count, total = guests.stats.invited
        if guests.isShowingPreview { return "\(total) guests, loading…" }
        let counts = shown == total ? "\(total) guests" : "\(shown) of \(total) guests"
        let filter = GuestForms.summary(guests.filter, wedding: wedding.wedding)
        return filter.isEmpty ? counts : "\(filter) · \(counts)"
    }

    // MARK: SearchTarget

    var searchText: String {
        get { guests.searchText }
        set { guests.searchText = newValue }
    }

    var searchMatches: SearchMatches { guests.searchMatches }
    var selectedRow: Int? { list.selectedRow(in: guests.visibleGuests) }

    func selectRow(_ row: Int) { list.select(row: row, in: guests.visibleGuests) }

    /// The seating chart of the guests the list shows (so a filter narrows it too).
    private var chart: SeatingChart {
        seatingChart.rows(at: guests.visibleRevision, settings: true) { SeatingChart(guests: guests.visibleGuests) }
    }

    // MARK: Drawing

    func render(into canvas: any Canvas, rect: CanvasRect, keymap: Keymap) {
        guard !LoadNotice.render(guests, noun: "guests", into: canvas, rect: rect) else { return }
        if view == .seating {
            seating.render(chart, into: canvas, rect: rect)
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
        view == .list && list.handle(mouse, rows: guests.visibleGuests)
    }

    func handle(_ action: KeyAction, host: any PlannerHost) -> Bool {
        if view == .seating { return handleSeating(action) }
        let rows = guests.visibleGuests
        if list.handle(action, rows: rows) { return true }
        let selected = list.selected(in: rows)
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
        case .switchView: view = .seating
        case .cancel:
            guard !guests.searchText.isEmpty else { return false }
            guests.searchText = ""
        case .add: openForm(editing: nil, host: host)
        case .edit:
            guard let selected else { return false }
            openForm(editing: selected, host: host)
        case .delete:
            guard let selected else { return false }
            confirmDelete(selected, host: host)
        case .activate:
            guard let selected else { return false }
            showDetail(selected, host: host)
        case .setRSVP(let answer):
            guard let selected else { return false }
            setRSVP(answer, for: selected, host: host)
        case .toggle:
            guard let selected else { return false }
            setRSVP(selected.rsvp == .attending ? .declined : .attending, for: selected, host: host)
        default:
            return false
        }
        return true
    }

    /// Shows the guests still to answer: the list, filtered to them, the first selected.
    func reveal(_ destination: Destination, host: any PlannerHost) -> Bool {
        guard destination == .waitingGuests else { return false }
        view = .list
        guests.filter = GuestFilter(rsvp: [.invited, .pending, .maybe])
        list.select(row: 0, in: guests.visibleGuests)
        host.report(KeyHints.sentence("The guests still to answer", [host.keymap.hint(.clearFilters, in: keyMode, "shows everyone")],
                                      lead: " · ", end: ""))
        return true
    }

    private func handleSeating(_ action: KeyAction) -> Bool {
        if seating.model.handle(action) { return true }
        switch action {
        case .switchView:
            view = .list
        case .activate:
            guard let row = seating.model.selectedRow,
                  let table = seating.table(atRow: row, in: chart) else { return false }
            guests.filter.table = table
            view = .list
        default:
            return false
        }
        return true
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
        let guests = self.guests
        host.present(DetailOverlay.record(
            guest.fullName, lines: GuestDetail.lines(guest, gifts: gifts.gifts(from: guest.id), wedding: wedding.wedding), host: host,
            current: { guests.guest(guest.id) },
            edit: { [weak self] in self?.openForm(editing: $0, host: $1) },
            delete: { [weak self] in self?.confirmDelete($0, host: $1) }))
    }

    private func openForm(editing guest: Guest?, host: any PlannerHost) {
        let guests = self.guests, wedding = self.wedding
        let base = guest ?? Guest(firstName: "", lastName: "")
        host.present(FormOverlay(GuestForms.form(editing: guest, wedding: wedding.wedding), store: guests) { [weak self] form in
            switch GuestForms.guest(from: form, base: base, wedding: wedding.wedding) {
            case .invalid(let issues):
                return .invalid(issues)
            case .valid(let edited):
                return .save(success: (guest == nil ? "Added " : "Saved ") + edited.fullName) {
                    let outcome = guest == nil ? await guests.create(edited) : await guests.update(edited)
                    if outcome == .saved { self?.list.select(id: edited.id, in: guests.visibleGuests) }
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
