import BlueprintDomain
import BlueprintStores
import BlueprintTerminal

/// The dashboard, what needs the couple now: the days to go and the money at a glance, then the
/// overdue tasks, the tasks due within a week, the payments due or overdue, the replies against
/// the RSVP deadline, the next milestones and the essential vendors not booked. Headings are
/// passed over; Enter on an item opens the record it names in its own pane.
@MainActor
final class DashboardPane: Pane {
    private let dashboard: DashboardStore
    private let budget: BudgetStore
    private let wedding: WeddingStore
    private let list = RecordList(columns: DashboardColumns.columns)

    init(dashboard: DashboardStore, budget: BudgetStore, wedding: WeddingStore) {
        self.dashboard = dashboard
        self.budget = budget
        self.wedding = wedding
    }

    /// `u` here takes back a change of the wedding's settings (`W`, `:date`).
    var store: DomainStore? { wedding }
    var keyMode: KeyMode { .list }
    var modeName: String { "DASHBOARD" }
    var searchTarget: (any SearchTarget)? { nil }
    /// The dashboard's notes are the wedding's.
    var noteSubject: RecordSubject? { .wedding }

    var statusContext: String {
        guard dashboard.isReady else { return "" }
        let today = dashboard.dashboard.today
        let items = rows.count { $0.destination != nil }
        return "as of \(today) · " + CountPhrase.of(items, "item")
    }

    private var rows: [DashboardRow] { DashboardRow.rows(dashboard.dashboard) }

    // MARK: Drawing

    func render(into canvas: any Canvas, rect: CanvasRect, keymap: Keymap) {
        if let waiting = dashboard.sources.first(where: { $0.lastLoadTime == nil && !$0.isShowingPreview }) {
            _ = LoadNotice.render(waiting, noun: waiting.domain.rawValue, into: canvas, rect: rect)
            return
        }
        let now = dashboard.dashboard, currency = budget.wedding?.currency ?? .usd
        let summary = summaryLines(now, currency: currency, width: rect.columns)
            .render(into: canvas, row: rect.row, column: rect.column, width: rect.columns, maxRows: 2)
        let rows = DashboardRow.rows(now)
        let table = CanvasRect(row: rect.row + summary, column: rect.column, rows: rect.rows - summary, columns: rect.columns)
        let draw = {
            let cell = { (row: Int, column: Int) in DashboardColumns.cell(rows[row], column: column, today: now.today, currency: currency) }
            self.list.model.columns = DashboardColumns.columns.fitting(DashboardColumns.fixedShape, rows: rows.indices, cell: cell)
            TableView.render(self.list.model, into: canvas, rect: table, cell: cell)
        }
        list.sync(rows)
        draw()
        // Drawn once first, so that moving off a heading scrolls by the rows really in view.
        if settleSelection(rows, forward: true) { draw() }
    }

    /// `170 days to go (2026-06-20)  $700.00 overdue  $3,000.00 due in 30 days`.
    private func summaryLines(_ now: Dashboard, currency: Currency, width: Int) -> [SegmentLine] {
        var line = SegmentLine()
        line.startGroup()
        if let date = now.weddingDate, let days = now.daysToGo {
            let countdown = days == 0 ? "The wedding is today" : Formats.daysToGo(days)
            line.add(countdown.prefix(1).uppercased() + countdown.dropFirst(), .accent)
            line.add(" (\(date))", .muted)
        } else {
            line.add("No wedding date yet", .muted)
        }
        let overdue = now.overduePayments.sum(\.amount), due = now.paymentsDueSoon.sum(\.amount)
        line.add(figure: Formats.money(overdue, currency), label: "overdue", overdue > .zero ? .danger : .accent)
        line.add(figure: Formats.money(due, currency), label: "due in 30 days", due > .zero ? .warning : .accent)
        if now.overAllocated > .zero {
            line.add(figure: Formats.money(now.overAllocated, currency), label: "allocated beyond the total budget", .danger)
        }
        return line.flowed(toWidth: width)
    }

    /// Moves the selection off a heading, to the nearest item `forward` (down) or, if there is
    /// none that way, the other way; true if it moved.
    @discardableResult
    private func settleSelection(_ rows: [DashboardRow], forward: Bool) -> Bool {
        guard let row = list.model.selectedRow, row < rows.count, rows[row].destination == nil else { return false }
        let below = Array(rows.indices[(row + 1)...]), above = Array(rows.indices[..<row].reversed())
        guard let item = (forward ? below + above : above + below).first(where: { rows[$0].destination != nil }) else { return false }
        list.select(row: item, in: rows)
        return true
    }

    // MARK: Keys and mouse

    func handle(_ mouse: MouseEvent) -> Bool {
        let rows = self.rows
        guard list.handle(mouse, rows: rows) else { return false }
        settleSelection(rows, forward: true)
        return true
    }

    func handle(_ action: KeyAction, host: any PlannerHost) -> Bool {
        let rows = self.rows
        list.sync(rows)
        settleSelection(rows, forward: true)
        if list.handle(action, rows: rows) {
            settleSelection(rows, forward: ![.moveUp, .pageUp, .bottom].contains(action))
            return true
        }
        guard action == .activate else { return false }
        guard let destination = list.selected(in: rows)?.destination else { return false }
        host.reveal(destination)
        return true
    }
}
