import BlueprintDomain
import Foundation

/// The open wedding's seating plan, ready to draw: the tables and rules (its own records), and
/// the chart of every guest at them (`SeatingChart`: seats used, over capacity, the unseated,
/// the rules broken). Intents add, edit and delete tables and rules, move guests or whole
/// households between tables, and apply a suggestion; each is one undo step of this store.
///
/// The guests are the guest store's: a move writes the guests as one change set, which both
/// stores show at once. Tables and rules are their own store (not folded into `GuestStore`,
/// a list store of one kind) so the guest list keeps its one collection and its figures.
@MainActor
public final class SeatingStore: DomainStore {
    public static let validity = Duration.seconds(10 * 60)

    private let guestStore: GuestStore
    private var cachedChart: (stamp: [Int], chart: SeatingChart)?

    private lazy var tableRecords = RecordCollection(RecordGateway(context.records.records(SeatingTable.self), in: weddingID),
                                                     in: self)
    private lazy var ruleRecords = RecordCollection(RecordGateway(context.records.records(SeatingRule.self), in: weddingID),
                                                    in: self)

    public init(wedding: WeddingID, context: StoreContext, guests: GuestStore) {
        guestStore = guests
        super.init(weddingID: wedding, domain: .seating, validity: Self.validity,
                   recordKinds: [.seatingTable, .seatingRule], context: context)
    }

    /// Every table with a record, by number.
    public var tables: [SeatingTable] { tableRecords.records.sorted { ($0.number, $0.id) < ($1.number, $1.id) } }
    /// Every rule, oldest first.
    public var rules: [SeatingRule] { ruleRecords.records.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) } }
    public func table(_ id: UUID) -> SeatingTable? { tableRecords[id] }
    /// The open conflict, if an edit to a table lost to someone else's.
    public var tableConflict: EditConflict<SeatingTable>? { tableRecords.conflict }

    /// The chart of every guest (not just those a filter shows: a table over capacity must not
    /// hide behind a filter), derived again only when the guests, tables or rules changed.
    public var chart: SeatingChart {
        let stamp = [guestStore.changeCount, changeCount]
        if let cachedChart, cachedChart.stamp == stamp { return cachedChart.chart }
        let chart = SeatingChart(guests: guestStore.guests, tables: Array(tableRecords.records), rules: Array(ruleRecords.records))
        cachedChart = (stamp, chart)
        return chart
    }

    /// Where the attending guests without a table could sit (see `SeatingSuggestion`).
    public func suggestion() -> SeatingSuggestion {
        SeatingSuggestion(guests: guestStore.guests, tables: Array(tableRecords.records), rules: Array(ruleRecords.records))
    }

    // MARK: Table and rule intents

    @discardableResult
    public func createTable(_ table: SeatingTable) async -> EditOutcome {
        await tableRecords.create(table, title: "add table")
    }

    /// Saves `table`, which carries the version it was read at; a stale one is a conflict.
    @discardableResult
    public func updateTable(_ table: SeatingTable) async -> EditOutcome {
        await tableRecords.update(table, title: "edit table")
    }

    /// Deletes the table's record; guests seated at its number stay there (a bare number).
    @discardableResult
    public func deleteTable(_ id: UUID) async -> EditOutcome {
        await tableRecords.delete(id: id, title: "delete table")
    }

    /// Adds a rule that `guestIDs` (two or more) sit together or apart.
    @discardableResult
    public func addRule(_ kind: SeatingRuleKind, guests guestIDs: [UUID], note: String = "") async -> EditOutcome {
        await ruleRecords.create(SeatingRule(ruleKind: kind, guestIDs: guestIDs, note: note, createdAt: context.clock.now()),
                                 title: kind == .together ? "add keep-together rule" : "add keep-apart rule")
    }

    @discardableResult
    public func deleteRule(_ id: UUID) async -> EditOutcome {
        await ruleRecords.delete(id: id, title: "delete seating rule")
    }

    // MARK: Seating intents

    /// Seats the guest at `table` (`nil` unseats them); their seat number goes, as it was the old table's.
    @discardableResult
    public func move(_ guestID: UUID, to table: Int?) async -> EditOutcome {
        guard let guest = guestStore.guest(guestID) else { return .failed(.notLoaded(.guest, id: guestID)) }
        return await seat([guest], at: table, title: table == nil ? "unseat guest" : "move guest")
    }

    /// Seats the guest and everyone of their household who has not declined at `table`, as one step.
    @discardableResult
    public func moveHousehold(of guestID: UUID, to table: Int?) async -> EditOutcome {
        guard let guest = guestStore.guest(guestID) else { return .failed(.notLoaded(.guest, id: guestID)) }
        return await seat(household(of: guest), at: table, title: table == nil ? "unseat household" : "move household")
    }

    /// The guest and the others of their household who have not declined (the guest alone
    /// without a household), by name.
    public func household(of guest: Guest) -> [Guest] {
        guard let key = guest.householdKey else { return [guest] }
        return guestStore.guests.filter { $0.id == guest.id || ($0.rsvp != .declined && $0.householdKey == key) }.sorted { ($0.lastName, $0.firstName, $0.id) < ($1.lastName, $1.firstName, $1.id) }
    }

    /// Seats every guest of `suggestion` at their table, as one step.
    @discardableResult
    public func apply(_ suggestion: SeatingSuggestion) async -> EditOutcome {
        var changes = RecordChangeSet()
        for move in suggestion.moves {
            guard var guest = guestStore.guest(move.guest.id) else { return .failed(.notLoaded(.guest, id: move.guest.id)) }
            guest.table = move.table
            guest.seat = nil
            changes.update(guest)
        }
        guard !changes.isEmpty else { return .saved }
        return await commit(changes, title: "seat suggested guests", alsoShownBy: [guestStore])
    }

    private func seat(_ guests: [Guest], at table: Int?, title: String) async -> EditOutcome {
        var changes = RecordChangeSet()
        for var guest in guests where guest.table != table || (table == nil && guest.seat != nil) {
            guest.table = table
            guest.seat = nil
            changes.update(guest)
        }
        guard !changes.isEmpty else { return .saved }
        return await commit(changes, title: title, alsoShownBy: [guestStore])
    }

    // MARK: Loading

    override func fetchRecords() async throws -> @MainActor () -> Void {
        let tableMark = tableRecords.loadMark(), ruleMark = ruleRecords.loadMark()
        let (tables, rules) = (tableRecords.gateway, ruleRecords.gateway)
        async let loadedTables = tables.fetchAll()
        async let loadedRules = rules.fetchAll()
        let loaded = try await (loadedTables, loadedRules)
        return {
            self.tableRecords.show(loaded.0, loadedFrom: tableMark)
            self.ruleRecords.show(loaded.1, loadedFrom: ruleMark)
        }
    }

    override func apply(_ change: RecordChange) {
        switch change.kind {
        case .seatingTable: tableRecords.apply(change)
        case .seatingRule: ruleRecords.apply(change)
        default: break
        }
    }
}
