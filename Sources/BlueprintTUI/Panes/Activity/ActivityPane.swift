import BlueprintDomain
import BlueprintStores
import BlueprintTerminal
import Foundation

/// Who changed what in the wedding, newest first ("Mei · marked Ana Ruiz attending · 2 min
/// ago"), this session's changes and every other's as they happen. Enter opens the record an
/// entry changed (or shows the entry whole when it changed several, or a record no pane opens);
/// `/` narrows the list to the entries containing a text. Nothing here changes the wedding.
///
/// The list keeps its place: with the selection on the first entry, new entries arrive above it
/// and it moves to the newest; further down it stays on its entry, and a line above the list
/// counts the entries that arrived since ("3 new changes · g to see") until the top is reached.
@MainActor
final class ActivityPane: Pane, NarrowingSearch {
    let feed: ActivityFeed
    /// The stores' clock and time zone, for how long ago a change was made.
    private let context: StoreContext
    let list = RecordList(columns: ActivityPane.columns)
    var filterText = ""
    /// Whether the selection was on the first entry when the list last followed the feed.
    private var selectionAtTop = true
    /// The newest entry seen at the top of the list: those above it arrived since.
    private var newestSeenID: UUID?

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
        CountPhrase.of(feed.items.count, "change") + (feed.unreadableLines > 0 ? " · \(feed.unreadableLines) unreadable" : "")
    }

    /// How many of the entries shown arrived since the top of the list was last seen.
    private var newEntryCount: Int { rows.firstIndex { $0.id == newestSeenID } ?? 0 }

    /// Brings the list up to date with `rows`: a selection at the top moves to the newest entry;
    /// one further down stays on its entry.
    private func follow(_ rows: [ActivityFeed.Item]) {
        if selectionAtTop, !rows.isEmpty { list.select(row: 0, in: rows) } else { list.sync(rows) }
        noteSelection(in: rows)
    }

    /// Remembers whether the selection is at the top, and if it is (or the newest entry seen is
    /// no longer shown), that the newest entry has been seen.
    private func noteSelection(in rows: [ActivityFeed.Item]) {
        selectionAtTop = (list.model.selectedRow ?? 0) == 0
        if selectionAtTop || !rows.contains(where: { $0.id == newestSeenID }) { newestSeenID = rows.first?.id }
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
        follow(rows)
        var table = rect
        let arrived = newEntryCount
        if arrived > 0, rect.rows > 1 {
            let line = KeyHints.sentence(CountPhrase.of(arrived, "new change"), [keymap.hint(.top, in: keyMode, "to see")],
                                         lead: " · ", end: "")
            canvas.draw(DisplayText(line), row: rect.row, column: rect.column, width: rect.columns, style: .accent)
            table = CanvasRect(row: rect.row + 1, column: rect.column, rows: rect.rows - 1, columns: rect.columns)
        }
        let empty: DisplayText = switch feed.state {
        case .notLoaded, .loading: "Reading the activity…"
        case .failed(let reason): DisplayText("Could not read the activity: \(reason)")
        case .loaded: filterText.isEmpty ? "No changes yet: what anyone changes in this wedding is listed here."
                                         : DisplayText("No change mentions “\(filterText)”.")
        }
        TableView.render(list.model, into: canvas, rect: table, empty: empty) { row, column in
            let entry = rows[row].entry
            return switch column {
            case 0: TableCell(DisplayText(Formats.ago(entry.at, now: now, timeZone: timeZone)), style: .muted)
            case 1: TableCell(DisplayText(entry.author ?? "someone"))
            default: TableCell(DisplayText(entry.sentence))
            }
        }
    }

    // MARK: Keys and mouse

    func handle(_ mouse: MouseEvent) -> Bool {
        let rows = self.rows
        follow(rows)
        defer { noteSelection(in: rows) }
        return list.handle(mouse, rows: rows)
    }

    func handle(_ action: KeyAction, host: any PlannerHost) -> Bool {
        let rows = self.rows
        follow(rows)
        if list.handle(action, rows: rows) {
            noteSelection(in: rows)
            return true
        }
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
