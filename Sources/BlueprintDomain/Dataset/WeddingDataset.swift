import Foundation

/// Everything one wedding holds, in memory: the unit the repositories load, change and save.
public struct WeddingDataset: Sendable, Equatable {
    public var wedding: Wedding
    public var guests: RecordTable<Guest>
    public var categories: RecordTable<BudgetCategory>
    public var expenses: RecordTable<Expense>
    public var vendors: RecordTable<Vendor>
    public var tasks: RecordTable<WeddingTask>
    public var milestones: RecordTable<Milestone>
    public var runSheet: RecordTable<RunSheetItem>
    public var gifts: RecordTable<Gift>
    public var moneyOwed: RecordTable<MoneyOwed>
    public var scenarios: RecordTable<BudgetScenario>
    public var seatingTables: RecordTable<SeatingTable>
    public var seatingRules: RecordTable<SeatingRule>
    public var notes: RecordTable<Note>
    public var documents: RecordTable<Document>
    public var invitations: RecordTable<Invitation>

    public init(wedding: Wedding, guests: [Guest] = [], categories: [BudgetCategory] = [], expenses: [Expense] = [],
                vendors: [Vendor] = [], tasks: [WeddingTask] = [], milestones: [Milestone] = [],
                runSheet: [RunSheetItem] = [], gifts: [Gift] = [], moneyOwed: [MoneyOwed] = [],
                scenarios: [BudgetScenario] = [], seatingTables: [SeatingTable] = [], seatingRules: [SeatingRule] = [],
                notes: [Note] = [], documents: [Document] = [], invitations: [Invitation] = []) {
        self.wedding = wedding
        self.guests = RecordTable(guests)
        self.categories = RecordTable(categories)
        self.expenses = RecordTable(expenses)
        self.vendors = RecordTable(vendors)
        self.tasks = RecordTable(tasks)
        self.milestones = RecordTable(milestones)
        self.runSheet = RecordTable(runSheet)
        self.gifts = RecordTable(gifts)
        self.moneyOwed = RecordTable(moneyOwed)
        self.scenarios = RecordTable(scenarios)
        self.seatingTables = RecordTable(seatingTables)
        self.seatingRules = RecordTable(seatingRules)
        self.notes = RecordTable(notes)
        self.documents = RecordTable(documents)
        self.invitations = RecordTable(invitations)
    }

    /// Applies a mutation as it is, without checks, and says what it did: for replaying a
    /// journal and publishing what the replay changed.
    @discardableResult
    public mutating func apply(_ mutation: Mutation) -> RecordChange {
        let change = RecordChange(mutation, previousVersion: version(of: mutation.kind, id: mutation.recordID))
        applyUnchecked(mutation)
        return change
    }

    /// The stored version of the record of `kind` with `id`, if there is one.
    public func version(of kind: RecordKind, id: UUID) -> Int? {
        guard let type = Self.tableRecordType(of: kind) else { return wedding.id == id ? wedding.version : nil }
        return version(of: type, id: id)
    }

    private func version<R: TableRecord>(of type: R.Type, id: UUID) -> Int? { self[keyPath: R.collection][id]?.version }

    /// The record of `kind` with `id` as held, as the mutation that stores it; `nil` if there is none.
    public func stored(_ kind: RecordKind, id: UUID) -> Mutation? {
        guard let type = Self.tableRecordType(of: kind) else { return wedding.id == id ? .saveWedding(wedding) : nil }
        return stored(type, id: id)
    }

    private func stored<R: TableRecord>(_ type: R.Type, id: UUID) -> Mutation? { self[keyPath: R.collection][id].map { .save($0) } }

    private mutating func applyUnchecked(_ mutation: Mutation) {
        switch mutation {
        case .saveWedding(let record): wedding = record
        case .save(let record): upsert(record)
        case .delete(let type, let id): remove(type, id: id)
        }
    }

    private mutating func upsert<R: TableRecord>(_ record: R) { self[keyPath: R.collection].upsert(record) }

    private mutating func remove<R: TableRecord>(_ type: R.Type, id: UUID) { self[keyPath: R.collection].remove(id) }
}

extension WeddingDataset {
    /// What changed from `previous` to this state, record by record, as commits report it: every
    /// record stored anew or changed, then every record gone. For a state reread whole (another
    /// process replaced the files), so receivers still patch rather than reload.
    public func changes(since previous: WeddingDataset) -> [RecordChange] {
        var changes: [RecordChange] = []
        if wedding != previous.wedding {
            changes.append(RecordChange(.saveWedding(wedding), previousVersion: previous.wedding.version))
        }
        for type in Self.tableRecordTypes { appendChanges(of: type, since: previous, to: &changes) }
        return changes
    }

    private func appendChanges<R: TableRecord>(of type: R.Type, since previous: WeddingDataset, to changes: inout [RecordChange]) {
        let before = previous[keyPath: R.collection], after = self[keyPath: R.collection]
        for record in after where before[record.id] != record {
            changes.append(RecordChange(.save(record), previousVersion: before[record.id]?.version))
        }
        for record in before where after[record.id] == nil {
            changes.append(RecordChange(.delete(R.self, id: record.id), previousVersion: record.version))
        }
    }
}
