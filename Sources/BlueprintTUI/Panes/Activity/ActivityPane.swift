import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// Who changed what in the wedding, newest first ("Mei · marked Ana Ruiz attending · 2 min
/// ago"), this session's changes and every other's as they happen. Enter opens the record an
/// entry changed (or shows the entry whole when it changed several, or a record no pane opens);
/// `/` narrows the list to the entries containing a text. Nothing here changes the wedding.
@MainActor
final class ActivityPane: Pane, NarrowingSearch {
    let feed: ActivityFeed
    /// The stores' clock and time zone, for how long ago a change was made.
    private let context: StoreContext
    let list = RecordList(columns: ActivityPane.columns)
    var filterText = ""

    static let columns = [
        TableColumn("When", minWidth: 10, maxWidth: 12, priority: 8),
        TableColumn("Who", minWidth: 8, maxWidth: 16, flex: 1, priority: 7),
        TableColumn("What", minWidth: 20, flex: 5, priority: 10),
    ]

    init(feed: ActivityFeed, context: StoreContext) {
        self.feed = feed
        self.context = context
    }

    var store: DomainStore? { nil }
    var keyMode: KeyMode { .list }
    var modeName: String { "ACTIVITY" }
    var searchTarget: (any SearchTarget)? { self }

    var statusContext: String {
        let count = feed.items.count
        return "\(count) change" + (count == 1 ? "" : "s") + (feed.unreadableLines > 0 ? " · \(feed.unreadableLines) unreadable" : "")
    }

    /// The entries shown: all, or those whose author or words contain `filterText`.
    var rows: [ActivityFeed.Item] {
        guard !filterText.isEmpty else { return feed.items }
        let query = TextQuery(filterText)
        return feed.items.filter { query.matches($0.entry.author ?? "", $0.entry.sentence) }
    }

    // MARK: Drawing

    func render(into canvas: any Canvas, rect: CanvasRect, keymap: Keymap) {
        feed.loadIfNeeded()
        let rows = self.rows, now = context.clock.now(), timeZone = context.timeZone
        list.sync(rows)
        let empty: DisplayText = switch feed.state {
        case .notLoaded, .loading: "Reading the activity…"
        case .failed(let reason): DisplayText("Could not read the activity: \(reason)")
        case .loaded: filterText.isEmpty ? "No changes yet: what anyone changes in this wedding is listed here."
                                         : DisplayText("No change mentions “\(filterText)”.")
        }
        TableView.render(list.model, into: canvas, rect: rect, empty: empty) { row, column in
            let entry = rows[row].entry
            return switch column {
            case 0: TableCell(DisplayText(Formats.ago(entry.at, now: now, timeZone: timeZone)), style: .muted)
            case 1: TableCell(DisplayText(entry.author ?? "someone"))
            default: TableCell(DisplayText(entry.sentence))
            }
        }
    }

    // MARK: Keys and mouse

    func handle(_ mouse: MouseEvent) -> Bool { list.handle(mouse, rows: rows) }

    func handle(_ action: KeyAction, host: any PlannerHost) -> Bool {
        let rows = self.rows
        if list.handle(action, rows: rows) { return true }
        switch action {
        case .activate:
            guard let selected = list.selected(in: rows) else { return false }
            open(selected.entry, host: host)
        case .cancel:
            guard !filterText.isEmpty else { return false }
            searchText = ""
        default:
            return false
        }
        return true
    }

    /// Opens the one record `entry` changed in its pane, if it still is there and a pane shows
    /// it; otherwise shows the entry whole.
    private func open(_ entry: ActivityEntry, host: any PlannerHost) {
        if let change = entry.summary.subject, change.write != .deleted,
           let destination = Destination.record(change.kind, change.id) {
            host.reveal(destination)
        } else {
            host.present(DetailOverlay.report("Change", lines: Self.detail(of: entry, now: context.clock.now(),
                                                                           timeZone: context.timeZone)))
        }
    }

    /// The lines of an entry's details: who, when, what the writer called it, and each change.
    static func detail(of entry: ActivityEntry, now: Timestamp, timeZone: TimeZone) -> [DetailOverlay.Line] {
        var lines: [DetailOverlay.Line] = [
            .init(label: "Who", value: entry.author ?? "someone (before authors were recorded)"),
            .init(label: "When", value: Formats.ago(entry.at, now: now, timeZone: timeZone) + " (" + Formats.moment(entry.at, now: now, timeZone: timeZone) + ")", style: .muted),
            .init(label: "What", value: entry.sentence, wraps: true),
            .init(label: "Named", value: entry.operation, style: .muted),
        ]
        if entry.summary.changes.count > 1 || entry.summary.counts.count > 1 {
            lines.append(.init(label: "", value: ""))
            for (index, change) in entry.summary.changes.enumerated() {
                lines.append(.init(label: index == 0 ? "Changes" : "", value: change.sentence, wraps: true))
            }
            let described = entry.summary.changes.count
            let total = entry.summary.counts.reduce(0) { $0 + $1.count }
            if total > described { lines.append(.init(label: "", value: "… \(total - described) more", style: .muted)) }
        }
        return lines
    }
}
