import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// The timeline: the milestones by date (done marks, overdue ones marked OVERDUE), or with `v`
/// the run sheet as a day view by time (start–end, what, where, who, vendor), each clash marked
/// `!` and told in words under the table; `c` goes to the next clash. `a`, `e` and `d` add,
/// edit and delete in the view shown, Space marks a milestone done, Enter shows the details.
@MainActor
final class TimelinePane: Pane {
    private enum View {
        case milestones, runSheet
    }

    let timeline: TimelineStore
    private let vendors: VendorStore
    private let wedding: WeddingStore
    private let milestoneRows: RecordListController<ListedRows<Milestone>>
    private lazy var itemRows = RecordListController<[RunSheetRow]>(columns: TimelineColumns.runSheet) { [unowned self] in runSheetRows }
    private var milestoneList: RecordList { milestoneRows.list }
    private var runSheetList: RecordList { itemRows.list }
    private var view = View.milestones

    init(timeline: TimelineStore, vendors: VendorStore, wedding: WeddingStore) {
        self.timeline = timeline
        self.vendors = vendors
        self.wedding = wedding
        milestoneRows = RecordListController(columns: TimelineColumns.milestones) { timeline.milestones }
        milestoneRows.onAdd { [unowned self] in openMilestoneForm(nil, host: $0) }
        milestoneRows.on(.edit) { [unowned self] in openMilestoneForm($0, host: $1) }
        milestoneRows.on(.delete) { [unowned self] in confirmDelete($0, host: $1) }
        milestoneRows.on(.toggle) { milestone, host in
            host.run({ await timeline.toggleDone(milestone.id) },
                     undoable: "\(milestone.title): \(milestone.isDone ? "not done" : "done")", store: timeline)
        }
        milestoneRows.on(.activate) { [unowned self] in showDetail($0, host: $1) }
        itemRows.onAdd { [unowned self] in openItemForm(nil, after: itemRows.selected, host: $0) }
        itemRows.on(.edit) { [unowned self] row, host in
            if let item = row.item { openItemForm(item, after: nil, host: host) }
        }
        itemRows.on(.delete) { [unowned self] row, host in
            if let item = row.item { confirmDelete(item, host: host) }
        }
        itemRows.on(.activate) { [unowned self] row, host in
            if let item = row.item { showDetail(item, host: host) }
        }
    }

    var store: DomainStore? { timeline }
    var keyMode: KeyMode { .timeline }
    var modeName: String { view == .milestones ? "MILESTONES" : "RUN SHEET" }
    var searchTarget: (any SearchTarget)? { nil }

    var statusContext: String {
        switch view {
        case .milestones:
            let count = timeline.milestones.count, overdue = timeline.overdueMilestoneCount
            return CountPhrase.of(count, "milestone") + (overdue > 0 ? " · \(overdue) overdue" : "")
        case .runSheet:
            let clashes = timeline.clashes.count
            return CountPhrase.of(timeline.runSheet.count, "item") + (clashes > 0 ? " · " + CountPhrase.of(clashes, "clash") : "")
        }
    }

    private var runSheetRows: [RunSheetRow] { RunSheetRow.rows(timeline.runSheet) }

    private func vendorName(_ id: UUID) -> String? { vendors.vendor(id)?.name }

    // MARK: Drawing

    func render(into canvas: any Canvas, rect: CanvasRect, keymap: Keymap) {
        guard !LoadNotice.render(timeline, noun: "timeline", into: canvas, rect: rect) else { return }
        viewLine(keymap).render(into: canvas, row: rect.row, column: rect.column, width: rect.columns)
        let body = CanvasRect(row: rect.row + 1, column: rect.column, rows: rect.rows - 1, columns: rect.columns)
        switch view {
        case .milestones: renderMilestones(into: canvas, rect: body, keymap: keymap)
        case .runSheet: renderRunSheet(into: canvas, rect: body, keymap: keymap)
        }
    }

    /// `▶ Milestones (8)   Run sheet (11)  1 overdue  2 clashes  v switches`: which view is shown
    /// (marked, not only coloured), what needs attention, and the key that switches.
    private func viewLine(_ keymap: Keymap) -> SegmentLine {
        var line = SegmentLine()
        for (shown, title, count) in [(View.milestones, "Milestones", timeline.milestones.count),
                                      (.runSheet, "Run sheet", timeline.runSheet.count)] {
            line.startGroup(separator: " ")
            line.add((view == shown ? "▶ " : "  ") + "\(title) (\(count))", view == shown ? .accent : .muted)
        }
        let overdue = timeline.overdueMilestoneCount, clashes = timeline.clashes.count
        if overdue > 0 { line.add(figure: "\(overdue)", label: "overdue", .danger) }
        if clashes > 0 { line.add(count: clashes, noun: "clash", .danger) }
        if let hint = keymap.hint(.switchView, in: keyMode, "switches") {
            line.startGroup()
            line.add(hint, .muted)
        }
        return line
    }

    private func renderMilestones(into canvas: any Canvas, rect: CanvasRect, keymap: Keymap) {
        let milestones = timeline.milestones, today = timeline.today
        milestoneList.sync(milestones)
        let cell = { (row: Int, column: Int) in TimelineColumns.milestoneCell(milestones[row], column: column, today: today) }
        milestoneList.model.columns = TimelineColumns.milestones.fitting(TimelineColumns.milestoneWhen, rows: milestones.indices,
                                                                         cell: cell)
        TableView.render(milestoneList.model, into: canvas, rect: rect,
                         empty: EmptyListText.noRecords("milestones", keymap: keymap, mode: keyMode), cell: cell)
    }

    private func renderRunSheet(into canvas: any Canvas, rect: CanvasRect, keymap: Keymap) {
        let rows = runSheetRows, timeline = self.timeline, weddingDate = wedding.wedding?.weddingDate
        runSheetList.sync(rows)
        let table = CanvasRect(row: rect.row, column: rect.column, rows: max(0, rect.rows - 1), columns: rect.columns)
        let cell = { (row: Int, column: Int) in
            TimelineColumns.runSheetCell(rows[row], column: column, clashes: { timeline.clashes(involving: $0).count },
                                         vendorName: { self.vendorName($0) }, weddingDate: weddingDate)
        }
        runSheetList.model.columns = TimelineColumns.runSheet.fitting(TimelineColumns.runSheetTime, rows: rows.indices, cell: cell)
        TableView.render(runSheetList.model, into: canvas, rect: table,
                         empty: EmptyListText.noRecords("run-sheet items", keymap: keymap, mode: keyMode), cell: cell)
        if let (text, style) = clashNote(keymap) {
            canvas.draw(DisplayText(text), row: rect.bottom - 1, column: rect.column, width: rect.columns, style: style)
        }
    }

    /// The line under the run sheet: why the selected item clashes, or how many clashes there
    /// are and the key that goes to the next one; `nil` when nothing clashes.
    private func clashNote(_ keymap: Keymap) -> (String, TextStyle)? {
        if let item = itemRows.selected?.item {
            let clashes = timeline.clashes(involving: item.id)
            if let first = clashes.first {
                let more = clashes.count > 1 ? " (and \(clashes.count - 1) more)" : ""
                return ("! " + clashText(first, for: item).sentence + more, .danger)
            }
        }
        let count = timeline.clashes.count
        guard count > 0 else { return nil }
        let next = keymap.hint(.nextClash, in: keyMode, "goes to the next")
        return (KeyHints.sentence(CountPhrase.of(count, "clash") + " on the run sheet", [next], lead: " · ", end: ""), .warning)
    }

    private func clashText(_ clash: RunSheetClash, for item: RunSheetItem) -> ClashText {
        ClashText(clash, for: item, lookup: { self.timeline.item($0) }, vendorName: { self.vendorName($0) })
    }

    // MARK: Keys and mouse

    func handle(_ mouse: MouseEvent) -> Bool {
        switch view {
        case .milestones: milestoneRows.handle(mouse)
        case .runSheet: itemRows.handle(mouse)
        }
    }

    func handle(_ action: KeyAction, host: any PlannerHost) -> Bool {
        switch action {
        case .switchView:
            view = view == .milestones ? .runSheet : .milestones
            return true
        default:
            return (view == .milestones ? milestoneRows.handle(action, host: host) : itemRows.handle(action, host: host))
                || Self.keyCommands.perform(action, in: keyMode, on: self, host: host)
        }
    }

    /// Shows the milestone, selected in the milestones.
    func reveal(_ destination: Destination, host: any PlannerHost) -> Bool {
        guard case .milestone(let id) = destination, timeline.milestone(id) != nil else { return false }
        view = .milestones
        milestoneRows.select(id: id)
        return true
    }

    var noteSubject: RecordSubject? {
        switch view {
        case .milestones: milestoneRows.selected.map { .record($0) }
        case .runSheet: itemRows.selected?.item.map { .record($0) }
        }
    }

    private func goToNextClash(host: any PlannerHost) {
        let rows = runSheetRows
        let clashing = rows.indices.filter { rows[$0].item.map { !timeline.clashes(involving: $0.id).isEmpty } ?? false }
        guard !clashing.isEmpty else {
            host.report("Nothing clashes on the run sheet")
            return
        }
        let current = view == .runSheet ? itemRows.selectedRow ?? -1 : -1
        view = .runSheet
        itemRows.select(row: clashing.first { $0 > current } ?? clashing[0])
    }

    // MARK: Details

    private func showDetail(_ milestone: Milestone, host: any PlannerHost) {
        let timeline = self.timeline
        host.present(DetailOverlay.record(
            \.title, lines: { self.detailLines($0) }, host: host,
            subject: PresenceSubject(milestone, label: milestone.title),
            current: { timeline.milestone(milestone.id) },
            edit: { [weak self] in self?.openMilestoneForm($0, host: $1) },
            delete: { [weak self] in self?.confirmDelete($0, host: $1) }))
    }

    /// The lines of `milestone`'s details, as it is now.
    private func detailLines(_ milestone: Milestone) -> [DetailOverlay.Line] {
        let today = timeline.today, overdue = milestone.isOverdue(today: today)
        return [
            .init(label: "Milestone", value: milestone.title),
            .init(label: "Date", value: milestone.date.description + (overdue ? " (OVERDUE)" : ""), style: overdue ? .danger : .normal),
            .init(label: "When", value: Formats.daysToGo(milestone.date.days(since: today))),
            .init(label: "Done", value: Formats.yesNo(milestone.isDone), style: milestone.isDone ? .success : .normal),
            .init(label: "Notes", value: milestone.notes),
        ]
    }

    private func showDetail(_ item: RunSheetItem, host: any PlannerHost) {
        let timeline = self.timeline
        host.present(DetailOverlay.record(
            \.title, lines: { self.detailLines($0) }, host: host,
            subject: PresenceSubject(item, label: item.title),
            current: { timeline.item(item.id) },
            edit: { [weak self] in self?.openItemForm($0, after: nil, host: $1) },
            delete: { [weak self] in self?.confirmDelete($0, host: $1) }))
    }

    /// The lines of `item`'s details, with its clashes as they are now.
    private func detailLines(_ item: RunSheetItem) -> [DetailOverlay.Line] {
        var lines: [DetailOverlay.Line] = [
            .init(label: "Day", value: item.day.description),
            .init(label: "Time", value: Formats.timeRange(of: item)),
            .init(label: "What", value: item.title),
            .init(label: "Where", value: item.place),
            .init(label: "Who", value: item.people.joined(separator: ", ")),
            .init(label: "Vendor", value: item.vendorID.flatMap { vendorName($0) } ?? ""),
            .init(label: "Notes", value: item.notes),
        ]
        for (index, clash) in timeline.clashes(involving: item.id).enumerated() {
            let text = clashText(clash, for: item)
            lines.append(.init(label: index == 0 ? "! Clashes" : "", value: text.with, style: .danger))
            lines.append(.init(label: "", value: "  " + text.reason, style: .danger))
        }
        return lines
    }

    // MARK: Deleting

    private func confirmDelete(_ milestone: Milestone, host: any PlannerHost) {
        let timeline = self.timeline
        host.confirmDelete("milestone", named: milestone.title, store: timeline) { await timeline.deleteMilestone(milestone.id) }
    }

    private func confirmDelete(_ item: RunSheetItem, host: any PlannerHost) {
        let timeline = self.timeline
        host.confirmDelete("run-sheet item", named: item.title, store: timeline) { await timeline.deleteItem(item.id) }
    }

    // MARK: Forms

    private func openMilestoneForm(_ milestone: Milestone?, host: any PlannerHost) {
        let timeline = self.timeline, wedding = self.wedding.wedding
        let base = milestone ?? Milestone(title: "", date: timeline.today)
        let following = milestone.map { milestone in
            FormFollowing.record(milestone, host: host, current: { timeline.milestone(milestone.id) }) {
                TimelineForms.milestoneForm($0)
            }
        }
        host.present(FormOverlay(TimelineForms.milestoneForm(milestone), store: timeline,
                                 subject: milestone.map { PresenceSubject($0, label: $0.title) },
                                 following: following) { [weak self] form in
            switch TimelineForms.milestone(from: form, base: base, wedding: wedding) {
            case .invalid(let issues): return .invalid(issues)
            case .valid(let edited):
                return .save(success: (milestone == nil ? "Added " : "Saved ") + edited.title) {
                    let outcome = milestone == nil ? await timeline.createMilestone(edited) : await timeline.updateMilestone(edited)
                    if outcome.isSaved { self?.milestoneRows.select(id: edited.id) }
                    return outcome
                }
            }
        })
    }

    /// The run-sheet item form: editing `item`, or adding one on the day of the row `after`
    /// (else the wedding day), starting when the item there ends.
    private func openItemForm(_ item: RunSheetItem?, after row: RunSheetRow?, host: any PlannerHost) {
        let timeline = self.timeline, wedding = self.wedding.wedding
        let vendors = self.vendors.vendors.sorted { $0.name.lowercased() < $1.name.lowercased() }
        let defaults = TimelineForms.ItemDefaults(day: row?.day ?? wedding?.weddingDate ?? timeline.today, start: row?.item?.end)
        let base = item ?? RunSheetItem(day: defaults.day, start: TimeOfDay(hour: 0, minute: 0)!,
                                        end: TimeOfDay(hour: 0, minute: 0)!, title: "")
        let following = item.map { item in
            FormFollowing.record(item, host: host, current: { timeline.item(item.id) }) {
                TimelineForms.itemForm($0, defaults: defaults, vendors: vendors)
            }
        }
        host.present(FormOverlay(TimelineForms.itemForm(item, defaults: defaults, vendors: vendors), store: timeline,
                                 subject: item.map { PresenceSubject($0, label: $0.title) }, following: following) { [weak self] form in
            switch TimelineForms.item(from: form, base: base, vendors: vendors, wedding: wedding) {
            case .invalid(let issues): return .invalid(issues)
            case .valid(let edited):
                return .save(success: (item == nil ? "Added " : "Saved ") + edited.title) {
                    let outcome = item == nil ? await timeline.createItem(edited) : await timeline.updateItem(edited)
                    if outcome.isSaved { self?.itemRows.select(id: edited.id) }
                    return outcome
                }
            }
        })
    }
}

extension TimelinePane {
    /// The timeline's own keys.
    nonisolated static let keyCommands: [PlannerKeyCommand<TimelinePane>] = [
        HandledKeyCommand(.timeline, [.character("c")], .nextClash, "Go to the next clash on the run sheet") { pane, host in
            pane.goToNextClash(host: host)
            return true
        },
    ]
}
