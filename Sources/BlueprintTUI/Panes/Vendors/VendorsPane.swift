import BlueprintDomain
import BlueprintStores
import BlueprintTerminal

/// The vendors: the figures, then a table (name, category, status, contact, quote) with
/// sorting, filters by status and category, `/` search, every contact field in the details,
/// the add and edit form (which links a budget category), `b` to book, `X` to archive and `H`
/// to show archived vendors.
@MainActor
final class VendorsPane: Pane, SearchTarget {
    let vendors: VendorStore
    private let budget: BudgetStore
    private let controller: RecordListController<ListedRows<Vendor>>
    private var list: RecordList { controller.list }

    init(vendors: VendorStore, budget: BudgetStore) {
        self.vendors = vendors
        self.budget = budget
        controller = RecordListController(columns: VendorColumns.columns(order: ListOrder(.name))) { vendors.visibleVendors }
        controller.onAdd { [unowned self] in openForm(nil, host: $0) }
        controller.on(.edit) { [unowned self] in openForm($0, host: $1) }
        controller.on(.delete) { [unowned self] in confirmDelete($0, host: $1) }
        controller.on(.activate) { [unowned self] in showDetail($0, host: $1) }
        controller.on(.toggle) { [unowned self] vendor, host in
            guard vendor.status == .booked else { return book(vendor, host: host) }
            host.run({ await vendors.unbook(vendor.id) }, undoable: "\(vendor.name) is no longer booked", store: vendors)
        }
    }

    var store: DomainStore? { vendors }
    var keyMode: KeyMode { .vendors }
    var modeName: String { "VENDORS" }
    var searchTarget: (any SearchTarget)? { self }
    private var currency: Currency { budget.wedding?.currency ?? .usd }
    private var categories: [BudgetCategory] { budget.categories.sorted { $0.name.lowercased() < $1.name.lowercased() } }

    var statusContext: String {
        let shown = vendors.visibleVendors.count
        let total = vendors.filter.includesArchived ? vendors.vendors.count : vendors.stats.total
        let counts = CountPhrase.of(shown, of: total, "vendor")
        let filter = VendorForms.summary(vendors.filter)
        return filter.isEmpty ? counts : "\(filter) · \(counts)"
    }

    // MARK: SearchTarget

    var searchText: String {
        get { vendors.searchText }
        set { vendors.searchText = newValue }
    }

    var searchMatches: SearchMatches { vendors.searchMatches }
    var selectedRow: Int? { controller.selectedRow }

    func selectRow(_ row: Int) { controller.select(row: row) }

    // MARK: Drawing

    func render(into canvas: any Canvas, rect: CanvasRect, keymap: Keymap) {
        guard !LoadNotice.render(vendors, noun: "vendors", into: canvas, rect: rect) else { return }
        let stats = vendors.stats
        var strip = SegmentLine()
        strip.add(count: stats.total, noun: "vendor")
        strip.add(figure: "\(stats.byStatus[.booked] ?? 0)", label: "booked", .success)
        strip.add(figure: "\(stats.byStatus[.quoted] ?? 0)", label: "quoted")
        strip.add(figure: Formats.money(stats.totalQuoted, currency), label: "quoted in all")
        strip.add(figure: Formats.money(stats.bookedCost, currency), label: "booked cost")
        // Flowed, not cut: a narrow terminal shows the money figures whole on a second line.
        let stripRows = strip.flowed(toWidth: rect.columns)
            .render(into: canvas, row: rect.row, column: rect.column, width: rect.columns, maxRows: 2)
        let rows = vendors.visibleVendors
        list.sync(rows)
        let matches = vendors.searchMatches, currency = self.currency
        let cell = { (row: Int, column: Int) in
            VendorColumns.cell(rows[row], column: column, currency: currency, isMatch: !matches.isEmpty && matches.contains(row: row))
        }
        list.model.columns = VendorColumns.columns(order: vendors.order).fitting(VendorColumns.fixedShape, rows: rows.indices, cell: cell)
        TableView.render(list.model, into: canvas, rect: CanvasRect(row: rect.row + stripRows, column: rect.column,
                                                                     rows: rect.rows - stripRows, columns: rect.columns),
                         empty: EmptyListText.forFilteredList("vendors", "vendor", hasRecords: vendors.stats.total > 0,
                                                              importing: "vendors", keymap: keymap, mode: keyMode), cell: cell)
    }

    // MARK: Keys and mouse

    func handle(_ mouse: MouseEvent) -> Bool { controller.handle(mouse) }

    var noteSubject: RecordSubject? { controller.selected.map { .record($0) } }

    func handle(_ action: KeyAction, host: any PlannerHost) -> Bool {
        if controller.handle(action, host: host) || Self.keyCommands.perform(action, in: keyMode, on: self, host: host) { return true }
        let vendors = self.vendors
        switch action {
        case .cycleSort:
            vendors.order.cycle()
            host.report("Sorted by \(vendors.order.key.title)")
        case .reverseSort:
            vendors.order.reverse()
            host.report("Sorted by \(vendors.order.key.title), \(vendors.order.ascending ? "ascending" : "descending")")
        case .filter:
            let original = vendors.filter
            host.present(FilterOverlay(VendorForms.filterForm(original), apply: { vendors.filter = VendorForms.filter(from: $0) },
                                       restore: { vendors.filter = original }))
        case .clearFilters:
            vendors.filter = VendorFilter()
            host.report("Filters cleared")
        case .cancel:
            guard !vendors.searchText.isEmpty else { return false }
            vendors.searchText = ""
        default:
            return false
        }
        return true
    }

    /// Shows the vendors of a category, filtered to them; with none yet, opens the form to add
    /// one, the category already chosen.
    func reveal(_ destination: Destination, host: any PlannerHost) -> Bool {
        if case .vendor(let id) = destination {
            guard vendors.vendor(id) != nil else { return false }
            if !vendors.visibleVendors.contains(id: id) {
                vendors.filter = VendorFilter.none
                host.report("Filters cleared to show the vendor")
            }
            vendors.searchText = ""
            controller.select(id: id)
            return true
        }
        guard case .vendors(let category) = destination else { return false }
        guard vendors.vendors.contains(where: { $0.category == category }) else {
            openForm(nil, category: category, host: host)
            return true
        }
        vendors.filter = VendorFilter(category: [category])
        vendors.searchText = ""
        controller.select(row: 0)
        host.report(KeyHints.sentence("\(category.displayName): none booked yet",
                                      [host.keymap.hint(.book, in: keyMode, "books one"),
                                       host.keymap.hint(.clearFilters, in: keyMode, "shows all")],
                                      lead: " · ", end: ""))
        return true
    }

    private func book(_ vendor: Vendor, host: any PlannerHost) {
        let vendors = self.vendors
        host.run({ await vendors.book(vendor.id) }, undoable: "Booked \(vendor.name) today", store: vendors)
    }

    private func confirmDelete(_ vendor: Vendor, host: any PlannerHost) {
        let vendors = self.vendors
        host.confirmDelete("vendor", named: vendor.name, consequence: "Expenses and tasks that name it are unlinked.",
                           store: vendors) { await vendors.delete(vendor.id) }
    }

    private func showDetail(_ vendor: Vendor, host: any PlannerHost) {
        let vendors = self.vendors
        host.present(DetailOverlay.record(
            \.name, lines: { self.detailLines($0) }, host: host,
            subject: PresenceSubject(vendor, label: vendor.name),
            current: { vendors.vendor(vendor.id) },
            edit: { [weak self] in self?.openForm($0, host: $1) },
            delete: { [weak self] in self?.confirmDelete($0, host: $1) }))
    }

    /// The lines of `vendor`'s details, as the vendor and its expenses are now.
    private func detailLines(_ vendor: Vendor) -> [DetailOverlay.Line] {
        let currency = self.currency
        let ledger = VendorLedger(vendor: vendor, expenses: budget.expenses, today: vendors.today)
        return [
            .init(label: "Name", value: vendor.name),
            .init(label: "Provides", value: vendor.category.displayName),
            .init(label: "Status", value: VendorColumns.statusText(vendor), style: VendorColumns.style(vendor)),
            .init(label: "Contact", value: vendor.contactName),
            .init(label: "Phone", value: vendor.phone),
            .init(label: "Email", value: vendor.email),
            .init(label: "Website", value: vendor.website),
            .init(label: "Quote", value: vendor.quotedAmount.map { Formats.money($0, currency) } ?? ""),
            .init(label: "Booked on", value: Formats.date(vendor.bookedDate)),
            .init(label: "Budget category", value: vendor.budgetCategoryID.flatMap { budget.category($0)?.name } ?? ""),
            .init(label: "Committed", value: Formats.money(ledger.committed, currency)),
            .init(label: "Paid", value: Formats.money(ledger.paid, currency), style: .success),
            .init(label: "Outstanding", value: Formats.money(ledger.outstanding, currency)),
        ] + ledger.due.map { due in
            .init(label: "Due " + Formats.date(due.payment.dueDate),
                  value: Formats.money(due.payment.amount, currency) + " " + due.payment.expenseName + (due.isOverdue ? " · overdue" : ""),
                  style: due.isOverdue ? .danger : .normal)
        } + [
            .init(label: "Notes", value: vendor.notes),
            .init(label: "Rating", value: Formats.stars(vendor.rating), style: .accent),
            .init(label: "Review", value: vendor.review),
            .init(label: "Book again", value: vendor.wouldBookAgain.map(Formats.yesNo) ?? ""),
        ]
    }

    /// The vendor form: editing `vendor`, or adding one (of `category`, when given).
    private func openForm(_ vendor: Vendor?, category: VendorCategory = .other, host: any PlannerHost) {
        let vendors = self.vendors, categories = self.categories, wedding = budget.wedding
        let base = vendor ?? Vendor(name: "", category: category)
        let opening = VendorForms.form(base, categories: categories, currency: currency)
        let currency = self.currency
        let following = vendor.map { vendor in
            FormFollowing.record(vendor, host: host, current: { vendors.vendor(vendor.id) }) {
                VendorForms.form($0, categories: categories, currency: currency)
            }
        }
        host.present(FormOverlay(opening, store: vendors, subject: vendor.map { PresenceSubject($0, label: $0.name) },
                                 following: following) { [weak self] form in
            switch VendorForms.vendor(from: form, base: base, categories: categories, wedding: wedding) {
            case .invalid(let issues): return .invalid(issues)
            case .valid(let edited):
                return .save(success: (vendor == nil ? "Added " : "Saved ") + edited.name) {
                    let outcome = vendor == nil ? await vendors.create(edited) : await vendors.update(edited)
                    if outcome.isSaved { self?.controller.select(id: edited.id) }
                    return outcome
                }
            }
        })
    }
}

extension VendorsPane {
    /// The vendor list's own keys.
    nonisolated static let keyCommands: [PlannerKeyCommand<VendorsPane>] = [
        HandledKeyCommand(.vendors, [.character("D")], .showDocuments, "List the selected vendor's documents") {
            $1.showDocuments(ofSelected: $0.noteSubject)
        },
        HandledKeyCommand(.vendors, [.character("b")], .book, "Book the selected vendor today", changesData: true) { pane, host in
            guard let vendor = pane.controller.selected else { return false }
            pane.book(vendor, host: host)
            return true
        },
        HandledKeyCommand(.vendors, [.character("X")], .archive, "Archive the selected vendor, or bring it back", changesData: true) {
            pane, host in
            guard let vendor = pane.controller.selected else { return false }
            let vendors = pane.vendors, archiving = !vendor.isArchived
            host.run({ await vendors.setArchived(vendor.id, archiving) },
                     undoable: archiving ? "Archived \(vendor.name)" : "\(vendor.name) is back from the archive", store: vendors)
            return true
        },
        HandledKeyCommand(.vendors, [.character("H")], .showArchived, "Show or hide archived vendors") { pane, host in
            let vendors = pane.vendors
            vendors.filter.includesArchived.toggle()
            host.report(vendors.filter.includesArchived ? "Showing archived vendors" : "Archived vendors hidden")
            return true
        },
    ]
}
